import CastSchema

/// A compiled `//! pattern`: finds a match anywhere in a string (anchor with `^…$`), in time
/// proportional to the string's length times the program's size, whatever the pattern.
package struct PatternMatcher: Sendable {
  /// The compiled pattern.
  let pattern: Pattern
  /// The same program over ASCII bytes (nil for a program too large for its tables).
  let automaton: ASCIIAutomaton?
  /// `Pattern.classRuns`, each run's ASCII members as two words of bits: the runs are read
  /// without the program.
  let runs: [(run: Pattern.ClassRun, low: UInt64, high: UInt64)]?

  /// Compiles `text`; nil when it is not in castctl's subset (loading already reported it).
  package init?(_ text: String) {
    guard let pattern = try? Pattern(text) else { return nil }
    self.init(pattern)
  }

  /// Wraps a compiled pattern.
  init(_ pattern: Pattern) {
    self.pattern = pattern
    runs = pattern.classRuns.map { runs in
      runs.map { run in
        var (low, high): (UInt64, UInt64) = (0, 0)
        for byte in 0..<128 where run.set.contains(Unicode.Scalar(UInt8(byte))) {
          if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return (run, low, high)
      }
    }
    // NB: a program of class runs is read run by run; its automaton (as large as its counts) is
    // not made.
    automaton = runs == nil ? ASCIIAutomaton(pattern) : nil
  }

  /// Whether the pattern matches somewhere in `text`.
  package func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { matches(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Whether the pattern matches somewhere in the text of well-formed UTF-8 `bytes`: an ASCII
  /// string on the automaton, any other by the scalar machine (the reference).
  func matches(utf8 bytes: UnsafeRawBufferPointer) -> Bool {
    if let runs {
      if ASCIIText.isASCII(bytes) { return Self.matches(runs, ascii: bytes) }
      var scalars = UTF8Scalars(bytes)
      return Self.matches(runs, &scalars)
    }
    if let automaton, ASCIIText.isASCII(bytes) { return automaton.matches(ascii: bytes) }
    var machine = PikeMachine(pattern)
    var scalars = UTF8Scalars(bytes)
    return machine.run(&scalars)
  }

  /// Class runs over ASCII bytes: each run takes as many bytes of its class as it may, and the
  /// string must end with the last.
  private static func matches(_ runs: [(run: Pattern.ClassRun, low: UInt64, high: UInt64)], ascii bytes: UnsafeRawBufferPointer) -> Bool {
    var index = 0
    for (run, low, high) in runs {
      let limit = run.max.map { min(bytes.count, index + $0) } ?? bytes.count
      let start = index
      while index < limit {
        let byte = bytes[index]
        guard (byte < 64 ? low >> UInt64(byte) : high >> UInt64(byte & 63)) & 1 == 1 else { break }
        index += 1
      }
      guard index - start >= run.min else { return false }
    }
    return index == bytes.count
  }

  /// Class runs over any scalars, as over bytes.
  private static func matches(
    _ runs: [(run: Pattern.ClassRun, low: UInt64, high: UInt64)], _ scalars: inout some IteratorProtocol<Unicode.Scalar>
  ) -> Bool {
    var pending = scalars.next()
    for run in runs {
      var count = 0
      while let scalar = pending, run.run.max.map({ count < $0 }) ?? true, Self.contains(scalar, run) {
        count += 1
        pending = scalars.next()
      }
      guard count >= run.run.min else { return false }
    }
    return pending == nil
  }

  /// Whether a run's class holds `scalar`: its ASCII members by their bits.
  @inline(__always)
  private static func contains(_ scalar: Unicode.Scalar, _ run: (run: Pattern.ClassRun, low: UInt64, high: UInt64)) -> Bool {
    let value = scalar.value
    guard value < 128 else { return run.run.set.contains(scalar) }
    return (value < 64 ? run.low >> UInt64(value) : run.high >> UInt64(value & 63)) & 1 == 1
  }

  /// The scalar machine's answer on a `String`'s own scalars: the reference the byte automaton
  /// and the byte decoding must agree with.
  func scalarMatches(_ text: String) -> Bool {
    var machine = PikeMachine(pattern)
    var scalars = text.unicodeScalars.makeIterator()
    return machine.run(&scalars)
  }
}

/// A Pike VM: every thread of the NFA advances in lock step over the scalars, one list per
/// position, each program step at most once per list — so no input makes it backtrack.
struct PikeMachine {
  private let program: [PatternInstruction]
  private let anchored: Bool
  /// The list generation each step was last added in (dedupes steps within one list).
  private var seen: [Int]
  private var generation = 0
  /// Scratch for following jumps and splits without recursion.
  private var stack: [Int] = []

  init(_ pattern: Pattern) {
    program = pattern.program
    anchored = pattern.isAnchoredAtStart
    seen = [Int](repeating: -1, count: pattern.program.count)
  }

  /// True as soon as any thread reaches `.match`.
  mutating func run(_ scalars: inout some IteratorProtocol<Unicode.Scalar>) -> Bool {
    // Program counters waiting to read the current scalar, and those for the next one.
    var current: [Int] = []
    var next: [Int] = []
    current.reserveCapacity(program.count)
    next.reserveCapacity(program.count)
    // One scalar read ahead, to know when the current one is the last.
    var pending = scalars.next()
    generation = 0
    if add(0, to: &current, atStart: true, atEnd: pending == nil) { return true }
    while let scalar = pending {
      pending = scalars.next()
      let atEnd = pending == nil
      generation += 1
      next.removeAll(keepingCapacity: true)
      for pc in current where reads(program[pc], scalar) {
        if add(pc + 1, to: &next, atStart: false, atEnd: atEnd) { return true }
      }
      // Unanchored search: a new attempt starts at every position.
      if !anchored, add(0, to: &next, atStart: false, atEnd: atEnd) { return true }
      swap(&current, &next)
      if current.isEmpty, anchored { return false }
    }
    return false
  }

  /// Whether a consuming step accepts `scalar` (the non-consuming ones never wait in a list).
  private func reads(_ instruction: PatternInstruction, _ scalar: Unicode.Scalar) -> Bool {
    switch instruction {
    case .scalar(let expected): expected == scalar
    case .scalars(let set): set.contains(scalar)
    default: false
    }
  }

  /// Adds `pc` and everything reachable from it without reading to `list`; true on `.match`.
  private mutating func add(_ pc: Int, to list: inout [Int], atStart: Bool, atEnd: Bool) -> Bool {
    stack.append(pc)
    while let pc = stack.popLast() {
      guard seen[pc] != generation else { continue }
      seen[pc] = generation
      switch program[pc] {
      case .scalar, .scalars: list.append(pc)
      case .jump(let target): stack.append(target)
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .start: if atStart { stack.append(pc + 1) }
      case .end: if atEnd { stack.append(pc + 1) }
      case .match:
        stack.removeAll(keepingCapacity: true)
        return true
      }
    }
    return false
  }
}
