import Foundation
import Testing

@testable import CastValidate

/// One merge rule: records in, lines the inferred `.cast` must hold.
struct InferRule: Sendable, CustomTestStringConvertible {
  let name: String
  /// NDJSON, one record per line.
  let records: String
  /// Lines (trimmed) the output must contain.
  let expected: [String]
  var testDescription: String { name }

  init(_ name: String, _ records: String, _ expected: String...) {
    self.name = name
    self.records = records
    self.expected = expected
  }
}

@Suite("castctl infer: the merge rules")
struct InferRuleTests {
  static let rules: [InferRule] = [
    InferRule("present everywhere is required", "{\"a\": 1}\n{\"a\": 2}", "let a: Int"),
    InferRule(
      "keys equal only canonically are two properties, as the dialect reads them",
      "{\"caf\u{E9}\": 1, \"cafe\u{301}\": \"x\"}", "let caf: Int //! \"caf\u{E9}\"", "let cafe: String //! \"cafe\u{301}\""),
    InferRule("absent from some is optional", "{\"a\": 1}\n{}", "var a: Int?"),
    InferRule("null makes optional", "{\"a\": null}\n{\"a\": 1}", "var a: Int?"),
    InferRule("always null is Any?", "{\"a\": null}", "var a: Any?"),
    InferRule("Int widens to Double", "{\"a\": 1}\n{\"a\": 2.5}", "let a: Double"),
    InferRule("beyond 2^53 beside fractions is Decimal", "{\"a\": 9007199254740993}\n{\"a\": 1.5}", "let a: Decimal"),
    InferRule("beyond Int64 is Decimal", "{\"a\": 99999999999999999999}\n{\"a\": 1}", "let a: Decimal"),
    InferRule("Int64 range stays Int", "{\"a\": 9223372036854775807}\n{\"a\": -9223372036854775808}", "let a: Int"),
    InferRule("beyond Double (and Decimal) is NSNumber", "{\"a\": 1e400}", "let a: NSNumber"),
    InferRule("beyond Int64 within Decimal's range stays Decimal", "{\"a\": 1e100}\n{\"a\": 99999999999999999999}", "let a: Decimal"),
    InferRule("booleans", "{\"a\": true}\n{\"a\": false}", "let a: Bool"),
    InferRule("mixed types are Any", "{\"a\": \"x\"}\n{\"a\": 1}", "let a: Any"),
    InferRule("ISO-8601 in UTC is Date", "{\"a\": \"2024-03-01T08:30:00Z\"}\n{\"a\": \"2024-03-01T08:30:00.25Z\"}", "let a: Date //! date iso8601"),
    InferRule("an offset keeps String", "{\"a\": \"2024-03-01T09:30:00+01:00\"}", "let a: String"),
    InferRule("calendar days are Date with a pattern", "{\"a\": \"2024-03-01\"}\n{\"a\": \"2024-02-29\"}", "let a: Date //! date \"yyyy-MM-dd\""),
    InferRule("http URLs", "{\"a\": \"https://example.org/x?y=1\"}\n{\"a\": \"http://a.b\"}", "let a: URL"),
    InferRule("upper-case UUIDs", "{\"a\": \"550E8400-E29B-41D4-A716-446655440000\"}", "let a: UUID"),
    InferRule("lower-case UUIDs stay String", "{\"a\": \"550e8400-e29b-41d4-a716-446655440000\"}", "let a: String"),
    InferRule(
      "few distinct values make an enum",
      (0..<8).map { "{\"role\": \"\(["admin", "editor"][$0 % 2])\"}" }.joined(separator: "\n"),
      "let role: Role", "enum Role: String {", "case admin, editor"),
    InferRule("too few occurrences stay String", "{\"role\": \"admin\"}\n{\"role\": \"editor\"}", "let role: String"),
    InferRule(
      "colour codes are no enum",
      (0..<8).map { "{\"c\": \"\(["C0DEED", "FFFFFF"][$0 % 2])\"}" }.joined(separator: "\n"), "let c: String"),
    InferRule(
      "enum cases that are not identifiers",
      (0..<8).map { "{\"lang\": \"\(["zh-cn", "en"][$0 % 2])\"}" }.joined(separator: "\n"),
      "case en", "case zhCn = \"zh-cn\""),
    InferRule("integer keys make [Int: T]", "{\"m\": {\"1\": \"x\", \"20\": \"y\"}}", "let m: [Int: String]"),
    InferRule("zero-padded keys stay [String: T]", "{\"m\": {\"01\": \"x\", \"bad key/\": \"y\"}}", "let m: [String: String]"),
    InferRule("UUID keys make a map", "{\"m\": {\"550E8400-E29B-41D4-A716-446655440000\": 1}}", "let m: [String: Int]"),
    InferRule("nested objects are models named from the key", "{\"address\": {\"city\": \"x\"}}", "let address: Address", "struct Address: DictionaryConvertible {"),
    InferRule("array elements are singular", "{\"friends\": [{\"n\": 1}]}\n{\"friends\": []}", "let friends: [Friend]", "struct Friend: DictionaryConvertible {"),
    InferRule("-ies plurals", "{\"categories\": [{\"n\": 1}]}", "let categories: [Category]"),
    InferRule("identical shapes share a model", "{\"home\": {\"x\": 1}, \"work\": {\"x\": 2}}", "let home: Home", "let work: Home"),
    InferRule("same name, other shape", "{\"a\": {\"item\": {\"x\": 1}}, \"b\": {\"item\": {\"y\": 1}}}", "let item: Item", "let item: BItem"),
    InferRule("snake_case keys", "{\"user_name\": \"x\", \"id\": 1}", "struct Root: DictionaryConvertible, UnderscoreToCamelCase {", "let userName: String", "let id: Int"),
    InferRule("camelCase beside snake_case gets a key", "{\"user_name\": \"x\", \"userID\": 1}", "let userID: Int //! \"userID\""),
    InferRule("kebab-case gets a key", "{\"user-name\": \"x\"}", "let userName: String //! \"user-name\""),
    InferRule("keywords are backticked", "{\"default\": 1, \"class\": 2}", "let `default`: Int", "let `class`: Int"),
    InferRule("names made unique", "{\"a b\": 1, \"a.b\": 2}", "let aB: Int //! \"a b\"", "let aB2: Int //! \"a.b\""),
    InferRule("null elements", "{\"n\": [1, null]}", "let n: [Int?]"),
    InferRule("empty arrays and objects", "{\"e\": [], \"o\": {}}", "let e: [Any]", "let o: [String: Any]"),
    InferRule("nested arrays", "{\"c\": [[1.5, 2], [3]]}", "let c: [[Double]]"),
    InferRule(
      "arrays as deep as a type can be written", Self.nestedArrays(98, inner: "1"),
      "let c: " + String(repeating: "[", count: 98) + "Int" + String(repeating: "]", count: 98)),
    InferRule(
      "arrays deeper than a type can be written hold Any", Self.nestedArrays(150, inner: "1"),
      "let c: " + String(repeating: "[", count: 98) + "Any" + String(repeating: "]", count: 98)),
    InferRule(
      "deep arrays with nulls and an absent key", Self.nestedArrays(150, inner: "1", beside: "null") + "\n{}",
      "var c: " + String(repeating: "[", count: 49) + "Any?" + String(repeating: "]?", count: 49)),
    InferRule(
      "maps deeper than a type can be written hold Any",
      "{\"m\": " + String(repeating: "{\"1\": ", count: 150) + "1" + String(repeating: "}", count: 150) + "}",
      "let m: " + String(repeating: "[Int: ", count: 98) + "Any" + String(repeating: "]", count: 98)),
  ]

  /// `{"c": [[…[inner]…]]}`, arrays `depth` deep, each holding `beside` before the next.
  static func nestedArrays(_ depth: Int, inner: String, beside: String? = nil) -> String {
    let open = "[" + (beside.map { $0 + ", " } ?? "")
    return "{\"c\": " + String(repeating: open, count: depth - 1) + "[" + inner + "]" + String(repeating: "]", count: depth - 1) + "}"
  }

  @Test("each rule's model, which also validates and round-trips its records", arguments: rules)
  func rule(_ rule: InferRule) throws {
    let outcome = try InferProbe.infer(ndjson: rule.records)
    for line in rule.expected {
      #expect(outcome.lines.contains(line), "missing \(line) in:\n\(outcome.text)")
    }
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  /// Each nested model under one key takes its parent's name in front of its own while that
  /// stays short; then a number. Names as long as the depth made the text quadratic in it.
  @Test("objects nested deep under one key get short model names, each once")
  func deepNamesStayShort() throws {
    let depth = 300
    let record = String(repeating: #"{"a": "#, count: depth) + "1" + String(repeating: "}", count: depth)
    let outcome = try InferProbe.infer(ndjson: record)
    let names = outcome.lines.filter { $0.hasPrefix("struct ") }.map { $0.dropFirst(7).prefix { $0 != ":" } }
    #expect(names.count == depth)
    #expect(Set(names).count == depth)
    #expect(names.allSatisfy { $0.count <= 52 }, "\(names.max { $0.count < $1.count } ?? "")")
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))")
  }

  @Test("--map and --object override the key heuristics")
  func forcing() throws {
    var options = InferOptions()
    options.forcedMaps = ["/a"]
    options.forcedModels = ["/m"]
    let outcome = try InferProbe.infer(ndjson: "{\"a\": {\"x\": 1}, \"m\": {\"1\": 2}}", options: options)
    #expect(outcome.lines.contains("let a: [String: Int]"), "\(outcome.text)")
    #expect(outcome.lines.contains("let m: M"), "\(outcome.text)")
    #expect(outcome.lines.contains("let _1: Int //! \"1\""), "\(outcome.text)")
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))")
  }

  @Test("many rare keys make a map, and the key limit folds for good")
  func manyKeys() throws {
    let records = (0..<50).map { "{\"m\": {\"k\($0)\": \($0)}}" }.joined(separator: "\n")
    #expect(try InferProbe.infer(ndjson: records).lines.contains("let m: [String: Int]"))
    var options = InferOptions()
    options.keyLimit = 5
    options.mapMinKeys = 1000
    let folded = try InferProbe.infer(ndjson: records, options: options)
    #expect(folded.lines.contains("let m: [String: Int]"), "\(folded.text)")
    #expect(folded.report?.passed == true)
  }

  @Test("enum thresholds are options")
  func enumThresholds() throws {
    var options = InferOptions()
    options.enumMinRatio = 1
    let outcome = try InferProbe.infer(ndjson: "{\"r\": \"a\"}\n{\"r\": \"b\"}", options: options)
    #expect(outcome.lines.contains("let r: R"), "\(outcome.text)")
    options.enumMaxCases = 1
    #expect(try InferProbe.infer(ndjson: "{\"r\": \"a\"}\n{\"r\": \"b\"}", options: options).lines.contains("let r: String"))
  }

  @Test("reading the schema twice gives the same text (deciding does not change the evidence)")
  func schemaTwice() throws {
    let first = Inferrer()
    let second = Inferrer()
    first.observe(try JSONValue.parse("{\"m\": {\"1\": {\"a\": [1]}, \"2\": {\"a\": [2.5], \"b\": {\"c\": 1}}}}"))
    second.observe(try JSONValue.parse("{\"m\": {\"3\": {\"a\": [\"x\"]}}}"))
    first.merge(second)
    let text = first.schema()?.render()
    #expect(first.schema()?.render() == text)
    second.observe(try JSONValue.parse("{\"m\": {\"4\": {\"a\": []}}}"))
    #expect(first.schema()?.render() == text)
    #expect(text?.contains("let m: [Int: M]") == true, "\(text ?? "")")
  }

  @Test("records that are not objects give no model")
  func notObjects() throws {
    #expect(try InferProbe.infer(ndjson: "1\n2").schema == nil)
    #expect(try InferProbe.infer(ndjson: "").schema == nil)
  }

  /// A directive's text is trimmed of whitespace, so `//! " a"` would name `a`.
  @Test("a key no directive can name is left out, and the verification says so", arguments: ["", " ", " a", "a\u{3000}", "a/b", "x[1]"])
  func unnameableRootKey(_ key: String) throws {
    let outcome = try InferProbe.infer(ndjson: "{\"\(key)\": 1, \"b\": 2}")
    #expect(outcome.schema?.leftOutKeys == ["Root: \"\(key)\""])
    #expect(outcome.report?.passed == false)
    #expect(outcome.report?.changes[.unknownKeyDropped] == 1)
  }

  /// A quote or a backslash is written escaped in the directive, which reads it back.
  @Test(
    "a key with a quote or a backslash is named, in every dialect",
    arguments: Dialect.allCases, [#"a"b"#, #"c\d"#, #"\"#, #"""#])
  func escapedKey(_ dialect: Dialect, _ key: String) throws {
    var options = InferOptions()
    options.dialect = dialect
    let escaped = key.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    let outcome = try InferProbe.infer(ndjson: "{\"\(escaped)\": 1, \"b\": 2}", options: options)
    #expect(outcome.schema?.leftOutKeys == [], "\(outcome.text)")
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  /// A `CodingKeys` case's raw value is any string: the keys no directive can name too.
  @Test("a Codable model names every key in its CodingKeys", arguments: ["", " ", " a", "a\u{3000}", "a/b", "x[1]", "q?", "t\tn\n"])
  func codableNamesEveryKey(_ key: String) throws {
    var options = InferOptions()
    options.dialect = .codable
    let json = String(decoding: try JSONSerialization.data(withJSONObject: [key: 1, "b": 2]), as: UTF8.self)
    let outcome = try InferProbe.infer(ndjson: json, options: options)
    #expect(outcome.schema?.leftOutKeys == [], "\(outcome.text)")
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  /// `--object` makes a model whatever the keys: one no directive can name is left out there as at
  /// the root (it made the objects a map, silently); objects with more distinct keys than are
  /// kept stay a map, and the schema names the path.
  @Test("--object keeps its promise with keys no directive can name, and says when it cannot")
  func forcedObjectKeys() throws {
    var options = InferOptions()
    options.forcedModels = ["/o"]
    let outcome = try InferProbe.infer(ndjson: #"{"o": {" a": 1, "b": 2}}"#, options: options)
    #expect(outcome.lines.contains("let o: O"), "\(outcome.text)")
    #expect(outcome.schema?.leftOutKeys == [#"O: " a""#])
    #expect(outcome.report?.changes[.unknownKeyDropped] == 1)
    #expect(outcome.schema?.tooWideForModels == [])
    options.keyLimit = 5
    let records = (0..<20).map { "{\"o\": {\"k\($0)\": \($0)}}" }.joined(separator: "\n")
    let wide = try InferProbe.infer(ndjson: records, options: options)
    #expect(wide.lines.contains("let o: [String: Int]"), "\(wide.text)")
    #expect(wide.schema?.tooWideForModels == ["/o"])
  }

  @Test("singular forms", arguments: [
    ("friends", "friend"), ("categories", "category"), ("statuses", "status"), ("addresses", "address"),
    ("people", "person"), ("news", "news"), ("data", "datum"), ("boxes", "box"), ("status", "status"), ("ids", "ids"),
  ])
  func singular(_ plural: String, _ single: String) {
    #expect(InferNames.singular(plural) == single)
  }
}
