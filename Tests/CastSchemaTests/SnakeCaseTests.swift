@testable import CastSchema
import Testing

/// The one snake_case rule (semantics §4), both directions, and when it does not invert.
@Suite("snake_case")
struct SnakeCaseTests {
  static let toJSON: [(String, String)] = [
    ("myURLProperty", "my_url_property"),
    ("userID", "user_id"),
    ("isPublic", "is_public"),
    ("address2", "address2"),
    ("address2Line", "address2_line"),
    ("name", "name"),
    ("memberId", "member_id"),
    ("bestFriend", "best_friend"),
    ("URL", "url"),
    ("URLString", "url_string"),
    ("HTMLParser", "html_parser"),
    ("ID", "id"),
    ("user_name", "user_name"),
    ("a", "a"),
    ("", ""),
    ("cafeÉtoile", "cafe_étoile"),
  ]

  @Test("property name → JSON key", arguments: toJSON)
  func jsonKey(_ property: String, _ key: String) {
    #expect(SnakeCase.jsonKey(for: property) == key)
  }

  static let toProperty: [(String, String)] = [
    ("my_url_property", "myUrlProperty"),
    ("user_id", "userId"),
    ("is_public", "isPublic"),
    ("address2", "address2"),
    ("best_friend", "bestFriend"),
    ("a__b", "aB"),
    ("_private", "private"),
    ("trailing_", "trailing"),
    ("memberId", "memberId"),
    ("", ""),
  ]

  @Test("JSON key → property name", arguments: toProperty)
  func propertyName(_ key: String, _ property: String) {
    #expect(SnakeCase.propertyName(for: key) == property)
  }

  static let roundTrips: [(String, String?)] = [
    ("isPublic", nil),
    ("address2Line", nil),
    ("memberId", nil),
    ("name", nil),
    ("userID", "userId"),
    ("myURLProperty", "myUrlProperty"),
    ("URL", "url"),
    ("user_name", "userName"),
  ]

  /// nil: the round trip is the identity; otherwise the name it comes back as.
  @Test("property → JSON → property is the identity, or a different name", arguments: roundTrips)
  func invert(_ property: String, _ comesBackAs: String?) {
    let back = SnakeCase.propertyName(for: SnakeCase.jsonKey(for: property))
    #expect(back == (comesBackAs ?? property))
  }

  @Test("the load-time check warns exactly for the names that do not invert", arguments: roundTrips)
  func loadTimeCheck(_ property: String, _ comesBackAs: String?) {
    let (_, diagnostics) = Loading.load("class M: UnderscoreToCamelCase {\n  var \(property): Int?\n}\n")
    let warnings = diagnostics.filter { $0.code == "snake-case-not-invertible" }
    #expect(warnings.count == (comesBackAs == nil ? 0 : 1))
    if comesBackAs != nil {
      #expect(warnings.first?.message.contains("//! \"\(SnakeCase.jsonKey(for: property))\"") == true)
    }
  }
}

/// The byte path for ASCII names gives exactly what the Character path gives.
@Suite("snake_case on ASCII bytes")
struct SnakeCaseASCIITests {
  /// Every text of up to four characters over letters of both cases, a digit, `_` and `-`, and
  /// the tables above: each boundary rule meets each neighbour.
  static let texts: [String] = {
    let alphabet: [String] = ["a", "B", "c", "D", "1", "_", "-"]
    var texts = [""]
    var level = [""]
    for _ in 0..<4 {
      level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
      texts += level
    }
    return texts + SnakeCaseTests.toJSON.flatMap { [$0.0, $0.1] } + SnakeCaseTests.toProperty.flatMap { [$0.0, $0.1] }
      + ["__", "a\r\nB", "x_Y_z", "ABCdef", "a1B2c3", "HTTPSProxy2Go"]
  }()

  @Test("jsonKey: bytes and Characters agree")
  func jsonKeyAgrees() {
    for text in Self.texts where text.utf8.allSatisfy({ $0 < 0x80 }) {
      #expect(SnakeCase.jsonKey(for: text) == SnakeCase.characterJSONKey(for: text), "\(text)")
    }
  }

  @Test("propertyName: bytes and Characters agree")
  func propertyNameAgrees() {
    for text in Self.texts where text.utf8.allSatisfy({ $0 < 0x80 }) {
      #expect(SnakeCase.propertyName(for: text) == SnakeCase.characterPropertyName(for: text), "\(text)")
    }
  }

  @Test("non-ASCII text takes the Character path", arguments: ["cafeÉtoile", "naïve_ünit", "ÅngströmUnit"])
  func nonASCII(_ text: String) {
    #expect(Array(text.utf8).withUnsafeBufferPointer(SnakeCase.asciiJSONKey) == nil)
    #expect(Array(text.utf8).withUnsafeBufferPointer(SnakeCase.asciiPropertyName) == nil)
    #expect(SnakeCase.jsonKey(for: text) == SnakeCase.characterJSONKey(for: text))
    #expect(SnakeCase.propertyName(for: text) == SnakeCase.characterPropertyName(for: text))
  }
}
