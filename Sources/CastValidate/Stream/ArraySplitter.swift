/// The grammar of a top-level JSON array between its elements, for reading the array element by
/// element while the file comes in chunks: `[`, `,`, `]` and whitespace. The elements themselves
/// are read by the caller's scanner, straight from the chunk.
struct ArraySplitter {
  /// Where the splitter is in the array's grammar.
  enum State: Equatable {
    /// Before the `[` (whitespace and a byte-order mark allowed).
    case beforeArray
    /// After `[` or `,`: an element (or, after `[`, the `]`) comes next.
    case beforeElement(afterComma: Bool)
    /// After an element: `,` or `]`.
    case afterElement
    /// After the closing `]`: only whitespace.
    case done
  }

  private(set) var state = State.beforeArray

  /// What `next` found.
  enum Step: Equatable {
    /// An element starts at this index of the bytes.
    case element(at: Int)
    /// The bytes ran out between elements, or after the array.
    case needMore
    /// A grammar error between elements.
    case error(offset: Int, message: String)
  }

  /// Walks the grammar between elements from `index` (bytes at stream offset `base`) up to the
  /// start of the next element, the end of the bytes, or an error; `index` ends past what was
  /// consumed. After an element the caller reads it and calls `elementDone()`.
  mutating func next(_ bytes: UnsafeRawBufferPointer, base: Int, index: inout Int) -> Step {
    while index < bytes.count {
      let byte = bytes[index]
      switch state {
      case .beforeArray:
        if Self.isWhitespace(byte) || (base + index < 3 && ByteOrderMark.utf8.contains(byte)) {
          index += 1
          continue
        }
        guard byte == UInt8(ascii: "[") else { return .error(offset: base + index, message: "expected '[' to start the array") }
        state = .beforeElement(afterComma: false)
        index += 1
      case .beforeElement(let afterComma):
        if Self.isWhitespace(byte) {
          index += 1
          continue
        }
        if byte == UInt8(ascii: "]") {
          if afterComma {
            return .error(offset: base + index, message: "expected a value after ',' (a trailing comma is not JSON)")
          }
          state = .done
          index += 1
          continue
        }
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") {
          return .error(offset: base + index, message: "expected a value")
        }
        return .element(at: index)
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
          // Worded as the whole-document reader words it: which reader meets an error is not the user's concern.
          return .error(offset: base + index, message: "unexpected \(JSONScanner.describe(byte)); expected ',' or ']' after an array element")
        }
      case .done:
        guard Self.isWhitespace(byte) else {
          return .error(offset: base + index, message: "unexpected \(JSONScanner.describe(byte)); expected the end of the document")
        }
        index += 1
      }
    }
    return .needMore
  }

  /// The caller has read the element `next` pointed at.
  mutating func elementDone() { state = .afterElement }

  /// True once the closing `]` has been seen.
  var isComplete: Bool { state == .done }

  /// Where the element starting at `start` ends, when `bytes` hold enough to tell: tracking only
  /// strings and nesting, not the element's grammar. Nil means the element may go on in bytes
  /// not read yet. A closing bracket of the wrong kind, or a control byte in a string, ends the
  /// search there: the element is malformed whatever follows.
  static func elementEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
    var closers: [UInt8] = []
    var inString = false
    var escaped = false
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if closers.isEmpty { return index + 1 }
        } else if byte < 0x20 {
          return index
        }
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "["):
        closers.append(UInt8(ascii: "]"))
      case UInt8(ascii: "{"):
        closers.append(UInt8(ascii: "}"))
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        guard let closer = closers.popLast(), closer == byte else { return index }
        if closers.isEmpty { return index + 1 }
      case UInt8(ascii: ","):
        if closers.isEmpty { return index }
      default:
        if closers.isEmpty, isWhitespace(byte) { return index }
      }
      index += 1
    }
    return nil
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
