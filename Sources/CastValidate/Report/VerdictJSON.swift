import CastSchema
import Foundation

/// The pipe mode's line for each input line (`--format jsonl`): `{"line": 7, "valid": false,
/// "findings": […]}` with findings as `--format json` writes them, `{"line": 3, "blank": true}`
/// for a blank line.
package enum VerdictJSON {
  /// The verdict of one line as a JSON object; `keep` chooses the findings shown (`--quiet`).
  package static func value(
    _ verdict: LineVerdict, data: DataSource, registry: ModelRegistry, keep: (Finding) -> Bool = { _ in true }
  ) -> JSONValue {
    let line = JSONMember(key: "line", value: .number(String(verdict.line)))
    switch verdict {
    case .blank:
      return .object([line, JSONMember(key: "blank", value: .bool(true))])
    case .record(let result):
      let findings = result.findings.filter(keep).map { FindingJSON.value($0, data: data, registry: registry) }
      return .object([line, JSONMember(key: "valid", value: .bool(result.isValid)), JSONMember(key: "findings", value: .array(findings))])
    case .malformed(let number, let lineStart, let error, _):
      let position = data.position(of: error.offset, line: number, lineStart: lineStart)
      let finding = FindingJSON.syntaxError(error.message, code: "malformed-json", at: position)
      return .object([line, JSONMember(key: "valid", value: .bool(false)), JSONMember(key: "findings", value: .array([finding]))])
    }
  }

  /// The line `--split` writes to its rejects file for a line that is not a valid record: the
  /// verdict with the record as read (`record`), or a malformed line's text (`text`, and its
  /// bytes in `base64` when they are not UTF-8, which a JSON string cannot hold; `truncated` when
  /// the line was cut, see `LineBatchReader`); nil for a valid record or a blank line.
  package static func reject(
    _ verdict: LineVerdict, data: DataSource, registry: ModelRegistry, keep: (Finding) -> Bool = { _ in true }
  ) -> JSONValue? {
    guard case .object(var members) = value(verdict, data: data, registry: registry, keep: keep) else { return nil }
    switch verdict {
    case .blank:
      return nil
    case .record(let result):
      guard !result.isValid else { return nil }
      // NB: the record was read once already; rejects are few, so reading it again costs little.
      let record = (try? JSONValue.parse(data.read(result.span.start..<result.span.end))) ?? .null
      members.insert(JSONMember(key: "record", value: record), at: 1)
    case .malformed(_, let lineStart, _, let cut):
      var text = data.read(lineStart..<data.size)
      if let end = text.firstIndex(of: UInt8(ascii: "\n")) { text.removeSubrange(end...) }
      if text.last == UInt8(ascii: "\r") { text.removeLast() }
      members.insert(JSONMember(key: "text", value: .string(String(decoding: text, as: UTF8.self))), at: 1)
      if String(validating: text, as: UTF8.self) == nil {
        members.insert(JSONMember(key: "base64", value: .string(Data(text).base64EncodedString())), at: 2)
      }
      if cut { members.insert(JSONMember(key: "truncated", value: .bool(true)), at: members.count - 2) }
    }
    return .object(members)
  }

  /// Appends the verdict on one line, with its newline.
  package static func write(
    _ verdict: LineVerdict, data: DataSource, registry: ModelRegistry, keep: (Finding) -> Bool = { _ in true }, into output: inout [UInt8]
  ) {
    JSONWriter(style: .compact).write(value(verdict, data: data, registry: registry, keep: keep), into: &output)
    output.append(UInt8(ascii: "\n"))
  }
}
