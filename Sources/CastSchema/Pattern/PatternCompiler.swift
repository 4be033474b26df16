/// Turns a `PatternNode` tree into `PatternInstruction`s, expanding counted repetition
/// (`x{2,4}` → `x x x? x?`). The program's size is computed before anything is emitted, so a
/// pattern whose expansion would be too large is refused without building it.
struct PatternCompiler {
  private(set) var program: [PatternInstruction] = []

  /// Compiles `node`, ending with `.match`; throws when the program would exceed `limit` steps.
  static func compile(_ node: PatternNode, limit: Int) throws(PatternError) -> [PatternInstruction] {
    guard size(of: node, cap: limit) < limit else {
      throw PatternError(
        "the pattern is too large once its repetitions are expanded (more than \(limit) steps)", at: 1)
    }
    var compiler = PatternCompiler()
    compiler.emit(node)
    compiler.program.append(.match)
    return compiler.program
  }

  /// Instructions `node` compiles to, saturating at `cap` (so nested counts cannot overflow).
  static func size(of node: PatternNode, cap: Int) -> Int {
    switch node {
    case .empty: return 0
    case .scalars, .start, .end: return 1
    case .sequence(let parts):
      return parts.reduce(0) { min(cap, $0 + size(of: $1, cap: cap)) }
    case .alternation(let branches):
      return min(cap, branches.reduce(2 * (branches.count - 1)) { min(cap, $0 + size(of: $1, cap: cap)) })
    case .repetition(let inner, let low, let high):
      let one = size(of: inner, cap: cap)
      let required = min(cap, low * one)
      guard let high else { return min(cap, required + (low == 0 ? one + 2 : 1)) }
      return min(cap, required + (high - low) * (one + 1))
    }
  }

  private mutating func emit(_ node: PatternNode) {
    switch node {
    case .empty: break
    case .scalars(let set):
      if let value = set.singleValue, let scalar = Unicode.Scalar(value) {
        program.append(.scalar(scalar))
      } else {
        program.append(.scalars(set))
      }
    case .start: program.append(.start)
    case .end: program.append(.end)
    case .sequence(let parts):
      for part in parts { emit(part) }
    case .alternation(let branches):
      emitAlternation(branches)
    case .repetition(let inner, let low, let high):
      emitRepetition(inner, low: low, high: high)
    }
  }

  /// `split(b1, next); b1; jump end; split(b2, next); b2; jump end; …; bn` — a loop, not
  /// recursion, so thousands of branches need no stack.
  private mutating func emitAlternation(_ branches: [PatternNode]) {
    var jumps: [Int] = []
    for branch in branches.dropLast() {
      let split = reserve()
      emit(branch)
      jumps.append(reserve())
      program[split] = .split(split + 1, program.count)
    }
    if let last = branches.last { emit(last) }
    for jump in jumps { program[jump] = .jump(program.count) }
  }

  private mutating func emitRepetition(_ inner: PatternNode, low: Int, high: Int?) {
    guard let high else {
      if low == 0 {
        // loop: split(body, out); body; jump loop
        let loop = reserve()
        emit(inner)
        program.append(.jump(loop))
        program[loop] = .split(loop + 1, program.count)
      } else {
        // x{n,}: n-1 copies, then body; split(body, out)
        for _ in 0..<(low - 1) { emit(inner) }
        let body = program.count
        emit(inner)
        program.append(.split(body, program.count + 1))
      }
      return
    }
    for _ in 0..<low { emit(inner) }
    for _ in 0..<(high - low) {
      // split(body, out); body
      let split = reserve()
      emit(inner)
      program[split] = .split(split + 1, program.count)
    }
  }

  /// A placeholder to patch once its targets are known.
  private mutating func reserve() -> Int {
    program.append(.match)
    return program.count - 1
  }
}
