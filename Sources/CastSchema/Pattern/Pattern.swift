/// A `//! pattern`, parsed and compiled for a matcher that runs in time linear in the string's
/// length (a Thompson NFA simulated as a Pike VM, in CastValidate): no input can make it
/// backtrack. It searches the whole string for a match anywhere; anchor with `^…$`.
///
/// The subset, over Unicode scalars (docs/patterns.md): literals and escapes (`\n \t \r \f \v \0`,
/// `\xHH`, `\uHHHH`, `\u{…}`, any escaped punctuation); `.` (any scalar but `\n` and `\r`);
/// classes `[a-z]`, `[^…]`; `\d \w \s` (ASCII digits, ASCII word characters, Unicode white space)
/// and their negations `\D \W \S`; anchors `^ $` (start and end of the string); groups `( )`,
/// `(?: )`, `(?<name> )`; alternation `|`; quantifiers `* + ? {m} {m,} {m,n} {,n}`, each of which
/// may be followed by `?` (lazy: the same strings match). Counts are at most `maxRepetition`,
/// groups nest at most `maxNesting` deep, and the expanded program has at most `maxProgramSize`
/// steps. Backreferences, lookaround, word boundaries, Unicode properties, inline options and
/// possessive quantifiers are errors.
package struct Pattern: Sendable, Equatable {
  /// The pattern as written.
  package let text: String
  /// The compiled program; it ends with `.match`.
  package let program: [PatternInstruction]
  /// True when every match starts at the start of the string, so the matcher need not try later
  /// starting points.
  package let isAnchoredAtStart: Bool
  /// The pattern as runs of one class each, when it is `^`, such runs, `$` (`^[a-z]{1,255}$`,
  /// `^[A-Z]{2}[0-9]{3,5}$`) and each run of many lengths is followed by none or one of a class
  /// it shares no scalar with: then the string's scalars decide where each run ends, and a
  /// match is read run by run, without the program (whose size grows with the counts).
  package let classRuns: [ClassRun]?

  /// One run of `ClassRun.set`'s scalars, `min` to `max` of them (`max` nil: any number).
  package struct ClassRun: Sendable, Equatable {
    package let set: ScalarSet
    package let min: Int
    package let max: Int?
  }

  /// The largest count in `{m,n}`.
  package static let maxRepetition = 1000
  /// The deepest nesting of groups.
  package static let maxNesting = 100
  /// The most instructions a pattern may compile to; bounds the matcher's work per scalar.
  package static let maxProgramSize = 10_000

  /// Parses and compiles `text`.
  package init(_ text: String) throws(PatternError) {
    var parser = PatternParser(text)
    let node = try parser.parse()
    self.text = text
    self.program = try PatternCompiler.compile(node, limit: Self.maxProgramSize)
    self.isAnchoredAtStart = Self.startsWithAnchor(node)
    self.classRuns = Self.classRuns(of: node)
  }

  /// `classRuns`' runs of `node`, or nil when it is no such pattern.
  private static func classRuns(of node: PatternNode) -> [ClassRun]? {
    guard case .sequence(let parts) = node, parts.first == .start, parts.last == .end, parts.count > 2 else { return nil }
    var runs: [ClassRun] = []
    for part in parts.dropFirst().dropLast() {
      switch part {
      case .scalars(let set): runs.append(ClassRun(set: set, min: 1, max: 1))
      case .repetition(.scalars(let set), let min, let max): runs.append(ClassRun(set: set, min: min, max: max))
      default: return nil
      }
    }
    // A run of a variable length takes all it can: right only when no scalar it takes could be
    // one a later run needs, so its class is disjoint from every run it may meet (those after it,
    // up to and including the first that must take one; `[a-z]+[0-9]?[a-z]` is no such pattern).
    for (index, run) in runs.enumerated() where run.min != run.max {
      for next in runs[(index + 1)...] {
        guard run.set.isDisjoint(with: next.set) else { return nil }
        if next.min > 0 { break }
      }
    }
    return runs
  }

  /// Why `text` cannot be used as a pattern, or nil when it can.
  package static func problem(in text: String) -> PatternError? {
    do {
      _ = try Pattern(text)
      return nil
    } catch {
      return error
    }
  }

  private static func startsWithAnchor(_ node: PatternNode) -> Bool {
    switch node {
    case .start: true
    case .sequence(let parts): parts.first.map(startsWithAnchor) ?? false
    case .alternation(let branches): branches.allSatisfy(startsWithAnchor)
    default: false
    }
  }
}
