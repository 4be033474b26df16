import Foundation
import Testing

@testable import CastValidate

/// One Codable record set: the `--map` paths it needs, and lines the inferred model must hold.
struct CodableInferCase: Sendable, CustomTestStringConvertible {
  let name: String
  /// NDJSON, one record per line.
  let records: String
  var maps: Set<String> = []
  /// Lines (trimmed) the output must contain.
  let lines: [String]
  var testDescription: String { name }
}

@Suite("castctl infer --dialect codable: what a Swift program declares")
struct InferCodableRuleTests {
  static func codable(maps: Set<String> = []) -> InferOptions {
    var options = InferOptions()
    options.dialect = .codable
    options.forcedMaps = maps
    return options
  }

  static let strategy = "//! date-decoding iso8601"

  /// JSONDecoder reads every `Date` by the one strategy, wherever it is: a date inside an array
  /// or a map needs the line as much as a property's own.
  static let datesInside: [CodableInferCase] = [
    CodableInferCase(name: "an array of dates", records: #"{"a": ["2024-03-01T08:30:00Z"]}"#, lines: [strategy, "let a: [Date]"]),
    CodableInferCase(
      name: "an array of dates and nulls", records: #"{"a": ["2024-03-01T08:30:00Z", null]}"#, lines: [strategy, "let a: [Date?]"]),
    CodableInferCase(name: "arrays of arrays of dates", records: #"{"a": [["2024-03-01T08:30:00Z"]]}"#, lines: [strategy, "let a: [[Date]]"]),
    CodableInferCase(
      name: "a map with integer keys", records: #"{"a": {"1": "2024-03-01T08:30:00Z"}}"#, lines: [strategy, "let a: [Int: Date]"]),
    CodableInferCase(
      name: "a map forced by --map", records: #"{"a": {"k": "2024-03-01T08:30:00Z"}}"#, maps: ["/a"], lines: [strategy, "let a: [String: Date]"]),
    CodableInferCase(
      name: "an optional array of dates, in a nested model", records: "{\"m\": {\"a\": [\"2024-03-01T08:30:00Z\"]}}\n{\"m\": {}}",
      lines: [strategy, "var a: [Date]?"]),
  ]

  @Test("a Date only inside an array or a map gets the date strategy line, and the model reads its records", arguments: datesInside)
  func dateStrategyForDatesInside(_ c: CodableInferCase) throws {
    let outcome = try InferProbe.infer(ndjson: c.records, options: Self.codable(maps: c.maps))
    for line in c.lines { #expect(outcome.lines.contains(line), "missing \(line) in:\n\(outcome.text)") }
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  @Test("no Date, no date strategy line")
  func noDateNoStrategy() throws {
    let outcome = try InferProbe.infer(ndjson: #"{"a": ["2024-03-01T08:30:00+01:00"], "b": {"1": 2}}"#, options: Self.codable())
    #expect(!outcome.text.contains("date-decoding"), "\(outcome.text)")
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))")
  }

  /// Keys that would name a model after a type a program decoding it uses (`JSONDecoder()`),
  /// and the name the model gets instead.
  static let shadowing: [(key: String, model: String)] = [
    ("JSONDecoder", "RootJSONDecoder"), ("JSONEncoder", "RootJSONEncoder"), ("decoder", "RootDecoder"), ("encoder", "RootEncoder"),
    ("result", "RootResult"), ("locale", "RootLocale"), ("timeZone", "RootTimeZone"), ("calendar", "RootCalendar"),
    ("never", "RootNever"), ("void", "RootVoid"), ("swift", "RootSwift"), ("foundation", "RootFoundation"),
    ("URL", "RootURL"), ("UUID", "RootUUID"), ("decimal", "RootDecimal"), ("set", "RootSet"), ("array", "RootArray"),
    ("dictionary", "RootDictionary"), ("optional", "RootOptional"), ("codable", "RootCodable"), ("decodable", "RootDecodable"),
    ("encodable", "RootEncodable"), ("codingKey", "RootCodingKey"), ("bool", "RootBool"), ("int64", "RootInt64"),
    ("double", "RootDouble"), ("float", "RootFloat"), ("character", "RootCharacter"), ("any", "RootAny"),
    ("anyObject", "RootAnyObject"), ("self", "RootSelf"), ("type", "RootType"), ("protocol", "RootProtocol"),
    ("NSNumber", "RootNSNumber"), ("NSObject", "RootNSObject"), ("data", "RootData"), ("error", "RootError"),
    ("decodingError", "RootDecodingError"), ("dateFormatter", "RootDateFormatter"),
  ]

  @Test("a model that would be named after a Swift or Foundation type takes its parent's name in front", arguments: shadowing)
  func clearOfSwiftTypes(_ key: String, _ model: String) throws {
    let outcome = try InferProbe.infer(ndjson: "{\"\(key)\": {\"a\": 1}}", options: Self.codable())
    #expect(outcome.lines.contains("struct \(model): Codable {"), "\(outcome.text)")
    #expect(outcome.report?.passed == true, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  @Test("--model-name refuses a Swift or Foundation type", arguments: ["JSONDecoder", "Result", "Locale", "Never", "Swift"])
  func modelNameClearOfSwiftTypes(_ name: String) {
    #expect(InferNames.problem(withModelName: name)?.contains("names a type castctl knows") == true)
  }
}
