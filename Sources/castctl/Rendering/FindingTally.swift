import CastValidate
import CastSchema

/// `validate --summary`: findings counted by code and by path pattern (array indices as `*`), so
/// 30 coercions of every record's `id` read as one line, `coerced ×30 at /*/id`.
struct FindingTally {
  /// Per code, in order of first appearance: per pattern, the count and the severity.
  private var counts: [(code: String, severity: Severity, patterns: [(pattern: String, count: Int)])] = []

  mutating func add(_ finding: Finding) {
    let pattern = Self.pattern(finding.path)
    guard let codeIndex = counts.firstIndex(where: { $0.code == finding.code && $0.severity == finding.severity }) else {
      counts.append((finding.code, finding.severity, [(pattern, 1)]))
      return
    }
    if let patternIndex = counts[codeIndex].patterns.firstIndex(where: { $0.pattern == pattern }) {
      counts[codeIndex].patterns[patternIndex].count += 1
    } else {
      counts[codeIndex].patterns.append((pattern, 1))
    }
  }

  /// A JSON Pointer with its array indices replaced by `*`.
  static func pattern(_ path: String) -> String {
    guard !path.isEmpty else { return "(root)" }
    return path.split(separator: "/", omittingEmptySubsequences: false).map { step in
      !step.isEmpty && step.allSatisfy(\.isASCIIDigitCharacter) ? "*" : String(step)
    }.joined(separator: "/")
  }

  /// One line per code and pattern, errors first.
  func render(style: TextStyle) -> String {
    let ordered = counts.filter { $0.severity == .error } + counts.filter { $0.severity == .warning }
      + counts.filter { $0.severity == .note }
    var out = ""
    for entry in ordered {
      for (pattern, count) in entry.patterns.sorted(by: { $0.count > $1.count }) {
        out += style.severity(entry.severity, "\(entry.severity.rawValue)[\(entry.code)]") + " ×\(count) at \(pattern)\n"
      }
    }
    return out
  }
}

extension Character {
  /// `0`–`9`.
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
