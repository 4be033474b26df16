import Foundation

/// JSON values as a property list (XML or binary), NSCoding's nearest equivalent in Foundation.
/// Property lists have no null: null members and elements are left out, and counted, or
/// written as a marker string (`$null`, as `PropertyListEncoder` writes a nil). Numbers
/// are 64-bit integers or `Double`s: a number with more digits than a `Double` holds is written
/// rounded, and listed. What a property list cannot hold at all is refused with a
/// `PropertyListOutputError`: a null document, a number beyond a `Double`, and, in XML, the
/// control characters XML 1.0 has no form for.
package enum PropertyListOutput {
  /// A number written as the nearest `Double`.
  package struct Rounding: Sendable, Equatable {
    /// Where it is.
    package var pointer: JSONPointer
    /// The number as it was.
    package var literal: String
    /// The number as the property list holds it.
    package var written: String
  }

  /// The property list bytes, how many nulls had to be left out, and the numbers rounded;
  /// `marksNulls`: a null inside the document is written as `nullMarker`, not left out.
  package static func write(
    _ value: JSONValue, binary: Bool, marksNulls: Bool = false
  ) throws(PropertyListOutputError) -> (data: Data, droppedNulls: Int, rounded: [Rounding], mergedKeys: MergedKeys) {
    try write(PropertyListItem(value), binary: binary, marksNulls: marksNulls)
  }

  /// `write` of a property list item, typed (`ModelEncoder.propertyListItem`) or as JSON holds it;
  /// `spelling`: how a refusal names the binary format.
  package static func write(
    _ value: PropertyListItem, binary: Bool, marksNulls: Bool, spelling: OptionSpelling = .commandLine
  ) throws(PropertyListOutputError) -> (data: Data, droppedNulls: Int, rounded: [Rounding], mergedKeys: MergedKeys) {
    if value.isNull {
      throw PropertyListOutputError(pointer: JSONPointer(), reason: "a property list cannot hold null as its whole document")
    }
    let value = marksNulls ? marked(value) : value
    var check = Check(xml: !binary, spelling: spelling)
    try check.visit(value)
    if !binary {
      var writer = PropertyListXMLWriter()
      writer.write(document: value)
      return (Data(writer.output), check.nulls, check.rounded, check.merged)
    }
    return (Data(PropertyListBinaryWriter.data(value)), check.nulls, check.rounded, check.merged)
  }

  /// What `PropertyListEncoder` writes for a nil.
  static let nullMarker = "$null"

  /// `value` with every null inside it replaced by `nullMarker`.
  private static func marked(_ value: PropertyListItem) -> PropertyListItem {
    switch value {
    case .null: .string(nullMarker)
    case .array(let items): .array(items.map(marked))
    case .dictionary(let members): .dictionary(members.map { ($0.key, marked($0.value)) })
    default: value
    }
  }

  /// Walks the value once before anything is written, counting nulls and refusing what cannot be
  /// written as it is.
  private struct Check {
    let xml: Bool
    let spelling: OptionSpelling
    var nulls = 0
    var rounded: [Rounding] = []
    /// Keys Foundation holds as one (`MergedKeys`).
    var merged = MergedKeys()
    var pointer = JSONPointer()

    init(xml: Bool, spelling: OptionSpelling) {
      self.xml = xml
      self.spelling = spelling
    }

    mutating func visit(_ value: PropertyListItem) throws(PropertyListOutputError) {
      switch value {
      case .null: nulls += 1
      case .bool, .real, .date, .data: break
      case .number(let literal):
        guard PropertyListNumber(literal) == nil else { break }
        guard let real = Double(literal), real.isFinite else {
          throw PropertyListOutputError(
            pointer: pointer, reason: "\(literal) is beyond a property list's real (a Double, at most ±1.7976931348623157e+308)")
        }
        rounded.append(Rounding(pointer: pointer, literal: literal, written: "\(real)"))
      case .string(let text): try checkText(text, what: "the string")
      case .array(let items):
        for (index, item) in items.enumerated() {
          pointer.components.append(.index(index))
          try visit(item)
          pointer.components.removeLast()
        }
      case .dictionary(let members):
        merged.note(members.lazy.map(\.key))
        for member in members {
          pointer.components.append(.key(member.key))
          if case .null = member.value {
            nulls += 1
          } else {
            try checkText(member.key, what: "the key")
            try visit(member.value)
          }
          pointer.components.removeLast()
        }
      }
    }

    private func checkText(_ text: String, what: String) throws(PropertyListOutputError) {
      guard xml, let scalar = text.unicodeScalars.first(where: PropertyListXMLWriter.cannotCarry) else { return }
      let code = String(format: "U+%04X", scalar.value)
      throw PropertyListOutputError(
        pointer: pointer,
        reason: "\(what) holds \(code), which XML 1.0 cannot carry; a binary property list (\(OptionName.binaryPropertyList.spelled(spelling))) can")
    }
  }
}

/// A value that cannot be written as a property list, and where it is.
package struct PropertyListOutputError: Error, Sendable, CustomStringConvertible {
  /// Where in the document.
  package var pointer: JSONPointer
  /// Why, in a sentence.
  package var reason: String

  package var description: String { pointer.components.isEmpty ? reason : "\(pointer): \(reason)" }
}
