import CastSchema
import Foundation
import Testing
import Yams

@testable import CastValidate

/// Reads `convert`'s YAML and property-list outputs back, so they can be compared with the JSON
/// value they were written from.
enum FormatReader {
  /// A YAML document read with Yams's default (YAML 1.1) resolver, as JSON: scalars by their
  /// resolved tag, numbers with their text, mapping keys that must read back as strings. Nil when
  /// the document holds anything JSON has not (a non-string key, an alias, a timestamp).
  static func yaml(_ text: String) throws -> JSONValue? {
    guard let node = try Yams.compose(yaml: text) else { return nil }
    return json(node)
  }

  static func json(_ node: Node) -> JSONValue? {
    switch node {
    case .scalar(let scalar):
      switch node.tag.description {
      case Tag.Name.null.rawValue: return .null
      case Tag.Name.bool.rawValue: return node.bool.map(JSONValue.bool)
      case Tag.Name.int.rawValue, Tag.Name.float.rawValue: return .number(scalar.string)
      case Tag.Name.str.rawValue: return .string(scalar.string)
      default: return nil
      }
    case .sequence(let sequence):
      var items: [JSONValue] = []
      for item in sequence {
        guard let value = json(item) else { return nil }
        items.append(value)
      }
      return .array(items)
    case .mapping(let mapping):
      var members: [JSONMember] = []
      for (key, value) in mapping {
        guard case .string(let name)? = json(key), let converted = json(value) else { return nil }
        members.append(JSONMember(key: name, value: converted))
      }
      return .object(members)
    case .alias:
      return nil
    }
  }

  /// Whether a value read from a property list equals a JSON value once its nulls are left out:
  /// booleans as booleans, numbers by value, dictionaries by key.
  static func plist(_ object: Any, equals value: JSONValue) -> Bool {
    switch value {
    case .null:
      return false
    case .bool(let flag):
      return type(of: object) == Bool.self && (object as? Bool) == flag
    case .number(let literal):
      guard type(of: object) != Bool.self, let number = object as? NSNumber else { return false }
      if let integer = Int64(literal) { return number.int64Value == integer && number.doubleValue == Double(integer) }
      if let unsigned = UInt64(literal) { return number.uint64Value == unsigned }
      return number.doubleValue == Double(literal)
    case .string(let text):
      return (object as? String) == text
    case .array(let items):
      guard let array = object as? [Any] else { return false }
      let kept = items.filter { $0 != .null }
      return array.count == kept.count && zip(array, kept).allSatisfy { plist($0, equals: $1) }
    case .object(let members):
      guard let dictionary = object as? [String: Any] else { return false }
      let kept = LedgerInvariant.lastOccurrences(members).filter { $0.value != .null }
      return dictionary.count == kept.count
        && kept.allSatisfy { member in dictionary[member.key].map { plist($0, equals: member.value) } ?? false }
    }
  }

  /// How many nulls a value holds (what a property list leaves out).
  static func nulls(in value: JSONValue) -> Int {
    switch value {
    case .null: 1
    case .array(let items): items.reduce(0) { $0 + nulls(in: $1) }
    case .object(let members): members.reduce(0) { $0 + nulls(in: $1.value) }
    default: 0
    }
  }
}

/// The outputs `convert` writes for every example and sample: what the format tests read back.
enum ConvertedOutputs {
  struct Item: Sendable, CustomTestStringConvertible {
    let name: String
    let value: JSONValue
    var testDescription: String { name }
  }

  /// Each valid fixture's model output (one per record), encoded with the model's JSON keys.
  static func all() throws -> [Item] {
    let fixtures = FixtureCase.validExamples + (SampleFiles.isAvailable ? FixtureCase.validSamples : [])
    var items: [Item] = []
    for fixture in fixtures {
      let run = try fixture.trip()
      for trip in run.trips { items.append(Item(name: fixture.data + trip.root, value: trip.output)) }
    }
    return items
  }

  /// Strings a YAML 1.1 reader would take for something else, or that need quoting or escaping.
  static let trickyStrings = [
    "", " ", "true", "True", "yes", "No", "on", "OFF", "y", "n", "null", "Null", "~", "123", "-1", "0x1F", "0o17", "017",
    "1.5", "1e5", ".inf", "-.Inf", ".nan", "1_000", "12:30", "190:20:30", "2024-03-01", "2024-03-01T08:30:00Z",
    "2024-3-1 8:30:00", "<<", "=", "- a", "a: b", "a:b", "#x", "x #y", "[1]", "{a}", "*alias", "&anchor", "!tag", "%x",
    "@x", "`x", "'single'", "\"double\"", "a\nb", "a\n", "\n", " leading", "trailing ", "tab\there", "\\", "é",
    "日本語", "😀", "\u{7}", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "---", "...",
    "? x", "|", ">", "a,b", "0", "-0", "+1", "0.", ".5",
  ]
}

@Suite("Round trip through YAML and property lists")
struct FormatRoundTripTests {
  @Test("the YAML of every example's and sample's output reads back (Yams) as the same value")
  func yamlOfEveryOutput() throws {
    let items = try ConvertedOutputs.all()
    #expect(items.count >= 10)
    for item in items {
      let yaml = try YAMLOutput.write(item.value)
      #expect(try FormatReader.yaml(yaml) == item.value, "\(item.name):\n\(yaml)")
    }
  }

  @Test("YAML strings that look like other types, or need quoting, read back as the same strings")
  func yamlTrickyStrings() throws {
    var failures: [String] = []
    for text in ConvertedOutputs.trickyStrings {
      let value = JSONValue.array([.string(text)])
      let yaml = try YAMLOutput.write(value)
      let back = try FormatReader.yaml(yaml)
      if back != value { failures.append("\(LedgerInvariant.show(.string(text))): \(yaml) → \(LedgerInvariant.show(back))") }
    }
    #expect(failures == [])
  }

  @Test("YAML mapping keys that look like other types read back as the same string keys")
  func yamlTrickyKeys() throws {
    var failures: [String] = []
    for text in ConvertedOutputs.trickyStrings {
      let value = JSONValue.object([JSONMember(key: text, value: .number("1"))])
      let yaml = try YAMLOutput.write(value)
      let back = try FormatReader.yaml(yaml)
      if back != value { failures.append("\(LedgerInvariant.show(.string(text))): \(yaml) → \(LedgerInvariant.show(back))") }
    }
    #expect(failures == [])
  }

  /// NB: Yams's reader (which the tables above read with) drops a byte-order mark that begins a
  /// scalar (`"\uFEFFx"` reads as `x`; PyYAML reads it back, and so does castctl's reader,
  /// `YAMLInputCommandTests`), so U+FEFF is not in them; the writer's escape is checked here.
  @Test("YAML escapes a byte-order mark inside a string")
  func yamlByteOrderMark() throws {
    #expect(try YAMLOutput.write(.array([.string("\u{FEFF}x")])) == "- \"\\uFEFFx\"\n")
  }

  /// An exponent gets a `.` and a sign, as YAML 1.1 (PyYAML) reads a float (`YAMLOracleTests`).
  @Test("YAML numbers keep their JSON text, an exponent spelled as YAML 1.1 reads it, and read back as numbers")
  func yamlNumbers() throws {
    let literals = [
      ("0", "0"), ("-0", "-0"), ("1", "1"), ("-17", "-17"), ("1.5", "1.5"), ("1.0", "1.0"), ("1e5", "1.0e+5"), ("1E+2", "1.0E+2"),
      ("-2.5e-3", "-2.5e-3"), ("12345678901234567890123", "12345678901234567890123"), ("0.1e-400", "0.1e-400"), ("2.5E7", "2.5E+7"),
    ]
    let values = JSONValue.array(literals.map { JSONValue.number($0.0) } + [.bool(true), .bool(false), .null])
    let yaml = try YAMLOutput.write(values)
    let written = JSONValue.array(literals.map { JSONValue.number($0.1) } + [.bool(true), .bool(false), .null])
    #expect(try FormatReader.yaml(yaml) == written, "\(yaml)")
  }

  @Test("the property list of every output reads back (XML and binary) as the value without its nulls")
  func plistOfEveryOutput() throws {
    for item in try ConvertedOutputs.all() {
      for binary in [false, true] {
        let (data, dropped, _, _) = try PropertyListOutput.write(item.value, binary: binary)
        #expect(dropped == FormatReader.nulls(in: item.value), "\(item.name)")
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(FormatReader.plist(object, equals: item.value), "\(item.name) binary: \(binary)")
      }
    }
  }

  @Test("property lists keep booleans, integers, reals and numeric strings apart; nulls are left out and counted")
  func plistTypes() throws {
    let value = try JSONValue.parse(
      #"{"t": true, "f": false, "i": 1, "n": -5, "u": 18446744073709551615, "r": 1.5, "s": "1", "z": null, "a": [1, null, true, "x"]}"#)
    let (data, dropped, _, _) = try PropertyListOutput.write(value, binary: false)
    #expect(dropped == 2)
    let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    #expect(FormatReader.plist(object, equals: value))
    let xml = String(decoding: data, as: UTF8.self)
    for fragment in [
      "<key>t</key>\n\t<true/>", "<key>i</key>\n\t<integer>1</integer>", "<key>r</key>\n\t<real>1.5</real>",
      "<key>s</key>\n\t<string>1</string>", "<key>u</key>\n\t<integer>18446744073709551615</integer>",
    ] {
      #expect(xml.contains(fragment), "\(xml)")
    }
    #expect(!xml.contains("<key>z</key>"))
  }

  // NB: not both zeros in one binary list: Foundation's writer stores equal numbers once, and
  // `-0.0 == 0.0`, so the second reads back as the first.
  @Test("a property list keeps the sign of a negative zero, in XML and binary", arguments: [false, true])
  func plistNegativeZero(_ binary: Bool) throws {
    let (data, _, _, _) = try PropertyListOutput.write(try JSONValue.parse("[-0.0, 1.5, -0e3]"), binary: binary)
    let read = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [Double])
    #expect(read.map(\.sign) == [.minus, .plus, .minus], "\(String(decoding: data, as: UTF8.self))")
  }
}
