import CastSchema
import Testing

@testable import CastValidate

/// One JSON value for one declared type, and what the engine makes of it.
struct ValueCase: Sendable, CustomTestStringConvertible {
  /// The property's type (`Int8?`), or a whole declaration line when it contains `//!`.
  let declaration: String
  let json: String
  /// `severity code path` of every finding.
  let findings: Set<String>
  /// The decoded value of `v` for valid documents; nil for invalid ones.
  let value: String?

  var testDescription: String { "\(declaration) ← \(json)" }

  /// Valid, with this value.
  static func ok(_ declaration: String, _ json: String, _ value: String, _ findings: String...) -> ValueCase {
    ValueCase(declaration: declaration, json: json, findings: Set(findings), value: value)
  }

  /// Invalid, with these findings.
  static func bad(_ declaration: String, _ json: String, _ findings: String...) -> ValueCase {
    ValueCase(declaration: declaration, json: json, findings: Set(findings), value: nil)
  }

  /// `struct M: <protocols> { var v: <declaration> }` around `{"v": <json>}`.
  func run(_ protocols: String = "Convertible", enums: String = "", options: ValidationOptions = ValidationOptions())
    throws -> EngineProbe.Run
  {
    let line = declaration.contains("//!") || declaration.hasPrefix("var ") ? declaration : "var v: \(declaration)"
    return try EngineProbe.run(
      schema: "\(enums)\nstruct M: \(protocols) {\n  \(line)\n}\n", #"{"v": \#(json)}"#, options: options)
  }

  /// Asserts the verdict, the findings and the value.
  func check(_ run: EngineProbe.Run, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(run.isValid == (value != nil), "\(run.findings)", sourceLocation: sourceLocation)
    #expect(run.findings == findings, sourceLocation: sourceLocation)
    if let value { #expect(run.value("v") == value, sourceLocation: sourceLocation) }
  }
}

/// The two edges of an integer type and the values one past them.
struct IntegerEdge: Sendable, CustomTestStringConvertible {
  let type: String
  let min: String
  let max: String
  let belowMin: String
  let aboveMax: String

  var testDescription: String { type }
  /// How the out-of-range message names the limits.
  var limits: String { "\(type) (\(min)...\(max))" }

  static let all: [IntegerEdge] = [
    IntegerEdge(type: "Int8", min: "-128", max: "127", belowMin: "-129", aboveMax: "128"),
    IntegerEdge(type: "Int16", min: "-32768", max: "32767", belowMin: "-32769", aboveMax: "32768"),
    IntegerEdge(type: "Int32", min: "-2147483648", max: "2147483647", belowMin: "-2147483649", aboveMax: "2147483648"),
    IntegerEdge(
      type: "Int64", min: "-9223372036854775808", max: "9223372036854775807", belowMin: "-9223372036854775809",
      aboveMax: "9223372036854775808"),
    IntegerEdge(
      type: "Int", min: "-9223372036854775808", max: "9223372036854775807", belowMin: "-9223372036854775809",
      aboveMax: "9223372036854775808"),
    IntegerEdge(type: "UInt8", min: "0", max: "255", belowMin: "-1", aboveMax: "256"),
    IntegerEdge(type: "UInt16", min: "0", max: "65535", belowMin: "-1", aboveMax: "65536"),
    IntegerEdge(type: "UInt32", min: "0", max: "4294967295", belowMin: "-1", aboveMax: "4294967296"),
    IntegerEdge(
      type: "UInt64", min: "0", max: "18446744073709551615", belowMin: "-1", aboveMax: "18446744073709551616"),
    IntegerEdge(type: "UInt", min: "0", max: "18446744073709551615", belowMin: "-1", aboveMax: "18446744073709551616"),
  ]
}

// MARK: - Numbers

@Suite("Engine: numbers")
struct EngineNumberTests {
  @Test("integer types accept both edges and keep the literal", arguments: IntegerEdge.all)
  func integerEdgesAccepted(_ edge: IntegerEdge) throws {
    for literal in [edge.min, edge.max] {
      ValueCase.ok("\(edge.type)?", literal, literal).check(try ValueCase.ok("\(edge.type)?", literal, literal).run())
    }
  }

  @Test("one past either edge is out-of-range, naming the type and its limits", arguments: IntegerEdge.all)
  func integerOnePastEdgeIsOutOfRange(_ edge: IntegerEdge) throws {
    for literal in [edge.belowMin, edge.aboveMax] {
      let run = try ValueCase.bad("\(edge.type)?", literal).run()
      #expect(run.isValid == false)
      #expect(run.findings == ["error out-of-range /v"])
      let message = try #require(run.record.findings.first?.message)
      #expect(message.contains(edge.limits), "\(message)")
      #expect(message.contains(literal), "\(message)")
    }
  }

  @Test(
    "out-of-range is an error in every dialect, even the lenient ones (semantics §4)",
    arguments: ["DictionaryConvertible", "JsonObject", "Convertible", "NosceSerializationProtocol", "Class", "Codable"])
  func outOfRangeIsAnErrorInEveryDialect(_ protocols: String) throws {
    // NB: `1e400` is beyond every integer type (infinite as a `Double`), not a number with a fraction.
    for literal in ["300", "3e2", "-1e30", "1e400", "-1e400"] {
      let run = try ValueCase.bad("Int8?", literal).run(protocols)
      #expect(run.isValid == false, "\(literal)")
      #expect(run.findings.contains("error out-of-range /v"), "\(literal)")
    }
  }

  /// The decoder reads an enum's raw value as its raw type first: a number that type cannot
  /// hold is out of range, not a value no case has.
  @Test(
    "an integer raw enum's value beyond its raw type is out-of-range; within it, not a case",
    arguments: [
      ("UInt8", "256", true), ("UInt8", "-1", true), ("Int8", "-129", true), ("UInt8", "255", false),
      ("Int", "99999999999999999999", true), ("Int", "3", false),
    ])
  func rawEnumOutOfRange(_ raw: String, _ literal: String, _ beyondRawType: Bool) throws {
    for protocols in ["DictionaryConvertible", "Codable"] {
      let schema = "enum E: \(raw), Codable { case a = 1, b = 2 }\nstruct M: \(protocols) { var v: E? }"
      let run = try EngineProbe.run(schema: schema, #"{"v": \#(literal)}"#)
      // Out of range is an error in every dialect; no case is the dialect's to weigh.
      #expect(run.findings.contains("error out-of-range /v") == beyondRawType, "\(protocols): \(run.findings)")
      #expect(run.findings.contains { $0.hasSuffix(" unknown-enum-value /v") } == !beyondRawType, "\(protocols): \(run.findings)")
    }
  }

  @Test(
    "numbers keep their literal text; exponent and .0 forms of whole numbers become integers",
    arguments: [
      ValueCase.ok("Double?", "1.50", "1.50"), ValueCase.ok("Double?", "-0.0", "-0.0"),
      ValueCase.ok("Double?", "6.02e23", "6.02e23"), ValueCase.ok("Float?", "3.4e38", "3.4e38"),
      ValueCase.bad("Float?", "3.5e38", "error out-of-range /v"),
      ValueCase.bad("Double?", "1e400", "error out-of-range /v"),
      ValueCase.ok("Int?", "1e2", "100"), ValueCase.ok("Int8?", "1.27e2", "127"),
      ValueCase.bad("Int8?", "1.28e2", "error out-of-range /v"), ValueCase.ok("Int?", "-0", "-0"),
      ValueCase.ok("UInt64?", "1e19", "10000000000000000000"), ValueCase.ok("Int?", "-0.0", "0"),
      ValueCase.ok("Int64?", "-9.223372036854775808e18", "-9223372036854775808"),
      ValueCase.bad("Int?", "1e30", "error out-of-range /v"), ValueCase.bad("UInt?", "-1.0", "error out-of-range /v"),
      ValueCase.ok("CGFloat?", "7", "7"), ValueCase.ok("NSNumber?", "12.5", "12.5"),
    ])
  func numberLiteralsKept(_ item: ValueCase) throws {
    item.check(try item.run())
  }

  @Test(
    "Decimal keeps every digit of the literal",
    arguments: [
      "3.14159265358979323846264338327950288419716939937510", "123456789012345678901234567890.000000000000000001",
      "-0.000000000000000000000000000001", "1E+160",
    ])
  func decimalKeepsEveryDigit(_ literal: String) throws {
    let item = ValueCase.ok("Decimal", literal, literal)
    item.check(try item.run())
  }

  @Test("Decimal from a numeric string keeps the string's digits (JSON Cast)")
  func decimalFromStringKeepsDigits() throws {
    let item = ValueCase.ok(
      "Decimal?", #""0.1000000000000000000001""#, "0.1000000000000000000001", "warning coerced /v")
    item.check(try item.run("DictionaryConvertible"))
  }
}

// MARK: - Formatted strings

@Suite("Engine: dates, URLs, UUIDs, Data, Characters")
struct EngineFormatTests {
  @Test(
    "dates: ISO-8601 with Z or an offset, fractions, epoch seconds; written as ISO-8601 UTC",
    arguments: [
      ValueCase.ok("Date", #""2024-03-01T09:30:00Z""#, #""2024-03-01T09:30:00Z""#),
      ValueCase.ok("Date", #""2024-03-01T09:30:00+01:00""#, #""2024-03-01T08:30:00Z""#),
      ValueCase.ok("Date", #""2024-03-01T09:30:00-05:30""#, #""2024-03-01T15:00:00Z""#),
      ValueCase.ok("Date", #""2024-03-01T09:30:00+0100""#, #""2024-03-01T08:30:00Z""#),
      ValueCase.ok("Date", #""2024-03-01T09:30:00.25Z""#, #""2024-03-01T09:30:00.25Z""#),
      ValueCase.ok("Date", #""2024-03-01T09:30:00.123456+00:00""#, #""2024-03-01T09:30:00.123456Z""#),
      // Fractions to the microsecond near today, to the digits a Double holds far from 1970 (not
      // its rounding error), and the last fraction of the year 9999 still a date.
      ValueCase.ok("Date", #""2024-03-01T09:30:00.123456789Z""#, #""2024-03-01T09:30:00.123457Z""#),
      ValueCase.ok("Date", #""5000-01-01T00:00:00.3Z""#, #""5000-01-01T00:00:00.3Z""#),
      ValueCase.ok("Date", #""9999-12-31T23:59:59.99Z""#, #""9999-12-31T23:59:59.99Z""#),
      ValueCase.ok("Date", #""9999-12-31T23:59:59.9999Z""#, #""9999-12-31T23:59:59.9999Z""#),
      ValueCase.ok("Date", "253402300799.9999", #""9999-12-31T23:59:59.9999Z""#),
      ValueCase.ok("Date", #""2024-02-29T23:59:59Z""#, #""2024-02-29T23:59:59Z""#),
      ValueCase.ok("Date", "1709285400", #""2024-03-01T09:30:00Z""#),
      ValueCase.ok("Date", "1709285400.5", #""2024-03-01T09:30:00.5Z""#),
      ValueCase.ok("Date", "-86400", #""1969-12-31T00:00:00Z""#),
      ValueCase.ok("Date", #""1709285400""#, #""2024-03-01T09:30:00Z""#),
      ValueCase.ok("NSDate", "0", #""1970-01-01T00:00:00Z""#),
      ValueCase.ok(#"var v: Date //! date epoch"#, #""2024-03-01T09:30:00Z""#, "1709285400"),
      ValueCase.ok(#"var v: Date //! date "yyyy-MM-dd""#, #""2024-03-01""#, #""2024-03-01""#),
    ])
  func datesAccepted(_ item: ValueCase) throws {
    item.check(try item.run())
  }

  @Test(
    "dates that are not ISO-8601 date-times with a zone, nor epoch seconds, are invalid-format",
    arguments: [
      #""yesterday""#, #""2024-02-30T00:00:00Z""#, #""2023-02-29T00:00:00Z""#, #""2024-03-01T24:00:00Z""#,
      #""2024-03-01T09:30:00""#, #""2024-03-01""#, #""2024-03-01T09:30:00+25:00""#, #""""#,
    ])
  func invalidDatesRejected(_ json: String) throws {
    ValueCase.bad("Date", json, "error invalid-format /v").check(try ValueCase.bad("Date", json).run())
  }

  @Test("a date of the wrong JSON type is a type-mismatch")
  func dateOfWrongType() throws {
    let item = ValueCase.bad("Date", "true", "error type-mismatch /v")
    item.check(try item.run())
  }

  @Test(
    "URLs: what URL(string:) accepts",
    arguments: [
      ValueCase.ok("URL", #""https://example.org/a/b?q=1#frag""#, #""https://example.org/a/b?q=1#frag""#),
      ValueCase.ok("URL", #""mailto:ada@example.org""#, #""mailto:ada@example.org""#),
      ValueCase.ok("URL", #""/relative/path""#, #""/relative/path""#),
      ValueCase.ok("NSURL", #""http://houzz.com""#, #""http://houzz.com""#),
      ValueCase.bad("URL", #""""#, "error invalid-format /v"),
      ValueCase.bad("URL", #""http://exa mple.org""#, "error invalid-format /v"),
      ValueCase.bad("URL", #""http://example.org/%zz""#, "error invalid-format /v"),
    ])
  func urls(_ item: ValueCase) throws {
    item.check(try item.run())
  }

  @Test(
    "UUIDs: 8-4-4-4-12 hexadecimal digits, written upper-case as UUID.uuidString does",
    arguments: [
      ValueCase.ok("UUID", #""123e4567-e89b-12d3-a456-426614174000""#, #""123E4567-E89B-12D3-A456-426614174000""#),
      ValueCase.ok("UUID", #""00000000-0000-0000-0000-000000000000""#, #""00000000-0000-0000-0000-000000000000""#),
      ValueCase.bad("UUID", #""123e4567e89b12d3a456426614174000""#, "error invalid-format /v"),
      ValueCase.bad("UUID", #""123e4567-e89b-12d3-a456-42661417400g""#, "error invalid-format /v"),
      ValueCase.bad("UUID", #""{123e4567-e89b-12d3-a456-426614174000}""#, "error invalid-format /v"),
    ])
  func uuids(_ item: ValueCase) throws {
    item.check(try item.run())
  }

  @Test(
    "a string that is not the declared format is quoted as written, never normalised",
    arguments: [
      ("UUID", "nope"), ("UUID", "123e4567-e89b-12d3-a456-42661417400g"), ("URL", "http://exa mple.org"),
      ("Data", "aGVsbG8"), ("Character", "ab"),
    ])
  func invalidFormatQuotesInput(_ type: String, _ text: String) throws {
    let run = try ValueCase.bad(type, "\"\(text)\"").run()
    #expect(run.findings == ["error invalid-format /v"])
    let finding = try #require(run.record.findings.first)
    #expect(finding.message.contains("found the string \"\(text)\""), "\(finding.message)")
    #expect(finding.found == "the string \"\(text)\"")
  }

  @Test(
    "Data: standard base64 with padding",
    arguments: [
      ValueCase.ok("Data", #""aGVsbG8=""#, #""aGVsbG8=""#), ValueCase.ok("Data", #""""#, #""""#),
      ValueCase.ok("NSData", #""AAEC/w==""#, #""AAEC/w==""#),
      ValueCase.bad("Data", #""aGVsbG8""#, "error invalid-format /v"),
      ValueCase.bad("Data", #""!!!!""#, "error invalid-format /v"),
      ValueCase.bad("Data", "[104, 105]", "error type-mismatch /v"),
    ])
  func base64Data(_ item: ValueCase) throws {
    item.check(try item.run())
  }

  @Test(
    "Character: exactly one grapheme cluster",
    arguments: [
      ValueCase.ok("Character", #""a""#, #""a""#), ValueCase.ok("Character", #""é""#, #""é""#),
      ValueCase.ok("Character", #""👍🏽""#, #""👍🏽""#), ValueCase.ok("Character", #""e\u0301""#, "\"e\u{301}\""),
      ValueCase.bad("Character", #""ab""#, "error invalid-format /v"),
      ValueCase.bad("Character", #""""#, "error invalid-format /v"),
    ])
  func characters(_ item: ValueCase) throws {
    item.check(try item.run())
  }
}

// MARK: - Collections and Any

@Suite("Engine: sets, dictionaries, Any")
struct EngineCollectionTests {
  @Test(
    "sets: a repeated element is a duplicate-element warning (an error under --strict) and is collapsed",
    arguments: [false, true])
  func setDuplicates(_ strict: Bool) throws {
    let item = ValueCase.ok("Set<Int>", "[1, 2, 2, 3]", "[1,2,3]")
    let run = try item.run("DictionaryConvertible", options: ValidationOptions(strict: strict))
    #expect(run.isValid == !strict)
    #expect(run.findings == [strict ? "error duplicate-element /v/2" : "warning duplicate-element /v/2"])
    if !strict { #expect(run.value("v") == "[1,2,3]") }
  }

  @Test("sets of strings compare decoded text, so escapes of the same string are duplicates")
  func setDuplicatesCompareDecodedText() throws {
    let run = try ValueCase.ok("Set<String>", #"["a", "\u0061"]"#, "").run("DictionaryConvertible")
    #expect(run.findings == ["warning duplicate-element /v/1"])
  }

  @Test(
    "dictionaries with Int, enum and String keys",
    arguments: [
      ValueCase.ok("[Int: String]", #"{"1": "a", "-2": "b"}"#, #"{"1":"a","-2":"b"}"#),
      ValueCase.bad("[Int: String]", #"{"1": "a", "x": "b"}"#, "error type-mismatch /v/x"),
      ValueCase.bad("[Int8: String]", #"{"300": "a"}"#, "error type-mismatch /v/300"),
      ValueCase.ok("[K: Int]", #"{"a": 1, "b": 2}"#, #"{"a":1,"b":2}"#),
      ValueCase.bad("[K: Int]", #"{"a": 1, "c": 2}"#, "error type-mismatch /v/c"),
      ValueCase.ok("[N: String]", #"{"0": "zero", "2": "two"}"#, #"{"0":"zero","2":"two"}"#),
      ValueCase.bad("[N: String]", #"{"1": "one"}"#, "error type-mismatch /v/1"),
      ValueCase.ok("[String: [Int]]", #"{"a": [1], "b": []}"#, #"{"a":[1],"b":[]}"#),
      ValueCase.bad("[String: Int]", #"{"a": {}}"#, "error type-mismatch /v/a"),
      ValueCase.ok("[String: Int?]", #"{"a": null}"#, #"{"a":null}"#),
      // Integer keys are numbers: "01" and "+1" are the key 1 again, and written as 1.
      ValueCase.ok(
        "[Int: String]", #"{"1": "a", "01": "b", "+1": "c", "-0": "z"}"#, #"{"1":"c","0":"z"}"#,
        "warning duplicate-key /v/01", "warning duplicate-key /v/+1"),
    ])
  func dictionaries(_ item: ValueCase) throws {
    item.check(try item.run(enums: "enum K: String { case a, b }\nenum N: Int { case zero = 0, two = 2 }"))
  }

  @Test("a bad dictionary value or key is dropped with a warning in JSON Cast")
  func dictionaryEntryDroppedInJSONCast() throws {
    let item = ValueCase.ok(
      "[Int: Int]", #"{"1": 1, "x": 2, "3": "y"}"#, #"{"1":1}"#, "warning type-mismatch /v/x",
      "warning element-dropped /v/x", "warning type-mismatch /v/3", "warning element-dropped /v/3")
    item.check(try item.run("DictionaryConvertible"))
  }

  @Test(
    "Any, [String: Any] and [Any] accept any JSON value, null included",
    arguments: [
      ValueCase.ok("Any", #"{"a": [1, "x", null]}"#, #"{"a":[1,"x",null]}"#), ValueCase.ok("Any", "1.5e3", "1.5e3"),
      ValueCase.ok("Any", #""s""#, #""s""#), ValueCase.ok("Any", "false", "false"),
      ValueCase.ok("[String: Any]", #"{"k": null, "n": {"m": []}}"#, #"{"k":null,"n":{"m":[]}}"#),
      ValueCase.ok("[Any]", #"[1, null, {}]"#, "[1,null,{}]"), ValueCase.ok("NSDictionary", #"{"k": 1}"#, #"{"k":1}"#),
      ValueCase.bad("NSDictionary", "[1]", "error type-mismatch /v"),
      ValueCase.ok("NSArray", "[1]", "[1]"),
    ])
  func anyAcceptsAnything(_ item: ValueCase) throws {
    item.check(try item.run())
  }
}

// MARK: - Models, key paths, alternatives, super

@Suite("Engine: models and keys")
struct EngineModelTests {
  /// The reason a `null-not-allowed` gives: the dialect's own null rule, or `--strict`'s.
  @Test(
    "a null's finding names whose rule rejects it",
    arguments: [
      ("struct M: Codable {\n  let v: Int\n}\n", "m.swift", false, "this dialect"),
      ("struct M: Codable {\n  let v: Int\n}\n", "m.swift", true, "this dialect"),
      ("class M: Class {\n  var v: Int?\n}\n", "m.cast", false, "this dialect"),
      ("struct M: DictionaryConvertible {\n  var v: Int = 0\n}\n", "m.cast", true, "--strict"),
    ])
  func nullReason(_ schema: String, _ path: String, _ strict: Bool, _ whose: String) throws {
    let registry = EngineProbe.registry(schema, path: path)
    let run = try EngineProbe.run(registry, #"{"v": null}"#, options: ValidationOptions(strict: strict), build: false)
    let finding = try #require(run.record.findings.first { $0.code == FindingCode.nullNotAllowed.rawValue })
    #expect(finding.message.contains("which \(whose) does not accept"), "\(finding.message)")
  }

  static let people = """
    struct Address: DictionaryConvertible {
      let city: String
      var zip: String?
    }
    struct M: DictionaryConvertible {
      let name: String
      var address: Address?
      var friends: [M] = []
      var best: M?
    }
    """

  @Test(
    "nested and recursive models report paths through every level",
    arguments: [
      (
        #"{"name": "a", "address": {"city": "x"}, "friends": [{"name": "b", "best": {"name": "c"}}]}"#, true, [String]()
      ),
      (
        #"{"name": "a", "best": {"name": "b", "best": {"address": {}}}}"#, true,
        ["warning missing-required /best/best/name", "warning missing-required /best/best/address/city"]
      ),
      (#"{"best": {"name": "b"}}"#, false, ["error missing-required /name"]),
      (
        #"{"name": "a", "friends": [{"name": "b"}, {"name": 1}]}"#, true,
        [
          "warning type-mismatch /friends/1/name", "note missing-required /friends/1/name",
          "warning element-dropped /friends/1",
        ]
      ),
    ] as [(String, Bool, [String])])
  func nestedAndRecursiveModels(_ json: String, _ valid: Bool, _ findings: [String]) throws {
    let run = try EngineProbe.run(schema: Self.people, json)
    #expect(run.isValid == valid)
    #expect(run.findings == Set(findings))
  }

  @Test("a nested model's values are built")
  func nestedModelBuilt() throws {
    let run = try EngineProbe.run(
      schema: Self.people, #"{"name": "a", "address": {"city": "x"}, "friends": [{"name": "b"}]}"#)
    #expect(run.value("address") == #"Address{city:"x"}"#)
    #expect(run.value("friends") == #"[M{name:"b",friends:[]}]"#)
  }

  @Test("a model deeper than --max-depth is malformed input, not a crash")
  func recursionBeyondMaxDepth() throws {
    let json = String(repeating: #"{"name": "a", "best": "#, count: 40) + "{}" + String(repeating: "}", count: 40)
    #expect(throws: JSONSyntaxError.self) {
      try EngineProbe.run(EngineProbe.registry(Self.people), json, options: ValidationOptions(maxDepth: 16))
    }
  }

  static let paths = """
    struct M: DictionaryConvertible {
      var nested: Int? //! "outer/inner"
      var second: String? //! "list[1]"
      var deep: String? //! "a/b[0]/c"
    }
    """

  @Test(
    "key paths and index keys",
    arguments: [
      (#"{"outer": {"inner": 4}}"#, "nested", "4", [String]()),
      (#"{"outer": {}}"#, "nested", "nil", []), (#"{"outer": 5}"#, "nested", "nil", ["warning type-mismatch /outer"]),
      (#"{"outer": {"inner": "x"}}"#, "nested", "nil", ["warning type-mismatch /outer/inner"]),
      (#"{"list": ["first", "second", "third"]}"#, "second", #""second""#, []),
      (#"{"list": ["first"]}"#, "second", "nil", []),
      (#"{"list": {"1": "x"}}"#, "second", "nil", ["warning type-mismatch /list"]),
      (#"{"list": ["a", 2]}"#, "second", "nil", ["warning type-mismatch /list/1"]),
      (#"{"a": {"b": [{"c": "deep"}]}}"#, "deep", #""deep""#, []),
    ] as [(String, String, String, [String])])
  func keyPathsAndIndices(_ json: String, _ property: String, _ value: String, _ findings: [String]) throws {
    let run = try EngineProbe.run(schema: Self.paths, json)
    #expect(run.isValid)
    #expect(run.value(property) == value)
    #expect(run.findings == Set(findings))
  }

  @Test("a required key path that is absent is reported at the full path")
  func requiredKeyPathMissing() throws {
    let run = try EngineProbe.run(
      schema: "struct M: DictionaryConvertible {\n let n: Int //! \"outer/inner\"\n}", #"{"outer": {}}"#)
    #expect(!run.isValid)
    #expect(run.findings == ["error missing-required /outer/inner"])
  }

  static let alternatives = """
    struct M: DictionaryConvertible {
      var y: String? = "as" //! "Arg ?? y"
    }
    """

  @Test(
    "?? alternatives: the first present and convertible wins; JSON Cast tries the next after an unconvertible one",
    arguments: [
      (#"{"Arg": "word", "y": "other"}"#, #""word""#, [String]()), (#"{"y": "other"}"#, #""other""#, []),
      (#"{"Arg": null, "y": "other"}"#, #""other""#, []),
      (#"{"Arg": 5, "y": "other"}"#, #""other""#, ["warning type-mismatch /Arg", "warning alternative-skipped /Arg"]),
      (
        #"{"Arg": 5, "y": 6}"#, #"default:"as""#,
        [
          "warning type-mismatch /Arg", "warning alternative-skipped /Arg", "warning type-mismatch /y",
          "warning default-substituted /y",
        ]
      ),
      ("{}", #"default:"as""#, []),
    ] as [(String, String, [String])])
  func alternatives(_ json: String, _ value: String, _ findings: [String]) throws {
    let run = try EngineProbe.run(schema: Self.alternatives, json)
    #expect(run.isValid)
    #expect(run.value("y") == value)
    #expect(run.findings == Set(findings))
  }

  @Test(
    "?? alternatives in the other dialects: an unconvertible first alternative is not skipped",
    arguments: [("Convertible", false), ("NosceSerializationProtocol", true), ("Class", false)])
  func alternativesNotSkippedOutsideJSONCast(_ protocols: String, _ valid: Bool) throws {
    let schema = "struct M: \(protocols) {\n var y: String? //! \"Arg ?? y\"\n}"
    let run = try EngineProbe.run(schema: schema, #"{"Arg": {}, "y": "other"}"#)
    #expect(run.isValid == valid)
    #expect(!run.findings.contains { $0.contains("alternative-skipped") })
    if valid { #expect(run.value("y") == "nil") }
  }

  @Test("a required property whose alternatives all fail is missing, at the last value tried")
  func requiredAlternativesAllFail() throws {
    let schema = "struct M: DictionaryConvertible {\n let y: Int //! \"a ?? b\"\n}"
    let run = try EngineProbe.run(schema: schema, #"{"a": "x", "b": {}}"#)
    #expect(!run.isValid)
    #expect(
      run.findings == [
        "warning type-mismatch /a", "warning alternative-skipped /a", "error type-mismatch /b",
        "note missing-required /b",
      ])
    let absent = try EngineProbe.run(schema: schema, "{}")
    #expect(absent.findings == ["error missing-required /a"])
  }

  static let superSchema = """
    class Classx: NSObject, DictionaryConvertible {
      let name: String = ""
      let age: Int = 0
      var opt: Int?
    }
    class M: Classx {
      let yaw: Int
      //! super "classx"
    }
    """

  @Test("//! super \"k\": the superclass's properties are read from the sub-object")
  func superObjectRead() throws {
    let run = try EngineProbe.run(schema: Self.superSchema, #"{"yaw": 3, "classx": {"name": "Donald", "age": 60}}"#)
    #expect(run.isValid)
    #expect(run.findings.isEmpty)
    #expect(run.value("yaw") == "3")
    #expect(run.value("name") == #""Donald""#)
    #expect(run.value("age") == "60")
  }

  @Test(
    "//! super \"k\": a missing or non-object sub-object fails the init, at the value in its place",
    arguments: [(#"{"yaw": 3}"#, "absent", 0), (#"{"yaw": 3, "classx": 5}"#, "the number 5", 21), (#"{"yaw": 3, "classx": null}"#, "null", 21)])
  func superObjectMissing(_ json: String, _ found: String, _ offset: Int) throws {
    let run = try EngineProbe.run(schema: Self.superSchema, json)
    #expect(!run.isValid)
    #expect(run.findings == ["error super-object-missing /classx"])
    let finding = try #require(run.records.first?.findings.first)
    #expect(finding.found == found)
    #expect(finding.offset == offset)
  }

  @Test("//! super \"k\": the superclass's keys at the top level are not read")
  func superKeysNotAtTopLevel() throws {
    let run = try EngineProbe.run(
      schema: Self.superSchema, #"{"yaw": 3, "name": "Top", "classx": {}}"#,
      options: ValidationOptions(unknownKeys: .warn))
    #expect(run.isValid)
    #expect(run.value("name") == #"default:"""#)
    #expect(run.findings == ["warning unknown-key /name"])
  }
}

// MARK: - Generator flags

@Suite("Engine: -c, -i, -n")
struct EngineFlagTests {
  static let schema = """
    enum What: String { case yes, no }
    struct M: DictionaryConvertible {
      var powerMode: Int
      var nested: Int? //! "outer/inner"
      var will: What = .yes //! v"will"
      var name: String = "x"
      var nick: String?
    }
    """

  @Test(
    "-c capitalises every key component, except verbatim keys",
    arguments: [
      (
        #"{"PowerMode": 1, "Outer": {"Inner": 2}, "will": "no"}"#, true,
        ["powerMode": "1", "nested": "2", "will": #""no""#]
      ),
      (#"{"powerMode": 1}"#, false, [:]),
      (
        #"{"PowerMode": 1, "outer": {"inner": 2}, "Will": "no"}"#, true,
        ["nested": "nil", "will": "default:\"yes\""]
      ),
    ] as [(String, Bool, [String: String])])
  func capitalizeKeys(_ json: String, _ valid: Bool, _ values: [String: String]) throws {
    let run = try EngineProbe.run(schema: Self.schema, json, registryOptions: RegistryOptions(capitalizeKeys: true))
    #expect(run.isValid == valid)
    for (property, value) in values { #expect(run.value(property) == value, "\(property)") }
  }

  @Test("-i matches keys in any case, key paths included")
  func caseInsensitiveKeys() throws {
    let run = try EngineProbe.run(
      schema: Self.schema, #"{"POWERMODE": 1, "Outer": {"INNER": 2}, "WILL": "no"}"#,
      registryOptions: RegistryOptions(caseInsensitiveKeys: true))
    #expect(run.isValid)
    #expect(run.value("powerMode") == "1")
    #expect(run.value("nested") == "2")
    #expect(run.value("will") == #""no""#)
  }

  @Test("without -i keys are case-sensitive")
  func keysAreCaseSensitiveByDefault() throws {
    let run = try EngineProbe.run(schema: Self.schema, #"{"POWERMODE": 1}"#)
    #expect(!run.isValid)
    #expect(run.findings == ["error missing-required /powerMode"])
  }

  @Test(
    "-n: an empty string is absent for String properties, with a note",
    arguments: [
      (#"{"powerMode": 1, "name": ""}"#, true, "name", #"default:"x""#, ["note empty-string-absent /name"]),
      (#"{"powerMode": 1, "nick": ""}"#, true, "nick", "nil", ["note empty-string-absent /nick"]),
      (#"{"powerMode": 1, "nick": "n"}"#, true, "nick", #""n""#, []),
    ] as [(String, Bool, String, String, [String])])
  func emptyStringIsAbsent(_ json: String, _ valid: Bool, _ property: String, _ value: String, _ findings: [String])
    throws
  {
    let run = try EngineProbe.run(
      schema: Self.schema, json, registryOptions: RegistryOptions(emptyStringIsAbsent: true))
    #expect(run.isValid == valid)
    #expect(run.value(property) == value)
    #expect(run.findings == Set(findings))
  }

  @Test("-n: an empty string for a required String is missing")
  func emptyStringForRequiredString() throws {
    let run = try EngineProbe.run(
      schema: "struct M: DictionaryConvertible {\n let s: String\n}", #"{"s": ""}"#,
      registryOptions: RegistryOptions(emptyStringIsAbsent: true))
    #expect(!run.isValid)
    #expect(run.findings == ["note empty-string-absent /s", "error missing-required /s"])
  }

  @Test("without -n an empty string is a string")
  func emptyStringKeptByDefault() throws {
    let run = try EngineProbe.run(schema: Self.schema, #"{"powerMode": 1, "name": ""}"#)
    #expect(run.value("name") == #""""#)
    #expect(run.findings.isEmpty)
  }
}

// MARK: - Unknown and duplicate keys

@Suite("Engine: unknown and duplicate keys")
struct EngineKeyTests {
  static let schema = """
    struct M: DictionaryConvertible {
      var name: String?
      var count: Int?
      var skipped: Int? //! ignore
    }
    """

  @Test(
    "--unknown ignore|warn|error, with a did-you-mean over the model's keys",
    arguments: [
      (UnknownKeyRule.ignore, true, [String]()), (.warn, true, ["warning unknown-key /nmae"]),
      (.error, false, ["error unknown-key /nmae"]),
    ])
  func unknownKeys(_ rule: UnknownKeyRule, _ valid: Bool, _ findings: [String]) throws {
    let run = try EngineProbe.run(
      schema: Self.schema, #"{"nmae": "a", "count": 1}"#, options: ValidationOptions(unknownKeys: rule))
    #expect(run.isValid == valid)
    #expect(run.findings == Set(findings))
    if rule != .ignore {
      let message = try #require(run.record.findings.first?.message)
      #expect(message.contains(#"did you mean "name"?"#), "\(message)")
    }
  }

  @Test(
    "an ignored property's key is known, not unknown: a note under every --unknown rule, --strict too",
    arguments: [UnknownKeyRule.ignore, .warn, .error], [false, true])
  func ignoredPropertyKeyIsKnown(_ rule: UnknownKeyRule, _ strict: Bool) throws {
    let run = try EngineProbe.run(
      schema: Self.schema, #"{"skipped": 1}"#, options: ValidationOptions(strict: strict, unknownKeys: rule))
    #expect(run.isValid)
    #expect(run.findings == ["note ignored-key /skipped"])
  }

  @Test(
    "the key of an ignored property is a note in every dialect and every way of ignoring",
    arguments: [
      "class M: DictionaryConvertible {\n  var name: String?\n  var cache: Int? //! ignore\n}\n",
      "class M: JsonObject {\n  var name: String?\n  var cache: Int? //! ignore json\n}\n",
      "class M: Convertible, IgnoredKeys {\n  var name: String?\n  var cache: Int?\n  var ignoredKeys = [\"cache\"]\n}\n",
      "class M: NosceSerializationProtocol {\n  var name: String?\n  var cache: Int? //! skip json\n}\n",
      "class M: Class {\n  var name: String?\n  var cache: Int? //! ignore\n}\n",
    ])
  func ignoredKeyInEveryDialect(_ schema: String) throws {
    let run = try EngineProbe.run(schema: schema, #"{"name": "a", "cache": 5}"#)
    #expect(run.isValid)
    #expect(run.findings == ["note ignored-key /cache"])
    // The note points at the ignored property's declaration, not at its model's.
    let declaration = try #require(run.record.findings.first?.declaration)
    let declared = schema.utf8.dropFirst(declaration.bytes.lowerBound).prefix(declaration.bytes.count)
    #expect(String(decoding: declared, as: UTF8.self) == "cache", "\(declaration)")
  }

  @Test("--strict makes --unknown warn an error")
  func unknownWarnUnderStrict() throws {
    let run = try EngineProbe.run(
      schema: Self.schema, #"{"zzz": 1}"#, options: ValidationOptions(strict: true, unknownKeys: .warn))
    #expect(!run.isValid)
    #expect(run.findings == ["error unknown-key /zzz"])
  }

  @Test(
    "duplicate keys: the last wins, with a warning naming the earlier position; an error under --strict",
    arguments: [false, true])
  func duplicateKeys(_ strict: Bool) throws {
    let run = try EngineProbe.run(
      schema: Self.schema, "{\"count\": 1,\n \"count\": 2}", options: ValidationOptions(strict: strict))
    #expect(run.isValid == !strict)
    #expect(run.findings == [strict ? "error duplicate-key /count" : "warning duplicate-key /count"])
    // The earlier value's position travels with the finding and is rendered as line:column.
    let related = try #require(run.record.findings.first?.relatedOffset)
    #expect(related == 10)
    if !strict { #expect(run.value("count") == "2") }
  }

  @Test("duplicate keys inside a dictionary value and on a key path's first component")
  func duplicateKeysElsewhere() throws {
    let schema = """
      struct M: DictionaryConvertible {
        var d: [String: Int]?
        var n: Int? //! "outer/inner"
      }
      """
    let run = try EngineProbe.run(
      schema: schema, #"{"d": {"a": 1, "a": 2}, "outer": {"inner": 1}, "outer": {"inner": 2}}"#)
    #expect(run.isValid)
    #expect(run.findings == ["warning duplicate-key /d/a", "warning duplicate-key /outer"])
    // Each names the earlier value's position, as a model's own duplicate does.
    let related = run.record.findings.compactMap(\.relatedOffset)
    #expect(related == [12, 33], "\(related)")
    #expect(run.value("d") == #"{"a":2}"#)
    #expect(run.value("n") == "2")
  }

  static let unreadKeys: [(json: String, findings: [String])] = {
    let many = (0..<40).map { "\"u\($0)\": \($0)" }.joined(separator: ", ")
    return [
      (#"{"x": 1, "x": 2}"#, ["duplicate-key /x"]),
      (#"{"x": 1, "count": 2, "x": {"x": 3}}"#, ["duplicate-key /x"]),
      (#"{\#(many), "u7": 0}"#, ["duplicate-key /u7"]),
      (#"{\#(many), "count": 1, "u39": 0, "u0": 0}"#, ["duplicate-key /u39", "duplicate-key /u0"]),
      // The same key in different objects, or once read and once not, is no repeat.
      (#"{"x": 1, "items": [{"x": 1}, {"x": 2}], "y": {"x": 1}}"#, []),
      (#"{"X": 1, "x": 2}"#, []),
      // One length and the same end bytes: told apart by their whole bytes.
      (#"{"abc": 1, "axc": 2, "ac": 3, "abc ": 4}"#, []),
      (#"{"abc": 1, "axc": 2, "abc": 3}"#, ["duplicate-key /abc"]),
      (#"{"x": 1, "\u0078": 2}"#, ["duplicate-key /x"]),
    ]
  }()

  /// Semantics §1: a repeated key in one object is a duplicate whether the model reads it or not.
  @Test(
    "a repeated key the model does not read is a duplicate too, with the clean-record check and without it",
    arguments: unreadKeys.indices, [false, true])
  func duplicateUnreadKeys(_ row: Int, _ strict: Bool) throws {
    let schema = """
      struct Item: DictionaryConvertible {
        var x: Int?
      }
      struct M: DictionaryConvertible {
        var count: Int?
        var items: [Item]?
      }
      """
    let (json, expected) = Self.unreadKeys[row]
    let registry = EngineProbe.registry(schema)
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, json, options: ValidationOptions(strict: strict), build: false, cleanCheck: cleanCheck)
      #expect(run.record.findings.map(EngineProbe.describe) == expected.map { (strict ? "error " : "warning ") + $0 }, "\(json)")
      #expect(run.isValid == (expected.isEmpty || !strict))
    }
    // Unread keys that do not repeat are the check's to vouch for, not the walk's.
    #expect(try CheckAgreement.passesCheck(schema, json, validation: ValidationOptions(strict: strict)) == expected.isEmpty)
  }

  /// Inside the objects key paths and `//! super` pass through, as in the model's own.
  @Test(
    "a repeated unread key in an object a key path passes through is a duplicate too",
    arguments: [
      ("P", #"{"b": 1, "addr": {"city": "a", "zz": 1, "zz": 2}}"#, ["warning duplicate-key /addr/zz"]),
      ("P", #"{"b": 1, "addr": {"city": "a", "zz": 1, "yy": 2}}"#, []),
      ("Sub", #"{"b": 1, "base": {"a": 1, "q": 1, "q": 2}}"#, ["warning duplicate-key /base/q"]),
      ("Sub", #"{"b": 1, "base": {"a": 1, "q": 1}, "q": 2}"#, []),
    ])
  func duplicateUnreadKeysOnPaths(_ model: String, _ json: String, _ expected: [String]) throws {
    let schema = """
      class Base: DictionaryConvertible {
        var a: Int = 0
      }
      class Sub: Base { //! super "base"
        var b: Int = 0
      }
      struct P: DictionaryConvertible {
        var b: Int = 0
        var city: String? //! "addr/city"
      }
      """
    let registry = EngineProbe.registry(schema)
    for cleanCheck in [true, false] {
      let run = try EngineProbe.run(registry, json, model: model, build: false, cleanCheck: cleanCheck)
      #expect(run.record.findings.map(EngineProbe.describe) == expected, "\(json)")
      // The earlier value's position, as for any duplicate key.
      if let related = run.record.findings.first?.relatedOffset {
        #expect(Array(json.utf8)[related] == UInt8(ascii: "1"), "\(json): \(related)")
      }
    }
    // The check reads key paths (not `//! super`): unread keys that do not repeat are its to vouch for.
    if model == "P" {
      #expect(try CheckAgreement.passesCheck(schema, json, model: model, validation: ValidationOptions()) == expected.isEmpty)
    }
  }
}

// MARK: - Declarative checks

@Suite("Engine: declarative checks")
struct EngineCheckTests {
  @Test(
    "range, min, max, length, count and pattern pass and fail",
    arguments: [
      ValueCase.ok("var v: Int //! range 0...120", "120", "120"),
      ValueCase.bad("var v: Int //! range 0...120", "121", "error check-failed /v"),
      ValueCase.bad("var v: Int //! range 0...120", "-1", "error check-failed /v"),
      ValueCase.ok("var v: Double //! range 0..<1", "0.999", "0.999"),
      ValueCase.bad("var v: Double //! range 0..<1", "1", "error check-failed /v"),
      ValueCase.ok("var v: Int //! min 1", "1", "1"),
      ValueCase.bad("var v: Int //! min 1", "0", "error check-failed /v"),
      ValueCase.ok("var v: Double //! max 2.5", "2.5", "2.5"),
      ValueCase.bad("var v: Double //! max 2.5", "2.51", "error check-failed /v"),
      // A Float is compared as the Float it holds, with bounds as Float literals are in Swift.
      ValueCase.ok("var v: Float //! max 0.1", "0.10000000149", "0.10000000149"),
      ValueCase.ok("var v: Float //! max 16777216", "16777217", "16777217"),
      ValueCase.bad("var v: Float //! max 0.1", "0.1000001", "error check-failed /v"),
      ValueCase.bad("var v: Float //! range 0..<1", "0.99999999", "error check-failed /v"),
      ValueCase.bad("var v: Double //! max 0.1", "0.10000000149", "error check-failed /v"),
      ValueCase.ok("var v: String //! length 1...3", #""abc""#, #""abc""#),
      ValueCase.ok("var v: String //! length 1...3", #""👍🏽é""#, #""👍🏽é""#),
      ValueCase.bad("var v: String //! length 1...3", #""""#, "error check-failed /v"),
      ValueCase.bad("var v: String //! length 1...3", #""abcd""#, "error check-failed /v"),
      ValueCase.ok("var v: [Int] //! count 0...2", "[1, 2]", "[1,2]"),
      ValueCase.bad("var v: [Int] //! count 0...2", "[1, 2, 3]", "error check-failed /v"),
      // Counted while read, not built: the outer array's count, never its last element's.
      ValueCase.ok("var v: [[Int]] //! count 1...2", "[[1, 2, 3], [4]]", "[[1,2,3],[4]]"),
      ValueCase.bad("var v: [[Int]] //! count 1", "[[1], [2]]", "error check-failed /v"),
      ValueCase.bad("var v: [[Int]] //! count 3", "[[1, 2, 3]]", "error check-failed /v"),
      ValueCase.ok("var v: [Int]? //! count 0", "[]", "[]"),
      ValueCase.ok(
        "var v: [Int] //! count 2", "[1, {}, 2]", "[1,2]", "warning type-mismatch /v/1", "warning element-dropped /v/1"),
      ValueCase.ok("var v: [Int?] //! count 2", "[1, null]", "[1,null]"),
      ValueCase.ok("var v: Set<Int> //! count 2", "[1, 2, 1]", "[1,2]", "warning duplicate-element /v/2"),
      ValueCase.ok("var v: [String: Int] //! count 1", #"{"a": 1}"#, #"{"a":1}"#),
      ValueCase.bad("var v: [String: Int] //! count 1", "{}", "error check-failed /v"),
      ValueCase.ok(#"var v: String //! pattern "^[a-z]+$""#, #""abc""#, #""abc""#),
      ValueCase.bad(#"var v: String //! pattern "^[a-z]+$""#, #""abc1""#, "error check-failed /v"),
      ValueCase.ok(#"var v: String? //! pattern "[0-9]""#, #""a1b""#, #""a1b""#),
    ])
  func checks(_ item: ValueCase) throws {
    item.check(try item.run("DictionaryConvertible"))
  }

  @Test("a failed check is an error even in a lenient dialect, and checks see coerced values")
  func checkOnCoercedValue() throws {
    let item = ValueCase.bad("var v: Int? //! min 50", #""42""#, "warning coerced /v", "error check-failed /v")
    item.check(try item.run("JsonObject"))
  }

  @Test("a failed check inside a nested model that a lenient dialect drops stays an error")
  func checkInDroppedNestedModel() throws {
    let schema = """
      struct Geo: DictionaryConvertible {
        let lat: Double //! range -90...90
      }
      struct M: DictionaryConvertible {
        var geo: Geo?
        var geos: [Geo] = []
      }
      """
    let run = try EngineProbe.run(schema: schema, #"{"geo": {"lat": 91}, "geos": [{"lat": 0}, {"lat": -91}]}"#)
    #expect(!run.isValid)
    #expect(
      run.findings == [
        "error check-failed /geo/lat", "error check-failed /geos/1/lat", "warning element-dropped /geos/1",
      ])
  }

  @Test("the check's message names the check")
  func checkMessage() throws {
    let run = try ValueCase.bad("var v: Int //! range 0...120", "121").run()
    let message = try #require(run.record.findings.first?.message)
    #expect(message.contains("0...120"), "\(message)")
  }
}

// MARK: - Inputs: top-level arrays, NDJSON, --type, --max-errors

@Suite("Engine: inputs and targets")
struct EngineInputTests {
  static let schema = "struct M: DictionaryConvertible {\n let v: Int\n}"

  @Test("a top-level array is one record per element, with paths /0/…")
  func topLevelArray() throws {
    let run = try EngineProbe.run(schema: Self.schema, #"[{"v": 1}, {"v": {}}, {"w": 2}]"#)
    #expect(run.records.count == 3)
    #expect(run.records.map(\.isValid) == [true, false, false])
    #expect(run.records.map(\.index) == [0, 1, 2])
    #expect(
      run.records[1].findings.map(EngineProbe.describe) == [
        "error type-mismatch /1/v", "note missing-required /1/v",
      ])
    #expect(run.records[2].findings.map(EngineProbe.describe) == ["error missing-required /2/v"])
    let summary = run.summary
    #expect(
      [summary.records, summary.invalidRecords, summary.errors, summary.warnings, summary.notes] == [3, 2, 2, 0, 1])
  }

  @Test("an empty top-level array is zero records, valid")
  func emptyTopLevelArray() throws {
    let run = try EngineProbe.run(schema: Self.schema, "[]")
    #expect(run.records.isEmpty)
    #expect(run.summary.isValid)
  }

  @Test("a top-level value that is not an object is a type-mismatch")
  func topLevelScalar() throws {
    let run = try EngineProbe.run(schema: Self.schema, #""text""#)
    #expect(!run.isValid)
    #expect(run.findings == ["error type-mismatch "])
  }

  @Test(
    "NDJSON: one record per line, blank lines skipped, CRLF, last line without a newline",
    arguments: ["\n", "\r\n"])
  func ndjsonRecords(_ newline: String) throws {
    let text = [#"{"v": 1}"#, "", #"{"v": "2"}"#, "   ", #"{"v": 3}"#].joined(separator: newline)
    let run = try EngineProbe.run(schema: Self.schema, text, ndjson: true)
    #expect(run.records.count == 3)
    #expect(run.records.map(\.line) == [1, 3, 5])
    #expect(run.records.map(\.index) == [0, 1, 2])
    #expect(run.records.map(\.isValid) == [true, true, true])
    let coerced = try #require(run.records[1].findings.first)
    #expect(EngineProbe.describe(coerced) == "warning coerced /v")
    #expect(coerced.recordLine == 3)
    #expect(run.records[2].findings.isEmpty)
  }

  @Test("NDJSON: findings carry the record's line and paths relative to the record")
  func ndjsonFindings() throws {
    let run = try EngineProbe.run(schema: Self.schema, "{\"v\": 1}\n{}\n{\"v\": true}\n", ndjson: true)
    #expect(run.records.map(\.isValid) == [true, false, false])
    #expect(run.records[1].findings.map(\.recordLine) == [2])
    #expect(run.records[1].findings.map(\.path) == ["/v"])
    #expect(run.records[2].findings.allSatisfy { $0.recordLine == 3 })
    #expect(run.summary.invalidRecords == 2)
  }

  @Test("NDJSON: a malformed line is a syntax error at its offset in the whole input")
  func ndjsonMalformedLine() throws {
    let text = "{\"v\": 1}\n{\"v\": }\n"
    let registry = EngineProbe.registry(Self.schema)
    #expect(throws: JSONSyntaxError.self) { try EngineProbe.run(registry, text, ndjson: true) }
    do {
      _ = try EngineProbe.run(registry, text, ndjson: true)
    } catch let error as JSONSyntaxError {
      #expect(error.offset == 15)
    }
  }

  @Test(
    "--type targets, parsed with SchemaLoader.parseType",
    arguments: [
      ("[String: [Int]]", #"{"a": [1, 2], "b": []}"#, true, #"{"a":[1,2],"b":[]}"#, [String]()),
      (
        "[String: [Int]]", #"{"a": [1, {}]}"#, true, #"{"a":[1]}"#,
        ["warning type-mismatch /a/1", "warning element-dropped /a/1"]
      ),
      ("[String: [Int]]", "[1]", false, nil, ["error type-mismatch "]),
      ("Any", #"{"x": [null]}"#, true, #"{"x":[null]}"#, []), ("Any", "null", true, "null", []),
      ("Any", "3", true, "3", []),
      ("[Int?]", "[1, null, 2]", true, "[1,null,2]", []),
      ("[Int]", "[1, null]", true, "[1]", ["warning null-not-allowed /1", "warning element-dropped /1"]),
      ("Int?", "null", true, "null", []), ("Int", "null", false, nil, ["error null-not-allowed "]),
      ("Set<String>", #"["a", "b"]"#, true, #"["a","b"]"#, []),
      ("M", #"{"v": 2}"#, true, "M{v:2}", []),
      (
        "[M]", #"[{"v": 2}, {}]"#, true, "[M{v:2}]",
        ["warning missing-required /1/v", "warning element-dropped /1"]
      ),
    ] as [(String, String, Bool, String?, [String])])
  func typeTargets(_ type: String, _ json: String, _ valid: Bool, _ instance: String?, _ findings: [String]) throws {
    let run = try EngineProbe.run(type: type, json, schema: Self.schema)
    #expect(run.records.count == 1)
    #expect(run.isValid == valid)
    #expect(run.findings == Set(findings))
    if let instance { #expect(run.instance() == instance) }
  }

  /// DSON takes no `null` for an optional (DS-01, DS-02), a whole document's included; the
  /// other dialects take it for the optional's nil.
  @Test(
    "--type Int? with a null document: nil, but in DSON an error",
    arguments: [(Dialect.jsoncast, true), (.jsonobject, true), (.convertible, true), (.nosce, true), (.codable, true), (.dson, false)])
  func optionalTypeTargetNull(_ dialect: Dialect, _ valid: Bool) throws {
    for type in ["Int?", "Int!"] {
      let run = try EngineProbe.run(type: type, "null", registryOptions: RegistryOptions(dialect: dialect))
      #expect(run.isValid == valid)
      #expect(run.findings == (valid ? [] : ["error null-not-allowed "]))
      // The message names no type: an `Int!` is no `Int?` (the run's summary names it as written).
      #expect(run.records.flatMap(\.findings).allSatisfy { !$0.message.contains("Int?") })
    }
  }

  @Test("--type with --strict: a bad element is an error")
  func typeTargetStrict() throws {
    let run = try EngineProbe.run(type: "[Int]", #"[1, "2"]"#, options: ValidationOptions(strict: true))
    #expect(!run.isValid)
    #expect(run.findings == ["error type-mismatch /1"])
  }

  @Test("--max-errors: errors after the limit are not reported, once noted; the verdicts stay right")
  func maxErrors() throws {
    let schema = "struct M: DictionaryConvertible {\n let a: Int\n let b: Int\n let c: Int\n var d: [Int] = []\n}"
    let json = #"[{}, {"a": 1, "b": 2, "c": 3, "d": [1, "x"]}, {"a": 1, "b": 2, "c": 3}, {"a": 1}]"#
    let run = try EngineProbe.run(
      EngineProbe.registry(schema), json, options: ValidationOptions(maxErrors: 2))
    #expect(run.records.map(\.isValid) == [false, true, true, false])
    let errors = run.records.flatMap(\.findings).filter { $0.severity == .error }
    #expect(errors.count == 2)
    #expect(run.records.flatMap(\.findings).filter { $0.code == "too-many-errors" }.count == 1)
    #expect(run.summary.invalidRecords == 2)
    #expect(!run.summary.isValid)
  }

  @Test("without --max-errors every error is reported")
  func noMaxErrors() throws {
    let run = try EngineProbe.run(schema: "struct M: DictionaryConvertible {\n let a: Int\n let b: Int\n}", "[{}, {}]")
    #expect(run.records.flatMap(\.findings).filter { $0.severity == .error }.count == 4)
  }

  @Test("building changes no verdict: the same findings with and without build")
  func buildDoesNotChangeFindings() throws {
    let registry = EngineProbe.registry(EngineModelTests.people)
    let json = #"{"name": "a", "friends": [{"name": 1}, {"name": "b", "best": {}}], "address": {"city": 2}}"#
    let built = try EngineProbe.run(registry, json, build: true)
    let plain = try EngineProbe.run(registry, json, build: false)
    #expect(built.records.map(\.findings) == plain.records.map(\.findings))
    #expect(built.isValid == plain.isValid)
  }
}
