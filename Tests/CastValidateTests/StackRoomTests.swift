import Foundation
import Testing

@testable import CastValidate

/// `StackRoom`: the nesting it counts, and where it runs work.
@Suite("StackRoom")
struct StackRoomTests {
  static let texts: [(String, Int, Int)] = [
    ("1", 10, 0),
    ("[]", 10, 1),
    (#"{"a": [1, {"b": []}]}"#, 10, 4),
    (#"["[[[", "\"[["]"#, 10, 1),  // brackets inside strings, over escaped quotes
    (#"[[[[[[]]]]]]"#, 4, 4),  // counted up to the limit
    (#"]]]][["#, 10, 2),  // malformed, counted as it stands
    (#"["\"#, 10, 1),  // an unterminated string with a trailing backslash
  ]

  @Test("nesting counts arrays and objects outside strings, up to the limit", arguments: texts)
  func nesting(_ text: String, _ limit: Int, _ expected: Int) {
    let bytes = Array(text.utf8)
    #expect(bytes.withUnsafeBytes { StackRoom.nesting(of: $0, limit: limit) } == expected)
  }

  // NB: under AddressSanitizer a local may live on its fake stack, whose address says nothing of
  // the thread's: there every piece of work goes to a thread, which is safe, so only the rule is
  // asserted for shallow work.
  @Test("work the stack has no room for runs on another thread; work it has room for runs here")
  func placement() {
    let here = pthread_self()
    #expect(StackRoom.run(depth: 2) { pthread_equal(pthread_self(), here) != 0 } == StackRoom.hasRoom(forDepth: 2))
    #expect(StackRoom.run(depth: 1_000_000) { pthread_equal(pthread_self(), here) == 0 })
    #expect(!StackRoom.hasRoom(forDepth: Int.max))
  }
}
