import CastSchema

/// What the synthesized Codable conformance rejects or silently ignores (each checked with swiftc
/// 6.3.1 and JSONDecoder).
extension BrokenCase {
  static let codable: [BrokenCase] = [
    BrokenCase(
      "an enum case that holds its enum by value, without indirect",
      "enum Shape: Codable {\n  case none\n  case nested(1️⃣inner: Shape?)\n}\n", "codable-recursive-value", .warning,
      message: "case 'nested' holds Shape?: 'Shape' holds itself by value through it, and swiftc refuses a recursive enum not marked 'indirect'"),
    BrokenCase(
      "a struct that holds an enum holding the struct: both are on the cycle",
      "struct S: Codable {\n  let 1️⃣e: E?\n}\nenum E: Codable {\n  case none\n  case s(S)\n}\n", "codable-recursive-value", .warning,
      codes: ["codable-recursive-value", "codable-recursive-value"], message: "'e' is E?: 'S' holds itself by value through it"),
    BrokenCase(
      "CodingKeys as a struct, from which swiftc synthesizes neither half",
      "struct A: Codable {\n  var a: Int\n  struct 1️⃣CodingKeys: CodingKey {\n    var stringValue: String\n    var intValue: Int? { nil }\n"
        + "    init?(stringValue: String) { self.stringValue = stringValue }\n    init?(intValue: Int) { nil }\n  }\n}\n",
      "codable-coding-keys-not-enum", message: "swiftc cannot synthesize Decodable and Encodable for 'A'"),
    BrokenCase(
      "CodingKeys as a class in an extension, beside a hand-written init(from:): Encodable is still synthesized",
      "struct A: Codable {\n  var a: Int\n  init(from decoder: Decoder) throws { a = 1 }\n}\nextension A {\n"
        + "  class 1️⃣CodingKeys: CodingKey {\n    var stringValue: String\n    var intValue: Int? { nil }\n"
        + "    required init?(stringValue: String) { self.stringValue = stringValue }\n    required init?(intValue: Int) { nil }\n  }\n}\n",
      "codable-coding-keys-not-enum", message: "is a class, not an enum: swiftc cannot synthesize Encodable for 'A'"),
    BrokenCase(
      "two CodingKeys cases with one raw value, which swiftc refuses",
      "struct A: Codable {\n  var a: Int\n  var b: Int\n  enum CodingKeys: String, CodingKey { case a = \"k\", 1️⃣b = \"k\" }\n}\n",
      "duplicate-raw-value", message: "raw value \"k\" is used by two cases of enum 'CodingKeys'"),
    BrokenCase(
      "a CodingKeys raw value that is another case's implicit one",
      "struct A: Codable {\n  var a: Int\n  var b: Int\n  enum CodingKeys: String, CodingKey { case a = \"b\", 1️⃣b }\n}\n",
      "duplicate-raw-value", message: "raw value \"b\""),
    BrokenCase(
      "a Codable let whose initial value castctl cannot evaluate: JSONEncoder writes it, convert does not",
      "import Foundation\nstruct A: Codable {\n  let id = 1️⃣UUID()\n  var name: String\n}\n", "unsupported-default", .warning,
      message: "'id' is a 'let' with an initial value, which JSONDecoder never decodes and JSONEncoder writes: castctl cannot evaluate UUID(), so convert writes nothing for 'id'"),
    BrokenCase(
      "an empty Codable enum, which swiftc cannot synthesize Codable for",
      "enum 1️⃣Nothing: Codable {}\nstruct A: Codable {\n  var n: Nothing?\n}\n", "codable-not-codable", .warning,
      message: "enum 'Nothing' has no cases"),
    BrokenCase(
      "a Codable var's default castctl cannot evaluate: ignored, as the synthesized init ignores it",
      "struct A: Codable {\n  var 1️⃣n: Int = { 5 }()\n}\n", "codable-default-ignored", .warning),
    BrokenCase(
      "a CodingKeys case with no property",
      "struct A: Codable {\n  var id: Int\n  enum CodingKeys: String, CodingKey { case id, 1️⃣ghost }\n}\n",
      "codable-unknown-key", message: "'ghost'"),
    BrokenCase(
      "a property left out of CodingKeys without a value",
      "struct A: Codable {\n  var id: Int\n  var 1️⃣name: String\n  enum CodingKeys: String, CodingKey { case id }\n}\n",
      "codable-key-missing", message: "'name'"),
    BrokenCase(
      "an optional let left out of CodingKeys (no implicit nil)",
      "struct A: Codable {\n  var id: Int\n  let 1️⃣name: String?\n  enum CodingKeys: String, CodingKey { case id }\n}\n",
      "codable-key-missing"),
    BrokenCase(
      "a var spelled Optional<T> left out of CodingKeys (only T? starts as nil)",
      "struct A: Codable {\n  var id: Int\n  var 1️⃣name: Optional<String>\n  enum CodingKeys: String, CodingKey { case id }\n}\n",
      "codable-key-missing", message: "'name'"),
    BrokenCase(
      "a var typed by an alias of an optional, left out of CodingKeys",
      "typealias Maybe = String?\nstruct A: Codable {\n  var id: Int\n  var 1️⃣name: Maybe\n  enum CodingKeys: String, CodingKey { case id }\n}\n",
      "codable-key-missing", message: "'name'"),
    BrokenCase(
      "a let with a value listed in CodingKeys",
      "struct A: Codable {\n  var id: Int\n  let 1️⃣kind = \"user\"\n  enum CodingKeys: String, CodingKey { case id, kind }\n}\n",
      "codable-let-with-value", .warning),
    BrokenCase(
      "a default on a non-optional var",
      "struct A: Codable {\n  var 1️⃣count: Int = 3\n}\n", "codable-default-ignored", .warning),
    BrokenCase(
      "myURL under convertFromSnakeCase", "struct A: Codable {\n  var 1️⃣myURL: URL?\n}\n",
      "codable-snake-case-unreachable", .warning, message: "\"my_u_r_l\"", options: snakeDecoding),
    BrokenCase(
      "a snake_case CodingKey under convertFromSnakeCase",
      "struct A: Codable {\n  var 1️⃣homepage: String?\n  enum CodingKeys: String, CodingKey { case homepage = \"home_page\" }\n}\n",
      "codable-snake-case-unreachable", .warning, message: "no JSON key does", options: snakeDecoding),
    BrokenCase(
      "a subclass of a Codable class with properties of its own",
      "class A: Codable {\n  var id: Int?\n}\nclass 1️⃣B: A {\n  var extra: Int = 5\n}\n",
      "codable-subclass-properties", .warning, message: "'extra'"),
  ]

  static var snakeDecoding: RegistryOptions {
    var options = RegistryOptions()
    options.keyDecoding = .convertFromSnakeCase
    return options
  }
}
