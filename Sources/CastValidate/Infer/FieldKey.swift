#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An object's key as `infer` tells keys apart: by its UTF-8 bytes, as every dialect it writes
/// reads keys (`"café"` precomposed and decomposed are two keys, and two properties), where a
/// Swift `String` would make them one.
struct FieldKey: Hashable, Comparable {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  static func == (left: FieldKey, right: FieldKey) -> Bool {
    let (a, b) = (left.text.utf8, right.text.utf8)
    guard a.count == b.count else { return false }
    // NB: a native string's bytes are contiguous: one comparison, as `String`'s own for ASCII.
    let same = a.withContiguousStorageIfAvailable { first in
      b.withContiguousStorageIfAvailable { second in
        guard let x = first.baseAddress, let y = second.baseAddress else { return true }
        return memcmp(x, y, first.count) == 0
      }
    }
    return (same ?? nil) ?? a.elementsEqual(b)
  }

  /// In byte order: the same on every machine, and a total order for keys equal as Strings.
  static func < (left: FieldKey, right: FieldKey) -> Bool {
    left.text.utf8.lexicographicallyPrecedes(right.text.utf8)
  }

  func hash(into hasher: inout Hasher) {
    let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    // NB: the same bytes hashed the same way, however the string is stored.
    if hashed == nil { Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
  }
}
