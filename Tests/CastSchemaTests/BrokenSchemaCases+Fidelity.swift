import CastSchema

/// The `.cast` errors of issue 27 (and issue 28 item 6): what Swift rejects, castctl rejects.
extension BrokenCase {
  /// Every integer raw type, its largest value, and the value Swift would give the next case.
  static let integerRawTypes: [(type: String, max: String, next: String)] = [
    ("Int8", "127", "128"), ("Int16", "32767", "32768"), ("Int32", "2147483647", "2147483648"),
    ("Int64", "9223372036854775807", "9223372036854775808"), ("Int", "9223372036854775807", "9223372036854775808"),
    ("UInt8", "255", "256"), ("UInt16", "65535", "65536"), ("UInt32", "4294967295", "4294967296"),
    ("UInt64", "18446744073709551615", "18446744073709551616"), ("UInt", "18446744073709551615", "18446744073709551616"),
  ]

  static let fidelity: [BrokenCase] =
    integerRawTypes.map { raw in
      BrokenCase(
        "implicit \(raw.type) raw value beyond its maximum", "enum E: \(raw.type) {\n  case a = \(raw.max), 1️⃣b\n}\n",
        "enum-raw-value-mismatch", message: "implicit raw value \(raw.next) is out of range for \(raw.type)")
    }
    + [
      BrokenCase(
        "implicit raw values past a UInt8's end, counted from zero",
        "enum E: UInt8 {\n  case a = 254, b, 1️⃣c, d\n}\n", "enum-raw-value-mismatch",
        codes: ["enum-raw-value-mismatch", "enum-raw-value-mismatch"], message: "256"),
      BrokenCase(
        "implicit negative raw values count up", "enum E: Int8 {\n  case a = -1, b, c = 1, 1️⃣d = 0\n}\n",
        "duplicate-raw-value", message: "raw value 0"),
    ]
    + [
      BrokenCase(
        "an optional written at another's key path prefix",
        "class A {\n  let a: Int? //! \"p\"\n  let 1️⃣b: Int //! \"p/q ?? r\"\n}\n", "overlapping-json-key",
        message: "\"p/q\""),
      BrokenCase(
        "a key path declared before the key it runs through",
        files: ["class A {\n  var 2️⃣b: Int? //! \"p/q\"\n  var 1️⃣a: Int? //! \"p\"\n}\n"], "overlapping-json-key",
        noteMarker: "2️⃣"),
      BrokenCase(
        "an index key beside the whole array", "class A {\n  var a: [Int]? //! \"x\"\n  var 1️⃣b: Int? //! \"x[1]\"\n}\n",
        "overlapping-json-key"),
      BrokenCase(
        "a key path through an index key's element",
        "class A {\n  var a: Int? //! \"x[1]\"\n  var 1️⃣b: Int? //! \"x[1]/c\"\n}\n", "overlapping-json-key"),
      BrokenCase(
        "a deep key path through a shallower one",
        "class A: JsonObject {\n  var a: [String: Int]? //! \"p/q\"\n  var 1️⃣b: Int? //! \"p/q/r/s\"\n}\n",
        "overlapping-json-key"),
      BrokenCase(
        "an index key beside a key path through the same key (array against object)",
        files: ["struct K: DictionaryConvertible {\n  var 2️⃣p: Int? //! \"x[0]\"\n  var 1️⃣r: Int = 5 //! \"x/y\"\n}\n"],
        "overlapping-json-key", message: "\"x/y\"", noteMarker: "2️⃣"),
      BrokenCase(
        "a key path through a key declared before an index key on it (object against array)",
        "class A {\n  var b: Int? //! \"x/y\"\n  var 1️⃣a: Int? //! \"x[0]\"\n}\n", "overlapping-json-key"),
      BrokenCase(
        "an array and an object needed at one deep node",
        "class A {\n  var b: Int? //! \"a/b[0]\"\n  var 1️⃣c: Int? //! \"a/b/c\"\n}\n", "overlapping-json-key"),
      BrokenCase(
        "an array and an object needed below one array element",
        "class A {\n  var b: Int? //! \"a[1]/b[0]\"\n  var 1️⃣c: Int? //! \"a[1]/b/c ?? d\"\n}\n", "overlapping-json-key"),
      BrokenCase(
        "an index key on the super object",
        "class A: DictionaryConvertible {\n  var n: Int?\n}\nclass B: A {\n  //! super \"s\"\n  var 1️⃣t: Int? //! \"s[0]\"\n}\n",
        "overlapping-json-key", message: "//! super"),
      BrokenCase(
        "a subclass property at the super key",
        "class A: DictionaryConvertible {\n  var n: Int?\n}\nclass B: A {\n  //! super \"s\"\n  var 1️⃣s: Int?\n}\n",
        "overlapping-json-key", message: "//! super"),
      BrokenCase(
        "a subclass property above an inherited key path",
        "class A {\n  var n: Int? //! \"p/n\"\n}\nclass B: A {\n  var 1️⃣p: Int?\n}\n", "overlapping-json-key"),
      BrokenCase(
        "Model() of a model with a required property",
        "struct In {\n  let k: Int\n}\nstruct Out {\n  var 1️⃣i: In = In()\n}\n", "no-default-init", message: "'k'"),
      BrokenCase(
        "Model() of a model with a let optional and no default",
        "struct In {\n  let k: Int?\n}\nstruct Out {\n  var 1️⃣i: In? = In()\n}\n", "no-default-init"),
      BrokenCase(
        "Model() of a model with a var spelled Optional<T> (only T? starts as nil)",
        "struct In {\n  var k: Optional<Int>\n}\nstruct Out {\n  var 1️⃣i: In? = In()\n}\n", "no-default-init", message: "'k'"),
      BrokenCase(
        "Model() in an array default", "class In: Convertible {\n  var k: String\n}\nclass Out: Convertible {\n  var 1️⃣i = [In()]\n}\n",
        "no-default-init"),
      BrokenCase(
        "Model() in a dictionary default, the property inherited",
        "class Base: Class {\n  var k: Int\n}\nclass In: Base {\n}\nclass Out: Class {\n  var 1️⃣m: [String: In] = [\"x\": In()]\n}\n",
        "no-default-init"),
      BrokenCase(
        "an untyped array default whose joined type one element does not fit",
        "class A {\n  var x = 1️⃣[1, 1e400]\n}\n", "default-type-mismatch", message: "its type [Double]: 1e400 is out of range"),
      BrokenCase(
        "a recursive default", "struct N {\n  var 1️⃣next: N? = N()\n  var v: Int = 1\n}\n", "recursive-default"),
      BrokenCase(
        "a recursive default through another model",
        "struct A {\n  var 1️⃣b: B? = B()\n}\nstruct B {\n  var a: [A] = [A()]\n}\n", "recursive-default",
        codes: ["recursive-default", "recursive-default"]),
      BrokenCase(
        "a recursive default through an inherited property",
        "class A {\n  var 1️⃣b: B? = B()\n}\nclass B: A {\n}\n", "recursive-default"),
      // Two defaults of the next model's type, 17 deep: M0() stands for 2^18 values, M2() for
      // 2^16, under the limit.
      BrokenCase(
        "a Model() default that stands for too many values",
        "struct M0 {\n  var 1️⃣a: M1 = M1()\n  var b: M1 = M1()\n}\n"
          + (1..<17).map { "struct M\($0) {\n  var a: M\($0 + 1) = M\($0 + 1)()\n  var b: M\($0 + 1) = M\($0 + 1)()\n}\n" }.joined()
          + "struct M17 {\n  var a: Int = 1\n}\n",
        "unsupported-default", .warning, codes: ["unsupported-default", "unsupported-default"],
        message: "M1(), whose defaults stand for more than 100000 values"),
      // M1() constructs M1 to M33, one inside the other: 33 deep, one past the limit; M2() is 32
      // deep and evaluated (it had been written `{}` past 32 levels, with no warning).
      BrokenCase(
        "a Model() default that constructs models too deep",
        "struct M0 {\n  var 1️⃣a: M1 = M1()\n}\n"
          + (1..<33).map { "struct M\($0) {\n  var a: M\($0 + 1) = M\($0 + 1)()\n}\n" }.joined()
          + "struct M33 {\n  var v: Int = 1\n}\n",
        "unsupported-default", .warning, codes: ["unsupported-default"],
        message: "M1(), whose defaults construct models 33 deep, more than 32"),
    ]

  /// A `Set` literal default that repeats an element: Swift keeps it once, and so does castctl,
  /// with a warning. Elements are equal as the element type holds them.
  static let repeatedSetElements: [BrokenCase] =
    [
      ("Set<Int>", "[1, 1️⃣1]", "1"), ("Set<Int>", "[1, 2, 1️⃣0x1]", "1"), ("Set<String>", "[\"a\", 1️⃣\"a\"]", "\"a\""),
      ("Set<Double>", "[1, 1️⃣1.0]", "1.0"), ("Set<UInt8>", "[255, 1️⃣0xFF]", "255"), ("Set<Bool>?", "[true, 1️⃣true]", "true"),
      ("Set<E>", "[.a, 1️⃣.a]", ".a"), ("Set<Float>", "[16777216, 1️⃣16777217]", "16777217"),
      ("Set<Double>", "[9007199254740992, 1️⃣9007199254740993]", "9007199254740993"),
      ("Set<Float>", "[0.1, 1️⃣0.10000000149011612]", "0.10000000149011612"),
    ].map { type, literal, element in
      BrokenCase(
        "\(type) default \(literal.replacing("1️⃣", with: "")) repeats an element",
        "enum E: Int {\n  case a, b\n}\nclass A {\n  var s: \(type) = \(literal)\n}\n", "duplicate-set-element", .warning,
        message: "the element \(element) twice")
    }
    + [
      BrokenCase(
        "a Set nested in an array repeats an element", "class A {\n  var s: [Set<Int>] = [[1], [2, 1️⃣2]]\n}\n",
        "duplicate-set-element", .warning),
      BrokenCase(
        "a Set of Sets repeats one in another order", "class A {\n  var s: Set<Set<Int>> = [[1, 2], 1️⃣[2, 1]]\n}\n",
        "duplicate-set-element", .warning, message: "the element [2, 1] twice"),
      BrokenCase(
        "a Set of arrays repeats one with other number text", "class A {\n  var s: Set<[Double]> = [[1, 2], 1️⃣[1.0, 2e0]]\n}\n",
        "duplicate-set-element", .warning, message: "the element [1.0, 2e0] twice"),
      BrokenCase(
        "a Set of dictionaries repeats one in another order",
        "class A {\n  var s: Set<[String: Int]> = [[\"a\": 1, \"b\": 2], 1️⃣[\"b\": 2, \"a\": 1]]\n}\n",
        "duplicate-set-element", .warning, message: "the element [\"b\": 2, \"a\": 1] twice"),
    ]
}
