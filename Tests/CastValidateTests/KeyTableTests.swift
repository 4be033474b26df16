import Testing

@testable import CastValidate

/// `KeyTable`: each key found at its position from its bytes, whatever its length and however
/// many keys share its start; of two equal keys the first; any other key not at all.
struct KeyTableTests {
  static let keys: [String] = ["id", "", "user_name", "property1", "property10", "property100", "a"]
    + (0..<200).map { "key_with_a_long_shared_start_\($0)" }

  @Test("every key is found at its position", arguments: [1, 2, 7, keys.count])
  func found(_ count: Int) {
    let table = KeyTable(Self.keys.prefix(count).enumerated().map { (Array($1.utf8), $0) })
    #expect(table.count == count)
    for (position, key) in Self.keys.prefix(count).enumerated() {
      #expect(table.position(of: Array(key.utf8)) == position, "\(key)")
    }
  }

  @Test(
    "keys not in the table are not found",
    arguments: ["ID", "user_nam", "user_name_", "property1000", "key_with_a_long_shared_start_200", "b", " id"])
  func notFound(_ key: String) {
    let table = KeyTable(Self.keys.enumerated().map { (Array($1.utf8), $0) })
    #expect(table.position(of: Array(key.utf8)) == nil)
  }

  @Test("of two equal keys the first is kept")
  func firstOfEqualKeys() {
    let table = KeyTable([(Array("a".utf8), 0), (Array("b".utf8), 1), (Array("a".utf8), 2)])
    #expect(table.count == 2)
    #expect(table.position(of: Array("a".utf8)) == 0)
    #expect(table.position(of: Array("b".utf8)) == 1)
  }

  @Test("an empty table finds nothing")
  func empty() {
    #expect(KeyTable([]).position(of: Array("a".utf8)) == nil)
    #expect(KeyTable([]).position(of: []) == nil)
  }
}
