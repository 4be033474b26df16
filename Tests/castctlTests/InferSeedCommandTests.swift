import Foundation
import Testing

@Suite("castctl infer --seed and --dialect, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct InferSeedCommandTests {
  @Test("the README's seed session: each change one line on standard error, the seed widened and verified")
  func readmeSeed() throws {
    let run = try CastctlProcess.run(["infer", "orders.ndjson", "--seed", "order-seed.cast"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix("castctl: seed: ") }.count == 7, "\(run.stderr)")
    #expect(lines.contains("castctl: seed: Order.total at /total: Int → Double (Int cannot hold 7.25…100 exactly: integers and fractions: Double; e.g. orders.ndjson:1 /total)"))
    #expect(lines.contains("castctl: seed: Order.note at /note: String → String? (absent from 6 of 12 objects; null in 3 of 6 values; e.g. orders.ndjson:2 (the record))"))
    #expect(lines.contains("castctl: seed: enum Status at /status: paid, shipped → paid, shipped, cancelled (1 new value; e.g. orders.ndjson:3 /status)"))
    #expect(run.stderr.contains("widened order-seed.cast (7 changes) for 12 records; verified"))
    #expect(run.stdout.hasPrefix("// An order model written by hand before the data grew"))
    #expect(run.stdout.contains("    let total: Double // in whole euros, once\n"))
    #expect(run.stdout.contains("    var placedAt: Date? //! date iso8601\n"))
    #expect(run.stdout.contains("struct Item: DictionaryConvertible {\n    let sku: String\n    let qty: Int\n}"))
    // Given back as the seed, the widened model is kept as it is.
    let scratch = try ScratchFolder(copying: ["orders.ndjson"])
    defer { scratch.remove() }
    try scratch.write("order.cast", run.stdout)
    let again = try CastctlProcess.run(["infer", "orders.ndjson", "--seed", "order.cast"], in: scratch.url)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == run.stdout)
    #expect(again.stderr.contains("castctl: seed: the data fits order.cast as it is: no changes\n"))
  }

  static let usage: [InferUsageCase] = [
    InferUsageCase(arguments: ["infer", "users.json", "--dialect", "swift"], status: 64, message: "--dialect swift: no such dialect; use one of jsoncast, jsonobject, convertible, nosce, dson"),
    InferUsageCase(arguments: ["infer", "users.json", "--seed", "users.cast", "--dialect", "nosce"], status: 64, message: "--dialect and --seed"),
    InferUsageCase(arguments: ["infer", "users.json", "--seed", "users.cast", "--comments"], status: 64, message: "--comments and --seed"),
    InferUsageCase(arguments: ["infer", "users.json", "--seed", "classy.cast"], status: 64, message: "choose one with --model-name"),
    InferUsageCase(arguments: ["infer", "users.json", "--seed", "users.cast", "--model-name", "Nope"], status: 64, message: "--model-name Nope: no such model in the seed users.cast"),
    InferUsageCase(arguments: ["infer", "users.json", "--seed", "missing.cast"], status: 66, message: "cannot read schema"),
    InferUsageCase(arguments: ["infer", "users.json", "--seed", "users.json"], status: 2, message: "the seed users.json has errors"),
    InferUsageCase(arguments: ["infer", "users.json", "--werror"], status: 64, message: "--werror goes with --seed"),
  ]

  /// A `//! date` fits only a `Date`: the widened property loses it, and the model checks clean.
  @Test("a Date widened to String loses its //! date directive; other directives and comments stay")
  func widenedDateDirective() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write(
      "seed.cast", "struct Root: DictionaryConvertible {\n    let d: Date //! date iso8601\n    let e: Date //! \"E\" //! date iso8601 // why\n}\n")
    try scratch.write("data.ndjson", #"{"d": "x", "E": "y"}"# + "\n" + #"{"d": "z", "E": "w"}"# + "\n")
    let run = try CastctlProcess.run(["infer", "data.ndjson", "--seed", "seed.cast"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("    let d: String\n") && run.stdout.contains("    let e: String //! \"E\" // why\n"), "\(run.stdout)")
    try scratch.write("widened.cast", run.stdout)
    let check = try CastctlProcess.run(["check", "widened.cast", "--werror"], in: scratch.url)
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }

  @Test(
    "a seed is widened where the data needs it, and then verifies",
    arguments: [
      // jsonobject's `T!` is required, and refuses null as `T` does.
      ("seed.cast", "class U: JsonObject {\n    var a: Int!\n}\n", "{\"a\": null}\n{\"a\": 1}\n", "    var a: Int?\n"),
      // A Float holds magnitudes up to about 3.4e38.
      ("seed.cast", "struct T: DictionaryConvertible {\n    let r: Float\n}\n", "{\"r\": 1e39}\n", "    let r: Double\n"),
      ("seed.cast", "struct T: DictionaryConvertible {\n    let r: Float\n}\n", "{\"r\": 1.5e38}\n", "    let r: Float\n"),
      // Convertible's lists decide what is required, whatever the type: a key seen absent or
      // null leaves `requiredKeys`, and a new key joins `optionalKeys`.
      (
        "seed.cast", "struct T: Convertible {\n    var id: Int\n    var n: Int?\n    var requiredKeys = [\"id\", \"n\"]\n}\n",
        "{\"id\": 1, \"n\": 2}\n{\"n\": 3}\n", "    var requiredKeys = [\"n\"]\n"
      ),
      (
        "seed.cast", "struct T: Convertible {\n    var id: Int\n    var n: Int?\n    var requiredKeys = [\"id\", \"n\"]\n}\n",
        "{\"id\": 1, \"n\": null}\n", "    var requiredKeys = [\"id\"]\n"
      ),
      (
        "seed.cast", "struct T: Convertible {\n    var id: Int\n    var optionalKeys = [\"id\"]\n}\n",
        "{\"id\": 1, \"extra\": true}\n{\"id\": 2}\n", "    var optionalKeys = [\"id\", \"extra\"]\n"
      ),
    ])
  func widened(_ name: String, _ seed: String, _ data: String, _ expected: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write(name, seed)
    try scratch.write("data.ndjson", data)
    let run = try CastctlProcess.run(["infer", "data.ndjson", "--seed", name], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(expected), "\(run.stdout)")
  }

  @Test("a Codable seed's new key named CodingKeys gets a property clear of the enum's name")
  func codingKeysNamedKey() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write(
      "seed.swift", "import Foundation\nstruct Thing: Codable {\n    let id: Int\n    enum CodingKeys: String, CodingKey {\n        case id\n    }\n}\n")
    try scratch.write("data.json", #"{"id": 1, "CodingKeys": 3}"#)
    let run = try CastctlProcess.run(["infer", "data.json", "--seed", "seed.swift"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("var CodingKeys2: Int?") && run.stdout.contains(#"case CodingKeys2 = "CodingKeys""#), "\(run.stdout)")
  }

  @Test("--werror: a seed with a warning stops infer (exit 2), as it stops the other commands")
  func werror() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("seed.cast", "struct Root {\n    var a: Int? //! rnage 1...2\n}\n")
    try scratch.write("data.json", #"{"a": 1}"#)
    let strict = try CastctlProcess.run(["infer", "data.json", "--seed", "seed.cast", "--werror"], in: scratch.url)
    #expect(strict.status == 2, "\(strict.stderr)")
    #expect(strict.stderr.contains("seed.cast:2:21: error[unknown-directive]") && strict.stdout.isEmpty, "\(strict.stderr)")
    let plain = try CastctlProcess.run(["infer", "data.json", "--seed", "seed.cast"], in: scratch.url)
    #expect(plain.status == 0, "\(plain.stderr)")
  }

  @Test("bad seeds and dialects: the exit code and a message that says why", arguments: usage)
  func errors(_ c: InferUsageCase) throws {
    let run = try CastctlProcess.run(c.arguments)
    #expect(run.status == c.status, "\(run.stderr)")
    #expect(run.stderr.contains(c.message), "\(run.stderr)")
  }

  @Test(
    "--dialect writes each dialect's declaration and required marking, and says whether the check passed",
    arguments: [
      ("jsoncast", "struct Order: DictionaryConvertible, UnderscoreToCamelCase {", "    let orderId: Int", Int32(0)),
      ("jsonobject", "class Order: JsonObject {", "    var orderId: Int! //! \"order_id\"", Int32(0)),
      ("convertible", "class Order: Convertible, UnderscoreToCamelCase, RequiredKeys {", "    var requiredKeys = [\"orderId\", \"status\", \"placedAt\", \"total\", \"customer\", \"items\", \"perWarehouse\"]", Int32(0)),
      ("nosce", "class Order: NosceSerializationProtocol, NosceDeserializationProtocol {", "    var orderId: Int? //! \"order_id\"", Int32(0)),
      // NB: dson refuses null even for optionals, and orders.ndjson has nulls.
      ("dson", "class Order: Class {", "    var orderId: Int? //! \"order_id\"", Int32(1)),
      ("codable", "struct Order: Codable {", "        case orderId = \"order_id\"", Int32(0)),
    ])
  func dialects(_ dialect: String, _ declaration: String, _ property: String, _ status: Int32) throws {
    let run = try CastctlProcess.run(["infer", "orders.ndjson", "--model-name", "Order", "--dialect", dialect])
    #expect(run.status == status, "\(run.stderr)")
    #expect(run.stdout.contains(declaration + "\n"), "\(run.stdout)")
    #expect(run.stdout.contains(property + "\n"), "\(run.stdout)")
  }

  /// A Codable seed's new properties join its CodingKeys (without them JSONDecoder would not read
  /// them); one without CodingKeys gets properties named as their keys.
  @Test("a Codable seed widens with CodingKeys cases for its new properties", arguments: [true, false])
  func codableSeed(_ withCodingKeys: Bool) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    let keys = withCodingKeys ? "\n    enum CodingKeys: String, CodingKey {\n        case id\n    }\n" : ""
    try scratch.write("seed.swift", "struct User: Codable {\n    let id: Int\n\(keys)}\n")
    try scratch.write("data.ndjson", #"{"id": 1, "display_name": "a"}"# + "\n" + #"{"id": 2}"# + "\n")
    let run = try CastctlProcess.run(["infer", "data.ndjson", "--seed", "seed.swift"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("round trip lossless"), "\(run.stderr)")
    if withCodingKeys {
      #expect(run.stdout.contains("        case id\n        case displayName = \"display_name\"\n    }\n    var displayName: String?\n}"), "\(run.stdout)")
    } else {
      #expect(run.stdout.contains("    let id: Int\n    var display_name: String?\n}"), "\(run.stdout)")
    }
  }

  @Test("--dialect nosce: a null nested object, written back as Nosce's nil {}, passes the check", arguments: ["null", "absent"])
  func nosceNullModel(_ form: String) throws {
    let second = form == "null" ? #"{"a": 2, "user": null}"# : #"{"a": 2}"#
    let run = try CastctlProcess.run(["infer", "-", "--ndjson", "--dialect", "nosce"], stdin: #"{"a": 1, "user": {"id": 1}}"# + "\n" + second + "\n")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("var user: User?"), "\(run.stdout)")
    #expect(run.stderr.contains("round trip lossless"), "\(run.stderr)")
  }

  @Test("a top-level array and NDJSON on standard input are read as from a file, and leave no temporary file")
  func standardInput() throws {
    let scratch = try ScratchFolder(copying: ["orders.ndjson"])
    defer { scratch.remove() }
    let records = try scratch.text("orders.ndjson")
    let array = "[" + records.split(separator: "\n").joined(separator: ",\n") + "]"
    let tmp = scratch.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let fromFile = try CastctlProcess.run(["infer", "orders.ndjson", "--model-name", "Order"], in: scratch.url)
    let fromArray = try CastctlProcess.run(["infer", "-", "--model-name", "Order"], in: scratch.url, stdin: array, environment: ["TMPDIR": tmp.path])
    let fromLines = try CastctlProcess.run(["infer", "-", "--ndjson", "--model-name", "Order"], in: scratch.url, stdin: records, environment: ["TMPDIR": tmp.path])
    #expect(fromArray.status == 0, "\(fromArray.stderr)")
    #expect(fromLines.status == 0, "\(fromLines.stderr)")
    let body = { (text: String) in text.split(separator: "\n").dropFirst().joined(separator: "\n") }
    #expect(body(fromArray.stdout) == body(fromFile.stdout))
    #expect(body(fromLines.stdout) == body(fromFile.stdout))
    #expect(fromArray.stderr.contains("from 12 records; verified"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
  }
}

@Suite("the REPL's :infer beside models already loaded", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ReplInferNamesTests {
  @Test("a second :infer names its nested models apart; a root name already taken is refused first")
  func names() throws {
    let run = try CastctlProcess.run(["repl"], stdin: ":infer users.json\n:infer users.ndjson --model-name User\n:infer users.json\n:models\n")
    #expect(run.stdout.contains("struct UserAddress: DictionaryConvertible {"), "\(run.stdout)")
    #expect((run.stdout + run.stderr).contains("Root is in the session already: name the root with --model-name, or :reset"), "\(run.stdout)")
    #expect(run.stdout.contains("  User *       struct  jsoncast  8 "), "\(run.stdout)")
    #expect(run.stdout.contains("  Address      struct  jsoncast  4 "), "\(run.stdout)")
  }

  @Test("a syntax error says where, as line:column")
  func syntax() throws {
    let run = try CastctlProcess.run(["repl"], stdin: ":infer users.cast\n")
    #expect((run.stdout + run.stderr).contains("users.cast:1:1: error[malformed-json]: unexpected character '/'"), "\(run.stdout)\(run.stderr)")
  }

  @Test("a file :infer cannot read says why, as the data commands do", arguments: [
    (":infer /nonexistent.json\n", "cannot read /nonexistent.json: No such file or directory"),
    (":infer /dev/null\n", "/dev/null:1:1: error[malformed-json]: unexpected end of input"),
  ])
  func unreadable(_ script: String, _ expected: String) throws {
    let run = try CastctlProcess.run(["repl"], stdin: script)
    #expect(run.status == 1 && run.stdout.contains(expected), "\(run.stdout)")
  }
}
