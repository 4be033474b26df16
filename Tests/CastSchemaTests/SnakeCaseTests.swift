import CastSchema
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
