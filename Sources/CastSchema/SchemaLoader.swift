import Foundation

/// The front door of CastSchema: `.cast` files in, a registry and every diagnostic out.
public enum SchemaLoader {
  /// Parses and resolves files already read into memory. Never fails: problems are diagnostics,
  /// sorted by file and position.
  public static func load(_ files: [SourceFile], options: RegistryOptions = RegistryOptions())
    -> (registry: ModelRegistry, diagnostics: [Diagnostic])
  {
    var diagnostics: [Diagnostic] = []
    var trees: [SourceFileSyntax] = []
    for (index, file) in files.enumerated() {
      let (tree, problems) = Parser.parse(file, file: index)
      trees.append(tree)
      diagnostics += problems
    }
    var builder = RegistryBuilder(files: files, options: options)
    let registry = builder.build(trees)
    diagnostics += builder.diagnostics
    return (registry, sorted(diagnostics))
  }

  /// Parses a type expression such as `[String: [Int]]` or `User?` against a registry
  /// (`--type`, the REPL's `:type`). The expression lives in a file of its own, named `<type>`.
  public static func parseType(_ text: String, in registry: ModelRegistry)
    -> (type: TypeRef?, optional: Bool, diagnostics: [Diagnostic], file: SourceFile)
  {
    let file = SourceFile(path: "<type>", text: text)
    let fileIndex = registry.files.count
    let (tokens, lexProblems) = Lexer.tokenize(file, file: fileIndex)
    var parser = Parser(source: file, file: fileIndex, tokens: tokens)
    parser.diagnostics = lexProblems
    let syntax = parser.parseType()
    if !parser.atEnd {
      parser.error(
        SyntaxMessages.unexpectedToken(parser.describe(parser.current), "after the type"), at: parser.current.range)
    }
    var resolver = TypeResolver(symbols: SymbolTable(registry: registry))
    let resolved = parser.diagnostics.contains { $0.severity == .error } ? nil : resolver.resolveProperty(syntax, file: fileIndex)
    return (resolved?.0, resolved.map { $0.1 != .none } ?? false, parser.diagnostics + resolver.diagnostics, file)
  }

  /// Diagnostics in file order, then position, then severity (errors first).
  public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { lhs, rhs in
      let (a, b) = (lhs.element, rhs.element)
      if a.range.file != b.range.file { return a.range.file < b.range.file }
      if a.range.bytes.lowerBound != b.range.bytes.lowerBound {
        return a.range.bytes.lowerBound < b.range.bytes.lowerBound
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}

extension SourceFile {
  /// Reads a file from disk (`-` is standard input).
  public static func read(path: String) throws(SourceReadError) -> SourceFile {
    if path == "-" {
      return SourceFile(path: "<stdin>", bytes: Array(FileHandle.standardInput.readDataToEndOfFile()))
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw SourceReadError(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw SourceReadError(path: path, reason: "is a directory") }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SourceReadError(path: path, reason: "cannot be read (permission denied?)")
    }
    return SourceFile(path: path, bytes: Array(data))
  }
}

/// A schema file that could not be read (exit code 66).
public struct SourceReadError: Error, Sendable, CustomStringConvertible {
  /// The path given.
  public var path: String
  /// Why it failed.
  public var reason: String

  public var description: String { "\(path): \(reason)" }
}

extension SymbolTable {
  /// A table over an existing registry's names (for type expressions typed later).
  init(registry: ModelRegistry) {
    for (name, model) in registry.models {
      let decl = ModelDeclSyntax(
        isStruct: model.isStruct, name: NameSyntax(text: name, range: model.range.bytes), inheritance: [],
        modifiers: [], properties: [], directives: [], nested: [], range: model.range.bytes)
      models[name] = Located(syntax: decl, file: model.range.file)
      modelOrder.append(name)
    }
    for (name, enumType) in registry.enums {
      let decl = EnumDeclSyntax(
        name: NameSyntax(text: name, range: enumType.range.bytes), inheritance: [], cases: [],
        range: enumType.range.bytes)
      enums[name] = Located(syntax: decl, file: enumType.range.file)
      enumOrder.append(name)
    }
    aliasTypes = registry.aliases
  }
}
