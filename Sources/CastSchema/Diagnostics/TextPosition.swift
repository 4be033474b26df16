/// A human position in a text, the one kind castctl reports for `.cast` and `.swift` model files
/// and for data alike: 1-based line, and 1-based column counted in Unicode scalars.
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The line, counting LF characters before the offset, plus one.
  public var line: Int
  /// The column: Unicode scalars between the line start and the offset, plus one. A CR before LF belongs
  /// to its line, so it counts as a character of that line.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`, the form editors and compilers use.
  public var description: String { "\(line):\(column)" }

  /// Earlier in the text: on an earlier line, or further left on the same line.
  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// One plus the number of scalars starting in `start..<target`: every byte that is not a UTF-8
  /// continuation byte starts a scalar.
  package static func column(from start: Int, to target: Int, in buffer: UnsafeRawBufferPointer) -> Int {
    var column = 1
    for index in start..<target where buffer.load(fromByteOffset: index, as: UInt8.self) & 0xC0 != 0x80 {
      column += 1
    }
    return column
  }
}
