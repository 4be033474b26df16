/// Finds the elements of a top-level JSON array in a byte stream without parsing them, so each
/// can be validated on its own while the file is read in chunks. It tracks only nesting depth
/// and string state; the elements' own grammar is checked by the scanner that validates them.
struct ArraySplitter {
  /// Where the splitter is in the array's grammar.
  enum State: Equatable {
    /// Before the `[` (whitespace and a byte-order mark allowed).
    case beforeArray
    /// After `[` or `,`: an element (or, after `[`, the `]`) comes next.
    case beforeElement(afterComma: Bool)
    /// Inside an element.
    case inElement
    /// After an element: `,` or `]`.
    case afterElement
    /// After the closing `]`: only whitespace.
    case done
  }

  private(set) var state = State.beforeArray
  private var depth = 0
  private var inString = false
  private var escaped = false
  /// Offset (in the bytes fed so far) where the current element starts.
  private var elementStart = 0

  /// An element found, or a grammar error between elements.
  enum Event: Equatable {
    case element(Range<Int>)
    case error(offset: Int, message: String)
  }

  /// Scans `bytes` (at stream offset `base`) from `position`; returns the events and how far it
  /// got: an element cut off by the end of `bytes` is resumed by the next call, which must be
  /// given the same bytes from the element's start (the caller keeps them).
  mutating func scan(_ bytes: UnsafeRawBufferPointer, base: Int, from position: Int, events: inout [Event]) -> Int {
    var index = position
    if state == .inElement { elementStart = position }
    while index < bytes.count {
      let byte = bytes[index]
      switch state {
      case .beforeArray:
        if Self.isWhitespace(byte) || (index - position < 3 && base + index < 3 && [0xEF, 0xBB, 0xBF].contains(byte)) {
          index += 1
          continue
        }
        guard byte == UInt8(ascii: "[") else {
          events.append(.error(offset: base + index, message: "expected '[' to start the array"))
          return bytes.count
        }
        state = .beforeElement(afterComma: false)
        index += 1
      case .beforeElement(let afterComma):
        if Self.isWhitespace(byte) {
          index += 1
          continue
        }
        if byte == UInt8(ascii: "]") {
          if afterComma {
            events.append(.error(offset: base + index, message: "expected a value after ',' (a trailing comma is not JSON)"))
            return bytes.count
          }
          state = .done
          index += 1
          continue
        }
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") {
          events.append(.error(offset: base + index, message: "expected a value"))
          return bytes.count
        }
        state = .inElement
        elementStart = index
        depth = 0
        inString = false
        escaped = false
      case .inElement:
        if let end = scanElement(bytes, from: &index) {
          events.append(.element(base + elementStart..<base + end))
          index = end
          state = .afterElement
        } else {
          return elementStart
        }
      case .afterElement:
        if Self.isWhitespace(byte) {
          index += 1
        } else if byte == UInt8(ascii: ",") {
          state = .beforeElement(afterComma: true)
          index += 1
        } else if byte == UInt8(ascii: "]") {
          state = .done
          index += 1
        } else {
          events.append(.error(offset: base + index, message: "expected ',' or ']' after an array element"))
          return bytes.count
        }
      case .done:
        guard Self.isWhitespace(byte) else {
          events.append(.error(offset: base + index, message: "expected the end of the document after ']'"))
          return bytes.count
        }
        index += 1
      }
    }
    return state == .inElement ? elementStart : index
  }

  /// Advances through an element; returns its end when it is complete within `bytes`.
  private mutating func scanElement(_ bytes: UnsafeRawBufferPointer, from index: inout Int) -> Int? {
    // NB: restart from the element's first byte each time, so no partial state survives a refill.
    index = elementStart
    depth = 0
    inString = false
    escaped = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return index + 1 }
        }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return index }
        depth -= 1
        if depth == 0 {
          return index + 1
        }
      case UInt8(ascii: ","):
        if depth == 0 { return index }
      default:
        if depth == 0, Self.isWhitespace(byte) { return index }
      }
      index += 1
    }
    return nil
  }

  /// True once the closing `]` has been seen.
  var isComplete: Bool { state == .done }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
