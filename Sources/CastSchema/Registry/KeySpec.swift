/// Parses the key mini-language of `//! "…"`: alternatives `a ?? b`, paths `a/b`, indices `x[1]`.
enum KeySpec {
  /// The key paths, or a reason the text is invalid.
  static func parse(_ text: String, verbatim: Bool) -> Result<[KeyPath], KeySpecError> {
    var paths: [KeyPath] = []
    for alternative in text.split(separator: "??", omittingEmptySubsequences: false) {
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
        let key = component[..<open].trimmingSpaces()
        guard !key.isEmpty else { return .failure(KeySpecError(reason: "an index needs a key before it")) }
        components.append(KeyComponent(key: key, index: index))
      }
      paths.append(KeyPath(components: components, isVerbatim: verbatim))
    }
    return .success(paths)
  }
}

/// Why a key spec is invalid.
struct KeySpecError: Error {
  var reason: String
}

extension StringProtocol {
  func trimmingSpaces() -> String {
    let scalars = unicodeScalars.drop { $0.properties.isWhitespace }
    let trimmed = scalars.reversed().drop { $0.properties.isWhitespace }.reversed()
    return String(String.UnicodeScalarView(trimmed))
  }
}
