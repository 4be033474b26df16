import CastSchema
import Testing

@testable import CastValidate

/// A document made to show ledger kinds, and the exact ledger it must give.
struct LedgerKindCase: Sendable, CustomTestStringConvertible {
  let name: String
  let schema: String
  let json: String
  var model = "M"
  var registryOptions = RegistryOptions()
  /// `kind path before → after [at outputPath]`, in any order.
  let entries: [String]

  var testDescription: String { name }

  /// The kinds the expected entries name.
  var kinds: Set<String> { Set(entries.map { String($0.prefix { $0 != " " }) }) }
}

extension LedgerKindCase {
  static let plain = "struct M {\n  let a: Int\n}\n"
  static let defaulted = "struct M {\n  var e: Int = 5\n}\n"
  static let optional = "struct M {\n  var g: Double?\n}\n"
  static let alternatives = "struct M {\n  var b: Int? //! \"b1 ?? b2\"\n}\n"
  static let path = "struct M {\n  var p: Int? //! \"outer/inner\"\n}\n"
  static let index = "struct M {\n  var s: String? //! \"second[1]\"\n}\n"
  static let superObject = """
    class Base: DictionaryConvertible {
      var name: String = ""
      var age: Int = 0
    }
    class Sub: Base {
      let yaw: Int
      //! super "base"
    }
    """

  static let all: [LedgerKindCase] = [
    LedgerKindCase(
      name: "unknown-key-dropped: a key the model does not declare", schema: plain, json: #"{"a": 1, "zz": [1]}"#,
      entries: ["unknown-key-dropped /zz [1] → (absent)"]),
    LedgerKindCase(
      name: "ignored-key-dropped: the key of an //! ignore property",
      schema: "struct M {\n  let a: Int\n  var d: String = \"\" //! ignore\n}\n", json: #"{"a": 1, "d": "x"}"#,
      entries: [#"ignored-key-dropped /d "x" → (absent)"#]),
    LedgerKindCase(
      name: "default-filled: an absent key", schema: defaulted, json: "{}",
      entries: ["default-filled /e (absent) → 5"]),
    LedgerKindCase(
      name: "default-filled: a null", schema: defaulted, json: #"{"e": null}"#, entries: ["default-filled /e null → 5"]),
    LedgerKindCase(
      name: "default-filled: a bad value replaced by the default", schema: defaulted, json: #"{"e": "x"}"#,
      entries: [#"default-filled /e "x" → 5"#]),
    LedgerKindCase(
      name: "default-filled: -n reads an empty string as absent", schema: "struct M {\n  var n: String = \"d\"\n}\n",
      json: #"{"n": ""}"#, registryOptions: RegistryOptions(emptyStringIsAbsent: true),
      entries: [#"default-filled /n "" → "d""#]),
    LedgerKindCase(
      name: "value-coerced: a numeric string written as a number", schema: plain, json: #"{"a": "42"}"#,
      entries: [#"value-coerced /a "42" → 42"#]),
    LedgerKindCase(
      name: "value-dropped: a bad optional becomes nil and is omitted", schema: optional, json: #"{"g": "x"}"#,
      entries: [#"value-dropped /g "x" → (absent)"#]),
    LedgerKindCase(
      name: "value-dropped: a bad optional becomes nil, written as null (Nosce)",
      schema: "struct M: NosceSerializationProtocol {\n  var g: Double?\n}\n", json: #"{"g": "x"}"#,
      entries: [#"value-dropped /g "x" → null"#]),
    LedgerKindCase(
      name: "null-written-as-absent: the dialect omits nil", schema: optional, json: #"{"g": null}"#,
      entries: ["null-written-as-absent /g null → (absent)"]),
    LedgerKindCase(
      name: "absent-written-as-null: the dialect writes nil as null",
      schema: "struct M: NosceSerializationProtocol {\n  var g: Double?\n}\n", json: "{}",
      entries: ["absent-written-as-null /g (absent) → null"]),
    LedgerKindCase(
      name: "default-filled and absent-written-as-null after a dropped element: named by the input's index, written at the output's",
      schema: "struct S: NosceSerializationProtocol {\n  var a: Int = 1\n  var b: String?\n}\nstruct M: NosceSerializationProtocol {\n  var s: [S] = []\n}\n",
      json: #"{"s": ["bad", {}]}"#,
      entries: [#"element-dropped /s/0 "bad" → (absent)"#, "default-filled /s/1/a (absent) → 1 at /s/0/a", "absent-written-as-null /s/1/b (absent) → null at /s/0/b"]),
    LedgerKindCase(
      name: "duplicate-key-collapsed: integer keys equal as numbers, each named by its own spelling",
      schema: "struct M {\n  var m: [Int: String] = [:]\n}\n", json: #"{"m": {"01": "a", "1": "b"}}"#,
      entries: [#"duplicate-key-collapsed /m/01 "a" → (absent)"#]),
    LedgerKindCase(
      name: "element-dropped: an array element that cannot be converted",
      schema: "struct M {\n  let l: [Int]\n}\n", json: #"{"l": [1, "x", 2]}"#,
      entries: [#"element-dropped /l/1 "x" → (absent)"#]),
    LedgerKindCase(
      name: "element-dropped: a dictionary entry that cannot be converted",
      schema: "struct M {\n  let m: [String: Int]\n}\n", json: #"{"m": {"a": 1, "b": "x"}}"#,
      entries: [#"element-dropped /m/b "x" → (absent)"#]),
    LedgerKindCase(
      name: "duplicate-element-collapsed: a Set's repeated element", schema: "struct M {\n  let t: Set<Int>\n}\n",
      json: #"{"t": [1, 2, 1]}"#, entries: ["duplicate-element-collapsed /t/2 1 → (absent)"]),
    LedgerKindCase(
      name: "key-moved: a ?? alternative is written under the first key", schema: alternatives, json: #"{"b2": 3}"#,
      entries: ["key-moved /b2 3 → 3 at /b1"]),
    LedgerKindCase(
      name: "key-moved: after an alternative that is not convertible", schema: alternatives,
      json: #"{"b1": "bad", "b2": 3}"#, entries: [#"alternative-unused /b1 "bad" → 3"#, "key-moved /b2 3 → 3 at /b1"]),
    // The first alternative's key is written, with the value another gave: the entry names it.
    LedgerKindCase(
      name: "key-moved: after an alternative that is null", schema: alternatives, json: #"{"b1": null, "b2": 3}"#,
      entries: ["alternative-unused /b1 null → 3", "key-moved /b2 3 → 3 at /b1"]),
    LedgerKindCase(
      name: "key-moved: after a key path alternative that is not convertible",
      schema: "struct M {\n  var b: Int? //! \"p/q ?? r\"\n}\n", json: #"{"p": {"q": "z"}, "r": 3}"#,
      entries: [#"alternative-unused /p/q "z" → 3"#, "key-moved /r 3 → 3 at /p/q"]),
    LedgerKindCase(
      name: "absent-written-as-null: Nosce writes a nil nested model as {}, which is no default",
      schema: "struct P {\n  var x: Int?\n}\nstruct M: NosceSerializationProtocol {\n  var p: P?\n}\n", json: "{}",
      entries: ["absent-written-as-null /p (absent) → {}"]),
    LedgerKindCase(
      name: "value-dropped: a nested model read from a string is nil, which Nosce writes as {}",
      schema: "struct P {\n  var x: Int?\n}\nstruct M: NosceSerializationProtocol {\n  var p: P?\n}\n", json: #"{"p": "oops"}"#,
      entries: [#"value-dropped /p "oops" → {}"#]),
    LedgerKindCase(
      name: "null-written-as-absent: Nosce writes a null nested model back as its nil, {}, which is no default",
      schema: "struct P {\n  var x: Int?\n}\nstruct M: NosceSerializationProtocol {\n  var p: P?\n}\n", json: #"{"p": null}"#,
      entries: ["null-written-as-absent /p null → {}"]),
    LedgerKindCase(
      name: "key-moved: an integer dictionary key is written as its number",
      schema: "struct M {\n  var m: [Int: Int]?\n}\n", json: #"{"m": {"01": 1, "2": 2}}"#,
      entries: ["key-moved /m/01 1 → 1 at /m/1"]),
    LedgerKindCase(
      name: "key-moved: an integer-raw enum's dictionary key is written as its number",
      schema: "enum K: Int, Codable, CodingKeyRepresentable {\n  case zero = 0, one\n}\nstruct M: Codable {\n  var m: [K: Int]?\n}\n",
      json: #"{"m": {"+01": 1, "0": 2}}"#, entries: ["key-moved /m/+01 1 → 1 at /m/1"]),
    LedgerKindCase(
      name: "alternative-unused: an alternative the decoder did not need", schema: alternatives, json: #"{"b1": 1, "b2": 3}"#,
      entries: ["alternative-unused /b2 3 → (absent)"]),
    LedgerKindCase(
      name: "key-moved: -i writes the declared spelling", schema: "struct M {\n  let a: Int\n  let bC: [Int]\n}\n",
      json: #"{"A": 1, "BC": ["2"]}"#, registryOptions: RegistryOptions(caseInsensitiveKeys: true),
      entries: ["key-moved /A 1 → 1 at /a", #"key-moved /BC ["2"] → [2] at /bC"#, #"value-coerced /BC/0 "2" → 2"#]),
    LedgerKindCase(
      name: "number-text-changed: an integral exponent written as an integer", schema: plain, json: #"{"a": 1e2}"#,
      entries: ["number-text-changed /a 1e2 → 100"]),
    LedgerKindCase(
      name: "number-text-changed: 3.0 for an Int", schema: plain, json: #"{"a": 3.0}"#,
      entries: ["number-text-changed /a 3.0 → 3"]),
    LedgerKindCase(
      name: "value-normalized: a date in UTC, a UUID in upper case",
      schema: "struct M {\n  let h: Date\n  let u: UUID\n  let t: Date\n}\n",
      json: #"{"h": "2024-03-01T09:30:00+01:00", "u": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "t": 1709285400}"#,
      entries: [
        #"value-normalized /h "2024-03-01T09:30:00+01:00" → "2024-03-01T08:30:00Z""#,
        #"value-normalized /u "e621e1f8-c36c-495a-93fc-0c247a3e6e5f" → "E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#,
        #"value-normalized /t 1709285400 → "2024-03-01T09:30:00Z""#,
      ]),
    LedgerKindCase(
      name: "value-coerced: a date pattern without the time of day writes another instant; with it, a spelling",
      schema: "struct M {\n  let d: Date //! date \"yyyy-MM-dd\"\n  let e: Date //! date \"yyyy-MM-dd\"\n  let f: Date //! date \"yyyy-MM-dd\"\n}\n",
      json: #"{"d": "2024-03-01T08:30:00Z", "e": 1709281800, "f": "2024-3-1"}"#,
      entries: [
        #"value-coerced /d "2024-03-01T08:30:00Z" → "2024-03-01""#,
        #"value-coerced /e 1709281800 → "2024-03-01""#,
        #"value-normalized /f "2024-3-1" → "2024-03-01""#,
      ]),
    LedgerKindCase(
      name: "element-dropped: an index key's other elements, written as the null the array is padded with",
      schema: "struct M {\n  let x: Int //! \"list[2]\"\n}\n", json: #"{"list": [7, 8, 9, 10]}"#,
      entries: ["element-dropped /list/0 7 → null", "element-dropped /list/1 8 → null", "element-dropped /list/3 10 → (absent)"]),
    LedgerKindCase(
      name: "absent-written-as-null: the padding before an index key's default, where the input had no element",
      schema: "struct M {\n  var x: Int = 5 //! \"list[2]\"\n}\n", json: #"{"list": [7]}"#,
      entries: ["default-filled /list/2 (absent) → 5", "element-dropped /list/0 7 → null", "absent-written-as-null /list/1 (absent) → null"]),
    LedgerKindCase(
      name: "absent-written-as-null: the padding of an index key's array the input lacks",
      schema: "struct M {\n  var x: Int = 5 //! \"a/list[1]\"\n}\n", json: "{}",
      entries: ["default-filled /a/list/1 (absent) → 5", "absent-written-as-null /a/list/0 (absent) → null"]),
    LedgerKindCase(
      name: "duplicate-key-collapsed: only the last value is written back (JSON Cast)", schema: plain,
      json: #"{"a": 1, "a": 2, "a": 3}"#,
      entries: ["duplicate-key-collapsed /a 1 → (absent)", "duplicate-key-collapsed /a 2 → (absent)"]),
    LedgerKindCase(
      name: "duplicate-key-collapsed: under -i, keys that differ in case only are one key, the last read",
      schema: "struct M {\n  var userName: String?\n}\n", json: #"{"USERNAME": "upper", "userName": "exact"}"#,
      registryOptions: RegistryOptions(caseInsensitiveKeys: true),
      entries: [#"duplicate-key-collapsed /USERNAME "upper" → (absent)"#]),
    LedgerKindCase(
      name: "duplicate-key-collapsed: the codable dialect writes back the first value, as JSONDecoder reads it",
      schema: "struct M: Codable {\n  let a: Int\n  let d: [String: Int]\n}\n",
      json: #"{"a": 1, "a": 2, "d": {"k": 1, "k": 2, "k": 3}}"#,
      entries: [
        "duplicate-key-collapsed /a 2 → (absent)", "duplicate-key-collapsed /d/k 2 → (absent)",
        "duplicate-key-collapsed /d/k 3 → (absent)",
      ]),
    LedgerKindCase(
      name: "duplicate-key-collapsed: a Codable enum's case key twice, the first read (it was value-coerced)",
      schema: "enum Shape: Codable {\n  case none, circle(r: Double)\n}\nstruct M: Codable {\n  let v: Shape\n  let w: Shape\n}\n",
      json: #"{"v": {"none": {}, "none": 5}, "w": {"circle": {"r": 1}, "circle": {"r": 2}}}"#,
      entries: [#"duplicate-key-collapsed /v/none 5 → (absent)"#, #"duplicate-key-collapsed /w/circle {"r":2} → (absent)"#]),
    LedgerKindCase(
      name: "unknown-key-dropped: a key canonically equal to a property's but not byte for byte is another key (JSON Cast)",
      schema: "struct M {\n  let caf: Int //! \"caf\u{E9}\"\n  let d: [String: Int]\n}\n",
      json: #"{"caf\#u{E9}": 1, "cafe\#u{301}": 2, "d": {"\#u{E9}": 3, "e\#u{301}": 4}}"#,
      entries: ["unknown-key-dropped /cafe\u{301} 2 → (absent)"]),
    LedgerKindCase(
      name: "no change: two properties whose keys are equal only canonically are two keys, written both (JSON Cast)",
      schema: "struct M {\n  let a: Int //! \"caf\u{E9}\"\n  let b: Int //! \"cafe\u{301}\"\n}\n",
      json: #"{"caf\#u{E9}": 1, "cafe\#u{301}": 2}"#, entries: []),
    LedgerKindCase(
      name: "duplicate-key-collapsed: the codable dialect compares keys as String does, canonically",
      schema: "struct M: Codable {\n  let caf: Int\n  let d: [String: Int]\n  enum CodingKeys: String, CodingKey {\n"
        + "    case caf = \"caf\u{E9}\", d\n  }\n}\n",
      json: #"{"caf\#u{E9}": 1, "cafe\#u{301}": 2, "d": {"\#u{E9}": 3, "e\#u{301}": 4}}"#,
      entries: ["duplicate-key-collapsed /cafe\u{301} 2 → (absent)", "duplicate-key-collapsed /d/e\u{301} 4 → (absent)"]),
    LedgerKindCase(
      name: "key-moved: the codable dialect reads a key by canonical equivalence and writes the model's spelling",
      schema: "struct M: Codable {\n  let caf\u{E9}: Int\n}\n", json: #"{"cafe\#u{301}": 1}"#,
      entries: ["key-moved /cafe\u{301} 1 → 1 at /caf\u{E9}"]),
    LedgerKindCase(
      name: "key-moved: key strategies convert an enum or Int dictionary key both ways",
      schema: "//! key-decoding convert-from-snake-case\n//! key-encoding convert-to-snake-case\n"
        + "enum S: String, Codable, CodingKeyRepresentable {\n  case darkRed, plain\n}\n"
        + "struct M: Codable {\n  let d: [S: Int]\n  let i: [Int: Int]\n}\n",
      json: #"{"d": {"darkRed": 1, "plain": 2, "dark_red": 3}, "i": {"1_2": 4}}"#,
      entries: [
        "key-moved /d/darkRed 1 → 1 at /d/dark_red", "duplicate-key-collapsed /d/dark_red 3 → (absent)",
        "key-moved /i/1_2 4 → 4 at /i/12",
      ]),
    LedgerKindCase(
      name: "duplicate-key-collapsed: two enum keys written alike under convert-to-snake-case, the first written",
      schema: "//! key-encoding convert-to-snake-case\n"
        + "enum K: String, Codable, CodingKeyRepresentable {\n  case aB, a_b\n}\nstruct M: Codable {\n  let m: [K: Int]\n}\n",
      json: #"{"m": {"aB": 1, "a_b": 2}}"#,
      entries: ["key-moved /m/aB 1 → 1 at /m/a_b", "duplicate-key-collapsed /m/a_b 2 → (absent)"]),
    LedgerKindCase(
      name: "duplicate-key-collapsed: key-value pairs keep a repeated key's first place and last value",
      schema: "enum C: String, Codable {\n  case r, g\n}\nstruct M: Codable {\n  let p: [C: Int]\n}\n",
      json: #"{"p": ["r", 1, "g", 2, "r", 3]}"#,
      entries: [
        "duplicate-key-collapsed /p/1 1 → (absent)", #"duplicate-key-collapsed /p/4 "r" → (absent)"#,
        "key-moved /p/5 3 → 3 at /p/1",
      ]),
    LedgerKindCase(
      name: "unknown-key-dropped: inside the object a key path passes through", schema: path,
      json: #"{"outer": {"inner": 4, "other": 5}}"#, entries: ["unknown-key-dropped /outer/other 5 → (absent)"]),
    LedgerKindCase(
      name: "value-dropped: a key path through a value that is not an object", schema: path, json: #"{"outer": 5}"#,
      entries: ["value-dropped /outer 5 → (absent)"]),
    LedgerKindCase(
      name: "value-dropped: an empty object a key path passes through", schema: path, json: #"{"outer": {}}"#,
      entries: ["value-dropped /outer {} → (absent)"]),
    LedgerKindCase(
      name: "null-written-as-absent: the end of a key path", schema: path, json: #"{"outer": {"inner": null}}"#,
      entries: ["null-written-as-absent /outer/inner null → (absent)"]),
    LedgerKindCase(
      name: "element-dropped: the other elements of an index key's array", schema: index,
      json: #"{"second": ["x", "y", "z"]}"#,
      entries: [#"element-dropped /second/0 "x" → null"#, #"element-dropped /second/2 "z" → (absent)"#]),
    LedgerKindCase(
      name: "element-dropped: an index key's array too short for the index", schema: index, json: #"{"second": ["x"]}"#,
      entries: [#"element-dropped /second/0 "x" → (absent)"#]),
    LedgerKindCase(
      name: "unknown-key-dropped: inside the //! super object", schema: superObject,
      json: #"{"yaw": 3, "base": {"name": "x", "age": 2, "junk": 1}}"#, model: "Sub",
      entries: ["unknown-key-dropped /base/junk 1 → (absent)"]),
    LedgerKindCase(
      name: "default-filled: inside the //! super object", schema: superObject, json: #"{"yaw": 3, "base": {}}"#,
      model: "Sub", entries: [#"default-filled /base/name (absent) → """#, "default-filled /base/age (absent) → 0"]),
  ]
}

@Suite("Round trip: every ledger kind, and the invariant checker")
struct LedgerKindRoundTripTests {
  @Test("each document gives exactly its ledger, and the ledger accounts for every difference", arguments: LedgerKindCase.all)
  func kindLedger(_ item: LedgerKindCase) throws {
    let run = try RoundTripProbe.run(
      schema: item.schema, item.json, model: item.model, registryOptions: item.registryOptions)
    #expect(run.summary.isValid)
    #expect(run.described.sorted() == item.entries.sorted())
    #expect(run.problems == [])
  }

  /// `castctl roundtrip` reads each record again from its own bytes, and its values' offsets
  /// only when an entry needs one: the entries must be those the whole document's offsets give,
  /// for a record alone, each record of a top-level array, and each line of NDJSON.
  @Test("roundtrip finds each entry's offset from its record alone as from the whole document", arguments: LedgerKindCase.all)
  func offsetsFromTheRecord(_ item: LedgerKindCase) throws {
    let registry = EngineProbe.registry(item.schema, options: item.registryOptions)
    var documents = [(item.json, false), ("[" + item.json + ",\n  " + item.json + "]", false)]
    if !item.json.contains("\n") { documents.append((item.json + "\n" + item.json + "\n", true)) }
    for (json, ndjson) in documents {
      let expected = try RoundTripProbe.run(registry, json, target: .model(item.model), ndjson: ndjson).entries
      let validator = try #require(DocumentValidator(schema: CompiledSchema(registry: registry), target: .model(item.model), build: true))
      let report = try Array(json.utf8).withUnsafeBytes { try RoundTripRun(validator).run($0, recordsPerLine: ndjson) }
      #expect(report.entries == expected, "\(json)")
    }
  }

  @Test("every LedgerKind has a case in the table")
  func everyKindCovered() {
    let covered = LedgerKindCase.all.reduce(into: Set<String>()) { $0.formUnion($1.kinds) }
    #expect(covered == Set(LedgerKind.allCases.map(\.rawValue)))
  }

  @Test("the checker reports a difference whose entry is missing")
  func checkerFindsMissingEntries() throws {
    for item in LedgerKindCase.all {
      let run = try RoundTripProbe.run(schema: item.schema, item.json, model: item.model, registryOptions: item.registryOptions)
      let trip = try #require(run.trips.first)
      for index in trip.entries.indices {
        var entries = trip.entries
        let removed = entries.remove(at: index)
        let problems = LedgerInvariant.check(input: trip.input, output: trip.output, entries: entries, root: trip.root)
        #expect(!problems.isEmpty, "\(item.name): removing \(LedgerInvariant.describe(removed)) went unnoticed")
      }
    }
  }

  @Test("the checker reports an entry without a difference, and an entry with the wrong values")
  func checkerFindsSpuriousEntries() throws {
    let run = try RoundTripProbe.run(schema: LedgerKindCase.plain, #"{"a": "42", "zz": 1}"#)
    let trip = try #require(run.trips.first)
    #expect(trip.problems == [])
    let spurious = LedgerEntry(kind: .valueCoerced, path: "/b", offset: 0, before: .string("1"), after: .number("1"))
    #expect(
      LedgerInvariant.check(input: trip.input, output: trip.output, entries: trip.entries + [spurious])
        == [#"entry without a difference: value-coerced /b "1" → 1"#])
    var wrong = trip.entries
    let coerced = try #require(wrong.firstIndex { $0.kind == .valueCoerced })
    wrong[coerced].after = .number("43")
    #expect(LedgerInvariant.check(input: trip.input, output: trip.output, entries: wrong).count == 2)
    var misplaced = trip.entries
    let dropped = try #require(misplaced.firstIndex { $0.kind == .unknownKeyDropped })
    misplaced[dropped].path = "/zy"
    #expect(LedgerInvariant.check(input: trip.input, output: trip.output, entries: misplaced).count == 2)
  }

  @Test("ledger entries carry the byte offset of the value they describe")
  func entryOffsets() throws {
    let json = "{\n  \"a\": \"42\",\n  \"zz\": 1\n}"
    let run = try RoundTripProbe.run(schema: LedgerKindCase.plain, json)
    let bytes = Array(json.utf8)
    let starts = run.entries.map { entry in
      String(decoding: bytes[entry.offset..<min(bytes.count, entry.offset + 4)], as: UTF8.self)
    }
    #expect(starts == [#""42""#, "1\n}"])
  }
}

/// Where `duplicate-key-collapsed` points: at the value not kept, found from the decoder's
/// duplicate-key findings, which stand at the repeats' own keys.
@Suite("Round trip: the place of a collapsed duplicate")
struct DuplicatePlaceTests {
  @Test(
    "each value not kept is placed where the findings place it, also when its key folds to another's",
    arguments: [
      // Last wins; the walk's finding names the one the last replaced.
      ("struct M {\n  let a: Int\n}\n", "test.cast", #"{"a": 1, "a": 2, "a": 3}"#, [0, 14]),
      // JsonObject's snake_case rule: `user_name` and `userName` are one key.
      ("class M: JsonObject, MapsUnderscoreCaseToCamelCase {\n  var userName: String?\n}\n", "test.cast",
        #"{"user_name": "a", "userName": "b"}"#, [14]),
      // So are an acronym's written key and its name (`KeyFolding.acronyms`).
      ("class M: JsonObject, MapsUnderscoreCaseToCamelCase {\n  var userID: String?\n}\n", "test.cast",
        #"{"user_id": "a", "userID": "b"}"#, [12]),
      // Codable reads the first; the repeats are what is not kept.
      ("struct M: Codable {\n  let a: Int\n}\n", "test.swift", #"{"a": 1, "a": 2, "a": 3}"#, [14, 22]),
    ])
  func duplicatePlaces(_ schema: String, _ path: String, _ json: String, _ offsets: [Int]) throws {
    let registry = EngineProbe.registry(schema, path: path)
    let run = try RoundTripProbe.run(registry, json, target: .model("M"))
    let entries = run.entries.filter { $0.kind == .duplicateKeyCollapsed }
    #expect(entries.map(\.offset) == offsets, "\(run.described)")
    #expect(run.problems.isEmpty, "\(run.problems)")
  }

  @Test("of a repeated key, an entry about the value read points at the occurrence the decoder reads", arguments: [false, true])
  func readOccurrencePlace(_ firstWins: Bool) throws {
    let registry = EngineProbe.registry(firstWins ? "struct K: Codable {\n  let d: Double\n}\n" : "struct K {\n  let d: Int\n}\n", path: firstWins ? "k.swift" : "k.cast")
    let json = firstWins ? "{\"d\": 1.0,\n\"d\": 2}" : "{\"d\": 1,\n\"d\": \"2\"}"
    let validator = try #require(DocumentValidator(schema: CompiledSchema(registry: registry), target: .model("K"), build: true))
    let report = try Array(json.utf8).withUnsafeBytes { try RoundTripRun(validator).run($0, recordsPerLine: false) }
    let changed = try #require(report.entries.first { $0.kind == (firstWins ? .numberTextChanged : .valueCoerced) }, "\(report.entries)")
    // Codable reads the first `d` (1.0 at 6); the other dialects the last ("2" at 14).
    #expect(changed.offset == (firstWins ? 6 : 14), "\(report.entries)")
  }
}
