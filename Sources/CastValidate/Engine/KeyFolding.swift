import CastSchema

/// How a model compares the keys of the data with its declared keys: exactly, or both folded
/// first. `-i` folds ASCII case. A JsonObject model with `MapsUnderscoreCaseToCamelCase` reads
/// each JSON key through the JSON → property snake_case rule (JO-02, JO-05, semantics §4: split
/// on `_`, drop empty parts, capitalise every part after the first), so `member_id`,
/// `member__id`, `_member_id`, `member_id_` and `memberId` are all the key of `memberId`.
/// The engine, its key paths and the round-trip ledger all compare through this one rule.
enum KeyFolding {
  /// `key` as compared: snake_case folded first, then ASCII case.
  static func fold(_ key: String, caseInsensitive: Bool, snakeCase: Bool) -> String {
    let unsnaked = snakeCase ? SnakeCase.propertyName(for: key) : key
    guard caseInsensitive else { return unsnaked }
    return String(decoding: unsnaked.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// A decoded key's bytes as compared.
  static func fold(bytes: [UInt8], caseInsensitive: Bool, snakeCase: Bool) -> [UInt8] {
    let unsnaked = snakeCase ? Array(SnakeCase.propertyName(for: String(decoding: bytes, as: UTF8.self)).utf8) : bytes
    return caseInsensitive ? unsnaked.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 } : unsnaked
  }
}
