/// A place in JSON text that castctl wrote itself (a valid record's compact JSON), and the
/// strings read there. Anything it does not expect it refuses (`NeedsTree`) rather than guess:
/// the caller then reads the text with the full parser.
struct CompactJSONCursor {
  /// The next byte to read.
  var index = 0

  /// A string's text: its bytes in the JSON (`range`, between the quotes) when it has no escape,
  /// else `decoded`.
  struct Text {
    let range: Range<Int>
    let decoded: [UInt8]
    var isEscaped: Bool { !decoded.isEmpty }
  }

  mutating func skipWhitespace(_ json: Span<UInt8>) {
    while index < json.count, json[index] == 0x20 || json[index] == 0x0A || json[index] == 0x0D || json[index] == 0x09 { index += 1 }
  }

  /// The string that begins at `index`, which moves past it.
  mutating func string(_ json: Span<UInt8>) throws(YAMLBlockEmitter.NeedsTree) -> Text {
    guard json.byte(index) == UInt8(ascii: "\"") else { throw YAMLBlockEmitter.NeedsTree() }
    let start = index + 1
    var end = start, escaped = false
    while end < json.count, json[end] != UInt8(ascii: "\"") {
      if json[end] == UInt8(ascii: "\\") {
        escaped = true
        end += 1
      }
      end += 1
    }
    guard end < json.count else { throw YAMLBlockEmitter.NeedsTree() }
    index = end + 1
    guard escaped else { return Text(range: start..<end, decoded: []) }
    return Text(range: start..<end, decoded: try Self.unescaped(json, start..<end))
  }

  /// The UTF-8 of a string's escaped text (never empty: it holds an escape).
  static func unescaped(_ json: Span<UInt8>, _ range: Range<Int>) throws(YAMLBlockEmitter.NeedsTree) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = json[index]
      guard byte == UInt8(ascii: "\\") else {
        output.append(byte)
        index += 1
        continue
      }
      let escape = json.byte(index + 1)
      index += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "u"):
        guard var value = hex4(json, at: index) else { throw YAMLBlockEmitter.NeedsTree() }
        index += 4
        if (0xD800..<0xDC00).contains(value) {
          guard json.byte(index) == UInt8(ascii: "\\"), json.byte(index + 1) == UInt8(ascii: "u"),
            let low = hex4(json, at: index + 2), (0xDC00..<0xE000).contains(low)
          else { throw YAMLBlockEmitter.NeedsTree() }
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        // NB: a lone surrogate is left to the parser, which decides what it becomes.
        guard let scalar = Unicode.Scalar(value) else { throw YAMLBlockEmitter.NeedsTree() }
        output.append(contentsOf: String(Character(scalar)).utf8)
      default: throw YAMLBlockEmitter.NeedsTree()
      }
    }
    return output
  }

  /// The four hexadecimal digits at `index`, or nil.
  static func hex4(_ json: Span<UInt8>, at index: Int) -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<4 {
      let byte = json.byte(index + offset)
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
