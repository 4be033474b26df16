/// One `/`-separated component of a key path: a key, optionally with an array index (`second[1]`).
package struct KeyComponent: Sendable, Hashable {
  /// The object key.
  package var key: String
  /// `[n]` after the key: index into the array stored at `key`.
  package var index: Int?

  /// Creates a component.
  package init(key: String, index: Int? = nil) {
    self.key = key
    self.index = index
  }
}

/// A JSON key path: `name`, `outer/inner`, `second[1]`.
package struct KeyPath: Sendable, Hashable, CustomStringConvertible {
  /// Components from the outermost object inward.
  package var components: [KeyComponent]
  /// Exempt from `-c` (`v"key"`, `//! super` keys).
  package var isVerbatim: Bool

  /// Creates a path.
  package init(components: [KeyComponent], isVerbatim: Bool = false) {
    self.components = components
    self.isVerbatim = isVerbatim
  }

  /// A single-key path.
  package init(key: String, isVerbatim: Bool = false) {
    self.init(components: [KeyComponent(key: key)], isVerbatim: isVerbatim)
  }

  /// True for a plain one-key path with no index: the fast path of the engine.
  package var isSimple: Bool { components.count == 1 && components[0].index == nil }

  /// `a/b[1]/c`, as written in directives.
  package var description: String {
    components.map { component in
      component.index.map { "\(component.key)[\($0)]" } ?? component.key
    }.joined(separator: "/")
  }

  /// `-c`: upper-case the first character of every component, unless verbatim.
  package func capitalized() -> KeyPath {
    guard !isVerbatim else { return self }
    var copy = self
    copy.components = components.map { component in
      var result = component
      result.key = component.key.prefix(1).uppercased() + component.key.dropFirst()
      return result
    }
    return copy
  }

  /// The path with `prefix`'s components in front (`//! super "k"`).
  package func prefixed(by prefix: KeyPath) -> KeyPath {
    KeyPath(components: prefix.components + components, isVerbatim: isVerbatim)
  }
}
