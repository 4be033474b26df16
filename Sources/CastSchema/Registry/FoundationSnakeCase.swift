import Foundation

/// JSONDecoder's `.convertFromSnakeCase` and JSONEncoder's `.convertToSnakeCase`, as
/// swift-foundation writes them (`_convertFromSnakeCase`, `_convertToSnakeCase`); tested against
/// the real coders. Unlike `SnakeCase` (castctl's invertible rule), they do not invert: `myURL`
/// is written `my_url`, which is read back as `myUrl`.
package enum FoundationSnakeCase {
  /// The JSON key `convertFromSnakeCase` turns `key` into before comparing it to a CodingKey.
  package static func fromSnakeCase(_ key: String) -> String {
    guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
    var last = key.index(before: key.endIndex)
    while last > first, key[last] == "_" { key.formIndex(before: &last) }
    let core = key[first...last]
    let components = core.split(separator: "_")
    let joined =
      components.count == 1
      ? String(core) : ([components[0].lowercased()] + components.dropFirst().map { $0.capitalized }).joined()
    return String(key[..<first]) + joined + String(key[key.index(after: last)...])
  }

  /// The key `convertToSnakeCase` writes for `key`: a word starts at each capital (a run of
  /// capitals is one word, its last capital starting the next word when a lowercase follows).
  package static func toSnakeCase(_ key: String) -> String {
    guard !key.isEmpty else { return key }
    var words: [Range<String.Index>] = []
    var wordStart = key.startIndex
    var searchRange = key.index(after: wordStart)..<key.endIndex
    while let upper = key.rangeOfCharacter(from: .uppercaseLetters, range: searchRange) {
      words.append(wordStart..<upper.lowerBound)
      searchRange = upper.lowerBound..<searchRange.upperBound
      guard let lower = key.rangeOfCharacter(from: .lowercaseLetters, range: searchRange) else {
        wordStart = searchRange.lowerBound
        break
      }
      let afterCapital = key.index(after: upper.lowerBound)
      if lower.lowerBound == afterCapital {
        wordStart = upper.lowerBound
      } else {
        let beforeLower = key.index(before: lower.lowerBound)
        words.append(upper.lowerBound..<beforeLower)
        wordStart = beforeLower
      }
      searchRange = lower.upperBound..<searchRange.upperBound
    }
    words.append(wordStart..<searchRange.upperBound)
    return words.map { key[$0].lowercased() }.joined(separator: "_")
  }

  /// A snake_case key `convertFromSnakeCase` turns into `key` (each capital its own word:
  /// `myURL` ← `my_u_r_l`), if there is one.
  package static func reachingKey(_ key: String) -> String? {
    var result = ""
    for character in key {
      if character.isUppercase, !result.isEmpty { result += "_" }
      result += character.lowercased()
    }
    return fromSnakeCase(result) == key ? result : nil
  }
}

extension FoundationSnakeCase {
  /// The JSON keys `convertFromSnakeCase` turns into `codingKey`, the CodingKey itself first where
  /// it reaches itself (JSONDecoder names it in keyNotFound's path), then the key
  /// `convertToSnakeCase` writes, when it comes back.
  package static func keysReaching(_ codingKey: String) -> [String] {
    var reaching: [String] = []
    for candidate in [codingKey, toSnakeCase(codingKey), reachingKey(codingKey)].compactMap(\.self)
    where fromSnakeCase(candidate) == codingKey && !reaching.contains(candidate) {
      reaching.append(candidate)
    }
    return reaching
  }
}
