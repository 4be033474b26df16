/// A JSON value printed as compact JSON text (`{"a":[1,"x"]}`), as castctl's reports show values.
extension JSONValue: CustomStringConvertible {
  /// NB: the writer recurses once per level: a deep value (read with a raised `maxDepth`) is
  /// written where the stack has room for it, as `DecodedValue.json` is.
  public var description: String {
    // NB: counted only where the stack may be short: the command line's thread has room for any
    // value castctl reads, and counting walks the whole value once more.
    let depth = StackRoom.hasRoom(forDepth: JSONScanner.maxDepthLimit + 1) ? 1 : nesting
    return StackRoom.run(depth: depth) { JSONWriter(style: .compact).write(self) }
  }

  /// How deeply arrays and objects nest in the value, counted without recursion.
  var nesting: Int {
    var deepest = 0
    var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
    while let (value, depth) = pending.popLast() {
      deepest = max(deepest, depth)
      switch value {
      case .array(let items): pending += items.map { ($0, depth + 1) }
      case .object(let members): pending += members.map { ($0.value, depth + 1) }
      default: break
      }
    }
    return deepest
  }
}
