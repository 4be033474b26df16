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
      let mark = allowed.contains(kind) ? ", allowed" : ""
      out += style.bold("\(kind.rawValue) (\(group.count)\(mark))") + style.dim("  \(kind.summary)") + "\n"
      for entry in group {
        let position = source.position(of: entry.offset)
        var line = "  \(entry.path.isEmpty ? "(root)" : entry.path)  " + style.dim("\(position)")
        if let record = entry.recordLine { line += style.dim(" (record line \(record))") }
        line += "  " + show(entry.before) + " → " + show(entry.after)
        if let outputPath = entry.outputPath { line += style.dim("  written at \(outputPath)") }
        out += line + "\n"
      }
    }
    return out
  }

  static func summary(_ report: RoundTripReport, counted: Int, input: String, target: String, allowed kinds: [LedgerKind] = []) -> String {
    if !report.summary.isValid {
      return "invalid: " + FindingRenderer.summary(report.summary, input: input, target: target)
    }
    let total = report.entries.count
    if total == 0 { return "lossless: no changes in \(input) (\(target))" }
    let allowed = total - counted
    return "\(DiagnosticRenderer.count(total, "change")) in \(input) (\(target))"
      + (allowed > 0 ? ", \(allowed) allowed (" + Self.allowedKinds(report, kinds) + ")" : "")
  }

  /// `default-filled ×4, value-normalized ×1`: what `--allow` let through, by kind.
  private static func allowedKinds(_ report: RoundTripReport, _ kinds: [LedgerKind]) -> String {
    LedgerKind.allCases.filter(kinds.contains).compactMap { kind in
      let count = report.entries.count { $0.kind == kind }
      return count > 0 ? "\(kind.rawValue) ×\(count)" : nil
    }.joined(separator: ", ")
  }

  static func json(_ report: RoundTripReport, source: DataSource, registry: ModelRegistry, allowed: [LedgerKind]) -> String {
    let entries = report.entries.map { entry -> JSONValue in
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
    return JSONWriter(style: .pretty(indent: 2)).write(
      .object([
        JSONMember(key: "valid", value: .bool(report.summary.isValid)),
        // NB: an invalid document was not round-tripped at all, so it is not lossless either.
        JSONMember(
          key: "lossless",
          value: .bool(report.summary.isValid && report.entries.allSatisfy { allowed.contains($0.kind) })),
        JSONMember(key: "entries", value: .array(entries)),
        // Why the records that did not decode are not in the ledger, as `validate` reports them.
        JSONMember(
          key: "rejected", value: .array(report.rejected.map { FindingJSON.value($0, data: source, registry: registry) })),
      ]))
  }

  /// A value for a ledger line: compact JSON, clipped; `(absent)` for nil.
  static func show(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    let text = JSONWriter(style: .compact).write(value)
    return text.count > 60 ? String(text.prefix(60)) + "…" : text
  }
}
