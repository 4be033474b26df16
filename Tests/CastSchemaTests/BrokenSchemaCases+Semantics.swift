import CastSchema

/// Broken keys, defaults, enums and directives.
extension BrokenCase {
  static let keys: [BrokenCase] = [
    BrokenCase(
      "two properties with one explicit key",
      files: ["class A {\n  var 2️⃣name: String //! \"n\"\n  var 1️⃣n: String\n}\n"],
      "duplicate-json-key", message: "\"n\"", noteMarker: "2️⃣"),
    BrokenCase(
      "two keys that meet under -c", "class A {\n  var name: Int\n  var 1️⃣Name: Int\n}\n", "duplicate-json-key",
      message: "\"Name\"", options: RegistryOptions(capitalizeKeys: true)),
    BrokenCase(
      "two keys that meet under -i", "class A {\n  var name: Int\n  var 1️⃣Name: Int\n}\n", "duplicate-json-key",
      options: RegistryOptions(caseInsensitiveKeys: true)),
    BrokenCase(
      "a snake_case key meets an explicit key",
      "class A: UnderscoreToCamelCase {\n  var userName: String?\n  var 1️⃣name: String? //! \"user_name\"\n}\n",
      "duplicate-json-key", message: "\"user_name\""),
    BrokenCase(
      "two properties meet through snake_case",
      "class A: UnderscoreToCamelCase {\n  var userName: String?\n  var 1️⃣user_name: String?\n}\n",
      "duplicate-json-key", codes: ["duplicate-json-key", "snake-case-not-invertible"]),
    BrokenCase(
      "a subclass key meets an inherited key",
      "class A {\n  var name: String\n}\nclass B: A {\n  var 1️⃣title: String //! \"name\"\n}\n",
      "duplicate-json-key"),
    BrokenCase(
      "snake_case that does not invert", "class A: UnderscoreToCamelCase {\n  var 1️⃣userID: Int\n}\n",
      "snake-case-not-invertible", .warning, message: "write //! \"user_id\""),
    BrokenCase(
      "JsonObject snake_case that does not invert",
      "class A: JsonObject, MapsUnderscoreCaseToCamelCase {\n  var 1️⃣myURL: URL?\n}\n",
      "snake-case-not-invertible", .warning, message: "\"my_url\""),
    BrokenCase("empty key path component", "class A {\n  var x: Int //! 1️⃣\"a//b\"\n}\n", "invalid-key-path"),
    BrokenCase("negative index", "class A {\n  var x: Int //! 1️⃣\"x[-1]\"\n}\n", "invalid-key-path"),
    BrokenCase("index without a key", "class A {\n  var x: Int //! 1️⃣\"[2]\"\n}\n", "invalid-key-path"),
    BrokenCase("index past 10,000 (output pads up to it)", "class A {\n  var x: Int = 5 //! 1️⃣\"x[999999999]\"\n}\n", "invalid-key-path"),
    BrokenCase("empty alternative", "class A {\n  var x: Int //! 1️⃣\"a ?? \"\n}\n", "invalid-key-path"),
    BrokenCase(
      "an alternative named twice", "class A {\n  var x: Int? //! 1️⃣\"a ?? b/c ?? a\"\n}\n", "repeated-alternative", .warning,
      message: "\"a\" is named twice"),
    BrokenCase(
      "a key path named twice among the alternatives", "class A {\n  var x: Int? //! 1️⃣\"b/c ?? b/c\"\n}\n",
      "repeated-alternative", .warning, message: "\"b/c\""),
  ]

  static let defaults: [BrokenCase] = [
    BrokenCase("string default for an Int", "class A {\n  var x: Int = 1️⃣\"a\"\n}\n", "default-type-mismatch"),
    BrokenCase(
      "Int8 default out of range", "class A {\n  var x: Int8 = 1️⃣300\n}\n", "default-type-mismatch",
      message: "out of range for Int8"),
    BrokenCase("negative default for a UInt", "class A {\n  var x: UInt = 1️⃣-1\n}\n", "default-type-mismatch"),
    BrokenCase("nil default for a non-optional", "class A {\n  var x: Int = 1️⃣nil\n}\n", "default-type-mismatch"),
    BrokenCase("integer default for a Bool", "class A {\n  var b: Bool = 1️⃣1\n}\n", "default-type-mismatch"),
    BrokenCase(
      "unknown enum case default with a did-you-mean",
      "enum What: String {\n  case yes, no, maybe\n}\nclass A {\n  var w: What = 1️⃣.nope\n}\n", "default-type-mismatch",
      message: "did you mean '.no'?"),
    BrokenCase(
      "array default with a bad element", "class A {\n  var a: [Int] = 1️⃣[1, \"two\"]\n}\n", "default-type-mismatch"),
    BrokenCase(
      "Double default beyond Double's range", "class A {\n  var x: Double = 1️⃣1e400\n}\n", "default-type-mismatch",
      message: "1e400 is out of range for Double"),
    BrokenCase(
      "negative CGFloat default beyond its range", "class A {\n  var x: CGFloat? = 1️⃣-1e309\n}\n",
      "default-type-mismatch", message: "-1e309 is out of range for CGFloat"),
    BrokenCase(
      "Float default beyond Float's range", "class A {\n  var x: Float = 1️⃣1e39\n}\n", "default-type-mismatch",
      message: "1e39 is out of range for Float"),
    BrokenCase(
      "Float element of an array default beyond Float's range", "class A {\n  var x: [Float] = 1️⃣[1, 3.5e38]\n}\n",
      "default-type-mismatch", message: "3.5e38 is out of range for Float"),
    BrokenCase(
      "untyped float default beyond Double's range", "class A {\n  var x = 1️⃣1e400\n}\n", "default-type-mismatch",
      message: "its type Double: 1e400 is out of range for Double"),
    BrokenCase(
      "dictionary default with a repeated key",
      files: ["class A {\n  var h: [String: Int] = [2️⃣\"a\": 1, 1️⃣\"a\": 2]\n}\n"], "duplicate-dictionary-key",
      message: "the key \"a\" twice", note: "first written here", noteMarker: "2️⃣"),
    BrokenCase(
      "integer-keyed dictionary default with one key spelled two ways",
      files: ["class A {\n  var h: [Int: Int] = [2️⃣1: 1, 2: 2, 1️⃣0x1: 3]\n}\n"], "duplicate-dictionary-key",
      message: "the key 1 twice", noteMarker: "2️⃣"),
    BrokenCase(
      "enum-keyed dictionary default with a repeated case",
      "enum E: String {\n  case a, b\n}\nclass A {\n  var h: [E: Int] = [.a: 1, 1️⃣.a: 2]\n}\n",
      "duplicate-dictionary-key", message: "the key .a twice"),
    BrokenCase(
      "repeated key in a nested dictionary default",
      "class A {\n  var h: [String: [String: Int]] = [\"x\": [\"a\": 1, 1️⃣\"a\": 2], \"y\": [\"a\": 1]]\n}\n",
      "duplicate-dictionary-key"),
    BrokenCase(
      "untyped dictionary default with a repeated key", "class A {\n  var h = [\"a\": 1, 1️⃣\"a\": 2]\n}\n",
      "duplicate-dictionary-key"),
    BrokenCase("untyped nil default", "class A {\n  var 1️⃣x = nil\n}\n", "cannot-infer-type"),
    BrokenCase("untyped empty array default", "class A {\n  var 1️⃣x = []\n}\n", "cannot-infer-type"),
    BrokenCase("untyped enum case default", "class A {\n  var 1️⃣x = .yes\n}\n", "cannot-infer-type"),
    BrokenCase(
      "default castctl cannot evaluate", "class A {\n  var d: Date = 1️⃣Date(timeIntervalSince1970: 0)\n}\n",
      "unsupported-default", .warning),
    BrokenCase(
      "a closure called for the default", "class A {\n  var n: Int = 1️⃣{\n    let x = 5\n    return x\n  }()\n}\n",
      "unsupported-default", .warning),
  ]

  static let enums: [BrokenCase] = [
    BrokenCase("string raw value for an Int enum", "enum E: Int {\n  case a = 1️⃣\"x\"\n}\n", "enum-raw-value-mismatch"),
    BrokenCase(
      "integer raw value for a String enum", "enum E: String {\n  case a = 1️⃣1\n}\n", "enum-raw-value-mismatch"),
    BrokenCase("raw value out of range", "enum E: UInt8 {\n  case a = 1️⃣256\n}\n", "enum-raw-value-mismatch"),
    BrokenCase("raw value without a raw type", "enum E {\n  case a = 1️⃣1\n}\n", "enum-raw-value-mismatch"),
    BrokenCase(
      "implicit Int raw value repeats an explicit one", "enum E: Int {\n  case a = 1, b = 0, 1️⃣c\n}\n",
      "duplicate-raw-value", message: "raw value 1"),
    BrokenCase(
      "implicit String raw value repeats an explicit one", "enum E: String {\n  case a = \"b\", 1️⃣b\n}\n",
      "duplicate-raw-value", note: "'a'"),
  ]

  static let directives: [BrokenCase] = [
    BrokenCase(
      "super on a class without a superclass model",
      "class A: DictionaryConvertible {\n  var x: Int\n  //! 1️⃣super \"k\"\n}\n", "misplaced-directive", .warning,
      message: "no superclass model"),
    BrokenCase(
      "property directive left at the end of a body", "class A {\n  var x: Int\n  //! 1️⃣\"key\"\n}\n",
      "misplaced-directive", .warning, message: "applies to a property"),
    BrokenCase("directive outside any model", "1️⃣//! ignore\nclass A {\n}\n", "misplaced-directive", .warning),
    // A file's strategy line inside a declaration: the right line in the wrong place, not a
    // `date` directive, nor an unknown `key` or `non`.
    BrokenCase(
      "a date-decoding strategy line inside a body", "struct B: Codable {\n  //! 1️⃣date-decoding iso8601\n  let d: Date\n}\n",
      "misplaced-directive", .warning, message: "'date-decoding' has no effect here: a coder strategy applies to the whole file"),
    BrokenCase(
      "a key-decoding strategy on a property's line", "struct B: Codable {\n  let d: Int //! 1️⃣key-decoding convert-from-snake-case\n}\n",
      "misplaced-directive", .warning, message: "'key-decoding' has no effect here: a coder strategy applies to the whole file"),
    BrokenCase(
      "a non-conforming-floats strategy line at the end of a body",
      "struct B: Codable {\n  let d: Double\n  //! 1️⃣non-conforming-floats inf,-inf,nan\n}\n", "misplaced-directive", .warning,
      message: "at the top level"),
    BrokenCase(
      "a key-encoding strategy line in a class body", "class B {\n  //! 1️⃣key-encoding convert-to-snake-case\n  var userName: String?\n}\n",
      "misplaced-directive", .warning, message: "'key-encoding'"),
    BrokenCase(
      "a misspelt strategy inside a body is still unknown", "struct B {\n  var d: Int //! 1️⃣key-decodng x\n}\n", "unknown-directive",
      .warning, message: "'key-decodng'", note: "did you mean 'key-decoding'?"),
    BrokenCase(
      "a negative length", "struct A {\n  var s: String //! 1️⃣length -1\n}\n", "misplaced-directive", .warning,
      message: "never below 0"),
    BrokenCase(
      "a count whose bounds are the wrong way round", "struct A {\n  var s: [Int] //! 1️⃣count 5...2\n}\n", "misplaced-directive",
      .warning, message: "the lower bound is above the upper bound"),
    BrokenCase(
      "a range whose bounds are the wrong way round", "struct A {\n  var s: Int //! 1️⃣range 10...1\n}\n", "misplaced-directive",
      .warning, message: "the lower bound is above the upper bound"),
    BrokenCase(
      "Convertible configuration castctl cannot evaluate",
      "class A: Convertible, RequiredKeys {\n  var a: Int?\n  var requiredKeys = 1️⃣makeKeys()\n}\n", "misplaced-directive",
      .warning, message: "reads only a [String] literal"),
    BrokenCase(
      "Convertible key mapping to something other than names",
      "class A: Convertible, CustomKeyMapping {\n  var b: Int?\n  var keyMapping = 1️⃣[\"b\": 5]\n}\n", "misplaced-directive",
      .warning, message: "reads only a [String: String] literal"),
    BrokenCase(
      "model directive on a property's line", "class A {\n  var x: Int //! 1️⃣nscoding\n}\n", "misplaced-directive",
      .warning),
    BrokenCase(
      "range on a String", "class A {\n  var s: String //! 1️⃣range 1...3\n}\n", "misplaced-directive", .warning),
    BrokenCase(
      "date format on an Int", "class A {\n  var n: Int //! 1️⃣date epoch\n}\n", "misplaced-directive", .warning),
    BrokenCase(
      "keyMapping entry naming no property",
      "class A: CustomKeyMapping {\n  var name: String?\n  var keyMapping = 1️⃣[\"nmae\": \"n\"]\n}\n",
      "misplaced-directive", .warning, note: "did you mean 'name'?"),
    BrokenCase("super without a key", "class A {\n}\nclass B: A {\n  //! 1️⃣super\n}\n", "malformed-directive"),
    BrokenCase("skip without json", "class A {\n  var x: Int //! 1️⃣skip\n}\n", "malformed-directive"),
    BrokenCase("range without a range", "class A {\n  var x: Int //! 1️⃣range 10\n}\n", "malformed-directive"),
    BrokenCase("length that is not a number", "class A {\n  var s: String //! 1️⃣length abc\n}\n", "malformed-directive"),
    BrokenCase("unknown date format", "class A {\n  var d: Date //! 1️⃣date tomorrow\n}\n", "malformed-directive"),
    BrokenCase("invalid pattern", "class A {\n  var s: String //! 1️⃣pattern \"[a-\"\n}\n", "invalid-pattern"),
    BrokenCase(
      "dictionary with a Double key", "class A {\n  var d: [1️⃣Double: Int]\n}\n", "unsupported-type",
      message: "'Double'"),
    BrokenCase("Dictionary<URL, Int>", "class A {\n  var d: Dictionary<1️⃣URL, Int>\n}\n", "unsupported-type"),
    BrokenCase("dictionary keyed by a model outside the codable dialect", "class P {\n  var x = 0\n}\nclass A {\n  var d: [1️⃣P: Int]\n}\n", "unsupported-type"),
    BrokenCase("dictionary keyed by an array outside the codable dialect", "class A {\n  var d: [1️⃣[Int]: Int]\n}\n", "unsupported-type"),
    BrokenCase("generic arguments on a scalar", "class A {\n  var d: 1️⃣Int<String>\n}\n", "unsupported-type"),
    BrokenCase(
      "tuple type", "class A {\n  let z: 1️⃣(Int, String)\n}\n", "unsupported-type",
      message: "'(Int, String)' cannot be mapped: JSON has no tuples"),
    BrokenCase("tuple as an array's element", "class A {\n  var z: [1️⃣(Int, Int)]?\n}\n", "unsupported-type"),
    BrokenCase(
      "tuple behind a typealias", "typealias Pair = 1️⃣(Int, Int)\nclass A {\n  var p: Pair\n}\n", "unsupported-type"),
    BrokenCase(
      "function type", "class A {\n  var f: 1️⃣(Int) -> Int\n}\n", "unsupported-type",
      message: "a function is not data"),
  ]
}
