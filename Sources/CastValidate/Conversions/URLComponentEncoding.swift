/// What this machine's `URL(string:)` does to a URL whose scheme and authority are in the common
/// shape (`URLBytes.commonPathStart`) and whose path, query or fragment holds bytes RFC 3986 does
/// not allow there (non-ASCII text, `|`, `[`, a space, a second `#`): it percent-encodes each such
/// component whole, every byte outside the component's set and `%` with them, and keeps the
/// others as written. Worked out on bytes, a URL with text beyond ASCII in its path costs no
/// parser and no `String`; one whose host is beyond ASCII costs a question to Foundation per
/// distinct host (`URLAuthorityCache`). `FormatChecksTests` compares both with Foundation on
/// random URLs.
enum URLComponentEncoding {
  /// Whether Foundation takes the URL: nil when only it can tell (a host beyond the common shape).
  /// A host beyond ASCII, which Foundation runs through IDNA, it is asked about once, through
  /// `hosts` when given.
  static func accepts(_ bytes: UnsafeRawBufferPointer, hosts: URLAuthorityCache?) -> Bool? {
    guard !bytes.isEmpty else { return false }
    if URLBytes.commonPathStart(bytes, canonicalPort: false) != nil { return true }
    guard let hosts, let authorityEnd = URLBytes.foreignAuthorityEnd(bytes) else { return nil }
    return hosts.rewritten(UnsafeRawBufferPointer(rebasing: bytes[0..<authorityEnd])) != nil
  }

  /// `URL(string:)?.absoluteString` of the URL, or nil when only Foundation can tell (or, for a
  /// host beyond ASCII, when it refuses the URL).
  static func absoluteString(_ bytes: UnsafeRawBufferPointer, hosts: URLAuthorityCache?) -> String? {
    guard !bytes.isEmpty else { return nil }
    var written: [UInt8] = []
    written.reserveCapacity(bytes.count + 32)
    let pathStart: Int
    if let commonStart = URLBytes.commonPathStart(bytes, canonicalPort: true) {
      pathStart = commonStart
      written.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<pathStart]))
    } else if let hosts, let authorityEnd = URLBytes.foreignAuthorityEnd(bytes),
      let prefix = hosts.rewritten(UnsafeRawBufferPointer(rebasing: bytes[0..<authorityEnd]))
    {
      pathStart = authorityEnd
      written.append(contentsOf: prefix.utf8)
    } else {
      return nil
    }
    var queryStart = bytes.count
    var fragmentStart = bytes.count
    for index in pathStart..<bytes.count {
      if bytes[index] == UInt8(ascii: "#") {
        fragmentStart = index
        break
      }
      if bytes[index] == UInt8(ascii: "?"), queryStart == bytes.count { queryStart = index }
    }
    queryStart = min(queryStart, fragmentStart)
    // NB: without an authority, Foundation encodes a path's `:` too when it rebuilds one; such
    // paths are left to it.
    let hasAuthority = UnsafeRawBufferPointer(rebasing: bytes[0..<pathStart]).contains(UInt8(ascii: "/"))
    if !hasAuthority, UnsafeRawBufferPointer(rebasing: bytes[pathStart..<queryStart]).contains(UInt8(ascii: ":")) { return nil }
    append(bytes, pathStart..<queryStart, .path, to: &written)
    if queryStart < fragmentStart {
      written.append(UInt8(ascii: "?"))
      append(bytes, queryStart + 1..<fragmentStart, .queryOrFragment, to: &written)
    }
    if fragmentStart < bytes.count {
      written.append(UInt8(ascii: "#"))
      append(bytes, fragmentStart + 1..<bytes.count, .queryOrFragment, to: &written)
    }
    return String(decoding: written, as: UTF8.self)
  }

  /// The characters a component holds as they are, besides valid escapes.
  enum Component {
    /// `pchar` and `/`.
    case path
    /// `pchar`, `/` and `?`.
    case queryOrFragment

    func allows(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"): true
      case UInt8(ascii: "?"): self == .queryOrFragment
      case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
        true
      default: URLBytes.isUnreserved(byte)
      }
    }
  }

  /// The component's bytes as they are when every one is allowed or a valid escape, else each
  /// byte outside the set (`%` among them) as `%XX`.
  private static func append(
    _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ component: Component, to written: inout [UInt8]
  ) {
    var valid = true
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard FormatChecks.isEscape(bytes, at: index, before: range.upperBound) else {
          valid = false
          break
        }
        index += 3
        continue
      }
      guard component.allows(byte) else {
        valid = false
        break
      }
      index += 1
    }
    if valid {
      written.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
      return
    }
    for index in range {
      let byte = bytes[index]
      if component.allows(byte) {
        written.append(byte)
      } else {
        written.append(UInt8(ascii: "%"))
        written.append(hexDigits[Int(byte >> 4)])
        written.append(hexDigits[Int(byte & 0x0F)])
      }
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
