import Foundation
import Testing

@testable import castctl

/// One TAB press: the line up to the cursor, the candidates the completer must offer and, for a
/// unique one, whether a space follows it.
struct CompletionCase: Sendable, CustomTestStringConvertible {
  /// The line, with the cursor at its end; the word being completed is its last word.
  let line: String
  let candidates: [String]
  /// A space after a unique candidate: where a new word follows, not where more attaches.
  let space: Bool

  init(_ line: String, _ candidates: [String], space: Bool = true) {
    self.line = line
    self.candidates = candidates
    self.space = space
  }

  var testDescription: String {
    "\(line.debugDescription) → \(candidates)" + (candidates.count == 1 ? (space ? " + space" : ", no space") : "")
  }

  /// The word under the cursor, as libedit splits it (on spaces and the other break characters,
  /// never on `:`, `.`, `/`, `-`, `@`).
  var word: String {
    String(line.reversed().prefix { !" \t\"'`=<>;|&(){}[],".contains($0) }.reversed())
  }
}

extension CompletionCase {
  /// Word lists after `:load users.cast` plus `struct Person { let name: String; let nameKana:
  /// String?; let age: Int }` and `struct Box<T> { let item: T }` typed at the prompt.
  static let all: [CompletionCase] = [
    // Command names.
    CompletionCase(":", ReplCommandInfo.all.map(\.name).sorted()),
    CompletionCase(":s", [":set", ":show"]),
    CompletionCase(":sh", [":show"]),
    CompletionCase(":re", [":reset"]),
    CompletionCase(":ro", [":roundtrip"]),
    CompletionCase(":zz", []),
    // Model names, after a command and at the start of a line (with the declaration keywords).
    CompletionCase(":show ", ["Address", "Box", "Geo", "Person", "Role", "User"]),
    // `:show User` may go on with `.property`; nothing follows it after a space.
    CompletionCase(":show Us", ["User"], space: false),
    CompletionCase(":use A", ["Address"]),
    CompletionCase(":keys G", ["Geo"]),
    CompletionCase(":validate P", ["Person"]),
    CompletionCase(":convert Ad", ["Address"]),
    // A generic model's `<` follows its name; a name inside its arguments, `>` or `,`.
    CompletionCase(":validate Bo", ["Box"], space: false),
    CompletionCase(":use Bo", ["Box"], space: false),
    CompletionCase(":validate Box<Us", ["User"], space: false),
    CompletionCase(":roundtrip Box<[Ge", ["Geo"], space: false),
    CompletionCase(":show User ", []),
    CompletionCase("st", ["struct"]),
    CompletionCase("Pe", ["Person"], space: false),
    // A type expression goes on after a name (`?`, `]`, `>`), up to its document.
    CompletionCase(":type Us", ["User"], space: false),
    CompletionCase(":type [Us", ["User"], space: false),
    CompletionCase(":type [String: Ge", ["Geo"], space: false),
    CompletionCase(":t Box<Ad", ["Address"], space: false),
    CompletionCase(#":type [String: Int] {"a": Us"#, []),
    // Model.prop.
    CompletionCase("User.us", ["User.userName"]),
    CompletionCase("Person.na", ["Person.name", "Person.nameKana"]),
    CompletionCase("Person.nameK", ["Person.nameKana"]),
    CompletionCase(":show Address.", ["Address.street", "Address.city", "Address.zip", "Address.geo"]),
    CompletionCase("Nobody.na", []),
    // Key styles after `:keys MODEL`.
    CompletionCase(":keys User ", ["camel", "json", "property", "snake"]),
    CompletionCase(":keys User sn", ["snake"]),
    CompletionCase(":k User p", ["property"]),
    // :help takes command names, with or without the colon.
    CompletionCase(":help ", ReplCommandInfo.all.map(\.name).sorted()),
    CompletionCase(":help :lo", [":load"]),
    CompletionCase(":help lo", [":load"]),
    // :set: settings, then each setting's values.
    CompletionCase(":set ", ["date-decoding", "dialect", "flags", "key-decoding", "key-encoding", "keys", "non-conforming-floats", "strict", "unknown"]),
    CompletionCase(":set key-encoding ", ["convert-to-snake-case", "use-default-keys"]),
    CompletionCase(":set d", ["date-decoding", "dialect"]),
    CompletionCase(":set key-decoding ", ["convert-from-snake-case", "use-default-keys"]),
    CompletionCase(":set dialect ", ["auto", "codable", "convertible", "dson", "jsoncast", "jsonobject", "nosce"]),
    CompletionCase(":set dialect js", ["jsoncast", "jsonobject"]),
    CompletionCase(":set strict ", ["off", "on"]),
    // A value with a placeholder is completed up to it, and the user types the rest.
    CompletionCase(":set date-decoding f", ["formatted:"], space: false),
    CompletionCase(":set date-decoding i", ["iso8601"]),
    CompletionCase(":set unknown ", ["error", "ignore", "warn"]),
    CompletionCase(":set keys c", ["camel"]),
    CompletionCase(":set flags ", ["-c", "-i", "-n"]),
    CompletionCase(":set flags -c -", ["-c", "-i", "-n"]),
    CompletionCase(":set strict on ", []),
    CompletionCase(":set colour ", []),
    // Options of :convert and their values.
    CompletionCase(":convert User @users.json --", ["--compact", "--keys", "--to", "--without-escaping-slashes"]),
    CompletionCase(":convert User @users.json --t", ["--to"]),
    CompletionCase(":convert User @users.json --to ", ["json", "plist", "yaml"]),
    CompletionCase(":convert @users.json --to y", ["yaml"]),
    CompletionCase(":convert @users.json --keys ", ["camel", "json", "property", "snake"]),
    CompletionCase(":convert @users.json --to yaml --keys s", ["snake"]),
  ]

  /// File paths, from the injected `completePath` (which sees the word without `@`).
  static let paths: [CompletionCase] = [
    // A directory takes no space, so the next TAB goes into it; a file takes one.
    CompletionCase(":load sch", ["schemas/"], space: false),
    CompletionCase(":add sch", ["schemas/"], space: false),
    CompletionCase(":add schemas/users.c", ["schemas/users.cast"]),
    CompletionCase(":infer schemas/users.j", ["schemas/users.json"]),
    CompletionCase(":load schemas/u", ["schemas/users.cast", "schemas/users.json"]),
    CompletionCase(":load users.cast sch", ["schemas/"], space: false),
    CompletionCase(":l schemas/u", ["schemas/users.cast", "schemas/users.json"]),
    CompletionCase(":load nothing", []),
    CompletionCase(":validate @sch", ["@schemas/"], space: false),
    CompletionCase(":validate User @schemas/u", ["@schemas/users.cast", "@schemas/users.json"]),
    CompletionCase(":roundtrip @schemas/users.j", ["@schemas/users.json"]),
  ]
}

@Suite("REPL tab completion")
struct ReplCompletionTests {
  /// A stand-in file system: a few paths, matched by prefix.
  static func completePath(_ partial: String) -> [String] {
    ["schemas/", "schemas/users.cast", "schemas/users.json", "Sources/"].filter { path in
      path.hasPrefix(partial) && !path.dropFirst(partial.count).dropLast().contains("/")
    }
  }

  /// A session with `users.cast` loaded and `Person` typed.
  static let session: ReplSession = {
    let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("schemas")
    var interpreter = ReplInterpreter(color: false, directory: schemas.path)
    _ = interpreter.handle(":load users.cast")
    _ = interpreter.handle("struct Person { let name: String; let nameKana: String?; let age: Int }")
    _ = interpreter.handle("struct Box<T> { let item: T }")
    return interpreter.session
  }()

  @Test("The session the cases complete in has loaded")
  func sessionLoaded() {
    #expect(Array(Self.session.registry.models.keys).sorted() == ["Address", "Geo", "Person", "User"])
  }

  @Test("Candidates", arguments: CompletionCase.all + CompletionCase.paths)
  func candidates(_ example: CompletionCase) {
    let completer = ReplCompleter(session: Self.session, completePath: Self.completePath)
    let wordStart = example.line.utf8.count - example.word.utf8.count
    let completion = completer.complete(line: example.line, wordStart: wordStart, word: example.word)
    #expect(completion.candidates == example.candidates)
    if example.candidates.count == 1 { #expect(completion.appendsSpace == example.space) }
  }

  /// The word start is a UTF-8 offset: text before it may hold multi-byte characters.
  @Test("Word start is a UTF-8 offset")
  func utf8WordStart() {
    let completer = ReplCompleter(session: Self.session, completePath: Self.completePath)
    let line = #":validate {"café": 1} --to y"#
    #expect(completer.complete(line: line, wordStart: line.utf8.count - 1, word: "y").candidates == ["yaml"])
  }

  /// With nothing loaded, only commands and the declaration keywords complete.
  @Test("An empty session completes commands and keywords only")
  func emptySession() {
    let completer = ReplCompleter(session: ReplSession(), completePath: { _ in [] })
    #expect(completer.complete(line: ":mo", wordStart: 0, word: ":mo").candidates == [":models"])
    #expect(completer.complete(line: "", wordStart: 0, word: "").candidates == ["class", "enum", "struct", "typealias"])
    #expect(completer.complete(line: ":show ", wordStart: 6, word: "").candidates.isEmpty)
  }
}
