import CastSchema
import Testing

@testable import CastValidate

/// Sets of models read by the clean-record check (`CleanModel.hasByteIdentity`): with the check
/// and without it, the same verdicts, findings and output; a repeated element, however it is
/// spelled, is left to the walk; models whose values the bytes do not tell apart are too.
struct ModelSetCheckTests {
  static let schema = """
    enum Kind: String { case point, corner }
    struct P: Hashable {
      let x: Int
      let y: Int64
      var label: String?
      var kind: Kind?
      var weight: Double?
      var on: Bool?
      var id: UUID?
      var inner: Q?
    }
    struct Q: Hashable {
      let a: Int
      var next: Q?
    }
    struct D: Hashable {
      let x: Int
      var y: Int = 0
    }
    struct M: DictionaryConvertible {
      var points: Set<P>? //! count 0...3
      var defaults: Set<D>?
    }
    """

  /// Records the walk finds nothing in, which the check reads on its own.
  static let cleanRecords: [String] = [
    #"{"points":[{"x":1,"y":2},{"x":2,"y":1}]}"#,
    #"{"points":[{"x":1,"y":2,"label":"a"},{"x":1,"y":2,"label":"b"},{"x":1,"y":2}]}"#,
    #"{"points":[{"x":1,"y":2,"weight":1.5},{"x":1,"y":2,"weight":-1.5},{"x":1,"y":2,"on":true}]}"#,
    #"{"points":[{"x":1,"y":2,"kind":"point"},{"kind":"corner","y":2,"x":1}]}"#,
    #"{"points":[{"x":1,"y":2,"inner":{"a":1}},{"x":1,"y":2,"inner":{"a":1,"next":{"a":2}}}]}"#,
    #"{"points":[{"x":1,"y":2,"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},{"x":1,"y":2,"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5e"}]}"#,
    #"{"points":[{"x":1,"y":2,"on":true},{"x":1,"y":2,"on":false}]}"#,
    #"{"points":[{"x":2,"y":1},{"x":1,"y":2}]}"#,
    #"{"points":[]}"#,
  ]

  /// Records the walk has something to say about: repeated elements in every spelling the bytes
  /// do not show, and elements that are no `P`.
  static let otherRecords: [String] = [
    #"{"points":[{"x":1,"y":2},{"x":1,"y":2}]}"#,
    #"{"points":[{"x":1,"y":2},{"y":2,"x":1}]}"#,
    #"{"points":[{"x":-0,"y":2},{"x":0,"y":2}]}"#,
    #"{"points":[{"x":1,"y":2,"weight":1},{"x":1,"y":2,"weight":1.0}]}"#,
    #"{"points":[{"x":1,"y":2,"weight":0},{"x":1,"y":2,"weight":-0.0}]}"#,
    #"{"points":[{"x":1,"y":2,"label":null},{"x":1,"y":2}]}"#,
    #"{"points":[{"x":1,"y":2,"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},{"x":1,"y":2,"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}]}"#,
    #"{"points":[{"x":1,"y":2,"inner":{"next":{"a":2},"a":1}},{"x":1,"y":2,"inner":{"a":1,"next":{"a":2}}}]}"#,
    #"{"points":[{"x":1,"y":2},{"x":2,"y":1},{"x":3,"y":3},{"x":4,"y":4}]}"#,
    #"{"points":[{"x":1},{"x":2,"y":1}]}"#,
    #"{"points":[{"x":1,"y":2},null]}"#,
    #"{"points":[{"x":1,"y":"2"}]}"#,
    #"{"points":[{"x":1,"y":2,"kind":"side"}]}"#,
    #"{"defaults":[{"x":1},{"x":1,"y":0}]}"#,
  ]

  /// Records the walk reads as clean, which the check leaves to it: strings Swift compares by
  /// canonical equivalence, and models with a default (an absent value is the default's).
  static let leftToTheWalk: [String] = [
    #"{"points":[{"x":1,"y":2,"label":"caf\u00e9"},{"x":1,"y":2,"label":"cafe"}]}"#,
    #"{"points":[{"x":1,"y":2,"label":"café"},{"x":1,"y":2}]}"#,
    #"{"defaults":[{"x":1},{"x":2,"y":0}]}"#,
  ]

  static let optionSets: [ValidationOptions] = [
    ValidationOptions(), ValidationOptions(strict: true), ValidationOptions(unknownKeys: .error),
  ]

  @Test("the same verdicts and findings with and without the clean-record check", arguments: optionSets.indices)
  func sameFindings(_ option: Int) throws {
    try CheckAgreement.expectSameFindings(
      EngineProbe.registry(Self.schema), Self.cleanRecords + Self.otherRecords + Self.leftToTheWalk, options: Self.optionSets[option])
  }

  @Test("clean sets of models pass the check on its own", arguments: cleanRecords)
  func cleanRecordsPass(_ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, walkFindsNothing: true, checkPasses: true)
  }

  @Test("a repeated element, however spelled, is doubted by the check", arguments: otherRecords)
  func otherRecordsDoubted(_ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, walkFindsNothing: false, checkPasses: false)
  }

  @Test("strings beyond ASCII and models with defaults are left to the walk", arguments: leftToTheWalk)
  func doubted(_ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, walkFindsNothing: true, checkPasses: false)
  }

  /// Under `-i` a key in another case is the property's: the element is the same one.
  @Test(
    "-i: elements whose keys differ in case alone repeat, with the check and without it",
    arguments: [
      (#"{"points":[{"X":1,"y":2},{"x":1,"Y":2}]}"#, false),
      (#"{"points":[{"X":1,"y":2},{"x":2,"Y":2}]}"#, true),
    ])
  func caseFoldedKeys(_ record: String, _ clean: Bool) throws {
    let options = RegistryOptions(caseInsensitiveKeys: true)
    let registry = EngineProbe.registry(Self.schema, options: options)
    let full = try EngineProbe.run(registry, record, options: CheckAgreement.strict, build: false, cleanCheck: false)
    #expect(full.records.allSatisfy { $0.findings.isEmpty } == clean, "\(full.findings)")
    #expect(try CheckAgreement.passesCheck(Self.schema, record, options: options) == clean)
    try CheckAgreement.expectSameFindings(registry, [record], options: ValidationOptions())
  }

  /// Nosce writes a nil nested model as `{}` and reads it back as that nil
  /// (`FieldPlan.emptyObjectIsNil`): an element holding `{}` there is one without it, which the
  /// check leaves to the walk.
  @Test(
    "Nosce: an element with {} for a nested model repeats one without it, with the check and without it",
    arguments: [
      (#"{"s":[{"a":1,"q":{}},{"a":1}]}"#, false),
      (#"{"s":[{"a":1,"q":{}},{"a":2}]}"#, true),
    ])
  func nosceEmptyObjects(_ record: String, _ walkFindsNothing: Bool) throws {
    let schema = """
      struct Q {
        var w: Int?
      }
      class E: NosceSerializationProtocol, Hashable {
        var a: Int?
        var q: Q?
      }
      class M: NosceSerializationProtocol {
        var s: Set<E>?
      }
      """
    #expect(try CheckAgreement.walkFindsNothing(schema, record) == walkFindsNothing)
    #expect(try !CheckAgreement.passesCheck(schema, record))
    try CheckAgreement.expectSameFindings(EngineProbe.registry(schema), [record], options: ValidationOptions())
  }

  @Test("the same output with and without the clean-record transcript")
  func sameOutput() throws {
    let registry = EngineProbe.registry(Self.schema)
    let ndjson = (Self.cleanRecords + Self.otherRecords + Self.leftToTheWalk).joined(separator: "\n")
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let quick = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick == full, "keys=\(keys) strict=\(options.strict)")
      }
    }
  }
}
