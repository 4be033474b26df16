import CastSchema
import Foundation
import Testing

/// `FoundationSnakeCase` against the real JSONDecoder (`.convertFromSnakeCase`) and JSONEncoder
/// (`.convertToSnakeCase`) of this machine.
@Suite("Foundation's snake_case key strategies")
struct FoundationSnakeCaseTests {
  static let keys = [
    "my_url", "_leading", "trailing_", "a__b", "URL_value", "userID", "myURL", "my_u_r_l", "user_i_d", "__", "_a_b_",
    "HTTPServer", "a1B", "Ünïcode_éx", "snake_Case_ABC", "x", "displayName", "home_page", "",
  ]

  private struct AnyKey: CodingKey {
    var stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  private struct Keys: Decodable {
    var keys: [String]
    init(from decoder: Decoder) throws { keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue) }
  }

  private struct OneKey: Encodable {
    var key: String
    func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(1, forKey: AnyKey(stringValue: key))
    }
  }

  @Test("convertFromSnakeCase reads a key as JSONDecoder does", arguments: keys)
  func fromSnakeCase(_ key: String) throws {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let data = try JSONSerialization.data(withJSONObject: [key: 1])
    let decoded = try decoder.decode(Keys.self, from: data).keys
    #expect(decoded == [FoundationSnakeCase.fromSnakeCase(key)])
  }

  @Test("convertToSnakeCase writes a key as JSONEncoder does", arguments: keys)
  func toSnakeCase(_ key: String) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let object = try JSONSerialization.jsonObject(with: encoder.encode(OneKey(key: key))) as? [String: Int]
    #expect(object.map { Array($0.keys) } == [FoundationSnakeCase.toSnakeCase(key)])
  }

  @Test("the reaching key of myURL and userID comes back to them", arguments: [("myURL", "my_u_r_l"), ("userID", "user_i_d")])
  func reachingKey(_ name: String, _ key: String) {
    #expect(FoundationSnakeCase.reachingKey(name) == key)
    #expect(FoundationSnakeCase.fromSnakeCase(key) == name)
  }
}
