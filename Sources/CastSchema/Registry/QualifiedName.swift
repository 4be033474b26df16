/// Dotted type names (`Foundation.URL`, `Outer.Inner`): types are looked up by their last part.
enum QualifiedName {
  /// The part after the last dot, or the name itself when it has no dot.
  static func lastPart(of name: String) -> String {
    guard hasDot(name) else { return name }
    return name.split(separator: ".").last.map(String.init) ?? name
  }

  /// Whether the name has a dot at all: nearly every name has none.
  // NB: over the bytes in place; `String.UTF8View.contains` steps through the view's indices.
  static func hasDot(_ name: String) -> Bool {
    name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) }
      ?? name.utf8.contains(UInt8(ascii: "."))
  }
}
