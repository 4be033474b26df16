import CastSchema

/// Shorthands for loading `.cast` text in tests.
enum Loading {
  /// Loads texts as files named `a.cast`, `b.cast`, … in that order.
  static func load(_ texts: [String], options: RegistryOptions = RegistryOptions())
    -> (registry: ModelRegistry, diagnostics: [Diagnostic])
  {
    SchemaLoader.load(files(texts), options: options)
  }

  /// Loads one text.
  static func load(_ text: String, options: RegistryOptions = RegistryOptions())
    -> (registry: ModelRegistry, diagnostics: [Diagnostic])
  {
    load([text], options: options)
  }

  /// The `SourceFile`s `load` makes.
  static func files(_ texts: [String]) -> [SourceFile] {
    texts.enumerated().map { index, text in SourceFile(path: fileName(index), text: text) }
  }

  /// `a.cast` for 0, `b.cast` for 1, …
  static func fileName(_ index: Int) -> String {
    String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index))) + ".cast"
  }

  /// Codes of the errors and warnings (not notes), sorted: what a test compares whole.
  static func problemCodes(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.filter { $0.severity != .note }.map(\.code).sorted()
  }

  /// The errors only.
  static func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.filter { $0.severity == .error }
  }
}

extension ModelRegistry {
  /// A property by model and name, or nil.
  func property(_ model: String, _ name: String) -> Property? {
    models[model]?.properties.first { $0.name == name }
  }
}

extension Property {
  /// The keys as written in directives (`Outer/Inner`, `Second[1]`).
  var keyTexts: [String] { keys.map(\.description) }
}
