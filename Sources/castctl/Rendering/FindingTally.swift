import CastValidate
import CastSchema

/// `validate --summary`: findings counted by code and by path pattern (array indices as `*`), so
/// 30 coercions of every record's `id` read as one line, `coerced ×30 at /*/id`; of a code's
/// patterns the most frequent are shown, the rest counted in one line.
struct FindingTally {
  /// The findings of one code and severity, by pattern in order of first appearance.
  private struct Entry {
    let code: String
    let severity: Severity
    var patterns: [(pattern: String, count: Int)] = []
    /// Where each pattern is in `patterns`: a finding is counted in constant time, however many
    /// distinct paths a document has.
    var index: [String: Int] = [:]
    /// Findings at patterns met once `patternLimit` were held: counted, not told apart.
    var unlisted = 0
  }

  /// Patterns shown per code; the others are summed in one line.
  static let shownPatterns = 20

  /// Distinct patterns held per code: data whose keys are data (a new unknown key in every
  /// record) would otherwise hold every path it has.
  let patternLimit: Int

  private var entries: [Entry] = []

  /// An empty tally that tells apart up to `patternLimit` patterns per code.
  init(patternLimit: Int = 100_000) {
    self.patternLimit = patternLimit
  }

  mutating func add(_ finding: Finding) {
    let pattern = Self.pattern(finding.path)
    // NB: codes are few, so a scan finds the entry.
    let entryIndex =
      entries.firstIndex { $0.code == finding.code && $0.severity == finding.severity }
      ?? { entries.append(Entry(code: finding.code, severity: finding.severity)); return entries.count - 1 }()
    if let patternIndex = entries[entryIndex].index[pattern] {
      entries[entryIndex].patterns[patternIndex].count += 1
    } else if entries[entryIndex].patterns.count >= patternLimit {
      entries[entryIndex].unlisted += 1
    } else {
      entries[entryIndex].index[pattern] = entries[entryIndex].patterns.count
      entries[entryIndex].patterns.append((pattern, 1))
    }
  }

  /// A JSON Pointer with its array indices replaced by `*`.
  static func pattern(_ path: String) -> String {
    guard !path.isEmpty else { return "(root)" }
    return path.split(separator: "/", omittingEmptySubsequences: false).map { step in
      !step.isEmpty && step.allSatisfy(\.isASCIIDigitCharacter) ? "*" : String(step)
    }.joined(separator: "/")
  }

  /// One line per code and pattern, errors first, the most frequent patterns of each code first.
  func render(style: TextStyle) -> String {
    let ordered = entries.filter { $0.severity == .error } + entries.filter { $0.severity == .warning }
      + entries.filter { $0.severity == .note }
    var out = ""
    for entry in ordered {
      let label = style.severity(entry.severity, "\(entry.severity.rawValue)[\(entry.code)]")
      // NB: stable, so patterns of one count keep the order they were met in.
      let sorted = entry.patterns.enumerated().sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }.map(\.element)
      for (pattern, count) in sorted.prefix(Self.shownPatterns) {
        out += label + " ×\(count) at \(ControlCharacters.escaped(pattern))\n"
      }
      let rest = sorted.dropFirst(Self.shownPatterns)
      if entry.unlisted > 0 {
        out += label + " ×\(rest.reduce(entry.unlisted) { $0 + $1.count }) at more than \(rest.count) other paths"
          + " (past \(patternLimit) distinct paths, paths are not told apart)\n"
      } else if !rest.isEmpty {
        out += label + " ×\(rest.reduce(0) { $0 + $1.count }) at \(rest.count) other paths\n"
      }
    }
    return out
  }
}

extension Character {
  /// `0`–`9`.
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
