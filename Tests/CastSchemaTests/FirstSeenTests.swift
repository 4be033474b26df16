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

  /// The engine reads JSON keys byte for byte: canonically equal keys are two keys, in a list or
  /// a dictionary alike (a `Dictionary<String, _>` would take them for one past `linearLimit`).
  @Test("canonically equal names with other bytes are two names, however many there are")
  func canonicalTwins() {
    for capacity in [4, FirstSeen<Int>.linearLimit + 1] {
      var seen = FirstSeen<Int>(capacity: capacity)
      for index in 0..<(capacity == 4 ? 0 : FirstSeen<Int>.linearLimit + 2) { _ = seen.record("k\(index)", index) }
      #expect(seen.record("caf\u{E9}", -1) == nil)
      #expect(seen.record("cafe\u{301}", -2) == nil, "capacity \(capacity)")
      #expect(seen.record("cafe\u{301}", -3) == -2)
    }
  }
}
