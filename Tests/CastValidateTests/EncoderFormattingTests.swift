import Foundation
import Testing

@testable import CastValidate

/// `/` escaped as JSONEncoder escapes it (without `.withoutEscapingSlashes`): every one, wherever
/// it stands in the line, and nothing else changed.
struct EncoderFormattingTests {
  @Test(
    "every slash is escaped, and only slashes",
    arguments: ["", "/", "//", "a/b", "/a", "a/", "{\"u\":\"https://x.org/a/b\"}", "no slash at all", "\\/", "é/€/😀"])
  func slashesEscaped(_ text: String) {
    let escaped = EncoderFormatting(escapesSlashes: true).finish(Array(text.utf8))
    #expect(String(decoding: escaped, as: UTF8.self) == text.replacing("/", with: "\\/"))
    #expect(EncoderFormatting(escapesSlashes: false).finish(Array(text.utf8)) == Array(text.utf8))
  }

  @Test("a line escaped is what JSONEncoder writes for the same strings")
  func sameAsJSONEncoder() throws {
    var generator = SeededGenerator(seed: 57)
    for _ in 0..<200 {
      let strings = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        String((0..<Int.random(in: 0...40, using: &generator)).map { _ in "ab/:.?x/"[Int.random(in: 0..<8, using: &generator)] })
      }
      let expected = try JSONEncoder().encode(strings)
      let plain = try JSONSerialization.data(withJSONObject: strings, options: [.withoutEscapingSlashes])
      #expect(EncoderFormatting(escapesSlashes: true).finish(Array(plain)) == Array(expected), "\(strings)")
    }
  }
}

extension String {
  fileprivate subscript(offset: Int) -> Character { self[index(startIndex, offsetBy: offset)] }
}
