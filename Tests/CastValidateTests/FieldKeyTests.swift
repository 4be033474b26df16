import Testing

@testable import CastValidate

/// `FieldKey`: `infer`'s object keys, told apart by their bytes.
@Suite("FieldKey: keys by their bytes")
struct FieldKeyTests {
  @Test(
    "equal exactly when the bytes are, hashed alike when equal, in byte order",
    arguments: [
      ("caf\u{E9}", "cafe\u{301}", false), ("a", "a", true), ("", "", true), ("ab", "abc", false), ("😀", "😀", true),
      ("\u{212B}", "\u{C5}", false),
    ])
  func bytes(_ left: String, _ right: String, _ equal: Bool) {
    // The right side built another way, so the two are different storage.
    let rebuilt = String(decoding: Array(right.utf8), as: UTF8.self)
    let (a, b) = (FieldKey(left), FieldKey(rebuilt))
    #expect((a == b) == equal)
    if equal { #expect(a.hashValue == b.hashValue) }
    #expect((a < b) == left.utf8.lexicographicallyPrecedes(right.utf8))
    var set: Set<FieldKey> = [a, b]
    set.insert(FieldKey(String(left)))
    #expect(set.count == (equal ? 1 : 2))
  }
}
