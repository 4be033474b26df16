import CastValidate
import Foundation

/// The counts one file of a many-file run contributes to the summary at the end: written by the
/// run for that file (`--worker-counts FILE`, hidden) and read back by the run that started it.
final class WorkerCounts {
  var records = 0
  var invalidRecords = 0
  /// Findings by code, every severity, before `--quiet` or `--max-warnings` hide any.
  var byCode: [String: Int] = [:]

  init() {}

  /// Counts one record's result.
  func add(_ result: RecordResult) {
    records += 1
    if !result.isValid { invalidRecords += 1 }
    for finding in result.findings { byCode[finding.code, default: 0] += 1 }
  }

  /// Counts the syntax error that ended the file, and the records read before it (a stream hands
  /// on only those with findings).
  func addMalformed(code: String, readBefore: ValidationSummary) {
    records = readBefore.records
    invalidRecords = readBefore.invalidRecords
    byCode[code, default: 0] += 1
  }

  /// The counts as one JSON document.
  var json: String {
    let codes = byCode.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .number(String($0.value))) }
    return JSONWriter(style: .compact).write(
      .object([
        JSONMember(key: "records", value: .number(String(records))),
        JSONMember(key: "invalidRecords", value: .number(String(invalidRecords))),
        JSONMember(key: "byCode", value: .object(codes)),
      ]))
  }

  /// Writes the counts to `path` (`/dev/fd/3`, given by the parent); a failure only costs the
  /// summary this file's numbers.
  func write(to path: String) {
    let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = BackgroundWriter.writeAll(Array(json.utf8), to: descriptor)
    close(descriptor)
  }

  /// The counts a worker wrote, or empty counts when it wrote none (it ended before its data).
  static func read(_ bytes: [UInt8]) -> WorkerCounts {
    let counts = WorkerCounts()
    guard case .object(let members)? = try? JSONValue.parse(bytes)
    else { return counts }
    for member in members {
      switch (member.key, member.value) {
      case ("records", .number(let text)): counts.records = Int(text) ?? 0
      case ("invalidRecords", .number(let text)): counts.invalidRecords = Int(text) ?? 0
      case ("byCode", .object(let codes)):
        for code in codes { if case .number(let text) = code.value { counts.byCode[code.key] = Int(text) ?? 0 } }
      default: break
      }
    }
    return counts
  }
}
