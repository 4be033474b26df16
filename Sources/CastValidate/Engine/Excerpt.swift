/// Short descriptions of JSON values for "found" texts: the type and a clipped excerpt.
enum Excerpt {
  static let limit = 40

  static func describe(_ kind: JSONValueKind, _ bytes: UnsafeRawBufferPointer) -> String {
    let clipped = clip(String(decoding: bytes, as: UTF8.self))
    switch kind {
    case .object: return "an object \(clipped)"
    case .array: return "an array \(clipped)"
    case .string: return "a string \(clipped)"
    case .number: return "the number \(clipped)"
    case .bool: return "the boolean \(clipped)"
    case .null: return "null"
    }
  }

  /// `text` cut to `limit` characters, with `…` where it was cut: a number literal of a megabyte
  /// is quoted in a message by its start.
  static func clip(_ text: some StringProtocol) -> String {
    text.utf8.count > limit && text.count > limit ? String(text.prefix(limit)) + "…" : String(text)
  }
}
