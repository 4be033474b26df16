#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONWriter {
  /// Whether the compact style writes the value parsed from `text` (a well-formed JSON value, as
  /// the scanner has read it) as `text` itself: so when there is no whitespace between its tokens
  /// and no escape in its strings. Numbers keep their text, members their order and strings
  /// without escapes their bytes, so nothing else can differ; a writer may then copy the input
  /// instead of building the value and writing it.
  static func compactWritesVerbatim(_ text: UnsafeRawBufferPointer) -> Bool {
    guard let base = text.baseAddress else { return true }
    let end = base + text.count
    // NB: outside strings a backslash is malformed, so one search covers every escape.
    guard memchr(base, Int32(JSONByte.backslash), text.count) == nil else { return false }
    var cursor = base
    while cursor < end {
      let byte = cursor.load(as: UInt8.self)
      if byte == JSONByte.quote {
        // Without escapes the next quote closes the string; its bytes are copied as they are.
        let rest = end - cursor - 1
        guard let close = memchr(cursor + 1, Int32(JSONByte.quote), rest) else { return false }
        cursor = UnsafeRawPointer(close) + 1
        continue
      }
      if byte <= JSONByte.space { return false }
      cursor += 1
    }
    return true
  }
}
