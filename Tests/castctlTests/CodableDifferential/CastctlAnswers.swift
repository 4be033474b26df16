import Foundation

/// castctl's side of the comparison: for one model and strategy, one `validate --format jsonl`
/// run over every document and one `convert --format jsonl` run over the ones the decoder
/// accepted.
struct CastctlAnswers {
  /// castctl's verdict on one document.
  struct Verdict {
    let valid: Bool
    /// The first error finding's code and JSON Pointer.
    let firstError: (code: String, path: String)?
    /// The `DecodingError` case and coding path castctl says `JSONDecoder` would report, when it
    /// writes that note.
    let decoderNote: (error: String, path: String)?
    /// Every error finding's path, in order.
    let errorPaths: [String]
    /// The line as castctl wrote it.
    let raw: String
  }

  let verdicts: [Verdict]
  /// `convert`'s output per document the decoder accepted (nil: castctl wrote a verdict instead).
  let converted: [String?]

  init(binary: URL, model: CorpusModel, strategyArguments: [String], documents: [String], acceptedDocuments: [String]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codable-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let schema = folder.appendingPathComponent("\(model.root).swift")
    try Data(model.source.utf8).write(to: schema)
    let common = ["--model", model.root, "--dialect", "codable", "--format", "jsonl"] + strategyArguments

    let all = folder.appendingPathComponent("all.ndjson")
    try Data(documents.map { $0 + "\n" }.joined().utf8).write(to: all)
    let validate = try ChildProcess(binary, ["validate", schema.path, all.path] + common, in: folder).finish(timeout: 60)
    let lines = validate.stdout.split(separator: "\n").map(String.init)
    guard lines.count == documents.count else {
      throw OracleFailure(description: "castctl validate \(model.root) wrote \(lines.count) lines for \(documents.count) documents: \(validate)")
    }
    verdicts = lines.map(Self.verdict)

    if acceptedDocuments.isEmpty {
      converted = []
      return
    }
    let accepted = folder.appendingPathComponent("accepted.ndjson")
    try Data(acceptedDocuments.map { $0 + "\n" }.joined().utf8).write(to: accepted)
    let convert = try ChildProcess(binary, ["convert", schema.path, accepted.path] + common, in: folder).finish(timeout: 60)
    let outputs = convert.stdout.split(separator: "\n").map(String.init)
    guard outputs.count == acceptedDocuments.count else {
      throw OracleFailure(description: "castctl convert \(model.root) wrote \(outputs.count) lines for \(acceptedDocuments.count) documents: \(convert)")
    }
    converted = outputs.map { line in
      let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      return object?["valid"] as? Bool == false && object?["line"] != nil ? nil : line
    }
  }

  /// The decoder's error as castctl states it in a `decoding-error` note, whose message reads
  /// `JSONDecoder throws this error first: keyNotFound("id", codingPath: a[0].b)`: the case, and
  /// the coding path (plus the missing key) as a JSON Pointer. A note may instead carry `case` and
  /// `codingPath` (a JSON Pointer) in a `decodingError` object.
  static func decoderNote(_ findings: [[String: Any]]) -> (error: String, path: String)? {
    // The note on the error the decoder throws, which need not be the first error listed.
    guard let note = findings.first(where: { $0["code"] as? String == "decoding-error" && ($0["message"] as? String)?.contains("first: ") == true }),
      let message = note["message"] as? String, let start = message.range(of: "first: ")
    else { return nil }
    let rest = message[start.upperBound...]
    let name = String(rest.prefix { $0.isLetter })
    // A structured pointer, when the note carries one, beats reading the Swift-style path back
    // (`b2b1.` and `name2.1.5` are ambiguous there).
    let view = note["decodingError"] as? [String: Any] ?? note
    if let pointer = view["codingPath"] as? String { return (view["case"] as? String ?? name, pointer) }
    guard let pathStart = rest.range(of: "codingPath: ") else { return (name, note["path"] as? String ?? "?") }
    let spelled = rest[pathStart.upperBound...].prefix { $0 != "," && $0 != ")" }
    var pointer = spelled == "[]" ? "" : pointerFrom(String(spelled))
    if name == "keyNotFound", let open = rest.firstIndex(of: "\""),
      let close = rest[rest.index(after: open)...].firstIndex(of: "\"") {
      pointer += "/" + rest[rest.index(after: open)..<close]
    }
    return (name, pointer)
  }

  /// `a.b[0].c` → `/a/b/0/c`.
  private static func pointerFrom(_ dotted: String) -> String {
    var out = ""
    for part in dotted.split(separator: ".") {
      let pieces = part.split(separator: "[", omittingEmptySubsequences: false)
      if let head = pieces.first, !head.isEmpty { out += "/" + head }
      for index in pieces.dropFirst() { out += "/" + index.filter { $0 != "]" } }
    }
    return out
  }

  private static func verdict(_ line: String) -> Verdict {
    let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    let findings = object["findings"] as? [[String: Any]] ?? []
    let errors = findings.filter { $0["severity"] as? String == "error" }
    let first = errors.first.map { (code: $0["code"] as? String ?? "?", path: $0["path"] as? String ?? "?") }
    return Verdict(
      valid: object["valid"] as? Bool ?? false, firstError: first, decoderNote: decoderNote(findings),
      errorPaths: errors.map { $0["path"] as? String ?? "?" }, raw: line)
  }
}
