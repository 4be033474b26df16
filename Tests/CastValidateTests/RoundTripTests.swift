import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Decodes, encodes and compares the way `castctl roundtrip` does (`Support/RoundTripRun.swift`),
/// keeping each record's input and output so the ledger can be checked against them.
enum RoundTripProbe {
  /// One record's trip.
  struct Trip {
    /// The record's pointer in the whole input (`""`, or `/2` in a top-level array).
    let root: String
    let input: JSONValue
    let output: JSONValue
    let entries: [LedgerEntry]

    /// What `LedgerInvariant` finds wrong with the ledger.
    var problems: [String] { LedgerInvariant.check(input: input, output: output, entries: entries, root: root) }
  }

  /// A whole input's trips.
  struct Run {
    var trips: [Trip] = []
    var summary = ValidationSummary()

    var entries: [LedgerEntry] { trips.flatMap(\.entries) }
    /// `kind path before → after` of every entry, in ledger order.
    var described: [String] {
      entries.map { entry in
        "\(entry.kind.rawValue) \(entry.path) \(LedgerInvariant.show(entry.before)) → \(LedgerInvariant.show(entry.after))"
          + (entry.outputPath.map { " at \($0)" } ?? "")
      }
    }
    var problems: [String] { trips.flatMap(\.problems) }
    /// The first record's output.
    var output: JSONValue? { trips.first?.output }
  }

  /// Runs `json` through `target` of `registry`.
  static func run(
    _ registry: ModelRegistry, _ json: String, target: ValidationTarget, options: ValidationOptions = ValidationOptions(),
    ndjson: Bool = false
  ) throws -> Run {
    let schema = CompiledSchema(registry: registry, options: options)
    guard let validator = DocumentValidator(schema: schema, target: target, build: true) else {
      throw EngineProbe.ProbeError("no such target: \(target)")
    }
    // NB: a `--type` target compiles its type into a schema of its own; encoder and ledger use that one.
    let compiled = validator.schema
    let encoder = ModelEncoder(schema: compiled)
    var run = Run()
    let bytes = Array(json.utf8)
    try bytes.withUnsafeBytes { raw in
      var whole: (value: JSONValue, offsets: [String: Int])?
      // NB: of a repeated key, the occurrence the decoder reads.
      let firstWins = compiled.targetPolicy(target).duplicateKeyFirstWins
      if !ndjson {
        whole = (
          try JSONValue.parse(raw, maxDepth: options.maxDepth), try JSONPointerIndex.offsets(of: raw, maxDepth: options.maxDepth, firstWins: firstWins)
        )
      }
      var isArray = false
      if case .model = target, case .array? = whole?.value { isArray = true }
      let handle: (RecordResult) -> Void = { result in
        guard result.isValid, let instance = result.instance else { return }
        var input = JSONValue.null
        var offsets: [String: Int] = [:]
        var root = ""
        if let whole {
          offsets = whole.offsets
          input = whole.value
          if isArray, case .array(let items) = whole.value, items.indices.contains(result.index) {
            input = items[result.index]
            root = "/\(result.index)"
          }
        } else {
          let span = UnsafeRawBufferPointer(rebasing: raw[result.span.start..<result.span.end])
          guard let parsed = try? JSONValue.parse(span, maxDepth: options.maxDepth),
            let spanOffsets = try? JSONPointerIndex.offsets(of: span, maxDepth: options.maxDepth, firstWins: firstWins)
          else { return }
          input = parsed
          offsets = spanOffsets.mapValues { $0 + result.span.start }
        }
        var ledger = RoundTripLedger(
          schema: compiled, offsets: PointerOffsets(offsets), recordOffset: result.span.start, findings: result.findings,
          recordLine: result.line)
        let output = encoder.encode(instance)
        ledger.compare(target: target, input: input, output: output, path: root)
        run.trips.append(Trip(root: root, input: input, output: output, entries: ledger.entries))
      }
      run.summary =
        ndjson ? try validator.validateNDJSON(raw, onRecord: handle) : try validator.validateDocument(raw, onRecord: handle)
    }
    return run
  }

  /// Loads `.cast` text and runs `json` through `model`.
  static func run(
    schema text: String, _ json: String, model: String = "M", registryOptions: RegistryOptions = RegistryOptions(),
    options: ValidationOptions = ValidationOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Run {
    let registry = EngineProbe.registry(text, options: registryOptions, sourceLocation: sourceLocation)
    return try run(registry, json, target: .model(model), options: options)
  }

  /// JSON values equal as JSON means them: object members in any order, numbers by literal text.
  static func equivalent(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
      let left = LedgerInvariant.lastOccurrences(x)
      let right = LedgerInvariant.lastOccurrences(y)
      guard left.count == right.count else { return false }
      return left.allSatisfy { member in
        right.first { $0.key == member.key }.map { equivalent(member.value, $0.value) } ?? false
      }
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equivalent($0, $1) }
    default:
      return a == b
    }
  }
}

extension FixtureCase {
  /// The fixture's schemas, loaded from disk.
  func registry() throws -> ModelRegistry {
    var files: [SourceFile] = []
    for schema in schemas {
      files.append(try SourceFile.read(path: (schemaFolder ?? folder).appendingPathComponent(schema).path))
    }
    let (registry, diagnostics) = SchemaLoader.load(files, options: registryOptions)
    let errors = diagnostics.filter { $0.severity == .error }.map { "\($0.code): \($0.message)" }
    #expect(errors.isEmpty, "schema errors: \(errors)")
    return registry
  }

  /// The model or `--type` the fixture is decoded with.
  func target(in registry: ModelRegistry) throws -> ValidationTarget {
    if let type {
      let parsed = SchemaLoader.parseType(type, in: registry)
      let resolved = try #require(parsed.type)
      return .type(parsed.optional ? .optional(resolved) : resolved)
    }
    let roots = registry.rootModels
    return .model(try #require(model ?? (roots.count == 1 ? roots[0] : nil), "no single root model: \(roots)"))
  }

  /// The data file's text.
  var text: String {
    get throws { try String(contentsOf: folder.appendingPathComponent(data), encoding: .utf8) }
  }

  /// Decodes the data file, encodes it back and compares, as `castctl roundtrip` would.
  func trip() throws -> RoundTripProbe.Run {
    let registry = try registry()
    return try RoundTripProbe.run(
      registry, try text, target: try target(in: registry), options: ValidationOptions(strict: strict), ndjson: ndjson)
  }

  /// The valid seed fixtures (decoding fails on the others, so they have no round trip).
  static let validSamples = (jsonCast + otherSeeds).filter(\.valid)
  /// The valid `schemas/` examples.
  static let validExamples = examples.filter(\.valid)

  /// Data files the model describes completely: decoding and encoding gives them back unchanged.
  static let losslessData: Set<String> = [
    "derived/JsonObject-SampleData.json",
    "derived/DSON-Shark.expected.json", "derived/DSON-Trout.expected.json", "derived/DSON-School.expected.json",
    "derived/DSON-Pod.expected.json", "derived/DSON-nested.expected.json", "derived/DSON-Fish.json",
    "derived/Nosce-Company.expected.json", "derived/Nosce-Employee.json", "derived/Nosce-Person.json",
    "derived/Nosce-Position.json", "derived/Nosce-Position-array.json", "derived/Nosce-simple-array.json",
    "derived/JSONCast-CastingAppTests-Classx.json", "derived/JSONCast-CastingAppTests-SubClass-supertag.json",
    "history/Convertible-Person@2015-06-25-8bbcd47.json",
    "convertible-person.json", "dson-fish.json", "jsonobject-user.json",
  ]
  /// The fixtures of `losslessData` (Convertible-Person.json is lossless only for PersonValue).
  static let lossless = (validSamples + validExamples).filter { fixture in
    losslessData.contains(fixture.data) || (fixture.data == "Convertible-Person.json" && fixture.model == "PersonValue")
  }
}

/// One lossy fixture and the ledger it must give, entry by entry.
struct LossyCase: Sendable, CustomTestStringConvertible {
  let fixture: FixtureCase
  let entries: [String]
  var testDescription: String { fixture.testDescription }

  static func sample(_ data: String, model: String? = nil, _ entries: [String]) -> LossyCase {
    let found = FixtureCase.validSamples.first { $0.data == data && (model == nil || $0.model == model) }
    return LossyCase(fixture: found ?? FixtureCase(schemas: [], data: data, valid: true), entries: entries)
  }

  static func example(_ data: String, _ entries: [String]) -> LossyCase {
    let found = FixtureCase.validExamples.first { $0.data == data }
    return LossyCase(fixture: found ?? FixtureCase(schemas: [], data: data, valid: true), entries: entries)
  }

  static let samples: [LossyCase] = [
    sample(
      "derived/JSONCast-CastingAppTests-Classy-ok.json",
      [
        #"value-coerced /PowerMode "0" → 0"#, #"default-filled /Arg (absent) → "as""#,
        #"default-filled /will (absent) → "yes""#,
      ]),
    sample(
      "derived/JSONCast-CastingAppTests-Classz-full.json",
      [
        #"value-coerced /X "3" → 3"#, #"value-coerced /A/0 "1" → 1"#, #"default-filled /will (absent) → "yes""#,
        #"element-dropped /Second/0 "first" → null"#, #"element-dropped /Second/2 "third" → (absent)"#,
      ]),
    // -i: the output keeps the declared keys, so every key spelled otherwise in the input moves.
    sample(
      "derived/JSONCast-CastingAppTests@fcbfd7b-Classz-full.json",
      [
        #"key-moved /PowerMode 3 → 3 at /powerMode"#, #"key-moved /X "3" → 3 at /x"#, #"value-coerced /X "3" → 3"#,
        #"key-moved /Why "maybe" → "maybe" at /why"#, #"key-moved /U "http://houzz.com" → "http://houzz.com" at /u"#,
        #"key-moved /A ["1",2,3] → [1,2,3] at /a"#, #"value-coerced /A/0 "1" → 1"#,
        #"key-moved /Cx {"Name":"Joe","Age":15} → {"name":"Joe","age":15} at /cx"#,
        #"key-moved /Cx/Name "Joe" → "Joe" at /cx/name"#, #"key-moved /Cx/Age 15 → 15 at /cx/age"#,
        #"key-moved /D2 {"k":"v","k2":3} → {"k":"v","k2":3} at /d2"#, #"default-filled /will (absent) → "yes""#,
        #"key-moved /Another "another" → "another" at /another"#, #"unknown-key-dropped /D {"k":"v","k2":"3"} → (absent)"#,
      ]),
    sample("derived/JsonObject-README-basic.json", [#"value-coerced /id "1025" → 1025"#]),
    sample("derived/JsonObject-README-keymapping.json", [#"value-coerced /member_id "30495" → 30495"#]),
    sample("Convertible-Person.json", model: "Person", ["absent-written-as-null /best_friend (absent) → null"]),
    sample("Convertible-Person.json", model: "RequiredKeysPerson", ["unknown-key-dropped /id 1 → (absent)"]),
    sample(
      "Convertible-Array.json", model: "Person",
      ["absent-written-as-null /0/best_friend (absent) → null", "absent-written-as-null /1/best_friend (absent) → null"]),
    sample(
      "derived/Nosce-Company.json",
      ["default-filled /employees/2/isActive (absent) → false", "absent-written-as-null /employees/2/trusted (absent) → null"]),
    sample("derived/Nosce-Position-missing-salary.json", ["absent-written-as-null /salary (absent) → null"]),
  ]

  static let examples: [LossyCase] = [
    example(
      "users.json",
      [
        "default-filled /is_active (absent) → true",
        #"value-normalized /created_at "2024-03-01T09:30:00+01:00" → "2024-03-01T08:30:00Z""#,
        "null-written-as-absent /nickname null → (absent)",
      ]),
    example(
      "users.ndjson",
      [
        "default-filled /is_active (absent) → true", "default-filled /tags (absent) → []",
        "default-filled /is_active (absent) → true",
        #"value-normalized /created_at 1709285400 → "2024-03-01T09:30:00Z""#,
        "default-filled /is_active (absent) → true", "default-filled /tags (absent) → []",
        "null-written-as-absent /address/geo null → (absent)",
      ]),
    example(
      "classy.json",
      [
        #"value-coerced /X "3" → 3"#, #"value-coerced /A/0 "1" → 1"#, #"default-filled /will (absent) → "yes""#,
        #"element-dropped /Second/0 "first" → null"#, #"element-dropped /Second/2 "third" → (absent)"#,
      ]),
    example(
      "nosce-company.json",
      ["default-filled /employees/2/isActive (absent) → false", "absent-written-as-null /employees/2/trusted (absent) → null"]),
  ]
}

@Suite("Round trip: decode → encode → ledger")
struct RoundTripTests {
  // MARK: - The property over every example and sample

  @Test("every schemas/ example re-encodes as its ledger says", arguments: FixtureCase.validExamples)
  func examplesMatchTheirLedgers(_ fixture: FixtureCase) throws {
    let run = try fixture.trip()
    #expect(run.summary.isValid)
    #expect(run.trips.count == fixture.records)
    #expect(run.problems == [], "\(run.described)")
  }

  @Test(
    "every shared sample re-encodes as its ledger says", .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"),
    arguments: FixtureCase.validSamples)
  func samplesMatchTheirLedgers(_ fixture: FixtureCase) throws {
    let run = try fixture.trip()
    #expect(run.summary.isValid)
    #expect(run.trips.count == fixture.records)
    #expect(run.problems == [], "\(run.described)")
  }

  @Test("the lossless list names only fixtures that exist")
  func losslessListIsComplete() {
    let names = Set(FixtureCase.lossless.map(\.data))
    #expect(names == FixtureCase.losslessData.union(["Convertible-Person.json"]))
  }

  @Test(
    "documents the model fully describes round-trip with an empty ledger and come back unchanged",
    .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"), arguments: FixtureCase.lossless)
  func fullyDescribedDocumentsAreLossless(_ fixture: FixtureCase) throws {
    let run = try fixture.trip()
    #expect(run.entries.isEmpty, "\(run.described)")
    for trip in run.trips {
      #expect(RoundTripProbe.equivalent(trip.input, trip.output), "\(LedgerInvariant.show(trip.output))")
    }
  }

  @Test(
    "lossy samples give exactly the expected ledger", .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"),
    arguments: LossyCase.samples)
  func lossySamplesLedger(_ lossy: LossyCase) throws {
    let run = try lossy.fixture.trip()
    #expect(run.described.sorted() == lossy.entries.sorted())
    #expect(run.problems == [])
  }

  @Test("lossy schemas/ examples give exactly the expected ledger", arguments: LossyCase.examples)
  func lossyExamplesLedger(_ lossy: LossyCase) throws {
    let run = try lossy.fixture.trip()
    #expect(run.described.sorted() == lossy.entries.sorted())
    #expect(run.problems == [])
  }

  // MARK: - The seeds' own expectations

  @Test(
    "DSON: a default instance serializes to the expected output byte for byte, which re-encodes unchanged",
    .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"),
    arguments: FixtureCase.validSamples.filter { $0.data.hasPrefix("derived/DSON-") && $0.data.hasSuffix(".expected.json") })
  func dsonExpectedOutputs(_ fixture: FixtureCase) throws {
    let registry = try fixture.registry()
    let target = try fixture.target(in: registry)
    let expected = try fixture.text.trimmingCharacters(in: .whitespacesAndNewlines)
    let fromDefaults = try RoundTripProbe.run(registry, "{}", target: target)
    #expect(fromDefaults.output.map { JSONWriter(style: .compact).write($0) } == expected)
    let again = try RoundTripProbe.run(registry, expected, target: target)
    #expect(again.output.map { JSONWriter(style: .compact).write($0) } == expected)
    #expect(again.entries.isEmpty, "\(again.described)")
  }

  @Test(
    "Nosce: Company.json encodes to the expected dictionaryRepresentation",
    .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"))
  func nosceCompanyExpected() throws {
    let fixture = try #require(FixtureCase.validSamples.first { $0.data == "derived/Nosce-Company.json" })
    let expected = try JSONValue.parse(
      try String(contentsOf: SampleFiles.samples.appendingPathComponent("derived/Nosce-Company.expected.json"), encoding: .utf8))
    let output = try #require(try fixture.trip().output)
    #expect(RoundTripProbe.equivalent(output, expected), "\(LedgerInvariant.show(output))")
  }
}

/// Variations of a document, one change each, to run the ledger over more than the fixtures.
enum Mutations {
  /// Every member of every object (at any depth) removed, set to null, set to a string, to a
  /// number, repeated with another value, and joined by an unknown sibling; every array element
  /// removed and set to a string.
  static func of(_ value: JSONValue) -> [(String, JSONValue)] {
    var results: [(String, JSONValue)] = []
    collect(value, path: "", rebuild: { $0 }, into: &results)
    return results
  }

  private static func collect(
    _ value: JSONValue, path: String, rebuild: (JSONValue) -> JSONValue, into results: inout [(String, JSONValue)]
  ) {
    switch value {
    case .object(let members):
      results.append(("add \(path)/zz", rebuild(.object(members + [JSONMember(key: "zz", value: .number("1"))]))))
      for (index, member) in members.enumerated() {
        let memberPath = path + "/" + member.key
        var without = members
        without.remove(at: index)
        results.append(("remove \(memberPath)", rebuild(.object(without))))
        for replacement in [JSONValue.null, .string("x"), .number("7"), .bool(true)] {
          var changed = members
          changed[index].value = replacement
          results.append(("\(memberPath) = \(LedgerInvariant.show(replacement))", rebuild(.object(changed))))
        }
        var repeated = members
        repeated.insert(JSONMember(key: member.key, value: .string("earlier")), at: index)
        results.append(("repeat \(memberPath)", rebuild(.object(repeated))))
        collect(
          member.value, path: memberPath,
          rebuild: { inner in
            var copy = members
            copy[index].value = inner
            return rebuild(.object(copy))
          }, into: &results)
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        var without = items
        without.remove(at: index)
        results.append(("remove \(path)/\(index)", rebuild(.array(without))))
        var changed = items
        changed[index] = .string("x")
        results.append(("\(path)/\(index) = \"x\"", rebuild(.array(changed))))
        collect(
          item, path: path + "/\(index)",
          rebuild: { inner in
            var copy = items
            copy[index] = inner
            return rebuild(.array(copy))
          }, into: &results)
      }
    default:
      break
    }
  }
}

extension RoundTripTests {
  @Test(
    "every one-change variation of every example and sample re-encodes as its ledger says",
    arguments: FixtureCase.validExamples.filter { !$0.ndjson } + (SampleFiles.isAvailable ? FixtureCase.validSamples : []))
  func mutationsMatchTheirLedgers(_ fixture: FixtureCase) throws {
    let registry = try fixture.registry()
    let target = try fixture.target(in: registry)
    let options = ValidationOptions(strict: fixture.strict)
    var problems: [String] = []
    var valid = 0
    for (change, document) in Mutations.of(try JSONValue.parse(try fixture.text)) {
      let json = JSONWriter(style: .pretty(indent: 1)).write(document)
      let run = try RoundTripProbe.run(registry, json, target: target, options: options)
      if run.summary.isValid { valid += 1 }
      problems += run.problems.map { "\(change): \($0)" }
    }
    #expect(valid > 0)
    #expect(problems == [])
  }
}
