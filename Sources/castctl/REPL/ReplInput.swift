import CastSchema
import CastValidate

/// Reading what the user typed: when input is complete, what kind it is, and splitting `:type`.
enum ReplInput {
  /// True when every `{ [ (` opened outside a string literal and a comment has been closed, and
  /// no `/* */` comment is still open, so multi-line JSON and declarations continue until they
  /// balance.
  static func isBalanced(_ text: String) -> Bool {
    var scan = Scan()
    scan.read(text)
    return scan.isBalanced
  }

  /// True when the text holds nothing but comments and whitespace (a script's header comment).
  static func isOnlyComments(_ text: String) -> Bool {
    var scan = Scan()
    scan.read(text)
    return scan.isOnlyComments
  }

  /// Bracket depth outside strings and `//`, `/* */` comments (braces in a comment, as in
  /// `// {"id": 1}`, are not code), and whether any code was seen: read a piece at a time, so
  /// that input spread over many lines is read once, not again with every line.
  struct Scan {
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var inLineComment = false
    private var inBlockComment = false
    private var hasCode = false
    private var hasCodeBeforeSlash = false
    /// The scalar before, outside strings and comments ("" right after a comment ends).
    private var previous: Unicode.Scalar = " "

    /// See `ReplInput.isBalanced`.
    var isBalanced: Bool { depth <= 0 && !inBlockComment }

    /// See `ReplInput.isOnlyComments`.
    var isOnlyComments: Bool { !hasCode && !inBlockComment }

    /// Reads the next piece of the input.
    mutating func read(_ text: String) {
      for scalar in text.unicodeScalars { read(scalar) }
    }

    private mutating func read(_ scalar: Unicode.Scalar) {
      if inLineComment {
        if scalar == "\n" { inLineComment = false }
        return
      }
      if inBlockComment {
        if previous == "*", scalar == "/" {
          inBlockComment = false
          previous = " "
        } else {
          previous = scalar
        }
        return
      }
      if inString {
        if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
        return
      }
      if previous == "/", scalar == "/" || scalar == "*" {
        // The `/` before was taken for code; the comment it starts is not code.
        if scalar == "/" { inLineComment = true } else { inBlockComment = true }
        hasCode = hasCodeBeforeSlash
        previous = " "
        return
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
  }

  /// Whether a line starts a declaration (`class`, `struct`, `enum`, `typealias`, with modifiers).
  /// `import Foundation` (a module name, perhaps `@preconcurrency` or a submodule path).
  static func isImport(_ text: String) -> Bool {
    let words = text.split(whereSeparator: \.isWhitespace).drop { $0.hasPrefix("@") }
    guard words.count == 2, words.first == "import", let module = words.last else { return false }
    return module.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
      !part.isEmpty && (part.first?.isLetter == true || part.first == "_") && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
  }

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
    if first == "{" || first == "[" || first == "\"" || first == "-" || first.isASCII && first.isNumber { return true }
    // A bare literal is a document too (no model is named so); a word that only starts so is not.
    let word = text.drop { $0.isWhitespace }.prefix { !$0.isWhitespace && $0 != "," && $0 != "]" && $0 != "}" }
    return word == "true" || word == "false" || word == "null"
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
