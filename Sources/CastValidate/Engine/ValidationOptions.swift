/// What to do with keys a model does not declare.
public enum UnknownKeyRule: String, Sendable, CaseIterable {
  case ignore, warn, error
}

/// Options of a validation run that are not in the schema.
public struct ValidationOptions: Sendable {
  /// `--strict`: no coercion, warnings are errors.
  public var strict = false
  /// `--unknown`.
  public var unknownKeys = UnknownKeyRule.ignore
  /// Deepest nesting accepted before the document is rejected as malformed.
  public var maxDepth = 512
  /// Stop reporting after this many errors (0: no limit).
  public var maxErrors = 0

  /// Default options.
  public init(strict: Bool = false, unknownKeys: UnknownKeyRule = .ignore, maxDepth: Int = 512, maxErrors: Int = 0) {
    self.strict = strict
    self.unknownKeys = unknownKeys
    self.maxDepth = maxDepth
    self.maxErrors = maxErrors
  }
}
