import CastSchema

/// A pattern's program run over the bytes of an ASCII string as a bit-parallel NFA: the threads
/// waiting to read are a bit set of the program's reading steps, and what each step leads to
/// without reading is worked out once, here, rather than per string. It gives `PikeMachine`'s
/// answer on ASCII text (where every byte is one scalar) and allocates nothing per string.
// NB: a class, so that a check holding it costs one reference count, not one per table.
final class ASCIIAutomaton: Sendable {
  /// Words per state set.
  let words: Int
  /// Per byte value 0–127, the reading steps that accept it (`words` words each).
  private let accepts: [UInt64]
  /// Per reading step, the steps waiting after it has read a byte that is not the last one.
  private let follow: [UInt64]
  /// Per reading step: reading a byte that is not the last one reaches `.match`.
  private let followMatches: [Bool]
  /// Per reading step: reading the last byte reaches `.match`.
  private let followMatchesAtEnd: [Bool]
  /// The steps waiting before the first byte of a non-empty string.
  private let initial: [UInt64]
  /// `.match` is reached before reading anything: in a non-empty string, and in the empty one.
  private let initialMatches: Bool
  private let emptyMatches: Bool
  /// For an unanchored pattern, the new attempt started after every byte: its steps (after a
  /// byte that is not the last one) and whether it matches at once, there or at the end.
  private let restart: [UInt64]
  private let restartMatches: Bool
  private let restartMatchesAtEnd: Bool
  private let anchored: Bool
  /// The fewest scalars any match reads: a shorter string cannot hold one.
  let minimumLength: Int

  /// The most reading steps compiled to tables; a larger program is run by `PikeMachine`.
  static let maxSteps = 1024

  init?(_ pattern: Pattern) {
    let program = pattern.program
    var stepIndex = [Int](repeating: -1, count: program.count)
    var stepCount = 0
    for (pc, instruction) in program.enumerated() {
      switch instruction {
      case .scalar, .scalars:
        stepIndex[pc] = stepCount
        stepCount += 1
      default: break
      }
    }
    guard stepCount <= Self.maxSteps else { return nil }
    let words = max(1, (stepCount + 63) / 64)
    self.words = words
    anchored = pattern.isAnchoredAtStart

    var accepts = [UInt64](repeating: 0, count: 128 * words)
    for (pc, instruction) in program.enumerated() where stepIndex[pc] >= 0 {
      let step = stepIndex[pc]
      for byte in 0..<128 {
        let scalar = Unicode.Scalar(UInt8(byte))
        let reads: Bool
        switch instruction {
        case .scalar(let expected): reads = expected == scalar
        case .scalars(let set): reads = set.contains(scalar)
        default: reads = false
        }
        if reads { accepts[byte * words + step / 64] |= 1 << UInt64(step % 64) }
      }
    }
    self.accepts = accepts

    /// The reading steps reachable from `pc` without reading, and whether `.match` is.
    func closure(_ start: Int, atStart: Bool, atEnd: Bool) -> (set: [UInt64], matches: Bool) {
      var set = [UInt64](repeating: 0, count: words)
      var seen = [Bool](repeating: false, count: program.count)
      var stack = [start]
      var matches = false
      while let pc = stack.popLast() {
        guard pc < program.count, !seen[pc] else { continue }
        seen[pc] = true
        switch program[pc] {
        case .scalar, .scalars: set[stepIndex[pc] / 64] |= 1 << UInt64(stepIndex[pc] % 64)
        case .jump(let target): stack.append(target)
        case .split(let first, let second): stack.append(contentsOf: [second, first])
        case .start: if atStart { stack.append(pc + 1) }
        case .end: if atEnd { stack.append(pc + 1) }
        case .match: matches = true
        }
      }
      return (set, matches)
    }

    var follow = [UInt64](repeating: 0, count: stepCount * words)
    var followMatches = [Bool](repeating: false, count: stepCount)
    var followMatchesAtEnd = [Bool](repeating: false, count: stepCount)
    for (pc, step) in stepIndex.enumerated() where step >= 0 {
      let middle = closure(pc + 1, atStart: false, atEnd: false)
      follow.replaceSubrange(step * words..<(step + 1) * words, with: middle.set)
      followMatches[step] = middle.matches
      followMatchesAtEnd[step] = closure(pc + 1, atStart: false, atEnd: true).matches
    }
    self.follow = follow
    self.followMatches = followMatches
    self.followMatchesAtEnd = followMatchesAtEnd
    let start = closure(0, atStart: true, atEnd: false)
    initial = start.set
    initialMatches = start.matches
    emptyMatches = closure(0, atStart: true, atEnd: true).matches
    let again = closure(0, atStart: false, atEnd: false)
    restart = again.set
    restartMatches = again.matches
    restartMatchesAtEnd = closure(0, atStart: false, atEnd: true).matches
    minimumLength = Self.shortestMatch(program)
  }

  /// The fewest reading steps from the first instruction to `.match`, anchors taken as passable
  /// (so it is a lower bound): a breadth-first search, one layer per scalar read.
  private static func shortestMatch(_ program: [PatternInstruction]) -> Int {
    var seen = [Bool](repeating: false, count: program.count)
    var layer = [0]
    var length = 0
    while !layer.isEmpty {
      var reading: [Int] = []
      var stack = layer
      while let pc = stack.popLast() {
        guard pc < program.count, !seen[pc] else { continue }
        seen[pc] = true
        switch program[pc] {
        case .match: return length
        case .scalar, .scalars: reading.append(pc + 1)
        case .jump(let target): stack.append(target)
        case .split(let first, let second): stack.append(contentsOf: [first, second])
        case .start, .end: stack.append(pc + 1)
        }
      }
      layer = reading
      length += 1
    }
    return 0
  }

  /// Whether the pattern matches somewhere in `bytes`, every one of which is below 0x80.
  func matches(ascii bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    if count == 0 { return emptyMatches }
    if initialMatches { return true }
    if count < minimumLength { return false }
    if words == 1 { return matchesInOneWord(bytes) }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * words) { scratch in
      let words = self.words
      var current = scratch.baseAddress.unsafelyUnwrapped
      var next = current + words
      for word in 0..<words { current[word] = initial[word] }
      for index in 0..<count {
        let byte = Int(bytes[index])
        let atEnd = index == count - 1
        var any: UInt64 = 0
        for word in 0..<words { next[word] = 0 }
        for word in 0..<words {
          var active = current[word] & accepts[byte * words + word]
          while active != 0 {
            let step = word * 64 + active.trailingZeroBitCount
            active &= active - 1
            if atEnd {
              if followMatchesAtEnd[step] { return true }
              continue
            }
            if followMatches[step] { return true }
            for target in 0..<words { next[target] |= follow[step * words + target] }
          }
        }
        if !anchored {
          if atEnd { return restartMatchesAtEnd }
          if restartMatches { return true }
          for word in 0..<words { next[word] |= restart[word] }
        }
        for word in 0..<words { any |= next[word] }
        if any == 0, anchored { return false }
        swap(&current, &next)
      }
      return false
    }
  }

  /// `matches(ascii:)` for a program of at most 64 reading steps: the state set is one word.
  private func matchesInOneWord(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var current = initial[0]
    for index in 0..<count {
      var active = current & accepts[Int(bytes[index])]
      let atEnd = index == count - 1
      var next: UInt64 = 0
      while active != 0 {
        let step = active.trailingZeroBitCount
        active &= active - 1
        if atEnd {
          if followMatchesAtEnd[step] { return true }
          continue
        }
        if followMatches[step] { return true }
        next |= follow[step]
      }
      if !anchored {
        if atEnd { return restartMatchesAtEnd }
        if restartMatches { return true }
        next |= restart[0]
      }
      if next == 0, anchored { return false }
      current = next
    }
    return false
  }
}
