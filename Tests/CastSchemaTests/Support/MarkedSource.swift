import CastSchema

/// Source text with location markers (`1️⃣` … `9️⃣`) written in it. The markers are stripped, and
/// each one's position is computed here, independently of `SourceFile`, so that a test's expected
/// line and column come from where the marker sits rather than from hand-counted numbers.
struct MarkedSource: Sendable {
  /// The text with every marker removed.
  let text: String
  /// Each marker's UTF-8 offset in `text`.
  let offsets: [String: Int]
  /// Each marker's 1-based line and Unicode-scalar column in `text`, as castctl counts columns.
  let locations: [String: TextPosition]

  /// Strips the markers out of `marked`.
  init(_ marked: String) {
    var text = ""
    var offsets: [String: Int] = [:]
    var locations: [String: TextPosition] = [:]
    var line = 1
    var column = 1
    for character in marked {
      if Self.isMarker(character) {
        let name = String(character)
        precondition(offsets[name] == nil, "marker \(name) used twice")
        offsets[name] = text.utf8.count
        locations[name] = TextPosition(line: line, column: column)
        continue
      }
      text.append(character)
      // NB: "\r\n" is one Character; `SourceFile` ends lines at "\n" only, and so do we.
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    self.text = text
    self.offsets = offsets
    self.locations = locations
  }

  /// The position of a marker; fails the test's precondition when the marker is not in the text.
  func location(_ marker: String = "1️⃣") -> TextPosition {
    guard let location = locations[marker] else { preconditionFailure("no marker \(marker) in source") }
    return location
  }

  /// A keycap emoji: a digit, U+FE0F, U+20E3.
  static func isMarker(_ character: Character) -> Bool {
    let scalars = Array(character.unicodeScalars)
    return scalars.count == 3 && scalars[0].properties.numericType != nil && scalars[2] == "\u{20E3}"
  }
}
