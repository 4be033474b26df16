/// An input document's bytes with a lazily built line table, for positions in rendered findings.
public final class DataSource: @unchecked Sendable {
  // NB: mutable only through `lineIndex`, which is built once on first use, on the thread that
  // renders; the bytes never change.
  /// The name shown in messages (the path, or `<stdin>`).
  public let name: String
  /// The bytes, owned.
  public let bytes: [UInt8]
  private var index: LineIndex?

  /// Wraps an input's bytes.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }

  /// 1-based line and column (Unicode scalars) of a byte offset.
  public func position(of offset: Int) -> TextPosition {
    bytes.withUnsafeBytes { raw in
      if index == nil { index = LineIndex(raw) }
      return index?.position(of: min(max(offset, 0), raw.count), in: raw) ?? TextPosition.locate(offset, in: raw)
    }
  }

  /// The text of the line holding `offset`, clipped to a window around it so NDJSON records and
  /// minified files stay readable; returns the window and the caret's column inside it.
  public func lineWindow(around offset: Int, width: Int = 100) -> (text: String, caretColumn: Int) {
    var start = min(max(offset, 0), bytes.count)
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var end = min(max(offset, 0), bytes.count)
    while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
    let before = Array(String(decoding: bytes[start..<min(max(offset, start), bytes.count)], as: UTF8.self))
    let after = Array(String(decoding: bytes[min(max(offset, start), bytes.count)..<end], as: UTF8.self))
    let keepBefore = min(before.count, width / 3)
    let keepAfter = min(after.count, width - keepBefore)
    let prefix = before.count > keepBefore ? "…" : ""
    let suffix = after.count > keepAfter ? "…" : ""
    let text = prefix + String(before.suffix(keepBefore)) + String(after.prefix(keepAfter)) + suffix
    return (text.map { $0 == "\t" ? " " : $0 }.reduce(into: "") { $0.append($1) }, prefix.count + keepBefore + 1)
  }
}
