import Foundation
import Testing

@testable import CastValidate

/// The URL, UUID and base64 checks on bytes, against the `String` implementations they replaced
/// and Foundation's `Data(base64Encoded:)`.
@Suite("FormatChecks: URL, UUID and base64 on UTF-8 bytes")
struct FormatChecksTests {
  /// The URL check before it worked on bytes: every scalar's Unicode properties, then Foundation.
  static func legacyIsURL(_ text: String) -> Bool {
    guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
    else { return false }
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
      guard index + 2 < bytes.count, FormatChecks.isHexDigit(bytes[index + 1]), FormatChecks.isHexDigit(bytes[index + 2])
      else { return false }
    }
    return URL(string: text) != nil
  }

  /// The UUID check before it worked on bytes.
  static func legacyIsUUID(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard FormatChecks.isHexDigit(byte) else { return false }
      }
    }
    return true
  }

  static let urls: [String] = [
    "https://api.github.com/repos/a/b", "http://t.co/abc", "https://pbs.twimg.com/profile_images/1/a_normal.jpeg",
    "http://example.com:8080/x?y=1#z", "http://example.com:65535/", "http://example.com:123456/", "http://example.com:/",
    "http://example.com:x/", "http://[::1]:80/", "http://[::1/", "http://a]b/", "http://user:pw@host/p", "http://@host/",
    "http://", "https:", "file:///tmp/x", "//host/path", "//", "/", "a", "a:b", "1a:b", "a b", " a", "a\t", "a\n",
    "", "%", "%4", "%41", "a%zz", "a%4g", "http://exa%41mple.com/", "http://ex ample.com", "http://é.com/",
    "http://example.com/é", "http://example.com/\u{A0}", "http://example.com/\u{2028}", "http://example.com/\u{85}",
    "http://example.com/\u{3000}", "http://example.com/\u{200B}", "http://example.com/\u{7F}", "http://x/#a#b",
    "http://x/a[b]", "http://x/{a}", "http://x/a|b", "http://x/a\\b", "http://x/a^b", "http://x/\"", "http://x/<>",
    "mailto:a@b.c", "urn:isbn:0451450523", "a+b-c.d:x", "+a:b", "?q", "#f", "http://a_b.c/", "http://a!b.c/",
    "http://a..b/", "http://-a-/", "x://h:0/", "HTTP://EXAMPLE.COM/", "http://example.com?#", "http:://x",
    "http://x:80:80/", "http://x//y", "😀", "http://x/😀", "http://x/\u{0}", "a\u{1F}b",
  ]

  @Test("the byte check agrees with the String check", arguments: encodedURLs)
  func url(_ text: String) {
    #expect(FormatChecks.isURL(text) == Self.legacyIsURL(text))
    #expect(FormatChecks.onUTF8(text) { FormatChecks.isURL($0, hosts: URLAuthorityCache()) } == Self.legacyIsURL(text))
  }

  /// Seeded random strings over URL punctuation, letters, white space and non-ASCII, many with a
  /// URL's beginning, each compared with the old check.
  @Test("random strings", arguments: 0..<8)
  func randomURLs(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces: [String] = [
      "a", "Z", "0", "9", "-", ".", "_", "~", ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+",
      ",", ";", "=", "%", "%2F", "%4", " ", "\t", "\u{7F}", "é", "€", "😀", "\u{A0}", "\u{2028}", "\u{85}", "\u{1680}",
      "\u{2009}", "{", "}", "|", "\\", "^", "`", "\"", "<", ">", "http://", "https://", "//", "host", ":8080", "1a:",
    ]
    let prefixes = ["", "http://", "https://api.", "//", "a:", "mailto:", "file://"]
    for _ in 0..<2_000 {
      var text = prefixes[Int(random.next() % UInt64(prefixes.count))]
      for _ in 0..<Int(random.next() % 12) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
      #expect(FormatChecks.isURL(text) == Self.legacyIsURL(text), "\(text.debugDescription)")
    }
  }

  /// URLs Foundation percent-encodes component by component (`URLComponentEncoding`), and ones
  /// whose host or port keeps them with Foundation.
  static let encodedURLs: [String] = urls + [
    "https://example.com/München", "https://example.com/%C3%BC?ü", "https://example.com/ü?%C3%BC", "https://example.com/ü%C3%BC",
    "https://example.com/a%zz?%C3", "https://example.com/a?b%zz#c%C3", "https://example.com:/ü", "https://example.com:0080/ü",
    "https://example.com:0/ü", "https://u@example.com:8/ü", "https://Example.COM./ü", "https://example.com/ü/../x", "https://a_b.com/ü",
    "https://%41.com/ü", "https://example.com/a\tb", "https://example.com/ü\u{A0}", "https://example.com/\u{FEFF}",
    "https://example.com?a?b[c]", "https://example.com/#a/?#", "https:/x/ü", "https:ü", "mailto:ü@x.com", "ü", "/relative/ü",
    "https://bücher.example/x", "https://[::1]/ü", "https://example.com/ü#", "https://example.com/ü?#", "x+a.b-c://y/ü", "1x://y/ü",
    "https://example.com/a b", "https://example.com/a\u{0}b", "https://example.com/\u{7F}", "https://example.com/%",
    "https://münchen.de", "https://MÜNCHEN.de:080/Ä?q=ü#f", "http://例え.テスト/パス", "https://ü..de/", "https://-ü-.de/",
    "https://ü_x.de/", "https://Ⅻ.com/ü", "https://a.b\u{200B}ü/", "https://ü\u{A0}.de/", "https://ü.de:/", "file://ü/x:y",
    "https://ü@x.de/", "https://[ü]/", "https://ü.de:99999/", "https://ü.de/a b#c#d",
  ]

  @Test("a URL as JSONEncoder writes it: on bytes where Foundation's components are known", arguments: encodedURLs)
  func writtenURL(_ text: String) {
    #expect(FormatChecks.onUTF8(text) { FormatChecks.foundationURL($0, hosts: URLAuthorityCache()) } == URL(string: text)?.absoluteString)
    #expect(FormatChecks.onUTF8(text) { FormatChecks.foundationURL($0) } == URL(string: text)?.absoluteString)
  }

  /// Seeded random URLs with a common scheme and host and a path, query and fragment of any
  /// characters, each compared with what Foundation makes of it.
  @Test("a URL as JSONEncoder writes it: random paths, queries and fragments", arguments: 0..<8)
  func randomWrittenURLs(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces: [String] = [
      "a", "Z", "0", "-", ".", "_", "~", ":", "/", "?", "?", "#", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+",
      ",", ";", "=", "%", "%2F", "%c3%bc", "%4", "%zz", " ", "\t", "\n", "\u{0}", "\u{7F}", "é", "€", "😀", "\u{A0}", "\u{2028}",
      "\u{85}", "{", "}", "|", "\\", "^", "`", "\"", "<", ">", "ü",
    ]
    let prefixes = ["", "http://host", "https://api.example.com:8080", "//h", "a:", "mailto:", "file://", "x:/", "h://h:0", "h://h:01"]
    var onBytes = 0
    for _ in 0..<2_000 {
      var text = prefixes[Int(random.next() % UInt64(prefixes.count))]
      for _ in 0..<Int(random.next() % 12) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
      #expect(FormatChecks.onUTF8(text) { FormatChecks.foundationURL($0) } == URL(string: text)?.absoluteString, "\(text.debugDescription)")
      if FormatChecks.onUTF8(text, { URLComponentEncoding.absoluteString($0, hosts: nil) }) != nil { onBytes += 1 }
    }
    // A good share of them (about 45%) is worked out on bytes, not handed to Foundation.
    #expect(onBytes > 700)
  }

  /// Seeded random URLs whose host holds text beyond ASCII (which Foundation runs through IDNA)
  /// with any port, path, query and fragment: Foundation is asked about the `scheme://authority`
  /// alone (`URLAuthorityCache`), and the sum must be what it makes of the whole URL.
  @Test("a URL with a host beyond ASCII: verdict and text", arguments: 0..<4)
  func randomForeignHosts(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let hostPieces = [
      "a", "Z", "0", "-", ".", "_", "~", "ü", "Ü", "é", "例", "ß", "ﬀ", "Ⅻ", "\u{200B}", "\u{AD}", "😀", "xn--", "%41", "%zz", "!",
      "$", "'", "\u{301}", "İ", "ς", "\u{FF0E}", "\u{3002}", "ǅ", "\u{0660}", "\u{05D0}", " ", "\u{A0}", "|", "\\", "^", "x",
    ]
    let schemes = ["http", "https", "ftp", "file", "x", "mailto", "ws"]
    let ports = ["", ":", ":8080", ":080", ":0", ":99999", ":1", ":a"]
    let rests = ["", "/", "/p", "/ä", "?q=ü", "#f", "/a b", "?", "#", "/x:y", "/%zz", "/%41", "/\u{A0}", "#a#b", "/[x]"]
    var onBytes = 0
    let hosts = URLAuthorityCache()
    for _ in 0..<1_500 {
      var text = schemes[Int(random.next() % UInt64(schemes.count))] + "://"
      for _ in 0..<1 + Int(random.next() % 5) { text += hostPieces[Int(random.next() % UInt64(hostPieces.count))] }
      text += "é" + ports[Int(random.next() % UInt64(ports.count))]
      for _ in 0..<Int(random.next() % 3) { text += rests[Int(random.next() % UInt64(rests.count))] }
      #expect(FormatChecks.onUTF8(text) { FormatChecks.isURL($0, hosts: hosts) } == Self.legacyIsURL(text), "\(text.debugDescription)")
      #expect(
        FormatChecks.onUTF8(text) { FormatChecks.foundationURL($0, hosts: hosts) } == URL(string: text)?.absoluteString,
        "\(text.debugDescription)")
      if FormatChecks.onUTF8(text, { URLComponentEncoding.absoluteString($0, hosts: hosts) }) != nil { onBytes += 1 }
    }
    // Most of those Foundation takes (about a half of them) are rewritten from its answer for the prefix.
    #expect(onBytes > 400)
  }

  @Test("white space in UTF-8 is Unicode's White_Space, for every scalar")
  func whiteSpace() {
    var wrong: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let bytes = Array(String(Character(scalar)).utf8)
      let length = bytes.withUnsafeBytes { UTF8WhiteSpace.length($0, at: 0) }
      if length != (scalar.properties.isWhitespace ? bytes.count : 0) { wrong.append("U+\(String(value, radix: 16))") }
    }
    #expect(wrong.isEmpty)
  }

  @Test("the character masks are the characters", arguments: [
    ("RFC 3986", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%"),
    ("unreserved", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"),
  ])
  func masks(_ name: String, _ characters: String) {
    let set = Set(characters.utf8)
    for byte in UInt8(0)...255 {
      #expect((name == "unreserved" ? URLBytes.isUnreserved(byte) : URLBytes.isRFC3986(byte)) == set.contains(byte))
    }
  }

  static let uuids: [String] = [
    "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000", "123e4567e89b-12d3-a456-426614174000-",
    "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000", "g23e4567-e89b-12d3-a456-426614174000",
    "123e4567-e89b-12d3-a456_426614174000", "", "é23e4567-e89b-12d3-a456-42661417400",
    "123e4567-e89b-12d3-a456-4266-4174000", "123e45-67e89b-12d3-a456-426614174000", "-23e4567-e89b-12d3-a456-426614174000",
    "123e4567-e89b-12d3-a456-42661417400-", "123e4567-e89b-12d3-a456-42661417400\u{0}",
  ]

  @Test("UUIDs on bytes", arguments: uuids)
  func uuid(_ text: String) {
    #expect(FormatChecks.isUUID(text) == Self.legacyIsUUID(text))
  }

  static let base64Texts: [String] = [
    "", "=", "==", "YQ==", "YW==", "YQ=", "YQ", "YQ===", "aGVsbG8=", "aGVsbG8==", "aGVsbG8", "aGVs=bG8=", "YQ==YQ==", "aGk=",
    "aGl=", "abcd", "ab==", "ab=c", "YQ=a", "Y Q==", "YQ==\n", "-_8=", "+/8=", "+/+/", "AAAA", "////", "Y===", "éé==",
  ]

  /// Canonical: what `base64EncodedString()` writes back unchanged; valid: what Foundation reads.
  @Test("base64 on bytes: canonical as Foundation writes it, valid as it reads it", arguments: base64Texts)
  func base64(_ text: String) {
    let decoded = Data(base64Encoded: text)
    #expect(FormatChecks.onUTF8(text, FormatChecks.isCanonicalBase64) == (decoded?.base64EncodedString() == text))
    #expect(FormatChecks.onUTF8(text, FormatChecks.isBase64) == (decoded != nil))
  }

  @Test("base64 on bytes: random strings of its alphabet", arguments: 0..<4)
  func randomBase64(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let alphabet = Array("ABCXYZabcxyz0189+/=".utf8)
    for _ in 0..<2_000 {
      let text = String(decoding: (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }, as: UTF8.self)
      let decoded = Data(base64Encoded: text)
      #expect(FormatChecks.onUTF8(text, FormatChecks.isCanonicalBase64) == (decoded?.base64EncodedString() == text), "\(text)")
      #expect(FormatChecks.onUTF8(text, FormatChecks.isBase64) == (decoded != nil), "\(text)")
    }
  }
}
