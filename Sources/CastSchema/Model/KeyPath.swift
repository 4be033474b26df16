/// One `/`-separated component of a key path: a key, optionally with an array index (`second[1]`).
public struct KeyComponent: Sendable, Hashable {
  /// The object key.
  public var key: String
  /// `[n]` after the key: index into the array stored at `key`.
  public var index: Int?

  /// Creates a component.
  public init(key: String, index: Int? = nil) {
    self.key = key
    self.index = index
  }
}

/// A JSON key path: `name`, `outer/inner`, `second[1]`.
public struct KeyPath: Sendable, Hashable, CustomStringConvertible {
  /// Components from the outermost object inward.
  public var components: [KeyComponent]
  /// Exempt from `-c` (`v"key"`, `//! super` keys).
  public var isVerbatim: Bool

  /// Creates a path.
  public init(components: [KeyComponent], isVerbatim: Bool = false) {
    self.components = components
    self.isVerbatim = isVerbatim
  }

  /// A single-key path.
  public init(key: String, isVerbatim: Bool = false) {
    self.init(components: [KeyComponent(key: key)], isVerbatim: isVerbatim)
  }

  /// True for a plain one-key path with no index: the fast path of the engine.
  public var isSimple: Bool { components.count == 1 && components[0].index == nil }

  /// `a/b[1]/c`, as written in directives.
  public var description: String {
    components.map { component in
      component.index.map { "\(component.key)[\($0)]" } ?? component.key
    }.joined(separator: "/")
  }

  /// `-c`: upper-case the first character of every component, unless verbatim.
  public func capitalized() -> KeyPath {
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
  public func prefixed(by prefix: KeyPath) -> KeyPath {
    KeyPath(components: prefix.components + components, isVerbatim: isVerbatim)
  }
}
