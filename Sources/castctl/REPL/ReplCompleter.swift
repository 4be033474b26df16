import CastSchema
import CastValidate

/// Tab completion that knows where it is: command names, model names, `Model.property`, file
/// paths after `:load`, type expressions, and option values.
///
/// Whether a unique completion gets a space after it depends on what comes next: a space where
/// the word is done and a new one follows (`:validate User ` then a document), none where more
/// attaches to it (`:show User` then `.name`, a name inside a type expression, a generic model's
/// name before its `<`, a directory before its next segment).
struct ReplCompleter {
  let session: ReplSession
  /// Completes file paths (libedit's helper, or a stub in tests).
  let completePath: (String) -> [String]

  /// Candidates for `word`, which starts at byte offset `wordStart` of `line`.
  func complete(line: String, wordStart: Int, word: String) -> LineCompletion {
    let before = String(decoding: Array(line.utf8).prefix(wordStart), as: UTF8.self)
    let previous = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    // A word right after a break character (`[`, `<`, `,`) goes on with the argument before it.
    let continuesArgument = before.last.map { $0 != " " && $0 != "\t" } ?? false
    let argument = continuesArgument ? previous.count - 1 : previous.count
    if ["load", "l", "add", "infer", "i"].map({ ":" + $0 }).contains(previous.first) { return paths(word) }
    if word.hasPrefix("@") { return paths(String(word.dropFirst()), prefix: "@") }
    if word.contains(".") { return LineCompletion(properties(word)) }
    guard let command = previous.first else {
      if word.hasPrefix(":") { return LineCompletion(matching(ReplCommandInfo.all.map(\.name), word)) }
      let keywords = ["class", "struct", "enum", "typealias"]
      let found = matching(modelNames + keywords, word)
      return LineCompletion(found, appendsSpace: found.count == 1 && keywords.contains(found[0]))
    }
    switch command {
    case ":set":
      let choices = ReplSession.Settings.choices
      guard previous.count > 1 else { return LineCompletion(matching(choices.map(\.name), word)) }
      // `flags` takes several values; the others one.
      guard previous[1] == "flags" || previous.count == 2 else { return LineCompletion([]) }
      let values = (choices.first { $0.name == previous[1] }?.values ?? []).map(ReplSession.Settings.completion(of:))
      let found = matching(values.map(\.text), word)
      // A template goes on with what the user types after it (`formatted:` and its pattern).
      let template = found.count == 1 && values.contains { $0.text == found[0] && $0.isTemplate }
      return LineCompletion(found, appendsSpace: !template)
    case ":keys" where argument == 2, ":k" where argument == 2:
      return LineCompletion(matching(KeyStyle.allCases.map(\.rawValue), word))
    case ":help", ":h":
      return LineCompletion(matching(ReplCommandInfo.all.map(\.name), word.hasPrefix(":") ? word : ":" + word))
    case ":type", ":t":
      // The type goes on until its document: `User?`, `[User]`, `[String: User]`.
      let typed = before.dropFirst(command.count)
      guard !typed.contains("{"), !typed.contains("\"") else { return LineCompletion([]) }
      return typeNames(word)
    default:
      if previous.last == "--to" { return LineCompletion(matching(OutputKind.allCases.map(\.rawValue), word)) }
      if previous.last == "--keys" { return LineCompletion(matching(KeyStyle.allCases.map(\.rawValue), word)) }
      if word.hasPrefix("--") { return LineCompletion(matching(["--to", "--keys", "--compact", "--without-escaping-slashes"], word)) }
      guard argument == 1 else { return LineCompletion([]) }
      // Inside a generic model's arguments (`Page<Us`), a type expression.
      if continuesArgument { return typeNames(word) }
      var completion = typeNames(word)
      // `:show User` may go on with `.property`, and nothing follows it after a space.
      if command != ":show", command != ":s", completion.candidates.count == 1 {
        completion.appendsSpace = !isGeneric(completion.candidates[0])
      }
      return completion
    }
  }

  private var modelNames: [String] {
    Array(session.registry.models.keys) + Array(session.registry.enums.keys)
  }

  /// Model, generic model and enum names in a type expression: no space after one, since `?`,
  /// `]`, `>`, `,` or a generic model's `<` may follow it.
  private func typeNames(_ word: String) -> LineCompletion {
    LineCompletion(matching(modelNames + session.registry.genericModels.map(\.name), word), appendsSpace: false)
  }

  private func isGeneric(_ name: String) -> Bool {
    session.registry.genericModels.contains { $0.name == name }
  }

  /// File paths, each with `prefix` (`@` before a data file); a directory takes no space, so
  /// the next TAB goes into it.
  private func paths(_ partial: String, prefix: String = "") -> LineCompletion {
    let found = completePath(partial).map { prefix + $0 }
    return LineCompletion(found, appendsSpace: !(found.count == 1 && found[0].hasSuffix("/")))
  }

  /// `User.na` → `User.name`.
  private func properties(_ word: String) -> [String] {
    guard let dot = word.firstIndex(of: ".") else { return [] }
    let modelName = String(word[..<dot])
    let prefix = String(word[word.index(after: dot)...])
    guard let model = session.registry.models[modelName] else { return [] }
    return model.properties.map(\.name).filter { $0.hasPrefix(prefix) }.map { "\(modelName).\($0)" }
  }

  private func matching(_ candidates: [String], _ prefix: String) -> [String] {
    candidates.filter { $0.hasPrefix(prefix) }.sorted()
  }
}
