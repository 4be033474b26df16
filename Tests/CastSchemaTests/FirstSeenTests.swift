import Testing

@testable import CastSchema

/// The duplicate check behind every model's property names and JSON keys.
@Suite("FirstSeen")
struct FirstSeenTests {
  /// Names on either side of the fingerprint's eight-byte words: none, a tail only, exactly one
  /// word, a word and a tail, several words; one not ASCII.
  static let names = [
    "", "a", "field0N", "field0Na", "field0Nam", "fieldNameThatIsLonger", "caf\u{E9}", String(repeating: "k", count: 40),
  ]

  @Test("a name recorded again gives the first value; a name one byte apart, or longer, is new", arguments: names)
  func duplicates(_ name: String) {
    // A few names are kept in a list, many in a dictionary: both must agree.
    for capacity in [4, FirstSeen<Int>.linearLimit + 1] {
      var seen = FirstSeen<Int>(capacity: capacity)
      #expect(seen.record(name, 1) == nil)
      let bytes = Array(name.utf8)
      for index in bytes.indices {
        var changed = bytes
        changed[index] ^= 0x01
        var probe = seen
        #expect(probe.record(String(decoding: changed, as: UTF8.self), 2) == nil, "byte \(index) of \(name)")
      }
      var longer = seen
      #expect(longer.record(name + "\0", 2) == nil)
      #expect(seen.record(name, 3) == 1)
    }
  }
}
