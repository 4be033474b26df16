import CastSchema

/// What each finding code means, explained, with an example castctl runs to show it: the one
/// source of `castctl explain`, of the README's table of codes (a test checks it), and of the rules
/// in SARIF output.
public struct FindingExplanation: Sendable {
  /// An input that gives the finding: a model, one JSON document and the flags of `castctl validate`.
  public struct Example: Sendable {
    /// The `.cast` text; its last model is the target.
    public let model: String
    /// The data.
    public let data: String
    /// The `castctl validate` flags the example needs (`--strict`, `--unknown warn`, `-n`, …).
    public let arguments: [String]
  }

  /// The code.
  public let code: FindingCode
  /// One line, in Markdown, as the README's table has it.
  public let meaning: String
  /// Why castctl reports it and what the model's init would do.
  public let detail: String
  /// An input that gives the finding.
  public let example: Example
}

extension FindingCode {
  /// The code's entry in the catalogue, naming options as castctl's flags (`--strict`): the text of
  /// `castctl explain` and of the README's table. A program names them as the library does with
  /// ``explanation(naming:)``.
  public var explanation: FindingExplanation { explanation(naming: .commandLine) }

  /// The code's entry in the catalogue, naming the options its texts mention as `reader` sets them:
  /// `ValidationOptions.strict` for a program where castctl says `--strict` (``OptionSpelling``).
  /// The example's `arguments` stay `castctl validate`'s flags, which its run takes.
  public func explanation(naming reader: OptionSpelling) -> FindingExplanation {
    let strict = OptionName.strict.spelled(reader)
    let unknown = OptionName.unknownKeys.spelled(reader)
    let (warn, error) = (OptionName.unknownKeys.spelled(reader, value: reader == .library ? ".warn" : "warn"),
      OptionName.unknownKeys.spelled(reader, value: reader == .library ? ".error" : "error"))
    let warnOrError = OptionName.unknownKeys.spelled(reader, value: reader == .library ? ".warn|.error" : "warn|error")
    let maxErrors = OptionName.maxErrors.spelled(reader)
    let maxErrorsN = OptionName.maxErrors.spelled(reader, value: "N")
    let maxRecordFindings = OptionName.maxRecordFindings.spelled(reader)
    return switch self {
    case .missingRequired:
      FindingExplanation(
        code: self,
        meaning: #"a required key is absent, or its value could not be used"#,
        detail: #"A property that is neither optional nor defaulted must be in every record; the model's init would fail without it. When the key is there but its value cannot be used, the finding is a note beside the error that says why (the root cause)."#,
        example: .init(
          model: #"""
            struct User {
                let id: Int
                let name: String
            }
            """#,
          data: #"{"id": 1}"#, arguments: []))
    case .nullNotAllowed:
      FindingExplanation(
        code: self,
        meaning: #"null where the dialect or `\#(strict)` does not accept it"#,
        detail: #"JSON `null` is a value only an optional can hold; a lenient dialect drops a null element (a warning), and under `\#(strict)` it is an error wherever the declared type is not optional."#,
        example: .init(
          model: #"""
            struct Batch {
                let ids: [Int]
            }
            """#,
          data: #"{"ids": [1, null]}"#, arguments: ["--strict"]))
    case .nullReplacedByDefault:
      FindingExplanation(
        code: self,
        meaning: #"null read as absent, so the property keeps its default (an optional's too: `String? = "as"` stays `"as"`; under `\#(strict)` a null is an optional's nil)"#,
        detail: #"Most old dialects read `null` as if the key were absent, so a property with a default keeps it. `\#(strict)` reads it as `JSONDecoder` would: an error unless the property is optional."#,
        example: .init(
          model: #"""
            struct Profile {
                var name: String = "anonymous"
            }
            """#,
          data: #"{"name": null}"#, arguments: []))
    case .nullReadAsAbsent:
      FindingExplanation(
        code: self,
        meaning: #"null read as absent for a non-optional property with no default that is not required (JsonObject, Convertible, Nosce): it is left nil"#,
        detail: #"JsonObject, Convertible and Nosce read `null` as absent. A non-optional property with no default that is not required is then left nil, which Swift code reading it would trap on."#,
        example: .init(
          model: #"""
            class Profile: JsonObject {
                var name: String
            }
            """#,
          data: #"{"name": null}"#, arguments: []))
    case .typeMismatch:
      FindingExplanation(
        code: self,
        meaning: #"the JSON type cannot become the declared type, or a key path meets a value it cannot go into (not an object before a key, not an array before an index); in Nosce, a record that is not an object (a warning: it is read as `{}`, every default kept)"#,
        detail: #"The value's JSON type cannot become the declared Swift type in this dialect (an array for an `Int`, a fraction for an integer where the dialect does not truncate). A lenient dialect may drop the value and report a warning; a required property's value cannot be dropped."#,
        example: .init(
          model: #"""
            struct Item {
                let id: Int
            }
            """#,
          data: #"{"id": [1]}"#, arguments: []))
    case .defaultSubstituted:
      FindingExplanation(
        code: self,
        meaning: #"a bad value was replaced by the property's default"#,
        detail: #"Lenient dialects (JsonObject, Nosce) keep a property's default when its value cannot be converted, where a stricter one would reject the record."#,
        example: .init(
          model: #"""
            class Counter: JsonObject {
                var count: Int = 5
            }
            """#,
          data: #"{"count": [1]}"#, arguments: []))
    case .coerced:
      FindingExplanation(
        code: self,
        meaning: #"a value was converted between JSON types (`"42"` → 42, 1 → true)"#,
        detail: #"The dialect converted a value between JSON types, as its library did: a numeric string read as a number, 1 as `true`. `\#(strict)` makes every coercion an error."#,
        example: .init(
          model: #"""
            struct Item {
                let id: Int
            }
            """#,
          data: #"{"id": "42"}"#, arguments: []))
    case .fractionTruncated:
      FindingExplanation(
        code: self,
        meaning: #"a fractional number was truncated to an integer"#,
        detail: #"JsonObject and Convertible read a fractional number into an integer property by dropping the fraction, as `NSNumber.intValue` does; the value changes silently in the app."#,
        example: .init(
          model: #"""
            class Reading: JsonObject {
                var level: Int = 0
            }
            """#,
          data: #"{"level": 4.5}"#, arguments: []))
    case .outOfRange:
      FindingExplanation(
        code: self,
        meaning: #"a number does not fit the declared type (the message names its limits; `Decimal` has Foundation's range, ±3.40282366920938463463374607431768211455e165 and non-zero from 1e-128, keeping every digit written; a Codable `Decimal` is what `Decimal(string:)` reads, whose exponent as written must stay within -128...127, and a Codable `Float` or `Double` refuses a non-zero number that rounds to zero), or a date lies outside the years 0000–9999"#,
        detail: #"The number is outside what the declared type holds (`Int8` is -128...127, a `Float` overflows past 3.4e38). It stays an error in every dialect, even where the value would otherwise be dropped."#,
        example: .init(
          model: #"""
            struct Sensor {
                let level: Int8
            }
            """#,
          data: #"{"level": 300}"#, arguments: []))
    case .unknownEnumValue:
      FindingExplanation(
        code: self,
        meaning: #"a value matches no case of the enum (with "did you mean")"#,
        detail: #"A raw-value enum accepts only its cases' raw values, compared exactly; the message suggests the nearest case."#,
        example: .init(
          model: #"""
            enum Role: String {
                case admin, viewer
            }
            
            struct Member {
                let role: Role
            }
            """#,
          data: #"{"role": "admn"}"#, arguments: []))
    case .invalidFormat:
      FindingExplanation(
        code: self,
        meaning: #"a string is not a valid date, URL, UUID, base64 data or character"#,
        detail: #"`Date`, `URL`, `UUID`, `Data` and `Character` are read from strings in a format; this string is not one (`//! date` chooses the date format)."#,
        example: .init(
          model: #"""
            struct Event {
                let created: Date
            }
            """#,
          data: #"{"created": "yesterday"}"#, arguments: []))
    case .elementDropped:
      FindingExplanation(
        code: self,
        meaning: #"an array element or dictionary entry could not be converted and is dropped"#,
        detail: #"Lenient dialects build an array or dictionary from the elements that convert and drop the rest, so the app sees fewer elements than the data holds; the finding before it says why."#,
        example: .init(
          model: #"""
            struct Batch {
                let ids: [Int]
            }
            """#,
          data: #"{"ids": [1, "x", 3]}"#, arguments: []))
    case .duplicateElement:
      FindingExplanation(
        code: self,
        meaning: #"a `Set` received the same element twice (numbers by value: `-0` and `0` in a `Set<Int>`, `1` and `1.0` in a `Set<Double>`; dates by instant, as `Date` compares them: `"1970-01-01T01:00:00+01:00"` and `0`)"#,
        detail: #"A `Set` holds each element once: the data's repetition is collapsed, so encoding it back writes fewer elements. Elements are compared as Swift compares them: numbers by their value in the element type, strings by canonical equivalence, dates by the instant they name."#,
        example: .init(
          model: #"""
            struct Post {
                let tags: Set<String>
            }
            """#,
          data: #"{"tags": ["a", "a"]}"#, arguments: []))
    case .unknownKey:
      FindingExplanation(
        code: self,
        meaning: #"a key the model does not declare (with `\#(warnOrError)`, and "did you mean")"#,
        detail: #"The record has a key no property reads; it is ignored by default (the model's init ignores it too), a warning with `\#(warn)`, an error with `\#(error)`. The message names a near-miss property key."#,
        example: .init(
          model: #"""
            struct Item {
                let id: Int
            }
            """#,
          data: #"{"id": 1, "idd": 2}"#, arguments: ["--unknown", "warn"]))
    case .ignoredKey:
      FindingExplanation(
        code: self,
        meaning: #"the key of an `//! ignore` / `ignore json` / `ignoredKeys` property, or of a Codable `let` with an initial value, is in the data; its value is not read (note, under every `\#(unknown)`)"#,
        detail: #"The model declares the property but tells the dialect not to read it (`//! ignore`); the data has a value for it anyway, and it is not read. A Codable `let` with an initial value is never decoded either (the synthesized `init(from:)` cannot assign it), though `JSONEncoder` writes its initial value."#,
        example: .init(
          model: #"""
            struct Item {
                let id: Int
                var cache: String = "" //! ignore
            }
            """#,
          data: #"{"id": 1, "cache": "x"}"#, arguments: []))
    case .duplicateKey:
      FindingExplanation(
        code: self,
        meaning: #"the same key twice in one object (or two keys of an `[Int: T]` equal as numbers, `"1"` and `"01"`, or a repeated key in a Codable dictionary's key-value pairs); the last value wins, but of two equal keys of an object the codable dialect reads the first, as JSONDecoder does"#,
        detail: #"JSON leaves duplicate keys to the reader; `JSONSerialization` and the old libraries keep the last value, so the first is lost."#,
        example: .init(
          model: #"""
            struct Item {
                let id: Int
            }
            """#,
          data: #"{"id": 1, "id": 2}"#, arguments: []))
    case .alternativeSkipped:
      FindingExplanation(
        code: self,
        meaning: #"a `??` alternative was present but not convertible; the next one was tried"#,
        detail: #"A key written `//! "a ?? b"` is read from the first alternative that is present and converts; this one was present but did not convert."#,
        example: .init(
          model: #"""
            struct Point {
                let y: Int? //! "a ?? b"
            }
            """#,
          data: #"{"a": "x", "b": 2}"#, arguments: []))
    case .superObjectMissing:
      FindingExplanation(
        code: self,
        meaning: #"the object named by `//! super` is absent or not an object"#,
        detail: #"With `//! super "key"`, a subclass reads its superclass's properties from the object at that key; the record has no such object."#,
        example: .init(
          model: #"""
            class Base: DictionaryConvertible {
                var name: String = ""
            }
            
            class Derived: Base {
                var n: Int = 0
                //! super "base"
            }
            """#,
          data: #"{"n": 1}"#, arguments: []))
    case .customUnchecked:
      FindingExplanation(
        code: self,
        meaning: #"a `//! custom` property's value was passed through unchecked (note)"#,
        detail: #"A `//! custom` property is converted by hand-written code castctl cannot run, so its value is passed through as it is."#,
        example: .init(
          model: #"""
            struct Record {
                let raw: String //! custom
            }
            """#,
          data: #"{"raw": {"any": 1}}"#, arguments: []))
    case .emptyStringAbsent:
      FindingExplanation(
        code: self,
        meaning: #"`-n`: an empty string was read as absent (note)"#,
        detail: #"With `-n` (the cast script's `-nullempty`), an empty string counts as absent for `String` properties."#,
        example: .init(
          model: #"""
            struct Profile {
                var nick: String?
            }
            """#,
          data: #"{"nick": ""}"#, arguments: ["-n"]))
    case .checkFailed:
      FindingExplanation(
        code: self,
        meaning: #"a declarative check (range, length, count, pattern) failed; an integer or `Decimal` is compared with the bounds digit for digit, exactly (a `Double` as the double it holds, a `Float` as the float)"#,
        detail: #"A `//!` check (`range`, `min`, `max`, `length`, `count`, `pattern`) rejected the value; the model would accept it, but its author said it must not."#,
        example: .init(
          model: #"""
            struct Person {
                let age: Int //! range 0...150
            }
            """#,
          data: #"{"age": 200}"#, arguments: []))
    case .tooManyErrors:
      FindingExplanation(
        code: self,
        meaning: #"`\#(maxErrors)` was reached, or a record has more findings than `\#(maxRecordFindings)` (1000 unless set); later findings are counted, not reported (note)"#,
        detail: #"`\#(maxErrorsN)` stops reporting after N errors, so a file with many bad records prints a bounded report. One record reports at most `\#(maxRecordFindings)` findings (1000 unless set; 0: no limit), so a record with a million bad elements takes the memory of a thousand findings, not of a million. Either way the summary still counts every finding, and the verdict is the one every finding gives."#,
        example: .init(
          model: #"""
            struct Pair {
                let a: Int
                let b: Int
            }
            """#,
          data: #"{"a": "x", "b": "y"}"#, arguments: ["--strict", "--max-errors", "1"]))
    case .decodingError:
      FindingExplanation(
        code: self,
        meaning: #"the `DecodingError` `JSONDecoder` throws for the error before it, with its coding path (note; `codable` dialect)"#,
        detail: #"`JSONDecoder` stops at its first error and names it by a `DecodingError` case and a coding path (`typeMismatch(Int, codingPath: tags[1])`), without a line or a column. castctl reports every error, and beside each one the error the decoder would throw for it, so a logged error can be matched to the data. The decoder decodes properties in declaration order, so the error it throws is the first in that order, not always the first in the file: its note says so. A number an integer type cannot hold exactly fails in the decoder's parser, which reports it as `dataCorrupted` at the top: "The given data was not valid JSON.""#,
        example: .init(
          model: #"""
            struct Post: Codable {
                let id: Int
                let tags: [String]
            }
            """#,
          data: #"{"id": 1.5, "tags": ["a", 2]}"#, arguments: []))
    }
  }
}

extension FindingExplanation.Example {
  /// The example's flags as engine options: `--strict`, `--unknown R`, `--max-errors N`,
  /// `--max-record-findings N`.
  public var validationOptions: ValidationOptions {
    var options = ValidationOptions()
    for (index, argument) in arguments.enumerated() {
      let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : ""
      switch argument {
      case "--strict": options.strict = true
      case "--unknown": options.unknownKeys = UnknownKeyRule(rawValue: next) ?? .ignore
      case "--max-errors": options.maxErrors = Int(next) ?? 0
      case "--max-record-findings": options.maxRecordFindings = Int(next) ?? 0
      default: break
      }
    }
    return options
  }

  /// The example's generator flags: `-n`.
  public var registryOptions: RegistryOptions {
    RegistryOptions(emptyStringIsAbsent: arguments.contains("-n"))
  }

  /// The model the example validates against: the last one it declares.
  public var modelName: String? {
    model.split(separator: "\n").last { $0.hasPrefix("struct ") || $0.hasPrefix("class ") }
      .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" }).dropFirst().first }
      .map(String.init)
  }
}
