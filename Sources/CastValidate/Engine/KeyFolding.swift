import CastSchema

/// How a model compares the keys of the data with its declared keys: exactly, or both folded
/// first. `-i` folds ASCII case. A JsonObject model with `MapsUnderscoreCaseToCamelCase` reads
/// each JSON key through the JSON → property snake_case rule (JO-02, JO-05, semantics §4: split
/// on `_`, drop empty parts, capitalise every part after the first), so `member_id`,
/// `member__id`, `_member_id`, `member_id_` and `memberId` are all the key of `memberId`.
/// The engine, its key paths and the round-trip ledger all compare through this one rule.
struct KeyFolding: Sendable {
  let caseInsensitive: Bool
  let snakeCase: Bool
  /// Under the snake_case rule, a name the key written for an acronym property folds to, and
  /// that property's name: `userID` is written `user_id` (§4's property → JSON rule), which
  /// folds to `userId`, so `userId` stands for `userID`. Both spellings are then the one key of
  /// the property, as every key JsonObject's JSON-driven loop maps to a property is (JO-02: of
  /// two in one object the later wins), rather than two `??` alternatives.
  let acronyms: [String: String]

  /// Whether keys are folded at all.
  var folds: Bool { caseInsensitive || snakeCase }

  /// `key` as compared: snake_case folded first (an acronym's written key to its name), then
  /// ASCII case.
  func fold(_ key: String) -> String {
    var unsnaked = key
    if snakeCase {
      unsnaked = SnakeCase.propertyName(for: key)
      if !acronyms.isEmpty, let name = acronyms[unsnaked] { unsnaked = name }
    }
    guard caseInsensitive else { return unsnaked }
    return String(decoding: unsnaked.utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// A decoded key's bytes as compared.
  func fold(bytes: [UInt8]) -> [UInt8] {
    if snakeCase { return Array(fold(String(decoding: bytes, as: UTF8.self)).utf8) }
    return caseInsensitive ? bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 } : bytes
  }

  /// A declared key as the matcher compares it.
  func declared(_ key: String) -> [UInt8] {
    guard snakeCase else { return Array((caseInsensitive ? key.lowercased() : key).utf8) }
    return Array(fold(key).utf8)
  }

  /// Whether a key (its decoded bytes) folds to `expected`: the one rule for the walk, and for
  /// the declared keys compiled to be matched as they stand (`FieldPlan.literalKeys`).
  func folds(_ bytes: [UInt8], to expected: [UInt8]) -> Bool {
    if snakeCase { return fold(bytes: bytes) == expected }
    guard caseInsensitive else { return bytes == expected }
    guard bytes.count == expected.count else { return false }
    for (a, b) in zip(bytes, expected) where ASCII.lower(a) != b { return false }
    return true
  }

  /// The acronyms of a model read through the snake_case rule: each property whose written key
  /// folds to another name than its own (`userID`, `URLPath`), where no other property's key
  /// folds to that name (which `duplicate-json-key` refuses anyway).
  static func acronyms(of properties: [Property]) -> [String: String] {
    var acronyms: [String: String] = [:]
    for property in properties where property.keySource == .snakeCase && property.keys.count > 1 {
      guard let written = property.keys.first?.components.first?.key,
        let name = property.keys.last?.components.first?.key
      else { continue }
      let folded = SnakeCase.propertyName(for: written)
      let taken = properties.contains { other in
        other.name != property.name && other.keys.contains { SnakeCase.propertyName(for: $0.components[0].key) == folded }
      }
      if folded != SnakeCase.propertyName(for: name), !taken { acronyms[folded] = SnakeCase.propertyName(for: name) }
    }
    return acronyms
  }
}

extension Model {
  /// The keys `property` of this model is read by, as the walk tells them apart, for the tables
  /// that show them (`castctl schema`, the REPL's `:show` and `:keys`): under JsonObject's
  /// snake_case rule (`KeyFolding`) the declared keys that fold to one (`user_id` and `userID`)
  /// are that one key, shown as the first, the key written; as `??` alternatives they would say
  /// that the first present wins, where of both in one object the later does. Elsewhere the
  /// declared keys.
  package func distinctKeys(of property: Property, options: RegistryOptions) -> [KeyPath] {
    guard dialect == .jsonobject, usesSnakeCase, property.keys.count > 1 else { return property.keys }
    let folding = KeyFolding(
      caseInsensitive: options.caseInsensitiveKeys, snakeCase: true, acronyms: KeyFolding.acronyms(of: properties))
    var seen: Set<[UInt8]> = []
    return property.keys.filter { path in
      !path.isSimple || seen.insert(folding.declared(path.components[0].key)).inserted
    }
  }
}
