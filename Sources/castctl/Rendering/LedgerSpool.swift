import CastSchema
import CastValidate

/// The ledger of a `roundtrip` run, put together as its records are compared: each entry is
/// rendered at once into a spool (its kind's for text, whose groups come in kind order; one for
/// JSON, in record order), so that a ledger of millions of changes takes disk, not memory.
final class LedgerSpool {
  private let source: DataSource
  private let registry: ModelRegistry
  private let style: TextStyle
  private let allowed: [LedgerKind]
  private let json: Bool
  /// How many entries there are of each kind.
  private(set) var counts: [LedgerKind: Int] = [:]
  /// Text: each kind's lines.
  private var groups: [LedgerKind: ByteSpool] = [:]
  /// JSON: the `entries` and `rejected` arrays.
  private var entries: FindingJSONArray
  private var rejected: FindingJSONArray
  /// How many bytes of text each kind holds in memory before its spool moves to a file.
  private let groupMemory: Int

  /// An empty ledger of `source`, for `--format json` when `json`, else text in `style`. Each
  /// kind's text holds `memoryLimit` / 8 bytes in memory (fourteen kinds stay near the JSON's
  /// `memoryLimit`), the rest in a temporary file.
  init(
    json: Bool, source: DataSource, registry: ModelRegistry, style: TextStyle, allowed: [LedgerKind],
    memoryLimit: Int = 8 << 20
  ) {
    self.json = json
    self.source = source
    self.registry = registry
    self.style = style
    self.allowed = allowed
    entries = FindingJSONArray(memoryLimit: memoryLimit)
    rejected = FindingJSONArray(memoryLimit: memoryLimit)
    groupMemory = max(memoryLimit / 8, 1)
  }

  /// Whether every entry is of an allowed kind.
  var isLossless: Bool { counts.allSatisfy { allowed.contains($0.key) } }

  /// A record's entries.
  func add(_ recordEntries: [LedgerEntry]) {
    for entry in recordEntries {
      counts[entry.kind, default: 0] += 1
      if json {
        entries.append(LedgerText.value(entry, source: source, allowed: allowed))
      } else {
        let group = groups[entry.kind] ?? ByteSpool(memoryLimit: groupMemory)
        groups[entry.kind] = group
        group.append(contentsOf: Array(LedgerText.line(entry, source: source, style: style).utf8))
      }
    }
  }

  /// The findings of a record that did not decode, for `--format json` (text reports them on
  /// standard error as they come).
  func reject(_ findings: [Finding]) {
    for finding in findings { rejected.append(finding, data: source, registry: registry) }
  }

  /// Hands the ledger and its last line (text), or the JSON document, to `body` a piece at a time.
  /// After malformed input (`malformed`, the JSON report's member) the text has no last line, and
  /// the JSON document says where the input broke off.
  func write(
    summary: ValidationSummary, input: String, target: String, malformed: JSONValue? = nil,
    _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    guard json else {
      for kind in LedgerKind.allCases {
        guard let count = counts[kind], let group = groups[kind] else { continue }
        Array(LedgerText.header(kind, count: count, allowed: allowed.contains(kind), style: style).utf8).withUnsafeBytes(body)
        group.forEachPiece(body)
      }
      guard malformed == nil else { return }
      let line = LedgerText.summary(summary, counts: counts, input: input, target: target, allowed: allowed)
      return Array((line + "\n").utf8).withUnsafeBytes(body)
    }
    // NB: an invalid document was not round-tripped at all, so it is not lossless either.
    let valid = summary.isValid && malformed == nil
    var flags = [
      JSONMember(key: "valid", value: .bool(valid)),
      JSONMember(key: "lossless", value: .bool(valid && isLossless)),
    ]
    if let malformed { flags.append(JSONMember(key: "malformed", value: malformed)) }
    // `rejected`: why the records that did not decode are not in the ledger, as `validate`
    // reports them.
    FindingJSONArray.writeDocument(flags, arrays: [("entries", entries), ("rejected", rejected)], body)
    Array("\n".utf8).withUnsafeBytes(body)
  }
}
