/// The one invertible snake_case rule all dialects share (semantics §4).
public enum SnakeCase {
  /// Property → JSON: lower case, `_` at each word boundary; an upper-case run is one word
  /// (`myURLProperty` → `my_url_property`, `userID` → `user_id`).
  public static func jsonKey(for property: String) -> String {
    let characters = Array(property)
    var result = ""
    for (i, character) in characters.enumerated() {
      if character.isUppercase, i > 0 {
        let previous = characters[i - 1]
        let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
        if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
          if !result.hasSuffix("_") { result.append("_") }
        }
      }
      result += character.lowercased()
    }
    return result
  }

  /// JSON → property: split on `_`, drop empty parts, capitalise every part after the first.
  public static func propertyName(for key: String) -> String {
    let parts = key.split(separator: "_")
    guard let first = parts.first else { return key }
    return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
