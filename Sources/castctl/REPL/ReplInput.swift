import CastSchema
import CastValidate

/// Reading what the user typed: when input is complete, what kind it is, and splitting `:type`.
enum ReplInput {
  /// True when every `{ [ (` opened outside a string literal and a comment has been closed, and
  /// no `/* */` comment is still open, so multi-line JSON and declarations continue until they
  /// balance.
  static func isBalanced(_ text: String) -> Bool {
    let scan = scan(text)
    return scan.depth <= 0 && !scan.inBlockComment
  }

  /// True when the text holds nothing but comments and whitespace (a script's header comment).
  static func isOnlyComments(_ text: String) -> Bool {
    let scan = scan(text)
    return !scan.hasCode && !scan.inBlockComment
  }

  /// Bracket depth outside strings and `//`, `/* */` comments (braces in a comment, as in
  /// `// {"id": 1}`, are not code), and whether any code was seen.
  private static func scan(_ text: String) -> (depth: Int, inBlockComment: Bool, hasCode: Bool) {
    var depth = 0
    var inString = false
    var escaped = false
    var inLineComment = false
    var inBlockComment = false
    var hasCode = false
    var hasCodeBeforeSlash = false
    // The scalar before, outside strings and comments ("" right after a comment ends).
    var previous: Unicode.Scalar = " "
    for scalar in text.unicodeScalars {
      if inLineComment {
        if scalar == "\n" { inLineComment = false }
        continue
      }
      if inBlockComment {
        if previous == "*", scalar == "/" {
          inBlockComment = false
          previous = " "
        } else {
          previous = scalar
        }
        continue
      }
      if inString {
        if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
        continue
      }
      if previous == "/", scalar == "/" || scalar == "*" {
        // The `/` before was taken for code; the comment it starts is not code.
        if scalar == "/" { inLineComment = true } else { inBlockComment = true }
        hasCode = hasCodeBeforeSlash
        previous = " "
        continue
      }
      hasCodeBeforeSlash = hasCode
      previous = scalar
      switch scalar {
      case "\"": inString = true
      case "{", "[", "(": depth += 1
      case "}", "]", ")": depth -= 1
      default: break
      }
      if !scalar.properties.isWhitespace { hasCode = true }
    }
    return (depth, inBlockComment, hasCode)
  }

  /// Whether a line starts a declaration (`class`, `struct`, `enum`, `typealias`, with modifiers).
  static func isDeclaration(_ text: String) -> Bool {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    for word in words {
      if ["class", "struct", "enum", "typealias"].contains(word) { return true }
      if word.hasPrefix("@") || ["public", "final", "private", "internal", "open", "indirect", "fileprivate"].contains(word) {
        continue
      }
      return false
    }
    return false
  }

  /// Whether text looks like a JSON document.
  static func isJSON(_ text: String) -> Bool {
    guard let first = text.first(where: { !$0.isWhitespace }) else { return false }
    return first == "{" || first == "[" || first == "\""
  }

  /// The names a declaration text declares (top-level models, enums and aliases).
  static func declaredNames(_ text: String) -> [String] {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "<repl>", text: text)])
    return Array(registry.models.keys) + Array(registry.enums.keys) + Array(registry.aliases.keys)
  }

  /// `:type EXPR JSON`: the shortest prefix that is a type expression followed by valid JSON.
  static func splitTypeAndJSON(_ text: String, registry: ModelRegistry) -> (type: String, json: String)? {
    let characters = Array(text)
    for index in characters.indices where characters[index] == " " {
      let typeText = String(characters[..<index]).trimmed
      let jsonText = String(characters[index...]).trimmed
      guard !typeText.isEmpty, !jsonText.isEmpty else { continue }
      let parsed = SchemaLoader.parseType(typeText, in: registry)
      guard parsed.type != nil, !parsed.diagnostics.contains(where: { $0.severity == .error }) else { continue }
      if (try? JSONValue.parse(jsonText)) != nil { return (typeText, jsonText) }
    }
    return nil
  }

  /// The longest valid JSON document that ends `text` after a space, and what comes before it;
  /// for explaining why `splitTypeAndJSON` found no type.
  static func splitBeforeJSON(_ text: String) -> (type: String, json: String)? {
    let characters = Array(text)
    for index in characters.indices where characters[index] == " " {
      let typeText = String(characters[..<index]).trimmed
      let jsonText = String(characters[index...]).trimmed
      guard !typeText.isEmpty, !jsonText.isEmpty else { continue }
      if (try? JSONValue.parse(jsonText)) != nil { return (typeText, jsonText) }
    }
    return nil
  }
}

extension StringProtocol {
  /// Without leading and trailing whitespace.
  var trimmed: String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
    while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
