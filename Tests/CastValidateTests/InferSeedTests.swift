import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Drives `infer --seed` in process: a seed and records in, the widened text, its changes and
/// its verification out.
enum SeedProbe {
  struct Outcome {
    let text: String
    let changes: [SeedChange]
    let report: InferVerifier.Report

    /// Each change as `Subject: before → after`.
    var summary: [String] { changes.map { "\($0.subject): \($0.before) → \($0.after)" } }
    var lines: [String] { text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }
  }

  static func widen(seed: String, records: [UInt8], ndjson: Bool = true, root: String? = nil) throws -> Outcome {
    let (registry, diagnostics) = SchemaLoader.load([SourceFile(path: "seed.cast", text: seed)])
    #expect(!diagnostics.contains { $0.severity == .error }, "the seed has errors: \(diagnostics.map(\.message))")
    let model = try #require(root ?? registry.rootModels.first)
    var options = InferOptions()
    options.seed(registry, root: model)
    let inferrer = Inferrer(options: options)
    try records.withUnsafeBytes { raw in
      if ndjson { try inferrer.observeNDJSON(raw) } else { try inferrer.observeDocument(raw) }
    }
    var widener = SeedWidener(registry: registry, options: options)
    let result = widener.widen(root: model, inferrer: inferrer)
    var verifier = InferVerifier(text: result.text, path: "widened.cast", model: model)
    try records.withUnsafeBytes { raw in try verifier.check(raw, ndjson: ndjson) }
    return Outcome(text: result.text, changes: result.changes, report: verifier.report)
  }

  static func widen(seed: String, ndjson: String) throws -> Outcome {
    try widen(seed: seed, records: Array(ndjson.utf8))
  }
}

/// One seed and the records that widen it: the changes reported, and lines the result holds.
struct SeedCase: Sendable, CustomTestStringConvertible {
  let name: String
  let seed: String
  let records: String
  /// `Subject: before → after`, in the order reported.
  let changes: [String]
  /// Lines (trimmed) the widened text must hold.
  let lines: [String]
  var testDescription: String { name }
}

@Suite("castctl infer --seed: the seed widened only where the data needs it")
struct InferSeedTests {
  static let jsoncast = "struct R: DictionaryConvertible {\n    let a: Int\n    let b: String\n}\n"

  static let cases: [SeedCase] = [
    SeedCase(
      name: "a key seen absent becomes optional; one never absent stays required", seed: jsoncast,
      records: "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2}", changes: ["R.b: String → String?"], lines: ["let a: Int", "let b: String?"]),
    SeedCase(
      name: "a null makes it optional", seed: jsoncast,
      records: "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2, \"b\": null}", changes: ["R.b: String → String?"], lines: ["let b: String?"]),
    SeedCase(
      name: "Int widens to Double for a fraction", seed: jsoncast,
      records: "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2.5, \"b\": \"y\"}", changes: ["R.a: Int → Double"], lines: ["let a: Double"]),
    SeedCase(
      name: "Int widens to Decimal beyond Int64", seed: jsoncast,
      records: "{\"a\": 99999999999999999999, \"b\": \"x\"}", changes: ["R.a: Int → Decimal"], lines: ["let a: Decimal"]),
    SeedCase(
      name: "Int8 widens to Int beyond its range", seed: "struct R: DictionaryConvertible {\n    let a: Int8\n}\n",
      records: "{\"a\": 300}", changes: ["R.a: Int8 → Int"], lines: ["let a: Int"]),
    SeedCase(
      name: "an enum gains the new values as cases",
      seed: "enum S: String {\n    case x, y\n}\n\nstruct R: DictionaryConvertible {\n    let s: S\n    let t: [S]\n}\n",
      records: "{\"s\": \"x\", \"t\": [\"y\"]}\n{\"s\": \"z\", \"t\": [\"in-transit\"]}",
      changes: ["enum S: x, y → x, y, in-transit, z"], lines: ["case inTransit = \"in-transit\"", "case z", "let s: S", "let t: [S]"]),
    SeedCase(
      name: "a new key becomes an optional property", seed: jsoncast,
      records: "{\"a\": 1, \"b\": \"x\", \"c\": true}\n{\"a\": 2, \"b\": \"y\", \"c\": false}",
      changes: ["R.c: (none) → Bool?"], lines: ["var c: Bool?"]),
    SeedCase(
      name: "a new snake_case key in a snake_case model is named by the rule",
      seed: "struct R: DictionaryConvertible, UnderscoreToCamelCase {\n    let a: Int\n}\n",
      records: "{\"a\": 1, \"first_name\": \"x\"}", changes: ["R.firstName: (none) → String?"], lines: ["var firstName: String?"]),
    SeedCase(
      name: "a new object key gets a model of its own, its name clear of the seed's",
      seed: "struct R: DictionaryConvertible {\n    let a: Int\n}\n\nstruct Address: DictionaryConvertible {\n    let line: String\n}\n",
      records: "{\"a\": 1, \"address\": {\"city\": \"X\"}}", changes: ["R.address: (none) → RAddress?"],
      lines: ["var address: RAddress?", "struct RAddress: DictionaryConvertible {", "let city: String", "struct Address: DictionaryConvertible {"]),
    SeedCase(
      name: "a type that cannot widen becomes the inferrer's choice", seed: jsoncast,
      records: "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2, \"b\": 3}", changes: ["R.b: String → Any"], lines: ["let b: Any"]),
    SeedCase(
      name: "a Bool given strings becomes String", seed: "struct R: DictionaryConvertible {\n    let a: Bool\n}\n",
      records: "{\"a\": \"yes\"}\n{\"a\": \"no\"}", changes: ["R.a: Bool → String"], lines: ["let a: String"]),
    SeedCase(
      name: "a map keeps its shape and widens its values", seed: "struct R: DictionaryConvertible {\n    let m: [String: Int]\n}\n",
      records: "{\"m\": {\"x\": 1}}\n{\"m\": {\"y\": 1.5}}", changes: ["R.m: [String: Int] → [String: Double]"], lines: ["let m: [String: Double]"]),
    SeedCase(
      name: "an array element seen null becomes optional", seed: "struct R: DictionaryConvertible {\n    let a: [Int]\n}\n",
      records: "{\"a\": [1, null]}", changes: ["R.a: [Int] → [Int?]"], lines: ["let a: [Int?]"]),
    SeedCase(
      name: "a model used at two paths is widened once for both",
      seed: "struct Trip: DictionaryConvertible {\n    let from: Place\n    let stops: [Place]\n}\n\nstruct Place: DictionaryConvertible {\n    let name: String\n}\n",
      records: "{\"from\": {\"name\": \"a\"}, \"stops\": [{\"name\": \"b\", \"lat\": 1.5}, {}]}",
      changes: ["Place.name: String → String?", "Place.lat: (none) → Double?"], lines: ["let name: String?", "var lat: Double?"]),
    SeedCase(
      name: "a default that would fill an absent key goes",
      seed: "struct R: DictionaryConvertible {\n    let a: Int\n    var on: Bool = false // the switch\n}\n",
      records: "{\"a\": 1, \"on\": true}\n{\"a\": 2}", changes: ["R.on: Bool = false → Bool?"], lines: ["var on: Bool? // the switch"]),
    SeedCase(
      name: "jsonobject: a required T! seen absent becomes T?", seed: "class R: JsonObject {\n    var a: Int!\n    var b: String?\n}\n",
      records: "{\"a\": 1, \"b\": \"x\"}\n{\"b\": \"y\"}", changes: ["R.a: Int! → Int?"], lines: ["var a: Int?"]),
    SeedCase(
      name: "jsonobject: a required T! widened for its values stays T!", seed: "class U: JsonObject {\n    var score: Int!\n    var n: Int!\n}\n",
      records: "{\"score\": 1, \"n\": 1}\n{\"score\": 2.5, \"n\": 2}", changes: ["U.score: Int! → Double!"],
      lines: ["var score: Double!", "var n: Int!"]),
    SeedCase(
      name: "jsoncast: a required T! widened for its values stays T!", seed: "class U: DictionaryConvertible {\n    var score: Int!\n}\n",
      records: "{\"score\": 1}\n{\"score\": 2.5}", changes: ["U.score: Int! → Double!"], lines: ["var score: Double!"]),
    SeedCase(
      name: "jsonobject: a T! widened and seen absent becomes T?", seed: "class U: JsonObject {\n    var score: Int!\n    var n: Int!\n}\n",
      records: "{\"score\": 1, \"n\": 1}\n{\"score\": 2.5, \"n\": 2}\n{\"n\": 3}", changes: ["U.score: Int! → Double!", "U.score: Double! → Double?"],
      lines: ["var score: Double?", "var n: Int!"]),
    SeedCase(
      name: "an optional T? widened stays T?", seed: "class U: JsonObject {\n    var score: Int?\n}\n",
      records: "{\"score\": 1}\n{\"score\": 2.5}", changes: ["U.score: Int? → Double?"], lines: ["var score: Double?"]),
    SeedCase(
      name: "comments, directives and untouched models are kept",
      seed: "// Hand-written.\nstruct R: DictionaryConvertible {\n    /// The count.\n    let count: Int //! \"n\"\n    let b: String\n}\n\nstruct Unused: DictionaryConvertible {\n    let z: Int\n}\n",
      records: "{\"n\": 1.5, \"b\": \"x\"}", changes: ["R.count: Int → Double"],
      lines: ["// Hand-written.", "/// The count.", "let count: Double //! \"n\"", "struct Unused: DictionaryConvertible {"]),
    SeedCase(
      name: "a property two subclasses inherit is widened once, for both", seed: inherited,
      records: "{\"one\": {\"b\": 1}, \"two\": {\"a\": 2.5, \"c\": 1}}",
      changes: ["Base.a: Int → Double", "Base.a: Double → Double?"], lines: ["var a: Double?", "var b: Int", "var c: Int"]),
    SeedCase(
      name: "a property two subclasses make optional gets one ?", seed: inherited,
      records: "{\"one\": {\"b\": 1}, \"two\": {\"c\": 1}}",
      changes: ["Base.a: Int → Int?"], lines: ["var a: Int?"]),
  ]

  static let inherited = """
    class Base: DictionaryConvertible {
        var a: Int
    }

    class One: Base {
        var b: Int
    }

    class Two: Base {
        var c: Int
    }

    struct R: DictionaryConvertible {
        let one: One
        let two: Two
    }

    """

  @Test("the changes reported, the text, and the guarantee", arguments: cases)
  func widened(_ c: SeedCase) throws {
    let outcome = try SeedProbe.widen(seed: c.seed, ndjson: c.records)
    #expect(outcome.summary == c.changes, "\(outcome.text)")
    for line in c.lines { #expect(outcome.lines.contains(line), "missing \(line) in\n\(outcome.text)") }
    #expect(outcome.report.passed, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  static let alternatives: [SeedCase] = [
    SeedCase(
      name: "a null under the first ?? key makes it optional", seed: nameOrTitle,
      records: "{\"name\": \"a\"}\n{\"title\": \"b\"}\n{\"name\": null}", changes: ["R.name: String → String?"],
      lines: ["let name: String? //! \"name ?? title\""]),
    SeedCase(
      name: "a null under a later ?? key makes it optional", seed: nameOrTitle,
      records: "{\"name\": \"a\"}\n{\"title\": null}", changes: ["R.name: String → String?"], lines: ["let name: String? //! \"name ?? title\""]),
    SeedCase(
      name: "?? keys that between them are in every object keep it required", seed: nameOrTitle,
      records: "{\"name\": \"a\"}\n{\"title\": \"b\"}", changes: [], lines: ["let name: String //! \"name ?? title\""]),
    SeedCase(
      name: "an object with none of the ?? keys makes it optional", seed: nameOrTitle,
      records: "{\"name\": \"a\"}\n{\"title\": \"b\"}\n{}", changes: ["R.name: String → String?"], lines: ["let name: String? //! \"name ?? title\""]),
    SeedCase(
      name: "the values under a later ?? key widen the type", seed: "struct R: DictionaryConvertible {\n    let n: Int //! \"n ?? m\"\n}\n",
      records: "{\"n\": 1}\n{\"m\": 2.5}", changes: ["R.n: Int → Double"], lines: ["let n: Double //! \"n ?? m\""]),
    SeedCase(
      name: "a key path among ?? keys is followed too", seed: "struct R: DictionaryConvertible {\n    let x: Int //! \"a/x ?? x\"\n}\n",
      records: "{\"a\": {\"x\": 1}}\n{\"x\": null}", changes: ["R.x: Int → Int?"], lines: ["let x: Int? //! \"a/x ?? x\""]),
  ]

  /// A seed's `Float` holds what the dialect's `Float` takes, by the validator's rule.
  static let floats: [SeedCase] = [
    SeedCase(
      name: "a Float widens to Double beyond its range", seed: "struct R: DictionaryConvertible {\n    let v: Float\n}\n",
      records: "{\"v\": 1e39}\n{\"v\": 1.5}", changes: ["R.v: Float → Double"], lines: ["let v: Double"]),
    SeedCase(
      name: "a Float keeps a number it reads as zero where the dialect takes it", seed: "struct R: DictionaryConvertible {\n    let v: Float\n}\n",
      records: "{\"v\": 1e-50}\n{\"v\": 1.5}", changes: [], lines: ["let v: Float"]),
    SeedCase(
      name: "a Codable Float widens to Double for a number JSONDecoder refuses as rounded to zero",
      seed: "struct R: Codable {\n    let v: Float\n}\n", records: "{\"v\": 1e-50}\n{\"v\": 1.5}", changes: ["R.v: Float → Double"],
      lines: ["let v: Double"]),
  ]

  @Test("a Float seed widens where the dialect's Float refuses a number", arguments: floats)
  func floatRanges(_ c: SeedCase) throws {
    try widened(c)
  }

  static let codableSeed = "import Foundation\nstruct Root: Codable {\n    let a: Int\n}\n"
  static let dated = "{\"a\": 1, \"d\": \"2024-03-01T08:30:00Z\"}"

  /// A Codable model reads every date by its file's one strategy (JSONDecoder's default,
  /// deferred-to-date, when the file names none), which the seed keeps.
  static let codableDates: [SeedCase] = [
    SeedCase(
      name: "without a strategy (deferred-to-date), a new date is a String", seed: codableSeed, records: dated,
      changes: ["Root.d: (none) → String?"], lines: ["var d: String?"]),
    SeedCase(
      name: "with seconds-since-1970, a new date is a String", seed: "//! date-decoding seconds-since-1970\n" + codableSeed, records: dated,
      changes: ["Root.d: (none) → String?"], lines: ["var d: String?"]),
    SeedCase(
      name: "with iso8601, a new date is a Date", seed: "//! date-decoding iso8601\n" + codableSeed, records: dated,
      changes: ["Root.d: (none) → Date?"], lines: ["var d: Date?"]),
    SeedCase(
      name: "without a strategy, a property widened for dates is a String", seed: codableSeed, records: "{\"a\": \"2024-03-01T08:30:00Z\"}",
      changes: ["Root.a: Int → String"], lines: ["let a: String"]),
    SeedCase(
      name: "with iso8601, a property widened to Date takes no //! date (the strategy reads it)",
      seed: "//! date-decoding iso8601\n" + codableSeed, records: "{\"a\": \"2024-03-01T08:30:00Z\"}",
      changes: ["Root.a: Int → Date"], lines: ["let a: Date"]),
    SeedCase(
      name: "with iso8601, an array widened to dates takes no //! date",
      seed: "//! date-decoding iso8601\nimport Foundation\nstruct Root: Codable {\n    let a: [Int]\n}\n",
      records: "{\"a\": [\"2024-03-01T08:30:00Z\"]}", changes: ["Root.a: [Int] → [Date]"], lines: ["let a: [Date]"]),
    SeedCase(
      name: "the strategy reads a [Date]'s elements: numbers fit seconds-since-1970",
      seed: "//! date-decoding seconds-since-1970\nimport Foundation\nstruct Root: Codable {\n    let a: [Date]\n}\n",
      records: "{\"a\": [1700000000, 1.5]}", changes: [], lines: ["let a: [Date]"]),
  ]

  @Test("a Codable seed's new dates are what its date strategy reads", arguments: codableDates)
  func codableSeedDates(_ c: SeedCase) throws {
    try widened(c)
  }

  @Test("an array of calendar days stays [String]: no //! date reaches an element")
  func calendarDaysInAnArray() throws {
    try widened(
      SeedCase(
        name: "days", seed: "struct R: DictionaryConvertible {\n    let b: [Int]\n}\n", records: "{\"b\": [\"2024-03-01\"]}",
        changes: ["R.b: [Int] → [String]"], lines: ["let b: [String]"]))
  }

  static let kindSeed = "enum Kind: Int {\n    case a = 1, b = 2\n}\n\nstruct R: DictionaryConvertible {\n    let kind: Kind\n}\n"

  /// An integer enum widens as a string enum does: the new values become cases while they are
  /// few and its raw type holds them; else the property becomes what infer would choose.
  static let integerEnums: [SeedCase] = [
    SeedCase(
      name: "an integer enum gains the new values as cases", seed: kindSeed, records: "{\"kind\": 3}\n{\"kind\": -1}\n{\"kind\": 1}",
      changes: ["enum Kind: 1, 2 → 1, 2, -1, 3"], lines: ["case _minus1 = -1", "case _3 = 3", "let kind: Kind"]),
    SeedCase(
      name: "an integer enum in an array gains them too",
      seed: "enum Kind: Int {\n    case a = 1\n}\n\nstruct R: DictionaryConvertible {\n    let kinds: [Kind]\n}\n",
      records: "{\"kinds\": [1, 10]}", changes: ["enum Kind: 1 → 1, 10"], lines: ["case _10 = 10", "let kinds: [Kind]"]),
    SeedCase(
      name: "a value beyond the raw type makes it Int",
      seed: "enum Kind: UInt8 {\n    case a = 1\n}\n\nstruct R: DictionaryConvertible {\n    let kind: Kind\n}\n",
      records: "{\"kind\": 1}\n{\"kind\": 300}", changes: ["R.kind: Kind → Int"], lines: ["let kind: Int"]),
    SeedCase(
      name: "a fraction makes it Double", seed: kindSeed, records: "{\"kind\": 1}\n{\"kind\": 2.5}",
      changes: ["R.kind: Kind → Double"], lines: ["let kind: Double"]),
    SeedCase(
      name: "more distinct values than the sketch keeps make it Int", seed: kindSeed,
      records: (1...70).map { "{\"kind\": \($0)}" }.joined(separator: "\n"), changes: ["R.kind: Kind → Int"], lines: ["let kind: Int"]),
    SeedCase(
      name: "a Codable integer enum gains them as cases",
      seed: "enum Kind: Int, Codable {\n    case a = 1, b = 2\n}\n\nstruct R: Codable {\n    let kind: Kind\n}\n",
      records: "{\"kind\": 3}", changes: ["enum Kind: 1, 2 → 1, 2, 3"], lines: ["case _3 = 3"]),
  ]

  @Test("an integer enum widens for integers it has no case for", arguments: integerEnums)
  func integerEnumWidens(_ c: SeedCase) throws {
    try widened(c)
  }

  /// A new case in the enum's own layout, and the enum's text after it: a one-line list goes
  /// on (`, c`), a case on a line of its own is indented as the others.
  static let enumLayouts: [(name: String, enumText: String, widened: String, values: [String])] = [
    ("a one-line enum", "enum S: String { case a, b }", "enum S: String { case a, b, c }", ["c"]),
    ("a one-line enum, two new cases", "enum S: String { case a, b }", "enum S: String { case a, b, c, d }", ["d", "c"]),
    ("raw values on one line", "enum S: String { case a = \"x\", b = \"y\" }", "enum S: String { case a = \"x\", b = \"y\", inTransit = \"in-transit\" }", ["in-transit"]),
    ("an integer enum on one line", "enum S: Int { case a = 1, b = 2 }", "enum S: Int { case a = 1, b = 2, _5 = 5 }", ["5"]),
    ("a case on each line", "enum S: String {\n    case a\n    case b\n}", "enum S: String {\n    case a\n    case b\n    case c\n}", ["c"]),
    ("the last case on the brace's line", "enum S: String {\n    case a\n    case b }", "enum S: String {\n    case a\n    case b, c }", ["c"]),
    ("cases on the enum's line, the brace on its own", "enum S: String { case a, b\n}", "enum S: String { case a, b\n    case c\n}", ["c"]),
    ("cases ended by ;", "enum S: String { case a; case b; }", "enum S: String { case a; case b;\n    case c\n}", ["c"]),
    ("a nested one-line enum", "    enum S: String { case a, b }", "    enum S: String { case a, b, c }", ["c"]),
  ]

  @Test("a new enum case fits the enum's layout", arguments: enumLayouts)
  func enumCaseLayout(_ example: (name: String, enumText: String, widened: String, values: [String])) throws {
    let nested = example.enumText.hasPrefix(" ")
    let seed = nested
      ? "struct U: DictionaryConvertible {\n\(example.enumText)\n    let e: S\n}\n"
      : "\(example.enumText)\n\nstruct U: DictionaryConvertible {\n    let e: S\n}\n"
    let integer = example.enumText.contains(": Int")
    // A value of a case it has: its raw value where it has one written.
    let known = integer ? ["1", "2"] : [example.enumText.contains("\"x\"") ? "x" : "a"]
    let records = (known + example.values).map { integer ? "{\"e\": \($0)}" : "{\"e\": \"\($0)\"}" }
    let outcome = try SeedProbe.widen(seed: seed, ndjson: Array(repeating: records, count: 4).flatMap { $0 }.joined(separator: "\n"))
    #expect(outcome.text.contains(example.widened), "\(outcome.text)")
    #expect(!outcome.text.split(separator: "\n").contains { $0.hasSuffix(" ") }, "a line ends in a space:\n\(outcome.text)")
    #expect(outcome.report.passed, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  /// A new property in the model's own layout: on a line of its own, indented as the others, or
  /// (its properties on the model's line) one level in; a brace after them goes to its own line.
  static let modelLayouts: [(name: String, seed: String, widened: String)] = [
    ("a property on each line", "struct U: DictionaryConvertible {\n    let a: Int\n}", "struct U: DictionaryConvertible {\n    let a: Int\n    var b: String?\n}"),
    ("a one-line model", "struct U: DictionaryConvertible { let a: Int }", "struct U: DictionaryConvertible { let a: Int\n    var b: String?\n}"),
    ("the brace right after the property", "struct U: DictionaryConvertible { let a: Int}", "struct U: DictionaryConvertible { let a: Int\n    var b: String?\n}"),
    ("the last property on the brace's line", "struct U: DictionaryConvertible {\n  let z: Int\n  let a: Int }", "struct U: DictionaryConvertible {\n  let z: Int\n  let a: Int\n  var b: String?\n}"),
    ("a nested one-line model", "struct O: DictionaryConvertible {\n    let u: U\n    struct U: DictionaryConvertible { let a: Int }\n}", "    struct U: DictionaryConvertible { let a: Int\n        var b: String?\n    }"),
  ]

  @Test("a new property fits the model's layout", arguments: modelLayouts)
  func newPropertyLayout(_ example: (name: String, seed: String, widened: String)) throws {
    let nested = example.seed.hasPrefix("struct O")
    let records = ["{\"a\": 1, \"b\": \"x\"}", "{\"a\": 2}"].map { nested ? "{\"u\": \($0)}" : $0 }
    let ndjson = (example.seed.contains("let z") ? records.map { $0.replacingOccurrences(of: "{\"a\"", with: "{\"z\": 0, \"a\"") } : records)
    let outcome = try SeedProbe.widen(seed: example.seed + "\n", ndjson: ndjson.joined(separator: "\n"))
    #expect(outcome.text.contains(example.widened), "\(example.name):\n\(outcome.text)")
    #expect(!outcome.text.split(separator: "\n").contains { $0.hasSuffix(" ") }, "a line ends in a space:\n\(outcome.text)")
    #expect(outcome.report.passed, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
  }

  /// An element or map value seen null: the change says why and where, as every change does.
  static let elementNulls: [(seed: String, records: String, reason: String, pointer: String)] = [
    ("struct R: DictionaryConvertible {\n    let tags: [String]\n}\n", "{\"tags\": [\"x\", null]}", "null in 1 of 2 elements at /tags/[]", "/tags/1"),
    ("struct R: DictionaryConvertible {\n    let m: [String: Int]\n}\n", "{\"m\": {\"a\": 1}}\n{\"m\": {\"b\": null}}", "null in 1 of 2 values at /m/*", "/m/b"),
    (
      "struct R: DictionaryConvertible {\n    let a: [Int]\n}\n", "{\"a\": [1.5, null]}",
      "Int cannot hold 1.5…1.5 exactly: fractions; null in 1 of 2 elements at /a/[]", "/a/0"
    ),
  ]

  @Test("an element or value seen null gives the reason and the first null", arguments: elementNulls.indices)
  func elementNullReason(_ index: Int) throws {
    let c = Self.elementNulls[index]
    let outcome = try SeedProbe.widen(seed: c.seed, ndjson: c.records)
    #expect(outcome.changes.map(\.reason) == [c.reason], "\(outcome.changes)")
    #expect(outcome.changes.first?.example?.pointer == c.pointer)
    #expect(outcome.report.passed, "\(InferProbe.problems(outcome.report))")
  }

  static let nameOrTitle = "struct R: DictionaryConvertible {\n    let name: String //! \"name ?? title\"\n}\n"

  /// The check's validation takes the data as the widened seed reads it; a value read under a
  /// later alternative is written back under the first (`key-moved`), which is the `??`'s own
  /// doing and no widening can change: the check tolerates it, and passes.
  @Test("a ?? property is widened for what the validator reads under any of its keys", arguments: alternatives)
  func alternativeKeys(_ c: SeedCase) throws {
    let outcome = try SeedProbe.widen(seed: c.seed, ndjson: c.records)
    #expect(outcome.summary == c.changes, "\(outcome.text)")
    for line in c.lines { #expect(outcome.lines.contains(line), "missing \(line) in\n\(outcome.text)") }
    #expect(outcome.report.findingCount == 0, "\(InferProbe.problems(outcome.report))\n\(outcome.text)")
    #expect(outcome.report.tolerated.contains(.keyMoved))
    #expect(outcome.report.passed, "\(outcome.report.changes)")
  }

  static let fitting: [(seed: String, records: String)] = [
    (jsoncast, "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2, \"b\": \"y\"}"),
    ("struct R: DictionaryConvertible {\n    var a: Double?\n    let b: [String: Int]\n}\n", "{\"b\": {\"x\": 1}}\n{\"a\": 1, \"b\": {}}"),
    ("enum S: String {\n    case x, y\n}\n\nstruct R: DictionaryConvertible {\n    let s: S\n}\n", "{\"s\": \"x\"}\n{\"s\": \"y\"}"),
    ("struct R: DictionaryConvertible {\n    let at: Date //! date iso8601\n    let id: UUID\n}\n",
     "{\"at\": \"2024-03-01T08:30:00Z\", \"id\": \"0F8FAD5B-D9CB-469F-A165-70867728950E\"}"),
  ]

  @Test("a seed the data already fits comes out unchanged, with no change reported", arguments: fitting.indices)
  func unchanged(_ index: Int) throws {
    let (seed, records) = Self.fitting[index]
    let outcome = try SeedProbe.widen(seed: seed, ndjson: records)
    #expect(outcome.text == seed)
    #expect(outcome.changes.isEmpty, "\(outcome.summary)")
    #expect(outcome.report.passed, "\(InferProbe.problems(outcome.report))")
  }

  @Test("the inferred model of an example, given back as the seed, comes out unchanged", arguments: ["users.ndjson", "orders.ndjson", "users.json"])
  func inferredIsFixedPoint(_ name: String) throws {
    let file = SampleFiles.packageRoot.appendingPathComponent("schemas/" + name)
    let inferred = try InferProbe.infer(file: file)
    let bytes = Array(try Data(contentsOf: file))
    let outcome = try SeedProbe.widen(seed: inferred.text, records: bytes, ndjson: file.pathExtension == "ndjson", root: "Root")
    #expect(outcome.changes.isEmpty, "\(outcome.summary)")
    #expect(outcome.text == inferred.text)
    #expect(outcome.report.passed)
  }

  @Test(
    "real data: the model of the first quarter of GitHub's events, widened to all of them, accepts them all",
    .enabled(if: InferData.exists(InferData.corpusFile("github_events")), InferData.missing(InferData.corpusFile("github_events"))))
  func realData() throws {
    let bytes = Array(try Data(contentsOf: InferData.corpusFile("github_events")))
    guard case .array(let events) = try bytes.withUnsafeBytes({ try JSONValue.parse($0, maxDepth: 512) }) else {
      Issue.record("github_events.json is not an array")
      return
    }
    let quarter = JSONValue.array(Array(events.prefix(events.count / 4)))
    let part = try InferProbe.infer(Array(JSONWriter().write(quarter).utf8), ndjson: false)
    let outcome = try SeedProbe.widen(seed: part.text, records: bytes, ndjson: false, root: "Root")
    #expect(!outcome.changes.isEmpty)
    #expect(outcome.report.passed, "\(InferProbe.problems(outcome.report))")
    #expect(outcome.report.records == events.count)
  }

  @Test("each change names the first record that needed it")
  func examples() throws {
    let records = "{\"a\": 1, \"b\": \"x\", \"s\": \"p\"}\n{\"a\": 2.5, \"s\": \"q\"}\n{\"a\": 3, \"s\": \"r\"}"
    let seed = "enum S: String {\n    case p\n}\n\nstruct R: DictionaryConvertible {\n    let a: Int\n    let b: String\n    let s: S\n}\n"
    let outcome = try SeedProbe.widen(seed: seed, ndjson: records)
    let byName = Dictionary(uniqueKeysWithValues: outcome.changes.map { ($0.subject, $0.example) })
    let second = records.utf8.firstIndex(of: 0x0A).map { records.utf8.distance(from: records.utf8.startIndex, to: $0) + 1 }
    #expect(byName["R.a"]??.offset == second)
    #expect(byName["R.a"]??.pointer == "/a")
    #expect(byName["R.b"]??.offset == second)
    #expect(byName["enum S"]??.offset == second)
    #expect(byName["enum S"]??.pointer == "/s")
  }

  @Test("shuffled records widen the seed the same way", arguments: [1, 2, 3] as [UInt64])
  func shuffled(_ seed: UInt64) throws {
    let lines = (0..<40).map { index in
      index % 3 == 0 ? "{\"a\": \(index).5, \"s\": \"v\(index % 4)\"}" : "{\"a\": \(index), \"b\": \"x\", \"s\": \"v\(index % 4)\", \"n\": \(index)}"
    }
    let model = "enum S: String {\n    case v0\n}\n\nstruct R: DictionaryConvertible {\n    let a: Int\n    let b: String\n    let s: S\n}\n"
    var generator = SeededGenerator(seed: seed)
    let base = try SeedProbe.widen(seed: model, ndjson: lines.joined(separator: "\n"))
    let mixed = try SeedProbe.widen(seed: model, ndjson: lines.shuffled(using: &generator).joined(separator: "\n"))
    #expect(base.text == mixed.text)
    #expect(base.summary == mixed.summary)
    #expect(base.report.passed)
  }
}
