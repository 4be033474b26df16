import CastSchema

/// Identifiers for inferred models, enums, properties and cases, made from JSON keys and values.
package enum InferNames {
  /// Words Swift reserves: a property of that name is written in backticks.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
    "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any", "Type", "Protocol", "_",
  ]

  /// Why `name` cannot name the root model (`--model-name`, the REPL's `:infer`), or nil: an ASCII
  /// identifier starting with a letter, not a Swift keyword (the model's declaration would not
  /// be Swift) nor a type castctl knows (the model would hide it).
  package static func problem(withModelName name: String) -> String? {
    guard let first = name.utf8.first, isLetter(first), isIdentifier(name) else {
      return "--model-name must be a Swift type name, such as Root"
    }
    if keywords.contains(name) {
      return "--model-name \(name) is a Swift keyword, which no declaration can be named; choose another, such as Root"
    }
    if InferredSchema.reserved.contains(name) {
      return "--model-name \(name) names a type castctl knows, which a model of that name would hide; choose another, such as Root"
    }
    return nil
  }

  /// Whether `text` is an ASCII Swift identifier (letters, digits, `_`, not starting with a digit).
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, !isDigit(first) else { return false }
    return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
  }

  /// The words of a key: runs of ASCII letters and digits, split also where lower case meets upper.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current: [UInt8] = []
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if isLetter(byte) || isDigit(byte) {
        if isUpper(byte), isLower(previous) || isDigit(previous), !current.isEmpty {
          words.append(String(decoding: current, as: UTF8.self))
          current.removeAll()
        }
        current.append(byte)
      } else if !current.isEmpty {
        words.append(String(decoding: current, as: UTF8.self))
        current.removeAll()
      }
      previous = byte
    }
    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
    return words
  }

  /// `lowerCamelCase` from a key's words; nil when the key has none (`"$"`, `""`).
  static func camel(_ key: String) -> String? {
    let parts = words(key)
    guard let first = parts.first else { return nil }
    var name = lowerFirst(first) + parts.dropFirst().map(upperFirst).joined()
    if let byte = name.utf8.first, isDigit(byte) { name = "_" + name }
    return name
  }

  /// `UpperCamelCase` type name from a key; `fallback` when the key has no words.
  static func typeName(_ key: String, fallback: String) -> String {
    let parts = words(key)
    guard !parts.isEmpty else { return fallback }
    var name = parts.map(upperFirst).joined()
    if let byte = name.utf8.first, isDigit(byte) { name = fallback + name }
    return name
  }

  /// The singular of a plural English word, for the elements of an array (`friends` → `friend`,
  /// `categories` → `category`, `statuses` → `status`); other words are kept.
  static func singular(_ word: String) -> String {
    let lower = word.lowercased()
    let irregular = ["people": "person", "children": "child", "men": "man", "women": "woman", "data": "datum"]
    if let single = irregular[lower] { return String(word.prefix(word.count - lower.count)) + matchCase(single, word) }
    // Words that end in s without being plurals.
    for ending in ["ss", "us", "is", "news", "series", "species"] where lower.hasSuffix(ending) { return word }
    if lower.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + matchCase("y", word) }
    for ending in ["sses", "shes", "ches", "xes", "zes", "uses"] where lower.hasSuffix(ending) {
      return String(word.dropLast(2))
    }
    if lower.hasSuffix("s"), word.count > 3 { return String(word.dropLast()) }
    return word
  }

  /// A property name for `key` (nil when the key itself is the name) and whether the snake rule
  /// derives exactly `key` from it.
  static func propertyName(for key: String) -> String {
    if isIdentifier(key) { return key }
    return camel(key) ?? "value"
  }

  /// `text` with its first letter in the case of `model`'s first letter.
  private static func matchCase(_ text: String, _ model: String) -> String {
    guard let last = model.utf8.last, isUpper(last) else { return text }
    return text.uppercased()
  }

  /// `name` as Swift source spells an identifier: a keyword in backticks (`` `class` ``).
  static func spelled(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// `name`, or the first of `name2`, `name3`, … not in `used`; recorded in `used` either way.
  static func claim(_ name: String, in used: inout Set<String>) -> String {
    var free = name
    if used.contains(free) {
      var number = 2
      while used.contains(name + String(number)) { number += 1 }
      free = name + String(number)
    }
    used.insert(free)
    return free
  }

  static func upperFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
  static func lowerFirst(_ word: String) -> String {
    // An all-capitals word (`URL`, `ID`) is lowered whole, as Swift's API guidelines write it.
    if word.utf8.allSatisfy({ isUpper($0) || isDigit($0) }) { return word.lowercased() }
    return word.prefix(1).lowercased() + word.dropFirst()
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
  static func isUpper(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
  static func isLower(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "a") < 26 }
  static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
}
