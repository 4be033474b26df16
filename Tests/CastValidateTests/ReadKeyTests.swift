import Testing

@testable import CastValidate

/// `JSONScanner.readKey(ifItIs:prefix:)` reads a key it expects without scanning it; whenever it
/// says yes, scanning the string must give the same token and leave the cursor in the same place.
struct ReadKeyTests {
  @Test(
    "a key is read without scanning only when it is exactly the expected one",
    arguments: [
      (#""id":1}"#, "id", true),
      (#""idx":1}"#, "id", false),
      (#""i":1}"#, "id", false),
      (#""":1}"#, "", true),
      (#""a":1}"#, "", false),
      (#""user_name":"a"}"#, "user_name", true),
      (#""user_namf":"a"}"#, "user_name", false),
      (#""user_name_is_long":"a"}"#, "user_name_is_long", true),
      (#""user_name_is_lonG":"a"}"#, "user_name_is_long", false),
      (#""user_name_is_long2":"a"}"#, "user_name_is_long", false),
      (#""caf\u00e9":1}"#, "café", false),
      (#""café":1}"#, "café", true),
      (#""id""#, "id", false),
    ])
  func readsExpectedKey(_ text: String, _ expected: String, _ reads: Bool) {
    // NB: a record goes on after its keys; only the last row ends right after its key.
    let input = Array((text == #""id""# ? text : text + #","padding":0}"#).utf8)
    let key = Array(expected.utf8)
    input.withUnsafeBytes { buffer in
      key.withUnsafeBytes { expectedBytes in
        var fast = JSONScanner(buffer, baseOffset: 100)
        let token = fast.readKey(ifItIs: expectedBytes, prefix: KeyPrefix.word(expectedBytes))
        #expect((token != nil) == reads)
        guard let token else { return #expect(fast.position == 0) }
        var scanned = JSONScanner(buffer, baseOffset: 100)
        #expect((try? scanned.readStringAtQuote()) == token)
        #expect(scanned.position == fast.position)
      }
    }
  }
}
