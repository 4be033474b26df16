import CastSchema

/// How a dictionary's JSON keys become its keys and are written back: an integer key as its number
/// (`"01"` → `"1"`), and, where the codable dialect's key strategies reach the key (an `Int` or a
/// `CodingKeyRepresentable` enum), converted both ways (`"dark_red"` → `darkRed` → `"dark_red"`).
/// The walk and the round-trip ledger both follow it.
struct DictionaryKeyRule {
  /// The key is an integer, or an enum of integer raw values.
  let isInteger: Bool
  /// Keys are read through `convertFromSnakeCase` (`Policy.dictionaryKeysFromSnakeCase`).
  let fromSnakeCase: Bool
  /// Keys are written through `convertToSnakeCase` (`Policy.dictionaryKeysToSnakeCase`).
  let toSnakeCase: Bool

  init(key: ValueNode, policy: Policy, schema: CompiledSchema) {
    isInteger = schema.integerKeyType(key) != nil
    fromSnakeCase = key.followsKeyStrategies && policy.dictionaryKeysFromSnakeCase
    toSnakeCase = key.followsKeyStrategies && policy.dictionaryKeysToSnakeCase
  }

  /// Whether some key is read or written otherwise than its text.
  var changesKeys: Bool { isInteger || fromSnakeCase || toSnakeCase }

  /// The key the decoder reads from a key's text, where a strategy changes it; nil where it is
  /// the text itself.
  func read(_ text: String) -> String? {
    guard fromSnakeCase else { return nil }
    let converted = FoundationSnakeCase.fromSnakeCase(text)
    return converted == text ? nil : converted
  }

  /// `read` of a key token: only a key with `_` (or an escape) can change.
  func read(_ key: JSONStringToken, _ scanner: JSONScanner) -> String? {
    guard fromSnakeCase, key.hasEscapes || scanner.bytes(key.span).contains(UInt8(ascii: "_")) else { return nil }
    return read(scanner.string(key))
  }

  /// The key written back for one the decoder read as `key` (`integer`: its number, when the walk
  /// has read it already).
  func written(_ key: String, integer: IntegerKey? = nil) -> String {
    var written = key
    if let integer {
      written = integer.text
    } else if isInteger, let number = RecordValidator.integerKey(key) {
      written = number
    }
    return toSnakeCase ? FoundationSnakeCase.toSnakeCase(written) : written
  }
}
