import CastSchema
import CastValidate

/// The text and JSON forms of a round-trip ledger.
enum LedgerText {
  /// Entries grouped by kind (in the order of `LedgerKind.allCases`), one line each.
  static func render(_ entries: [LedgerEntry], source: DataSource, style: TextStyle, allowed: [LedgerKind] = []) -> String {
    var out = ""
    for kind in LedgerKind.allCases {
      let group = entries.filter { $0.kind == kind }
      guard !group.isEmpty else { continue }
      out += header(kind, count: group.count, allowed: allowed.contains(kind), style: style)
      for entry in group { out += line(entry, source: source, style: style) }
    }
    return out
  }

  /// The line that opens a kind's group: its name, count and meaning.
  static func header(_ kind: LedgerKind, count: Int, allowed: Bool, style: TextStyle) -> String {
    style.bold("\(kind.rawValue) (\(count)\(allowed ? ", allowed" : ""))") + style.dim("  \(kind.summary)") + "\n"
  }

  /// One entry's line: where, what it was and what it became.
  static func line(_ entry: LedgerEntry, source: DataSource, style: TextStyle) -> String {
    let position = source.position(of: entry.offset)
    // NB: paths and values hold the data's keys and strings, which may hold any character.
    var line = "  \(entry.path.isEmpty ? "(root)" : ControlCharacters.escaped(entry.path))  " + style.dim("\(position)")
    if let record = entry.recordLine { line += style.dim(" (record line \(record))") }
    line += "  " + show(entry.before) + " → " + show(entry.after)
    if let outputPath = entry.outputPath { line += style.dim("  written at \(ControlCharacters.escaped(outputPath))") }
    return line + "\n"
  }

  /// How many entries there are of each kind.
  static func counts(_ entries: [LedgerEntry]) -> [LedgerKind: Int] {
    entries.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
  }

  /// The run's last line: invalid, lossless, or how many changes (and which were allowed).
  static func summary(
    _ summary: ValidationSummary, counts: [LedgerKind: Int], input: String, target: String, allowed kinds: [LedgerKind] = []
  ) -> String {
    if !summary.isValid {
      return "invalid: " + FindingRenderer.summary(summary, input: input, target: target)
    }
    let total = counts.values.reduce(0, +)
    if total == 0 { return "lossless: no changes in \(input) (\(target))" }
    let allowed = kinds.reduce(0) { $0 + counts[$1, default: 0] }
    return "\(DiagnosticRenderer.count(total, "change")) in \(input) (\(target))"
      + (allowed > 0 ? ", \(allowed) allowed (" + allowedKinds(counts, kinds) + ")" : "")
  }

  /// `default-filled ×4, value-normalized ×1`: what `--allow` let through, by kind.
  private static func allowedKinds(_ counts: [LedgerKind: Int], _ kinds: [LedgerKind]) -> String {
    LedgerKind.allCases.filter(kinds.contains).compactMap { kind in
      let count = counts[kind, default: 0]
      return count > 0 ? "\(kind.rawValue) ×\(count)" : nil
    }.joined(separator: ", ")
  }

  /// One entry of `--format json`'s `entries`.
  static func value(_ entry: LedgerEntry, source: DataSource, allowed: [LedgerKind]) -> JSONValue {
    let position = source.position(of: entry.offset)
    var members = [
      JSONMember(key: "kind", value: .string(entry.kind.rawValue)),
      JSONMember(key: "path", value: .string(entry.path)),
      JSONMember(key: "line", value: .number(String(position.line))),
      JSONMember(key: "column", value: .number(String(position.column))),
    ]
    // NB: an absent side is left out, so that it stays distinct from a null value.
    if let before = entry.before { members.append(JSONMember(key: "before", value: before)) }
    if let after = entry.after { members.append(JSONMember(key: "after", value: after)) }
    if let outputPath = entry.outputPath { members.append(JSONMember(key: "outputPath", value: .string(outputPath))) }
    if let record = entry.recordLine { members.append(JSONMember(key: "record", value: .number(String(record)))) }
    if allowed.contains(entry.kind) { members.append(JSONMember(key: "allowed", value: .bool(true))) }
    return .object(members)
  }

  /// A value for a ledger line: compact JSON, clipped; `(absent)` for nil.
  static func show(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    // NB: JSON escapes the controls below U+0020, not DEL or the C1 ones.
    let text = ControlCharacters.escaped(JSONWriter(style: .compact).write(value))
    return text.count > 60 ? String(text.prefix(60)) + "…" : text
  }
}
