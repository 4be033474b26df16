import CastSchema
import Testing

@testable import CastValidate

/// The objects that key paths, index keys and `//! super` pass through get the checks of the
/// model's own object (semantics §4), and `validate` says what `roundtrip`'s ledger lists there.
@Suite("Engine: objects on key paths and //! super")
struct PathObjectTests {
  static let schema = """
    class Base: DictionaryConvertible {
      let id: Int
      var name: String?
    }
    class M: Base {
      //! super "base"
      var city: String? //! "address/city"
      var zip: String? //! "address/zip"
      var deep: Int? //! "a/b[0]/c"
    }
    """

  @Test(
    "a key twice in a key-path or super object: the last wins, a warning at the later one (an error under --strict)",
    arguments: [
      (#"{"base": {"id": 1, "id": 2}}"#, "id", "2", ["/base/id"]),
      (#"{"base": {"id": 1}, "address": {"city": "a", "city": "b"}}"#, "city", #""b""#, ["/address/city"]),
      (#"{"base": {"id": 1}, "a": {"b": [{"c": 1, "c": 2}]}}"#, "deep", "2", ["/a/b/0/c"]),
      (#"{"base": {"id": 1}, "a": {"b": [{"c": 1}], "b": [{"c": 2}]}}"#, "deep", "2", ["/a/b"]),
      // What the replaced object held no longer counts, as for a model's own keys.
      (#"{"base": {"id": 1}, "address": {"city": "a", "city": "b"}, "address": {"zip": "z"}}"#, "city", "nil", ["/address"]),
    ] as [(String, String, String, [String])], [false, true])
  func duplicateKeys(_ row: (String, String, String, [String]), _ strict: Bool) throws {
    let (json, property, value, duplicates) = row
    let run = try EngineProbe.run(schema: Self.schema, json, options: ValidationOptions(strict: strict))
    #expect(run.isValid == !strict)
    #expect(run.findings == Set(duplicates.map { "\(strict ? "error" : "warning") duplicate-key \($0)" }))
    if !strict { #expect(run.value(property) == value) }
  }

  @Test(
    "a duplicate in a key-path or super object names the earlier value's position, which the ledger's entry shares",
    arguments: [
      (#"{"base": {"id": 1, "id": 2}}"#, "/base/id", 16),
      (#"{"base": {"id": 1}, "address": {"city": "a", "city": "b"}}"#, "/address/city", 40),
    ])
  func duplicatePositions(_ json: String, _ path: String, _ earlier: Int) throws {
    let run = try EngineProbe.run(schema: Self.schema, json)
    let finding = try #require(run.record.findings.first { $0.code == FindingCode.duplicateKey.rawValue })
    #expect(finding.path == path)
    #expect(finding.relatedOffset == earlier)
    let trip = try RoundTripProbe.run(schema: Self.schema, json)
    let entry = try #require(trip.entries.first { $0.kind == .duplicateKeyCollapsed })
    #expect(entry.path == path)
    #expect(entry.offset == earlier)
  }

  /// Documents with keys no path reads, and the pointers of those keys.
  static let unknownKeys: [(String, [String])] = [
    (#"{"base": {"id": 1, "junk": 2}}"#, ["/base/junk"]),
    // `zip` is read by another property whose path shares the prefix: known.
    (#"{"base": {"id": 1}, "address": {"city": "a", "zip": "z", "street": "s"}}"#, ["/address/street"]),
    // A key known at one level is not known at another.
    (#"{"base": {"id": 1, "city": "x"}, "address": {"id": 2}}"#, ["/base/city", "/address/id"]),
    // Inside the element an index key reads; the other elements are no path's (the ledger drops them).
    (#"{"base": {"id": 1}, "a": {"b": [{"c": 1, "d": 2}, {"e": 3}], "x": 0}}"#, ["/a/b/0/d", "/a/x"]),
  ]

  @Test(
    "--unknown judges the keys of key-path and super objects: known means read by some path through that object",
    arguments: unknownKeys, UnknownKeyRule.allCases)
  func unknownKeysInPathObjects(_ row: (String, [String]), _ rule: UnknownKeyRule) throws {
    let (json, unknown) = row
    let run = try EngineProbe.run(schema: Self.schema, json, options: ValidationOptions(unknownKeys: rule))
    #expect(run.isValid == (rule != .error))
    let expected = rule == .ignore ? [] : unknown.map { "\(rule == .error ? "error" : "warning") unknown-key \($0)" }
    #expect(run.findings == Set(expected))
  }

  @Test("--unknown warn names exactly the keys roundtrip lists as unknown-key-dropped", arguments: unknownKeys)
  func unknownKeysAgreeWithLedger(_ row: (String, [String])) throws {
    let run = try EngineProbe.run(schema: Self.schema, row.0, options: ValidationOptions(unknownKeys: .warn))
    let trip = try RoundTripProbe.run(schema: Self.schema, row.0)
    let reported = run.record.findings.filter { $0.code == FindingCode.unknownKey.rawValue }.map(\.path)
    let dropped = trip.entries.filter { $0.kind == .unknownKeyDropped }.map(\.path)
    #expect(Set(reported) == Set(dropped))
  }

  static let steps = """
    struct M: DictionaryConvertible {
      var city: String? //! "address/city"
      var zip: String = "-" //! "address/zip"
      let n: Int //! "outer/inner"
      var second: Int? //! "list[1]"
      var y: Int? //! "a/x ?? b"
      var label: String?
      // (Read through `label`, written elsewhere: written at "label/n" it would overlap `label`.)
      var labelled: Int? //! "labelledN ?? label/n"
    }
    """

  /// A document, whether it is valid, every finding (`severity code path`, sorted), and one
  /// property's value.
  static let blockedSteps: [(String, Bool, [String], String, String)] = [
    // Each property that cannot go through says so, at the value in its way.
    (
      #"{"outer": {"inner": 1}, "address": 5}"#, true,
      ["warning default-substituted /address", "warning type-mismatch /address", "warning type-mismatch /address"],
      "zip", #"default:"-""#
    ),
    // A required property's unusable value stays an error, the root cause, as a direct one's does.
    (#"{"outer": 5}"#, false, ["error type-mismatch /outer", "note missing-required /outer"], "n", ""),
    (#"{"outer": {"inner": 1}, "list": "ab"}"#, true, ["warning type-mismatch /list"], "second", "nil"),
    // JSON Cast tries the next alternative, as after any value it cannot use.
    (
      #"{"outer": {"inner": 1}, "a": [5], "b": 2}"#, true,
      ["warning alternative-skipped /a", "warning type-mismatch /a"], "y", "2"
    ),
    // A value another property reads is not lost: the path is just not in the document.
    (#"{"outer": {"inner": 1}, "label": "x"}"#, true, [], "labelled", "nil"),
    // A null on the way is the property's null.
    (#"{"outer": null}"#, false, ["error missing-required /outer"], "n", ""),
    (#"{"outer": {"inner": 1}, "address": null}"#, true, ["warning null-replaced-by-default /address"], "zip", #"default:"-""#),
  ]

  @Test(
    "a key path that meets a value it cannot go into: that value is the property's, reported where it is",
    arguments: blockedSteps)
  func blockedKeyPaths(_ row: (String, Bool, [String], String, String)) throws {
    let (json, valid, findings, property, value) = row
    let run = try EngineProbe.run(schema: Self.steps, json)
    #expect(run.isValid == valid)
    #expect(run.record.findings.map(EngineProbe.describe).sorted() == findings)
    if valid { #expect(run.value(property) == value) }
  }

  @Test("every value roundtrip drops on a key path's way has a finding at its pointer", arguments: blockedSteps.filter(\.1))
  func blockedStepsAgreeWithLedger(_ row: (String, Bool, [String], String, String)) throws {
    let run = try EngineProbe.run(schema: Self.steps, row.0)
    let trip = try RoundTripProbe.run(schema: Self.steps, row.0)
    let dropped = Set(trip.entries.filter { $0.kind == .valueDropped }.map(\.path))
    #expect(dropped.isSubset(of: Set(run.record.findings.map(\.path))), "\(dropped)")
  }
}

/// Many key paths through one object: the walk and the ledger find its members through tables
/// (past `PathTree.Node.searched` members, and after `MemberIndexes.scans` looks), and the
/// check leaves such a model to the walk; what they find must be what a search finds.
@Suite("Engine: many key paths through one object")
struct WidePathObjectTests {
  static let width = 80
  static let schema =
    "struct M: DictionaryConvertible {\n"
    + (0..<width).map { "  var p\($0): Int? //! \"wide/p\($0)\"\n" }.joined() + "  var other: Int? //! \"o/x\"\n}\n"

  static func document(_ members: [String]) -> String { #"{"wide": {"# + members.joined(separator: ", ") + "}}" }
  static var every: [String] { (0..<width).map { #""p\#($0)": \#($0)"# } }

  @Test(
    "the findings and values through a wide object are those of each key looked for in turn",
    arguments: [
      (document(every), [String]()),
      (document(every + [#""p7": 70"#]), ["warning duplicate-key /wide/p7"]),
      (document(every + [#""junk": 1"#]), ["warning unknown-key /wide/junk"]),
      (document(Array(every.dropFirst(3))), []),
    ], [true, false])
  func wideObject(_ row: (String, [String]), _ cleanCheck: Bool) throws {
    let (json, findings) = row
    let registry = EngineProbe.registry(Self.schema)
    let run = try EngineProbe.run(registry, json, options: ValidationOptions(unknownKeys: .warn), cleanCheck: cleanCheck)
    #expect(run.findings == Set(findings))
    let duplicated = findings.contains { $0.contains("duplicate-key") }
    #expect(run.value("p7") == (duplicated ? "70" : "7"))
    #expect(run.value("p79") == "79")
    #expect(run.value("p1") == (json.contains(#""p1":"#) ? "1" : "nil"))
    let trip = try RoundTripProbe.run(schema: Self.schema, json)
    #expect(trip.entries.filter { $0.kind == .unknownKeyDropped }.map(\.path) == (json.contains("junk") ? ["/wide/junk"] : []))
    #expect(trip.entries.filter { $0.kind == .duplicateKeyCollapsed }.map(\.path) == (duplicated ? ["/wide/p7"] : []))
  }

  @Test("under -i the members of a wide object are found whatever their case")
  func caseInsensitive() throws {
    let json = Self.document((0..<Self.width).map { #""P\#($0)": \#($0)"# })
    var options = RegistryOptions()
    options.caseInsensitiveKeys = true
    let registry = EngineProbe.registry(Self.schema, options: options)
    let run = try EngineProbe.run(registry, json, options: ValidationOptions(unknownKeys: .error))
    #expect(run.isValid, "\(run.findings)")
    #expect(run.value("p42") == "42")
  }
}
