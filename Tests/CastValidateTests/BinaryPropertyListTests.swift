import Foundation
import Testing

@testable import CastValidate

/// A binary property list keeps values that are `==` in Swift but not the same bytes apart (an
/// NFC and an NFD string, `0.0` and `-0.0`), as Foundation's `PropertyListSerialization` does:
/// each document is written by castctl and by Foundation, and both are read back by Foundation
/// and compared value by value, bit for bit.
struct BinaryPropertyListTests {
  /// A document as castctl holds it, and the same values as Foundation objects.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let item: @Sendable () throws -> PropertyListItem
    let foundation: @Sendable () -> Any
    var testDescription: String { name }

    init(_ name: String, json: String, foundation: @escaping @Sendable () -> Any) {
      self.name = name
      item = { PropertyListItem(try JSONValue.parse(json)) }
      self.foundation = foundation
    }

    init(_ name: String, item: PropertyListItem, foundation: @escaping @Sendable () -> Any) {
      self.name = name
      self.item = { item }
      self.foundation = foundation
    }
  }

  static let cases: [Case] = [
    Case("an NFD string after its NFC form, 0.0 after -0.0", json: #"["\u00e9", "e\u0301", -0.0, 0.0]"#) {
      ["\u{e9}", "e\u{301}", -0.0, 0.0] as [Any]
    },
    Case("the same as a model's members", json: #"{"a": "\u00e9", "b": "e\u0301", "x": -0.0, "y": 0.0}"#) {
      ["a": "\u{e9}", "b": "e\u{301}", "x": -0.0, "y": 0.0] as [String: Any]
    },
    Case("NFC after NFD, -0.0 after 0.0", json: #"["e\u0301", "\u00e9", 0.0, -0.0]"#) {
      ["e\u{301}", "\u{e9}", 0.0, -0.0] as [Any]
    },
    Case("the Angstrom sign, A with a ring, A and a combining ring", json: #"["\u212b", "\u00c5", "A\u030a", "\u212b"]"#) {
      ["\u{212B}", "\u{C5}", "A\u{30A}", "\u{212B}"] as [Any]
    },
    Case("a number that rounds to 0.0 after -0.0", json: #"[-0.0, 1e-400, {"k": -0e0}]"#) {
      [-0.0, 0.0, ["k": -0.0] as [String: Any]] as [Any]
    },
    Case("a key and a value of another Unicode form", json: #"{"\u00e9": "e\u0301", "k": "\u00e9"}"#) {
      ["\u{e9}": "e\u{301}", "k": "\u{e9}"] as [String: Any]
    },
    Case("typed reals and dates of both zeros", item: .array([.real(-0.0), .real(0.0), .date(-0.0), .date(0.0), .real(0.0)])) {
      [-0.0, 0.0, Date(timeIntervalSinceReferenceDate: -0.0), Date(timeIntervalSinceReferenceDate: 0.0), 0.0] as [Any]
    },
  ]

  @Test("a binary property list reads back as Foundation's own of the same values", arguments: cases)
  func sameValuesAsFoundation(_ example: Case) throws {
    let written = try PropertyListOutput.write(try example.item(), binary: true, marksNulls: false).data
    let castctl = try PropertyListSerialization.propertyList(from: written, options: [], format: nil)
    let oracle = try PropertyListSerialization.data(fromPropertyList: example.foundation(), format: .binary, options: 0)
    let foundation = try PropertyListSerialization.propertyList(from: oracle, options: [], format: nil)
    #expect(Self.exact(castctl) == Self.exact(foundation))
  }

  /// A value as text that tells apart what `==` does not: a string's scalars, a real's bits.
  static func exact(_ value: Any) -> String {
    switch value {
    case let text as String:
      return "\"" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") + "\""
    case let date as Date:
      return "date " + String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    case let array as [Any]:
      return "[" + array.map(exact).joined(separator: ", ") + "]"
    case let dictionary as [String: Any]:
      return "{" + dictionary.keys.sorted().map { exact($0) + ": " + exact(dictionary[$0] ?? "") }.joined(separator: ", ") + "}"
    case let number as NSNumber:
      let type = String(cString: number.objCType)
      return type == "d" || type == "f" ? "real " + String(number.doubleValue.bitPattern, radix: 16) : "\(type) \(number)"
    default:
      return "\(type(of: value)) \(value)"
    }
  }
}
