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
    let machine = PikeMachine(pattern)
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
    for (run, low, high) in runs {
      // NB: taken out of the run once: asked through the run, the class was retained per scalar.
      let set = run.set
      let limit = run.max ?? Int.max
      var count = 0
      while let scalar = pending, count < limit {
        // ASCII members by their bits.
        let value = scalar.value
        let member = value < 128 ? (value < 64 ? low >> UInt64(value) : high >> UInt64(value & 63)) & 1 == 1 : set.contains(scalar)
        guard member else { break }
        count += 1
        pending = scalars.next()
      }
      guard count >= run.min else { return false }
    }
    return pending == nil
  }

  /// The scalar machine's answer on a `String`'s own scalars: the reference the byte automaton
  /// and the byte decoding must agree with.
  func scalarMatches(_ text: String) -> Bool {
    let machine = PikeMachine(pattern)
    var scalars = text.unicodeScalars.makeIterator()
    return machine.run(&scalars)
  }
}

/// A Pike VM: every thread of the NFA advances in lock step over the scalars, one list per
/// position, each program step at most once per list — so no input makes it backtrack. Its lists
/// live in one temporary allocation on the stack for the run (a value's check allocates nothing).
struct PikeMachine {
  private let program: [PatternInstruction]
  private let anchored: Bool

  init(_ pattern: Pattern) {
    program = pattern.program
    anchored = pattern.isAnchoredAtStart
  }

  /// True as soon as any thread reaches `.match`.
  func run(_ scalars: inout some IteratorProtocol<Unicode.Scalar>) -> Bool {
    let count = program.count
    // `seen`, the two lists and the stack of steps still to follow: every step is added to a
    // list at most once per position, and pushed at most twice per `add` (once for itself, once
    // by the split or jump before it).
    let room = 3 * count + 2 * count + 2
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: room) { memory -> Bool in
      guard let base = memory.baseAddress else { return false }
      var lists = PikeLists(seen: base, current: base + count, next: base + 2 * count, stack: base + 3 * count, count: count)
      return run(&scalars, &lists)
    }
  }

  private func run(_ scalars: inout some IteratorProtocol<Unicode.Scalar>, _ lists: inout PikeLists) -> Bool {
    // One scalar read ahead, to know when the current one is the last.
    var pending = scalars.next()
    if add(0, to: &lists, atStart: true, atEnd: pending == nil) { return true }
    lists.swap()
    while let scalar = pending {
      pending = scalars.next()
      let atEnd = pending == nil
      lists.advance()
      for index in 0..<lists.currentCount {
        let pc = lists.current[index]
        if reads(program[pc], scalar), add(pc + 1, to: &lists, atStart: false, atEnd: atEnd) { return true }
      }
      // Unanchored search: a new attempt starts at every position.
      if !anchored, add(0, to: &lists, atStart: false, atEnd: atEnd) { return true }
      lists.swap()
      if lists.currentCount == 0, anchored { return false }
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

  /// Adds `pc` and everything reachable from it without reading to the next list; true on
  /// `.match`.
  private func add(_ pc: Int, to lists: inout PikeLists, atStart: Bool, atEnd: Bool) -> Bool {
    var depth = 0
    lists.stack[0] = pc
    depth = 1
    while depth > 0 {
      depth -= 1
      let pc = lists.stack[depth]
      guard lists.seen[pc] != lists.generation else { continue }
      lists.seen[pc] = lists.generation
      switch program[pc] {
      case .scalar, .scalars: lists.appendNext(pc)
      case .jump(let target):
        lists.stack[depth] = target
        depth += 1
      case .split(let first, let second):
        lists.stack[depth] = second
        lists.stack[depth + 1] = first
        depth += 2
      case .start:
        if atStart {
          lists.stack[depth] = pc + 1
          depth += 1
        }
      case .end:
        if atEnd {
          lists.stack[depth] = pc + 1
          depth += 1
        }
      case .match: return true
      }
    }
    return false
  }
}

/// The Pike machine's lists in one piece of scratch memory: which list each step was last added
/// to, the steps waiting to read the current scalar and those for the next, and a stack.
private struct PikeLists {
  let seen: UnsafeMutablePointer<Int>
  var current: UnsafeMutablePointer<Int>
  var next: UnsafeMutablePointer<Int>
  let stack: UnsafeMutablePointer<Int>
  var currentCount = 0
  var nextCount = 0
  /// The list steps are being added to, as `seen` marks them.
  var generation = 0

  init(seen: UnsafeMutablePointer<Int>, current: UnsafeMutablePointer<Int>, next: UnsafeMutablePointer<Int>, stack: UnsafeMutablePointer<Int>, count: Int) {
    self.seen = seen
    self.current = current
    self.next = next
    self.stack = stack
    seen.initialize(repeating: -1, count: count)
  }

  /// Starts the next position's list.
  mutating func advance() {
    generation += 1
    nextCount = 0
  }

  mutating func appendNext(_ pc: Int) {
    next[nextCount] = pc
    nextCount += 1
  }

  /// The next position's list becomes the current one.
  mutating func swap() {
    (current, next) = (next, current)
    currentCount = nextCount
  }
}
