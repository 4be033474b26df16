/// The one invertible snake_case rule all dialects share (semantics §4).
// NB: names and keys are nearly always ASCII, and for them the rule is worked out on bytes. The
// Character path asks Unicode for every letter's properties: about 2 µs a name, most of the load
// of a large schema whose keys all come from the rule, and of `convert --keys`.
package enum SnakeCase {
  /// Property → JSON: lower case, `_` at each word boundary; an upper-case run is one word
  /// (`myURLProperty` → `my_url_property`, `userID` → `user_id`).
  package static func jsonKey(for property: String) -> String {
    if let ascii = property.utf8.withContiguousStorageIfAvailable(asciiJSONKey), let key = ascii { return key }
    return characterJSONKey(for: property)
  }

  /// JSON → property: split on `_`, drop empty parts, capitalise every part after the first.
  package static func propertyName(for key: String) -> String {
    if let ascii = key.utf8.withContiguousStorageIfAvailable(asciiPropertyName), let name = ascii { return name }
    return characterPropertyName(for: key)
  }

  // MARK: - Characters

  /// `jsonKey(for:)` for any text.
  static func characterJSONKey(for property: String) -> String {
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

  /// `propertyName(for:)` for any text.
  static func characterPropertyName(for key: String) -> String {
    let parts = key.split(separator: "_")
    guard let first = parts.first else { return key }
    return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  // MARK: - ASCII

  /// `jsonKey(for:)` of an ASCII name's bytes; nil for any other text.
  static func asciiJSONKey(_ name: UnsafeBufferPointer<UInt8>) -> String? {
    guard name.allSatisfy({ $0 < 0x80 }) else { return nil }
    // At most one `_` before each byte but the first.
    return String(unsafeUninitializedCapacity: max(2 * name.count - 1, 0)) { result in
      var count = 0
      for i in name.indices {
        let byte = name[i]
        if isUpper(byte), i > 0 {
          let previous = name[i - 1]
          let nextIsLower = i + 1 < name.count && isLower(name[i + 1])
          if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower),
            result[count - 1] != UInt8(ascii: "_")
          {
            result[count] = UInt8(ascii: "_")
            count += 1
          }
        }
        result[count] = isUpper(byte) ? byte | 0x20 : byte
        count += 1
      }
      return count
    }
  }

  /// `propertyName(for:)` of an ASCII key's bytes; nil for any other text.
  static func asciiPropertyName(_ key: UnsafeBufferPointer<UInt8>) -> String? {
    guard key.allSatisfy({ $0 < 0x80 }) else { return nil }
    // A key of nothing but underscores has no part, and stays as it is.
    guard key.contains(where: { $0 != UInt8(ascii: "_") }) else { return String(decoding: key, as: UTF8.self) }
    return String(unsafeUninitializedCapacity: key.count) { result in
      var count = 0
      var startsPart = false
      for byte in key {
        if byte == UInt8(ascii: "_") {
          // Only a part after the first is capitalised: leading underscores start nothing.
          startsPart = count > 0
          continue
        }
        result[count] = startsPart && isLower(byte) ? byte & ~0x20 : byte
        startsPart = false
        count += 1
      }
      return count
    }
  }

  private static func isUpper(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 }
  private static func isLower(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "a") < 26 }
  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
