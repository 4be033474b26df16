import Foundation
import Testing

/// `--date-decoding` on the command line: a codable model's dates read in the strategy's JSON type
/// (validate) and written as `JSONEncoder` writes them (convert).
@Suite struct DateDecodingCommandTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let strategy: String
    let value: String
    let status: Int32
    /// What `convert --compact` writes for a valid value.
    var output: String?

    var testDescription: String { "--date-decoding \(strategy) \(value) → \(status)" }
  }

  static let rows: [Row] = [
    Row(strategy: "deferred-to-date", value: "12.5", status: 0, output: #"{"d":12.5}"#),
    Row(strategy: "deferred-to-date", value: #""2020-01-02T03:04:05Z""#, status: 1),
    Row(strategy: "seconds-since-1970", value: "12.5", status: 0, output: #"{"d":12.5}"#),
    Row(strategy: "secondsSince1970", value: #""12""#, status: 1),
    Row(strategy: "iso8601", value: #""2020-01-02T03:04:05.123Z""#, status: 0, output: #"{"d":"2020-01-02T03:04:05Z"}"#),
    Row(strategy: "iso8601", value: "12.5", status: 1),
    Row(strategy: "formatted:yyyy-MM-dd", value: #""2020-01-02""#, status: 0, output: #"{"d":"2020-01-02"}"#),
    Row(strategy: "formatted:yyyy-MM-dd", value: #""2020-01-02T03:04:05Z""#, status: 1),
  ]

  @Test("validate and convert follow the date strategy", arguments: rows)
  func followsStrategy(row: Row) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-dates-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let model = folder.appendingPathComponent("Event.swift")
    try Data("struct Event: Codable { let d: Date }\n".utf8).write(to: model)
    let json = #"{"d": \#(row.value)}"#
    let validate = try CastctlProcess.run(["validate", model.path, "-", "--date-decoding", row.strategy], stdin: json)
    #expect(validate.status == row.status, "\(validate.stdout)")
    guard let output = row.output else { return }
    let convert = try CastctlProcess.run(["convert", model.path, "-", "--compact", "--date-decoding", row.strategy], stdin: json)
    #expect(convert.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == output)
  }

  @Test("an unknown strategy is a usage error")
  func unknownStrategy() throws {
    let output = try CastctlProcess.run(["validate", "users.cast", "users.json", "--date-decoding", "tomorrow"])
    #expect(output.status == 64)
  }
}
