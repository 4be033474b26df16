import Foundation
import Testing

@testable import castctl

/// One TAB press: the line up to the cursor and the candidates the completer must offer.
struct CompletionCase: Sendable, CustomTestStringConvertible {
  /// The line, with the cursor at its end; the word being completed is its last word.
  let line: String
  let candidates: [String]

  init(_ line: String, _ candidates: [String]) {
    self.line = line
    self.candidates = candidates
  }

  var testDescription: String { "\(line.debugDescription) → \(candidates)" }

  /// The word under the cursor, as libedit splits it (on spaces and the other break characters,
  /// never on `:`, `.`, `/`, `-`, `@`).
  var word: String {
    String(line.reversed().prefix { !" \t\"'`=<>;|&(){}[],".contains($0) }.reversed())
  }
}

extension CompletionCase {
  /// Word lists after `:load users.cast` plus `struct Person { let name: String; let nameKana:
  /// String?; let age: Int }` typed at the prompt.
  static let all: [CompletionCase] = [
    // Command names.
    CompletionCase(":", ReplCommandInfo.all.map(\.name).sorted()),
    CompletionCase(":s", [":set", ":show"]),
    CompletionCase(":sh", [":show"]),
    CompletionCase(":re", [":reset"]),
    CompletionCase(":ro", [":roundtrip"]),
    CompletionCase(":zz", []),
    // Model names, after a command and at the start of a line (with the declaration keywords).
    CompletionCase(":show ", ["Address", "Geo", "Person", "Role", "User"]),
    CompletionCase(":show Us", ["User"]),
    CompletionCase(":use A", ["Address"]),
    CompletionCase(":keys G", ["Geo"]),
    CompletionCase(":validate P", ["Person"]),
    CompletionCase(":show User ", []),
    CompletionCase("st", ["struct"]),
    CompletionCase("Pe", ["Person"]),
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
    CompletionCase(":load sch", ["schemas/"]),
    CompletionCase(":load schemas/u", ["schemas/users.cast", "schemas/users.json"]),
    CompletionCase(":load users.cast sch", ["schemas/"]),
    CompletionCase(":l schemas/u", ["schemas/users.cast", "schemas/users.json"]),
    CompletionCase(":load nothing", []),
    CompletionCase(":validate @sch", ["@schemas/"]),
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
    let candidates = completer.candidates(line: example.line, wordStart: wordStart, word: example.word)
    #expect(candidates == example.candidates)
  }

  /// The word start is a UTF-8 offset: text before it may hold multi-byte characters.
  @Test("Word start is a UTF-8 offset")
  func utf8WordStart() {
    let completer = ReplCompleter(session: Self.session, completePath: Self.completePath)
    let line = #":validate {"café": 1} --to y"#
    #expect(completer.candidates(line: line, wordStart: line.utf8.count - 1, word: "y") == ["yaml"])
  }

  /// With nothing loaded, only commands and the declaration keywords complete.
  @Test("An empty session completes commands and keywords only")
  func emptySession() {
    let completer = ReplCompleter(session: ReplSession(), completePath: { _ in [] })
    #expect(completer.candidates(line: ":mo", wordStart: 0, word: ":mo") == [":models"])
    #expect(completer.candidates(line: "", wordStart: 0, word: "") == ["class", "enum", "struct", "typealias"])
    #expect(completer.candidates(line: ":show ", wordStart: 6, word: "").isEmpty)
  }
}
