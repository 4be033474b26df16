import CastSchema
import Testing

@testable import CastValidate

/// What a dialect decides for one situation: the verdict, the findings (`severity code path`)
/// and, for valid documents, the value the property ends up with (`nil`, `default:5`, `42`).
struct DialectVerdict: Sendable {
  let isValid: Bool
  let findings: Set<String>
  /// Not asserted when nil (invalid documents build no instance).
  let value: String?

  /// Valid, with these findings.
  static func ok(_ findings: String..., value: String) -> DialectVerdict {
    DialectVerdict(isValid: true, findings: Set(findings), value: value)
  }

  /// Invalid, with these findings.
  static func bad(_ findings: String...) -> DialectVerdict {
    DialectVerdict(isValid: false, findings: Set(findings), value: nil)
  }
}

/// One row of the cross-library comparison (seeds-features §6) as castctl decides it
/// (semantics §3), for every dialect, with and without `--strict`.
struct ComparisonRow: Sendable, CustomTestStringConvertible {
  let situation: String
  /// Declarations inside the model body (and before it, for enums).
  let body: String
  let json: String
  /// The property whose value is checked.
  var property = "v"
  /// Declare the dialect's snake_case protocol, where it has one.
  var snake = false
  var enums = ""
  let expected: [Dialect: DialectVerdict]
  let strict: [Dialect: DialectVerdict]

  var testDescription: String { situation }

  /// The model `M` in the dialect's own declaration style.
  func schema(_ dialect: Dialect) -> String {
    let header: String
    switch dialect {
    case .jsoncast: header = "class M: NSObject, DictionaryConvertible" + (snake ? ", UnderscoreToCamelCase" : "")
    case .jsonobject: header = "class M: JsonObject" + (snake ? ", MapsUnderscoreCaseToCamelCase" : "")
    case .convertible: header = "class M: Convertible" + (snake ? ", UnderscoreToCamelCase" : "")
    case .nosce: header = "class M: NosceSerializationProtocol, NosceDeserializationProtocol"
    case .dson: header = "class M: Class"
    case .codable: header = "struct M: Codable"
    }
    return enums + "\n" + header + " {\n" + body + "\n}\n"
  }

  /// The model `M` with no dialect of its own, for `--dialect`.
  var neutralSchema: String { enums + "\nstruct M {\n" + body + "\n}\n" }
}

/// Shorthand: the same verdict for every dialect.
extension Dialect {
  /// The five seed libraries' dialects, the columns of this table; `codable` is compared with the
  /// real JSONDecoder instead (CodableDecoderTests).
  static let seedLibraries: [Dialect] = [.jsoncast, .jsonobject, .convertible, .nosce, .dson]
}

private func every(_ verdict: DialectVerdict) -> [Dialect: DialectVerdict] {
  Dictionary(uniqueKeysWithValues: Dialect.seedLibraries.map { ($0, verdict) })
}

/// Shorthand: one verdict per dialect, in the table's column order.
private func columns(
  _ jsoncast: DialectVerdict, _ jsonobject: DialectVerdict, _ convertible: DialectVerdict, _ nosce: DialectVerdict,
  _ dson: DialectVerdict
) -> [Dialect: DialectVerdict] {
  [.jsoncast: jsoncast, .jsonobject: jsonobject, .convertible: convertible, .nosce: nosce, .dson: dson]
}

extension ComparisonRow {
  static let mismatch = "warning type-mismatch /v"
  /// A null element or value dropped, before its path.
  static let nullDropped = "warning null-not-allowed "
  static let mismatchError = "error type-mismatch /v"
  static let coerced = "warning coerced /v"
  static let missing = "error missing-required /v"
  /// A required property whose value cannot be used: the value's own error is the cause, this the consequence.
  static let consequence = "note missing-required /v"
  static let nullError = "error null-not-allowed /v"
  static let outOfRange = "error out-of-range /v"
  static let nullDefault = "warning null-replaced-by-default /v"
  static let nullAbsent = "warning null-read-as-absent /v"

  /// The table, row by row.
  static let all: [ComparisonRow] = [
    // MARK: Absent keys and null
    ComparisonRow(
      situation: "key absent, non-optional, no default", body: "var v: Int", json: "{}",
      expected: columns(.bad(missing), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(.bad(missing), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "key absent, non-optional with default", body: "var v: Int = 5", json: "{}",
      expected: every(.ok(value: "default:5")), strict: every(.ok(value: "default:5"))),
    ComparisonRow(
      situation: "key absent, T?", body: "var v: Int?", json: "{}",
      expected: every(.ok(value: "nil")), strict: every(.ok(value: "nil"))),
    ComparisonRow(
      situation: "key absent, T!", body: "var v: Int!", json: "{}",
      expected: columns(.bad(missing), .bad(missing), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(.bad(missing), .bad(missing), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "null for T?", body: "var v: Int?", json: #"{"v": null}"#,
      expected: columns(.ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .bad(nullError)),
      strict: columns(.ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .bad(nullError))),
    ComparisonRow(
      situation: "null for T! (required in JSON Cast and JsonObject)", body: "var v: Int!", json: #"{"v": null}"#,
      expected: columns(.bad(missing), .bad(missing), .ok(value: "nil"), .ok(value: "nil"), .bad(nullError)),
      strict: columns(.bad(missing), .bad(missing), .ok(value: "nil"), .ok(value: "nil"), .bad(nullError))),
    ComparisonRow(
      situation: "null for non-optional, no default", body: "var v: Int", json: #"{"v": null}"#,
      expected: columns(
        .bad(missing), .ok(nullAbsent, value: "nil"), .ok(nullAbsent, value: "nil"), .ok(nullAbsent, value: "nil"),
        .bad(nullError)),
      strict: every(.bad(nullError))),
    ComparisonRow(
      situation: "null for non-optional with default", body: "var v: Int = 5", json: #"{"v": null}"#,
      expected: columns(
        .ok("warning null-replaced-by-default /v", value: "default:5"),
        .ok("warning null-replaced-by-default /v", value: "default:5"),
        .ok("warning null-replaced-by-default /v", value: "default:5"),
        .ok("warning null-replaced-by-default /v", value: "default:5"), .bad(nullError)),
      strict: every(.bad(nullError))),
    // Null is read as absent, and absent keeps the default, for an optional too (JC-07, JC-28,
    // JO-12, CV-26, NO-01); under --strict a null is an optional's own nil.
    ComparisonRow(
      situation: "null for T? with default", body: "var v: Int? = 5", json: #"{"v": null}"#,
      expected: columns(
        .ok(nullDefault, value: "default:5"), .ok(nullDefault, value: "default:5"), .ok(nullDefault, value: "default:5"),
        .ok(nullDefault, value: "default:5"), .bad(nullError)),
      strict: columns(.ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .bad(nullError))),
    ComparisonRow(
      situation: "null for T! with default", body: "var v: String! = \"x\"", json: #"{"v": null}"#,
      expected: columns(
        .ok(nullDefault, value: "default:\"x\""), .ok(nullDefault, value: "default:\"x\""),
        .ok(nullDefault, value: "default:\"x\""), .ok(nullDefault, value: "default:\"x\""), .bad(nullError)),
      strict: columns(.ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .bad(nullError))),
    ComparisonRow(
      situation: "null at every ?? alternative of T? with default (Classy's y)",
      body: #"var v: String? = "as" //! "Arg ?? v""#, json: #"{"Arg": null}"#,
      expected: columns(
        .ok("warning null-replaced-by-default /Arg", value: "default:\"as\""),
        .ok("warning null-replaced-by-default /Arg", value: "default:\"as\""),
        .ok("warning null-replaced-by-default /Arg", value: "default:\"as\""),
        .ok("warning null-replaced-by-default /Arg", value: "default:\"as\""), .bad("error null-not-allowed /Arg")),
      strict: columns(
        .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"), .bad("error null-not-allowed /Arg"))),
    // A null at an earlier `??` alternative is no value where null is; where the null rule
    // rejects it, it is rejected there, not passed over.
    ComparisonRow(
      situation: "null at an earlier ?? alternative", body: #"var v: Int //! "a ?? b""#, json: #"{"a": null, "b": 7}"#,
      expected: columns(
        .ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .bad("error null-not-allowed /a")),
      strict: every(.bad("error null-not-allowed /a"))),
    ComparisonRow(
      situation: "null at an earlier ?? alternative, T?", body: #"var v: Int? //! "a ?? b""#,
      json: #"{"a": null, "b": 7}"#,
      expected: columns(
        .ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .bad("error null-not-allowed /a")),
      strict: columns(
        .ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .bad("error null-not-allowed /a"))),
    // MARK: Present but not convertible
    ComparisonRow(
      situation: "unconvertible value, non-optional with default", body: "var v: Int = 5", json: #"{"v": {}}"#,
      expected: columns(
        .ok(mismatch, "warning default-substituted /v", value: "default:5"),
        .ok(mismatch, "warning default-substituted /v", value: "default:5"), .bad(mismatchError),
        .ok(mismatch, "warning default-substituted /v", value: "default:5"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "unconvertible value, non-optional without default", body: "var v: Int", json: #"{"v": {}}"#,
      expected: columns(
        .bad(mismatchError, consequence), .ok(mismatch, value: "nil"), .bad(mismatchError), .ok(mismatch, value: "nil"),
        .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // A value a key path cannot go into is the property's value, found where the path stopped.
    ComparisonRow(
      situation: "non-object at a key path's step", body: #"var v: Int? //! "a/b""#, json: #"{"a": 5}"#,
      expected: columns(
        .ok("warning type-mismatch /a", value: "nil"), .ok("warning type-mismatch /a", value: "nil"),
        .bad("error type-mismatch /a"), .ok("warning type-mismatch /a", value: "nil"), .bad("error type-mismatch /a")),
      strict: every(.bad("error type-mismatch /a"))),
    ComparisonRow(
      situation: "non-array at an index key's step, with default", body: #"var v: Int = 5 //! "a[1]""#,
      json: #"{"a": {"1": 2}}"#,
      expected: columns(
        .ok("warning type-mismatch /a", "warning default-substituted /a", value: "default:5"),
        .ok("warning type-mismatch /a", "warning default-substituted /a", value: "default:5"),
        .bad("error type-mismatch /a"),
        .ok("warning type-mismatch /a", "warning default-substituted /a", value: "default:5"),
        .bad("error type-mismatch /a")),
      strict: every(.bad("error type-mismatch /a"))),
    ComparisonRow(
      situation: "null at a key path's step, with default", body: #"var v: Int = 5 //! "a/b""#, json: #"{"a": null}"#,
      expected: columns(
        .ok("warning null-replaced-by-default /a", value: "default:5"),
        .ok("warning null-replaced-by-default /a", value: "default:5"),
        .ok("warning null-replaced-by-default /a", value: "default:5"),
        .ok("warning null-replaced-by-default /a", value: "default:5"), .bad("error null-not-allowed /a")),
      strict: every(.bad("error null-not-allowed /a"))),
    // MARK: Strings and numbers
    ComparisonRow(
      situation: #""42" → Int"#, body: "var v: Int?", json: #"{"v": "42"}"#,
      expected: columns(
        .ok(coerced, value: "42"), .ok(coerced, value: "42"), .ok(coerced, value: "42"), .ok(mismatch, value: "nil"),
        .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""12abc" → Int (lenient prefix)"#, body: "var v: Int?", json: #"{"v": "12abc"}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "12"), .ok(coerced, value: "12"), .ok(mismatch, value: "nil"),
        .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""abc" → Int (lenient: 0)"#, body: "var v: Int?", json: #"{"v": "abc"}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "0"), .ok(coerced, value: "0"), .ok(mismatch, value: "nil"),
        .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // A number too large for its type is out-of-range wherever a string is read as a number: not
    // the largest Int (NSInteger saturated), not a wrong Double.
    ComparisonRow(
      situation: #""99999999999999999999" → Int"#, body: "var v: Int?", json: #"{"v": "99999999999999999999"}"#,
      expected: columns(
        .bad(outOfRange), .bad(outOfRange), .bad(outOfRange), .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""1e400" → Double"#, body: "var v: Double?", json: #"{"v": "1e400"}"#,
      expected: columns(
        .bad(outOfRange), .bad(outOfRange), .bad(outOfRange), .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""4.0" → Int"#, body: "var v: Int?", json: #"{"v": "4.0"}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "4"), .ok(coerced, value: "4"), .ok(mismatch, value: "nil"),
        .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "42 → String", body: "var v: String?", json: #"{"v": 42}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: #""42""#), .ok(coerced, value: #""42""#),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // `integerValue` skips leading whitespace and stops at the first character that is no digit
    // (JO-10, CV-07): `" 42"` is 42, `"1e3"` is 1; Swift's `Int(_:)` takes neither (JC-21).
    ComparisonRow(
      situation: #"" 42" → Int (leading whitespace)"#, body: "var v: Int?", json: #"{"v": " 42"}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "42"), .ok(coerced, value: "42"), .ok(mismatch, value: "nil"),
        .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""1e3" → Int (the leading digits)"#, body: "var v: Int?", json: #"{"v": "1e3"}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "1"), .ok(coerced, value: "1"), .ok(mismatch, value: "nil"),
        .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // The string is the number's literal text, not what one platform's `stringValue` writes of
    // its value (`1000` on Darwin, `1000.0` on Linux): decisions.md.
    ComparisonRow(
      situation: "1e3 → String (the literal's text)", body: "var v: String?", json: #"{"v": 1e3}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: #""1e3""#), .ok(coerced, value: #""1e3""#),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "true → String", body: "var v: String?", json: #"{"v": true}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: #""1""#), .ok(coerced, value: #""1""#),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // MARK: Booleans
    ComparisonRow(
      situation: #""true" → Bool"#, body: "var v: Bool?", json: #"{"v": "true"}"#,
      expected: columns(
        .ok(coerced, value: "true"), .ok(coerced, value: "true"), .ok(coerced, value: "true"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""yes" → Bool"#, body: "var v: Bool?", json: #"{"v": "yes"}"#,
      expected: columns(
        .ok(coerced, value: "true"), .ok(coerced, value: "true"), .ok(coerced, value: "true"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""on" → Bool"#, body: "var v: Bool?", json: #"{"v": "on"}"#,
      expected: columns(
        .ok(coerced, value: "true"), .ok(coerced, value: "false"), .ok(coerced, value: "false"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: #""banana" → Bool"#, body: "var v: Bool?", json: #"{"v": "banana"}"#,
      expected: columns(
        .ok(coerced, value: "false"), .ok(coerced, value: "false"), .ok(coerced, value: "false"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // `boolValue` skips leading zeros before its first character (JO-11, CV-08); JSON Cast's
    // words have no "007" (JC-22), so it is false.
    ComparisonRow(
      situation: #""007" → Bool (leading zeros skipped)"#, body: "var v: Bool?", json: #"{"v": "007"}"#,
      expected: columns(
        .ok(coerced, value: "false"), .ok(coerced, value: "true"), .ok(coerced, value: "true"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "1 → Bool", body: "var v: Bool?", json: #"{"v": 1}"#,
      expected: every(.ok(coerced, value: "true")), strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "2 → Bool (0 / 1 only, or non-zero)", body: "var v: Bool?", json: #"{"v": 2}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "true"), .ok(coerced, value: "true"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // The number's value decides, not its text: 1.0 is the number 1 (JC-22, DS-01).
    ComparisonRow(
      situation: "1.0 → Bool", body: "var v: Bool?", json: #"{"v": 1.0}"#,
      expected: every(.ok(coerced, value: "true")), strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "0.0e5 → Bool", body: "var v: Bool?", json: #"{"v": 0.0e5}"#,
      expected: every(.ok(coerced, value: "false")), strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "100e-2 → Bool with default", body: "var v: Bool = false", json: #"{"v": 100e-2}"#,
      expected: every(.ok(coerced, value: "true")), strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "1.0000000000000000001 → Bool (not 1, though a Double rounds it to 1)", body: "var v: Bool?",
      json: #"{"v": 1.0000000000000000001}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "true"), .ok(coerced, value: "true"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "1e-400 → Bool (not 0, though a Double rounds it to 0)", body: "var v: Bool?", json: #"{"v": 1e-400}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: "true"), .ok(coerced, value: "true"),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // MARK: Fractions
    ComparisonRow(
      situation: "3.7 → Int", body: "var v: Int?", json: #"{"v": 3.7}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok("warning fraction-truncated /v", value: "3"),
        .ok("warning fraction-truncated /v", value: "3"), .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "-3.9 → Int (truncated toward zero)", body: "var v: Int?", json: #"{"v": -3.9}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok("warning fraction-truncated /v", value: "-3"),
        .ok("warning fraction-truncated /v", value: "-3"), .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    ComparisonRow(
      situation: "3.0 → Int (exactly representable)", body: "var v: Int?", json: #"{"v": 3.0}"#,
      expected: every(.ok(value: "3")), strict: every(.ok(value: "3"))),
    // MARK: Collections and enums
    ComparisonRow(
      situation: "bad array element", body: "var v: [Int]?", json: #"{"v": [1, {}, 3]}"#,
      expected: columns(
        .ok("warning type-mismatch /v/1", "warning element-dropped /v/1", value: "[1,3]"),
        .ok("warning type-mismatch /v/1", "warning element-dropped /v/1", value: "[1,3]"),
        .bad("error type-mismatch /v/1"),
        .ok("warning type-mismatch /v/1", "warning element-dropped /v/1", value: "[1,3]"),
        .bad("error type-mismatch /v/1")),
      strict: every(.bad("error type-mismatch /v/1"))),
    // DSON converts each element with `as?` to `Int?`, which a null fails (DS-01, DS-02): its
    // `null` is an error (§3) inside a collection too, an optional element's as any other.
    // JsonObject's mappers return nil for a null and its collections drop what they return nil
    // for (JO-12–14); Nosce's arrays skip what fails `as?` (NO-06): dropped, an optional's too.
    ComparisonRow(
      situation: "null element of [Int?]", body: "var v: [Int?]?", json: #"{"v": [1, null]}"#,
      expected: columns(
        .ok(value: "[1,null]"), .ok(nullDropped + "/v/1", "warning element-dropped /v/1", value: "[1]"),
        .ok(value: "[1,null]"), .ok(nullDropped + "/v/1", "warning element-dropped /v/1", value: "[1]"),
        .bad("error null-not-allowed /v/1")),
      strict: columns(
        .ok(value: "[1,null]"), .ok(value: "[1,null]"), .ok(value: "[1,null]"), .ok(value: "[1,null]"),
        .bad("error null-not-allowed /v/1"))),
    ComparisonRow(
      situation: "null value of [String: Int?]", body: "var v: [String: Int?]?", json: #"{"v": {"k": null}}"#,
      expected: columns(
        .ok(value: #"{"k":null}"#), .ok(nullDropped + "/v/k", "warning element-dropped /v/k", value: "{}"),
        .ok(value: #"{"k":null}"#), .ok(nullDropped + "/v/k", "warning element-dropped /v/k", value: "{}"),
        .bad("error null-not-allowed /v/k")),
      strict: columns(
        .ok(value: #"{"k":null}"#), .ok(value: #"{"k":null}"#), .ok(value: #"{"k":null}"#), .ok(value: #"{"k":null}"#),
        .bad("error null-not-allowed /v/k"))),
    ComparisonRow(
      situation: "unknown enum raw value", body: "var v: E?", json: #"{"v": "c"}"#,
      enums: "enum E: String { case a, b }",
      expected: columns(
        .ok("warning unknown-enum-value /v", value: "nil"), .ok("warning unknown-enum-value /v", value: "nil"),
        .bad("error unknown-enum-value /v"), .ok("warning unknown-enum-value /v", value: "nil"),
        .bad("error unknown-enum-value /v")),
      strict: every(.bad("error unknown-enum-value /v"))),
    ComparisonRow(
      situation: "fraction → Int enum (raw value converted as Int: truncated where Int is)", body: "var v: L?",
      json: #"{"v": 5.7}"#, enums: "enum L: Int { case low, mid = 5, high }",
      expected: columns(
        .ok("warning unknown-enum-value /v", value: "nil"), .ok("warning fraction-truncated /v", value: "5"),
        .ok("warning fraction-truncated /v", value: "5"), .ok("warning unknown-enum-value /v", value: "nil"),
        .bad("error unknown-enum-value /v")),
      strict: every(.bad("error unknown-enum-value /v"))),
    // MARK: Dates and URLs (shared decisions, semantics §4)
    ComparisonRow(
      situation: "Date, ISO-8601 with offset", body: "var v: Date?", json: #"{"v": "2024-03-01T09:30:00+01:00"}"#,
      expected: every(.ok(value: #""2024-03-01T08:30:00Z""#)), strict: every(.ok(value: #""2024-03-01T08:30:00Z""#))),
    ComparisonRow(
      situation: "Date, epoch seconds", body: "var v: Date?", json: #"{"v": 1709285400}"#,
      expected: every(.ok(value: #""2024-03-01T09:30:00Z""#)), strict: every(.ok(value: #""2024-03-01T09:30:00Z""#))),
    ComparisonRow(
      situation: "Date, not a date", body: "var v: Date?", json: #"{"v": "yesterday"}"#,
      expected: columns(
        .ok("warning invalid-format /v", value: "nil"), .ok("warning invalid-format /v", value: "nil"),
        .bad("error invalid-format /v"), .ok("warning invalid-format /v", value: "nil"),
        .bad("error invalid-format /v")),
      strict: every(.bad("error invalid-format /v"))),
    ComparisonRow(
      situation: "URL", body: "var v: URL?", json: #"{"v": "http://houzz.com/a?b=1"}"#,
      expected: every(.ok(value: #""http://houzz.com/a?b=1""#)), strict: every(.ok(value: #""http://houzz.com/a?b=1""#))
    ),
    ComparisonRow(
      situation: "URL with a space", body: "var v: URL?", json: #"{"v": "not a url"}"#,
      expected: columns(
        .ok("warning invalid-format /v", value: "nil"), .ok("warning invalid-format /v", value: "nil"),
        .bad("error invalid-format /v"), .ok("warning invalid-format /v", value: "nil"),
        .bad("error invalid-format /v")),
      strict: every(.bad("error invalid-format /v"))),
    ComparisonRow(
      situation: "number → URL", body: "var v: URL?", json: #"{"v": 42}"#,
      expected: columns(
        .ok(mismatch, value: "nil"), .ok(coerced, value: #""42""#), .ok(coerced, value: #""42""#),
        .ok(mismatch, value: "nil"), .bad(mismatchError)),
      strict: every(.bad(mismatchError))),
    // MARK: snake_case
    ComparisonRow(
      situation: "snake_case key", body: "var userName: String?", json: #"{"user_name": "ada"}"#, property: "userName",
      snake: true,
      expected: columns(
        .ok(value: #""ada""#), .ok(value: #""ada""#), .ok(value: #""ada""#), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(
        .ok(value: #""ada""#), .ok(value: #""ada""#), .ok(value: #""ada""#), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "JsonObject's snake_case drops empty parts: member__id", body: "var memberId: Int?",
      json: #"{"member__id": 7}"#, property: "memberId", snake: true,
      expected: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "JsonObject's snake_case drops empty parts: _member_id", body: "var memberId: Int?",
      json: #"{"_member_id": 7}"#, property: "memberId", snake: true,
      expected: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "JsonObject's snake_case drops empty parts: member_id_", body: "var memberId: Int?",
      json: #"{"member_id_": 7}"#, property: "memberId", snake: true,
      expected: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "JsonObject's snake_case drops empty parts: __member___id__", body: "var memberId: Int?",
      json: #"{"__member___id__": 7}"#, property: "memberId", snake: true,
      expected: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(.ok(value: "nil"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "snake_case model, exact property name as key", body: "var userName: String?",
      json: #"{"userName": "ada"}"#, property: "userName", snake: true,
      expected: columns(
        .ok(value: "nil"), .ok(value: #""ada""#), .ok(value: "nil"), .ok(value: #""ada""#), .ok(value: #""ada""#)),
      strict: columns(
        .ok(value: "nil"), .ok(value: #""ada""#), .ok(value: "nil"), .ok(value: #""ada""#), .ok(value: #""ada""#))),
    // An acronym's two spellings, the key written (`user_id`, §4) and the name JsonObject maps
    // (`userID`, JO-05), are one key, repeated: "If two JSON keys map to the same property […]
    // the one iterated last wins" (JO-02), as `member_id` beside `memberId`; not `??`
    // alternatives, where the first would win.
    ComparisonRow(
      situation: "snake_case acronym, written key", body: "var userID: Int?", json: #"{"user_id": 7}"#,
      property: "userID", snake: true,
      expected: columns(.ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil")),
      strict: columns(.ok(value: "7"), .ok(value: "7"), .ok(value: "7"), .ok(value: "nil"), .ok(value: "nil"))),
    ComparisonRow(
      situation: "snake_case acronym, both spellings: the later wins", body: "var userID: Int?",
      json: #"{"user_id": 5, "userID": 6}"#, property: "userID", snake: true,
      expected: columns(
        .ok(value: "5"), .ok("warning duplicate-key /userID", value: "6"), .ok(value: "5"), .ok(value: "6"),
        .ok(value: "6")),
      strict: columns(
        .ok(value: "5"), .bad("error duplicate-key /userID"), .ok(value: "5"), .ok(value: "6"), .ok(value: "6"))),
    ComparisonRow(
      situation: "snake_case acronym, both spellings, written key last", body: "var userID: Int?",
      json: #"{"userID": 6, "user_id": 5}"#, property: "userID", snake: true,
      expected: columns(
        .ok(value: "5"), .ok("warning duplicate-key /user_id", value: "5"), .ok(value: "5"), .ok(value: "6"),
        .ok(value: "6")),
      strict: columns(
        .ok(value: "5"), .bad("error duplicate-key /user_id"), .ok(value: "5"), .ok(value: "6"), .ok(value: "6"))),
  ]
}

/// Every dialect against every row of the comparison table.
@Suite("Dialect comparison (semantics §3)")
struct DialectComparisonTests {
  private func check(
    _ row: ComparisonRow, _ dialect: Dialect, strict: Bool, schema: String, registryOptions: RegistryOptions,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let verdict = try #require((strict ? row.strict : row.expected)[dialect], sourceLocation: sourceLocation)
    let run = try EngineProbe.run(
      schema: schema, row.json, registryOptions: registryOptions, options: ValidationOptions(strict: strict))
    #expect(run.registry.models["M"]?.dialect == dialect, sourceLocation: sourceLocation)
    #expect(run.isValid == verdict.isValid, "\(run.findings)", sourceLocation: sourceLocation)
    #expect(run.findings == verdict.findings, sourceLocation: sourceLocation)
    #expect(run.summary.invalidRecords == (verdict.isValid ? 0 : 1), sourceLocation: sourceLocation)
    if let value = verdict.value {
      #expect(run.value(row.property) == value, sourceLocation: sourceLocation)
    }
  }

  @Test("each dialect's verdict, findings and value for each row", arguments: ComparisonRow.all, Dialect.seedLibraries)
  func dialectDecidesRow(_ row: ComparisonRow, _ dialect: Dialect) throws {
    try check(row, dialect, strict: false, schema: row.schema(dialect), registryOptions: RegistryOptions())
  }

  @Test(
    "--strict: no coercion, null only for optionals, warnings are errors", arguments: ComparisonRow.all,
    Dialect.seedLibraries)
  func strictDecidesRow(_ row: ComparisonRow, _ dialect: Dialect) throws {
    try check(row, dialect, strict: true, schema: row.schema(dialect), registryOptions: RegistryOptions())
  }

  @Test(
    "--dialect on an undeclared model gives the declared dialect's verdicts",
    arguments: ComparisonRow.all.filter { !$0.snake }, Dialect.seedLibraries)
  func dialectOverrideDecidesRow(_ row: ComparisonRow, _ dialect: Dialect) throws {
    try check(
      row, dialect, strict: false, schema: row.neutralSchema, registryOptions: RegistryOptions(dialect: dialect))
  }

  @Test("--strict never accepts a document its dialect rejects", arguments: ComparisonRow.all, Dialect.seedLibraries)
  func strictIsNeverLooser(_ row: ComparisonRow, _ dialect: Dialect) throws {
    let lenient = try EngineProbe.run(schema: row.schema(dialect), row.json)
    let strict = try EngineProbe.run(schema: row.schema(dialect), row.json, options: ValidationOptions(strict: true))
    #expect(lenient.isValid || !strict.isValid)
    #expect(strict.records.allSatisfy { $0.findings.allSatisfy { $0.severity != .warning } })
  }

  @Test("Convertible: requiredKeys makes a key required, and null counts as absent")
  func convertibleRequiredKeys() throws {
    let schema = """
      class M: Convertible, RequiredKeys {
        var v: Int?
        var w: Int?
        var requiredKeys = ["v"]
      }
      """
    for (json, valid, findings) in [
      ("{}", false, ["error missing-required /v"]), (#"{"v": null}"#, false, ["error missing-required /v"]),
      (#"{"v": 1}"#, true, []),
    ] {
      let run = try EngineProbe.run(schema: schema, json)
      #expect(run.isValid == valid, "\(json)")
      #expect(run.findings == Set(findings), "\(json)")
    }
  }

  @Test("Convertible: optionalKeys makes every other key required")
  func convertibleOptionalKeys() throws {
    let schema = """
      class M: Convertible, OptionalKeys {
        var v: Int?
        var w: Int?
        var optionalKeys = ["w"]
      }
      """
    let missing = try EngineProbe.run(schema: schema, "{}")
    #expect(!missing.isValid)
    #expect(missing.findings == ["error missing-required /v"])
    #expect(try EngineProbe.run(schema: schema, #"{"v": 2}"#).isValid)
  }

  @Test("DSON: a missing key does not stop the reading of the keys after it")
  func dsonReadsPastMissingKey() throws {
    let run = try EngineProbe.run(
      schema: "class M: Class {\n var a: Int?\n var b: Int?\n var c: String?\n}", #"{"b": 2, "c": "x"}"#)
    #expect(run.isValid)
    #expect(run.value("a") == "nil")
    #expect(run.value("b") == "2")
    #expect(run.value("c") == #""x""#)
  }

  @Test("a subclass takes its superclass's dialect", arguments: Dialect.seedLibraries)
  func subclassInheritsDialect(_ dialect: Dialect) throws {
    let row = ComparisonRow.all[0]
    let schema = row.schema(dialect).replacing("class M:", with: "class Base:") + "class M: Base {}\n"
    let registry = EngineProbe.registry(schema)
    #expect(registry.models["M"]?.dialect == dialect)
  }
}
