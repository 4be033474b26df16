/// An object's key as a decoder tells keys apart: by their UTF-8 bytes, or, where the dialect
/// compares keys as Swift's `String` does (`Policy.keysCompareCanonically`, the Codable
/// dialect), by canonical equivalence (`"café"` precomposed and decomposed are then one key).
struct ComparedKey: Hashable {
  let text: String
  let canonical: Bool

  init(_ text: String, canonical: Bool) {
    self.text = text
    self.canonical = canonical
  }

  static func == (left: ComparedKey, right: ComparedKey) -> Bool {
    left.canonical ? left.text == right.text : left.text.utf8.elementsEqual(right.text.utf8)
  }

  func hash(into hasher: inout Hasher) {
    guard !canonical else { return hasher.combine(text) }
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
