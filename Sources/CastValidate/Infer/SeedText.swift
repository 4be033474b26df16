/// The seed's `.cast` text, changed in place: a property's type replaced, lines added before a
/// declaration's closing brace. Everything not edited (comments, directives, spacing, models the
/// data never reached) is kept byte for byte.
struct SeedText {
  /// One replacement of a byte range (an insertion when the range is empty).
  struct Edit {
    var range: Range<Int>
    var text: String
  }

  let bytes: [UInt8]
  private(set) var edits: [Edit] = []

  /// The seed's bytes.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Adds an edit; a second replacement of the same range replaces the first (a property
  /// inherited by two models is edited once); insertions at one place all stay, in order.
  mutating func edit(_ range: Range<Int>, _ text: String) {
    if !range.isEmpty { edits.removeAll { $0.range == range } }
    // NB: the same insertion twice (a directive for a property two models inherit) is made once.
    if range.isEmpty, edits.contains(where: { $0.range == range && $0.text == text }) { return }
    edits.append(Edit(range: range, text: text))
  }

  /// Rewrites the text of every edit (to spell names known only at the end).
  mutating func substitute(_ transform: (String) -> String) {
    for index in edits.indices { edits[index].text = transform(edits[index].text) }
  }

  /// The end of a declaration from `offset` (its type's end): before a `//` comment outside a
  /// string literal, or the line's end, trailing spaces left out. A default ends there.
  func declarationEnd(from offset: Int) -> Int {
    var index = offset
    var inString = false
    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
      if inString {
        if bytes[index] == UInt8(ascii: "\\") { index += 1 } else if bytes[index] == UInt8(ascii: "\"") { inString = false }
      } else if bytes[index] == UInt8(ascii: "\"") {
        inString = true
      } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        break
      }
      index += 1
    }
    while index > offset, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
    return index
  }

  /// The text with every edit applied, insertions at one place in the order they were made.
  func applied() -> String {
    var out = bytes
    let ordered = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset) }
    for (_, edit) in ordered {
      out.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The range of a property's type after its name (`name: [String: Int]?`, up to a default, a
  /// comment or the line's end), or nil when the declaration is not that simple.
  func typeRange(afterName end: Int) -> Range<Int>? {
    var index = skipSpaces(end)
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
    index = skipSpaces(index + 1)
    let start = index
    var depth = 0
    scan: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "("): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: ">"), UInt8(ascii: ")"): depth -= 1
      case UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), 0x0A, 0x0D:
        if depth <= 0 { break scan }
      case UInt8(ascii: "/"):
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") { break scan }
      default: break
      }
      index += 1
    }
    var stop = index
    while stop > start, bytes[stop - 1] == 0x20 || bytes[stop - 1] == 0x09 { stop -= 1 }
    return stop > start ? start..<stop : nil
  }

  /// The offset of the `}` that closes the declaration whose name ends at `end`; comments and
  /// string literals are skipped, so a brace in them does not count.
  func closingBrace(afterName end: Int) -> Int? {
    var index = end
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        continue
      }
      if byte == UInt8(ascii: "\"") {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
      } else if byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { return index }
      }
      index += 1
    }
    return nil
  }

  /// Where lines go before the closing brace at `brace`: the start of its line when only spaces
  /// precede it (the lines then end with a newline), else the brace itself (they then start with
  /// one).
  func insertion(beforeBrace brace: Int) -> (offset: Int, ownLine: Bool) {
    var start = brace
    while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
    if start == 0 || bytes[start - 1] == 0x0A { return (start, true) }
    return (brace, false)
  }

  /// Where `, c` continues a case list whose last case ends at `caseEnd` on the closing brace's
  /// line (`case a, b }`): after the list's last byte; nil when the two are on different lines or
  /// anything but a raw value stands between them (a `;`, a member, a comment).
  func caseListEnd(from caseEnd: Int, beforeBrace brace: Int) -> Int? {
    let end = contentEnd(beforeBrace: brace)
    guard caseEnd <= end else { return nil }
    let stops: Set<UInt8> = [0x0A, 0x0D, UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "(")]
    return bytes[caseEnd..<end].contains(where: stops.contains) ? nil : end
  }

  /// The end of what stands before the closing brace at `brace` on its line, spaces left out.
  func contentEnd(beforeBrace brace: Int) -> Int {
    var end = brace
    while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return end
  }

  /// Whether two offsets are on one line.
  func sameLine(_ a: Int, _ b: Int) -> Bool {
    let (low, high) = (min(a, b), min(max(a, b), bytes.count))
    return !bytes[low..<high].contains(0x0A)
  }

  /// The indentation of the line holding `offset`.
  func indentation(at offset: Int) -> String {
    var start = min(offset, bytes.count)
    while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
    var end = start
    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The end of the line holding `offset` (before its newline).
  func lineEnd(at offset: Int) -> Int {
    var index = offset
    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
    return index
  }

  /// The `//! date …` directive between `offset` and the end of its line: up to the next `//`
  /// (another directive or a comment), or with the spaces before it when it ends the line.
  func dateDirective(from offset: Int) -> Range<Int>? {
    let end = lineEnd(at: offset)
    var index = offset
    while index + 2 < end {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "!") else { continue }
      let word = skipSpaces(index + 3)
      guard bytes[word..<min(word + 4, end)].elementsEqual("date".utf8), word + 4 == end || bytes[word + 4] == 0x20 || bytes[word + 4] == 0x09
      else { continue }
      var stop = word + 4
      while stop + 1 < end, !(bytes[stop] == UInt8(ascii: "/") && bytes[stop + 1] == UInt8(ascii: "/")) { stop += 1 }
      guard stop + 1 >= end else { return index..<stop }
      // The last thing on its line: the spaces before it go too.
      var start = index
      while start > offset, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
      return start..<end
    }
    return nil
  }

  /// Whether a `//` comment starts between `offset` and the end of its line.
  func hasComment(from offset: Int) -> Bool {
    let end = lineEnd(at: offset)
    var index = offset
    while index + 1 < end {
      if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") { return true }
      index += 1
    }
    return false
  }

  private func skipSpaces(_ start: Int) -> Int {
    var index = start
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    return index
  }
}
