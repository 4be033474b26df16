/// Parses the key mini-language of `//! "…"`: alternatives `a ?? b`, paths `a/b`, indices `x[1]`.
enum KeySpec {
  /// The largest index a key can name. Writing a value at an index pads the array with `null`
  /// before it, so an index is a size each record's output can reach.
  static let maxIndex = 10_000

  /// The key paths, or a reason the text is invalid.
  static func parse(_ text: String, verbatim: Bool) -> Result<[KeyPath], KeySpecError> {
    // Most keys are one plain name: no alternatives, no path, no index.
    if !text.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "[") }) {
      let key = text.trimmingSpaces()
      guard !key.isEmpty else { return .failure(KeySpecError(reason: "empty key component")) }
      return .success([KeyPath(key: key, isVerbatim: verbatim)])
    }
    var paths: [KeyPath] = []
    for alternative in Self.alternatives(text) {
      var components: [KeyComponent] = []
      for rawComponent in alternative.split(separator: "/", omittingEmptySubsequences: false) {
        let component = rawComponent.trimmingSpaces()
        guard !component.isEmpty else {
          return .failure(KeySpecError(reason: "empty key component"))
        }
        guard let open = component.firstIndex(of: "[") else {
          components.append(KeyComponent(key: component))
          continue
        }
        guard let close = component.firstIndex(of: "]"), close > open,
          let index = Int(component[component.index(after: open)..<close].trimmingSpaces()), index >= 0
        else {
          return .failure(KeySpecError(reason: "an index must be a whole number ≥ 0, as in \"items[1]\""))
        }
        guard index <= maxIndex else {
          return .failure(KeySpecError(reason: "an index is at most \(maxIndex): output fills the array with null up to it"))
        }
        let key = component[..<open].trimmingSpaces()
        guard !key.isEmpty else { return .failure(KeySpecError(reason: "an index needs a key before it")) }
        components.append(KeyComponent(key: key, index: index))
      }
      paths.append(KeyPath(components: components, isVerbatim: verbatim))
    }
    return .success(paths)
  }
}

extension KeySpec {
  /// The parts between `??` separators (empty ones kept, to be reported).
  static func alternatives(_ text: String) -> [Substring] {
    var parts: [Substring] = []
    var start = text.startIndex
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      if text[index] == "?", next < text.endIndex, text[next] == "?" {
        parts.append(text[start..<index])
        start = text.index(after: next)
        index = start
      } else {
        index = next
      }
    }
    parts.append(text[start...])
    return parts
  }
}

/// Why a key spec is invalid.
struct KeySpecError: Error {
  var reason: String
}

extension StringProtocol {
  func trimmingSpaces() -> String {
    // Keys rarely have spaces around them; only then is the slow Unicode-aware path needed.
    var last: UInt8?
    for byte in utf8 { last = byte }
    if let first = utf8.first, let last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
      return String(self)
    }
    let scalars = unicodeScalars.drop { $0.properties.isWhitespace }
    let trimmed = scalars.reversed().drop { $0.properties.isWhitespace }.reversed()
    return String(String.UnicodeScalarView(trimmed))
  }
}
