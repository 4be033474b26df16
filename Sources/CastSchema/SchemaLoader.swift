import Foundation

/// The front door of CastSchema: `.cast` files in, a registry and every diagnostic out.
package enum SchemaLoader {
  /// Parses and resolves files already read into memory. Never fails: problems are diagnostics,
  /// sorted by file and position.
  package static func load(_ files: [SourceFile], options: RegistryOptions = RegistryOptions())
    -> (registry: ModelRegistry, diagnostics: [Diagnostic])
  {
    var diagnostics: [Diagnostic] = []
    var trees: [SourceFileSyntax] = []
    for (index, file) in files.enumerated() {
      let (tree, problems) = Parser.parse(file, file: index)
      trees.append(tree)
      diagnostics += problems
    }
    let (options, strategyProblems) = FileStrategies.apply(&trees, files: files, options: options)
    diagnostics += strategyProblems
    var builder = RegistryBuilder(files: files, options: options)
    let registry = builder.build(trees)
    diagnostics += builder.diagnostics
    return (registry, sorted(diagnostics))
  }

  /// Parses a type expression such as `[String: [Int]]`, `User?` or `Page<User>` against a
  /// registry (`--type`, `--model 'Page<User>'`, the REPL's `:type`). The expression lives in a
  /// file of its own, named `<type>`. `registry` is the one given with the specializations of
  /// generic models the expression names.
  package static func parseType(_ text: String, in registry: ModelRegistry)
    -> (type: TypeRef?, optional: Bool, diagnostics: [Diagnostic], file: SourceFile, registry: ModelRegistry)
  {
    let fileIndex = registry.files.count
    let (syntax, file, problems) = parseTypeSyntax(text, fileIndex: fileIndex)
    guard !problems.contains(where: { $0.severity == .error }) else { return (nil, false, problems, file, registry) }
    let resolved = registry.resolving(syntax, file: fileIndex)
    return (resolved.type, resolved.optional, problems + resolved.diagnostics, file, resolved.registry)
  }

  /// A type expression's syntax, read from a file of its own at `fileIndex`, with what is wrong in it.
  static func parseTypeSyntax(_ text: String, fileIndex: Int) -> (TypeSyntax, SourceFile, [Diagnostic]) {
    let file = SourceFile(path: "<type>", text: text)
    let (tokens, lexProblems) = Lexer.tokenize(file, file: fileIndex)
    var parser = Parser(source: file, file: fileIndex, tokens: tokens)
    parser.diagnostics = lexProblems
    let syntax = parser.parseType()
    if !parser.atEnd {
      parser.error(
        SyntaxMessages.unexpectedToken(parser.describe(parser.current), "after the type"), at: parser.current.range)
    }
    return (syntax, file, parser.diagnostics)
  }

  /// Diagnostics in file order, then position, then severity (errors first).
  package static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
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
  /// The largest `.cast` input read: schemas are written by hand, so this only bounds the memory
  /// a device or an endless pipe named by mistake could take.
  package static let maxReadBytes = 256 << 20

  /// Reads a file from disk (`-` is standard input), with POSIX reads so that a pipe, a FIFO or
  /// `<(…)` works like a file, and at most `maxReadBytes`.
  package static func read(path: String) throws(SourceReadError) -> SourceFile {
    let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SourceReadError(path: path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw SourceReadError(path: path, reason: "is a directory")
    }
    var bytes: [UInt8] = []
    // A regular file says its size: read straight into one buffer of that size, with no
    // intermediate chunk to clear and copy. Whatever else comes (a file growing meanwhile, or
    // one that does not say its size) is read in chunks below.
    if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= maxReadBytes {
      var failure: Int32 = 0
      bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        while initialized < buffer.count {
          let count = Glibc.read(descriptor, base + initialized, buffer.count - initialized)
          if count < 0, errno == EINTR { continue }
          if count < 0 { failure = errno }
          if count <= 0 { return }
          initialized += count
        }
      }
      if failure != 0 { throw SourceReadError(path: path, reason: String(cString: strerror(failure))) }
    }
    // NB: left uninitialized: `read` fills what is used, and clearing 64 KB is most of the cost of
    // reading a small schema.
    var chunk = [UInt8](unsafeUninitializedCapacity: 1 << 16) { _, initialized in initialized = 1 << 16 }
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SourceReadError(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      guard bytes.count <= maxReadBytes else {
        throw SourceReadError(path: path, reason: "larger than \(maxReadBytes >> 20) MB; is it a .cast file?")
      }
    }
    return SourceFile(path: path == "-" ? "<stdin>" : path, bytes: bytes)
  }
}

/// A schema file that could not be read (exit code 66).
package struct SourceReadError: Error, Sendable, CustomStringConvertible {
  /// The path given.
  package var path: String
  /// Why it failed.
  package var reason: String

  package var description: String { "\(path): \(reason)" }
}

extension SymbolTable {
  /// A table over an existing registry's names (for type expressions typed later).
  init(registry: ModelRegistry) {
    for (name, model) in registry.models {
      // What it conforms to (expanded already), for the `Hashable` rule of a type expression's
      // Set elements and dictionary keys.
      let inheritance = model.inheritance.map { TypeSyntax.named(NameSyntax(text: $0, range: model.range.bytes), arguments: [], range: model.range.bytes) }
      let decl = ModelDeclSyntax(
        isStruct: model.isStruct, name: NameSyntax(text: name, range: model.range.bytes), inheritance: inheritance,
        modifiers: [], properties: 0..<0, directives: [], nested: [], range: model.range.bytes)
      let located = LocatedModel(syntax: decl, file: model.range.file, index: modelOrder.count)
      models[name] = located
      modelOrder.append(name)
      modelDecls.append(located)
    }
    for (name, enumType) in registry.enums {
      let decl = EnumDeclSyntax(
        name: NameSyntax(text: name, range: enumType.range.bytes), inheritance: [], cases: [],
        range: enumType.range.bytes)
      enums[name] = Located(syntax: decl, file: enumType.range.file)
      enumOrder.append(name)
    }
    aliasTypes = registry.aliases
    nested = NestedNames(registered: modelOrder + enumOrder + aliasTypes.keys)
  }
}
