import CastSchema
import CastValidate

/// Tab completion that knows where it is: command names, model names, `Model.property`, file
/// paths after `:load`, and option values.
struct ReplCompleter {
  let session: ReplSession
  /// Completes file paths (libedit's helper, or a stub in tests).
  let completePath: (String) -> [String]

  /// Candidates for `word`, which starts at byte offset `wordStart` of `line`.
  func candidates(line: String, wordStart: Int, word: String) -> [String] {
    let before = String(decoding: Array(line.utf8).prefix(wordStart), as: UTF8.self)
    let previous = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    if previous.first == ":load" || previous.first == ":l" || previous.first == ":infer" || previous.first == ":i" { return completePath(word) }
    if word.hasPrefix("@") { return completePath(String(word.dropFirst())).map { "@" + $0 } }
    if word.contains(".") { return properties(word) }
    guard let command = previous.first else {
      if word.hasPrefix(":") { return matching(ReplCommandInfo.all.map(\.name), word) }
      return matching(modelNames + ["class", "struct", "enum", "typealias"], word)
    }
    switch command {
    case ":set":
      let choices = ReplSession.Settings.choices
      guard previous.count > 1 else { return matching(choices.map(\.name), word) }
      // `flags` takes several values; the others one.
      guard previous[1] == "flags" || previous.count == 2 else { return [] }
      return matching(choices.first { $0.name == previous[1] }?.values ?? [], word)
    case ":keys" where previous.count == 2, ":k" where previous.count == 2:
      return matching(KeyStyle.allCases.map(\.rawValue), word)
    case ":help", ":h":
      return matching(ReplCommandInfo.all.map(\.name), word.hasPrefix(":") ? word : ":" + word)
    default:
      if previous.last == "--to" { return matching(OutputKind.allCases.map(\.rawValue), word) }
      if previous.last == "--keys" { return matching(KeyStyle.allCases.map(\.rawValue), word) }
      if word.hasPrefix("--") { return matching(["--to", "--keys", "--compact", "--without-escaping-slashes"], word) }
      return previous.count == 1 ? matching(modelNames, word) : []
    }
  }

  private var modelNames: [String] {
    Array(session.registry.models.keys) + Array(session.registry.enums.keys)
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
