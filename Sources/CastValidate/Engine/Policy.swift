import CastSchema

/// How one dialect treats a document: the data the one engine reads (semantics §3).
/// A dialect is a preset of these; `--strict` is a preset too.
package struct Policy: Sendable, Hashable {
  /// What a JSON `null` means.
  package enum NullRule: Sendable, Hashable {
    /// Like an absent key.
    case asAbsent
    /// Allowed only for optional properties (`T?`, `T!`); an error otherwise.
    case onlyForOptionals
    /// Always an error (DSON).
    case error
  }

  /// What a present value that cannot be converted means.
  package enum UnconvertibleRule: Sendable, Hashable {
    /// Treated as absent, with a warning; the next `??` alternative is tried (JSON Cast).
    case asAbsent
    /// The default (or nil) is kept, with a warning (JsonObject, Nosce).
    case keepDefault
    /// The init fails (Convertible, DSON, strict).
    case error
  }

  /// How a JSON string becomes a number.
  package enum StringToNumber: Sendable, Hashable {
    /// Not at all.
    case never
    /// Swift's `Int("42")` / `Double("1e3")`: the whole string must be the number.
    case exact
    /// `NSString.integerValue`: leading number, junk ignored, `"abc"` → 0.
    case leadingPrefix
  }

  /// How a JSON string becomes a Bool.
  package enum StringToBool: Sendable, Hashable {
    /// Not at all.
    case never
    /// JSON Cast's set (`true yes 1 on` in three casings) → true, any other string → false.
    case castWords
    /// Foundation's `NSString.boolValue` (`FoundationBool`): after white space, `y Y t T`, or an
    /// optional sign and leading zeros before a digit 1–9 → true.
    case foundation
  }

  /// What a nil property becomes on output.
  package enum NilOutput: Sendable, Hashable {
    /// The key is left out.
    case omit
    /// `null` is written.
    case null
    /// `null`, and a nil nested model is written as `{}` (Nosce's `safe(x)`).
    case nullNestedEmptyObject
  }

  package var null: NullRule
  package var unconvertible: UnconvertibleRule
  package var stringToNumber: StringToNumber
  /// Numbers (and booleans, as `"1"`/`"0"`) convert to strings.
  package var numberToString: Bool
  package var stringToBool: StringToBool
  /// How a JSON number becomes a Bool.
  package enum NumberToBool: Sendable, Hashable {
    /// Not at all.
    case never
    /// `0` and `1` only (Swift 4 bridging).
    case zeroOrOne
    /// Any non-zero number is true.
    case nonZero
  }

  package var numberToBool: NumberToBool
  /// JSON booleans convert to numbers (1 / 0), as Foundation's NSNumber did.
  package var boolToNumber: Bool
  /// `3.7` → `3` for integer types, with a warning.
  package var truncateFractions: Bool
  /// A bad array element or dictionary value is dropped (with a warning) rather than failing.
  package var dropBadElements: Bool
  /// A `null` element or dictionary value is dropped (with a warning) even where the element
  /// type is optional (`[Int?]`, `[String: Int?]`): JsonObject's mappers return nil for `Null`
  /// and its collections drop every element or entry a mapper returns nil for (JO-12–14);
  /// Nosce's arrays skip every element that fails `as?`, a null included (NO-06). Elsewhere the
  /// null is the optional element's nil.
  package var dropsNullElements = false
  package var nilOutput: NilOutput
  /// A record that is not an object (a number, a string, `null`) is read as an empty object, with
  /// a warning: Nosce's `init(jsonString:)` does so and fills the defaults (NO-04).
  package var nonObjectRecordIsEmpty = false
  /// A number written with a fraction or an exponent is read for an integer type as
  /// `JSONDecoder` reads it: through the nearest `Double` (`1.00000000000000000001` and `1e-400`
  /// are whole), and from 2^53 up through `Decimal`, its fraction cut off.
  package var wholeNumbersViaDouble = false
  /// A non-zero number that rounds to zero in `Float` / `Double` is out of range, as
  /// `JSONDecoder` has it (`1e-50` for a `Float`).
  package var underflowIsOutOfRange = false
  /// A `Float` is the number's text read as a `Float` (`Float(String)`, as `JSONDecoder` reads
  /// it), not the `Double` of `JSONSerialization`'s `NSNumber` made a `Float`, which rounds twice:
  /// `1.0000001788139343` is `1.0000001`, and `3.4028235677973366e38` is `Float`'s largest.
  package var floatsReadFromText = false
  /// A `Decimal` is what Foundation's `Decimal(string:)` reads, as `JSONDecoder` reads it: an
  /// exponent its representation cannot hold (`1e128`, `0e200`) is refused even where the value
  /// is within `Decimal`'s range (`1.0e128` is read); elsewhere any value within the range.
  package var decimalsAsFoundationParses = false
  /// Of two values under one key the first is read and the later one not at all (`JSONDecoder`
  /// keeps the first); elsewhere the later one replaces it.
  package var duplicateKeyFirstWins = false
  /// Every error gets a note with the `DecodingError` `JSONDecoder` would throw for it.
  package var decodingErrorNotes = false
  /// A `Date` is read only in its format's JSON type (a number for epoch seconds, a string for
  /// ISO-8601 or a pattern), as `JSONDecoder`'s date strategies read it, ISO-8601 as its parser
  /// does (`DateText.parseISO8601(rollingOver:)`); elsewhere any of them.
  package var datesInTheirFormatOnly = false
  /// An epoch number (seconds or milliseconds since 1970) is any finite `Double`, as
  /// `JSONDecoder` hands it to `Date(timeIntervalSince1970:)`; elsewhere a date lies in the years
  /// 0000–9999.
  package var epochDatesAnyFinite = false
  /// A `let` with an initial value is never read (the synthesized `init(from:)` cannot assign
  /// it) and is written with that value (`encode(to:)` writes every stored property it keys).
  package var letWithValueWrittenOnly = false
  /// A URL is what this machine's `URL(string:)` makes of the text, written back as
  /// `JSONEncoder` writes it (`FormatChecks.foundationURL`: `a b` is `a%20b`); elsewhere the text
  /// must be a URL as it is, on every Foundation.
  package var urlsAsFoundationParses = false
  /// A UUID is what this machine's `UUID(uuidString:)` makes of the text besides the 8-4-4-4-12
  /// hexadecimal form (it also takes a group led by a space, a sign or `0x`), written back as its
  /// `uuidString`; elsewhere only that form.
  package var uuidsAsFoundationParses = false
  /// An enum without a raw type is an object with one key, the case's name, whose value is an
  /// object (`{"circle": {}}`), as the synthesized `Codable` writes it; elsewhere the case name.
  package var caseNamesAsKeys = false
  /// A number is written as `JSONEncoder` writes the value it was read into (`EncoderNumberText`:
  /// a `Double`'s `1.0` → `1`, a `Float`'s `16777217` → `16777216`, a `Decimal`'s `0.10` → `0.1`,
  /// an `Int`'s `-0` → `0`); elsewhere numbers keep their text.
  package var numbersWrittenAsStored = false
  /// The JSONDecoder / JSONEncoder strategies castctl takes as options (`RegistryOptions`:
  /// `--non-conforming-floats`) apply to this dialect.
  package var followsCoderStrategies = false
  /// JSON output writes `/` as `\/`, as JSONEncoder does without `.withoutEscapingSlashes`
  /// (`EncoderFormatting`).
  package var escapesSlashes = false
  /// A `Float` / `Double` reads the run's `--non-conforming-floats` strings
  /// (`RegistryOptions.nonConformingFloats`) as infinity, minus infinity and NaN, and is written
  /// back as them (`.convertFromString` / `.convertToString`); false: a string is no number.
  // NB: a flag, not the strings: a policy is plain data, copied into every call of the walk
  // without reference counting.
  package var readsNonConformingFloats = false
  /// `--key-decoding convert-from-snake-case` reaches the keys of a dictionary keyed by `Int` or
  /// a `CodingKeyRepresentable` enum (`"dark_red"` is the key `darkRed`), as JSONDecoder's keyed
  /// containers convert every key; a `[String: T]`'s keys are read as they are.
  package var dictionaryKeysFromSnakeCase = false
  /// `--key-encoding convert-to-snake-case` reaches the keys such a dictionary writes (`darkRed`
  /// is written `"dark_red"`); a `[String: T]`'s keys are written as they are.
  package var dictionaryKeysToSnakeCase = false
  /// Warnings become errors and every coercion is off.
  package var isStrict: Bool
  /// `--strict` rejects a `null` for a non-optional that the dialect itself would have read as
  /// absent: what a `null-not-allowed` finding names as its reason.
  package var nullRejectedByStrict = false
  /// Keys are equal when Swift's `String` says so, by canonical equivalence (`é` and `e\u{301}`,
  /// `K` and the Kelvin sign), as `JSONDecoder`'s keyed containers and `[String: T]` compare
  /// them. The other dialects read JSON through `JSONSerialization`, whose keys compare by their
  /// code units: byte for byte.
  package var keysCompareCanonically = false
  /// A dictionary is a JSON object only when keyed by `String`, `Int` or a
  /// `CodingKeyRepresentable` enum; keyed by anything else (`[UInt8: T]`, `[Color: T]`) it is an
  /// array of alternating keys and values, as `Dictionary`'s `Codable` conformance reads and
  /// writes it. The other dialects read every dictionary from an object.
  package var otherKeysAsPairs = false
  /// `Data` is written as `base64EncodedString()` writes the bytes it holds (`YW==` as `YQ==`),
  /// as JSONEncoder writes it; the other dialects write the text they read.
  package var dataWrittenAsStored = false
  /// A property list is written as `PropertyListEncoder` writes the Swift values: a nil the
  /// output holds (an array's element, a dictionary's value; a model's nil property is left out
  /// before) is the string `$null`, and a `Date`, `Data`, floating-point number, `URL` or
  /// `Decimal` is written typed (`ModelEncoder.propertyListItem`). The other dialects write the
  /// JSON's values, nulls left out, as a property list has no null.
  package var writesPropertyListsAsEncoder = false

  /// The preset of a dialect.
  package static func preset(for dialect: Dialect) -> Policy {
    switch dialect {
    case .jsoncast:
      Policy(
        null: .asAbsent, unconvertible: .asAbsent, stringToNumber: .exact, numberToString: false,
        stringToBool: .castWords, numberToBool: .zeroOrOne, boolToNumber: false, truncateFractions: false,
        dropBadElements: true, nilOutput: .omit, isStrict: false)
    case .jsonobject:
      Policy(
        null: .asAbsent, unconvertible: .keepDefault, stringToNumber: .leadingPrefix, numberToString: true,
        stringToBool: .foundation, numberToBool: .nonZero, boolToNumber: true, truncateFractions: true,
        dropBadElements: true, dropsNullElements: true, nilOutput: .omit, isStrict: false)
    case .convertible:
      Policy(
        null: .asAbsent, unconvertible: .error, stringToNumber: .leadingPrefix, numberToString: true,
        stringToBool: .foundation, numberToBool: .nonZero, boolToNumber: true, truncateFractions: true,
        dropBadElements: false, nilOutput: .null, isStrict: false)
    case .nosce:
      Policy(
        null: .asAbsent, unconvertible: .keepDefault, stringToNumber: .never, numberToString: false,
        stringToBool: .never, numberToBool: .zeroOrOne, boolToNumber: false, truncateFractions: false,
        dropBadElements: true, dropsNullElements: true, nilOutput: .nullNestedEmptyObject, nonObjectRecordIsEmpty: true,
        isStrict: false)
    case .dson:
      Policy(
        null: .error, unconvertible: .error, stringToNumber: .never, numberToString: false,
        stringToBool: .never, numberToBool: .zeroOrOne, boolToNumber: false, truncateFractions: false,
        dropBadElements: false, nilOutput: .omit, isStrict: false)
    case .codable:
      Policy(
        null: .onlyForOptionals, unconvertible: .error, stringToNumber: .never, numberToString: false,
        stringToBool: .never, numberToBool: .never, boolToNumber: false, truncateFractions: false,
        dropBadElements: false, nilOutput: .omit, wholeNumbersViaDouble: true, underflowIsOutOfRange: true, floatsReadFromText: true,
        decimalsAsFoundationParses: true,
        duplicateKeyFirstWins: true, decodingErrorNotes: true, datesInTheirFormatOnly: true, epochDatesAnyFinite: true,
        letWithValueWrittenOnly: true, urlsAsFoundationParses: true, uuidsAsFoundationParses: true, caseNamesAsKeys: true,
        numbersWrittenAsStored: true, followsCoderStrategies: true, escapesSlashes: true, isStrict: false,
        keysCompareCanonically: true, otherKeysAsPairs: true, dataWrittenAsStored: true, writesPropertyListsAsEncoder: true)
    }
  }

  /// This policy with the coder strategies of `options`, where the dialect follows them.
  package func with(_ options: RegistryOptions) -> Policy {
    guard followsCoderStrategies else { return self }
    var copy = self
    copy.readsNonConformingFloats = options.nonConformingFloats != nil
    copy.dictionaryKeysFromSnakeCase = options.keyDecoding == .convertFromSnakeCase
    copy.dictionaryKeysToSnakeCase = options.keyEncoding == .convertToSnakeCase
    return copy
  }

  /// Whether a `null` is an error for a property (`optional`: `T?` or `T!`).
  @inline(__always)
  func rejectsNull(optional: Bool) -> Bool {
    null == .error || (null == .onlyForOptionals && !optional)
  }

  /// Whether a `null` leaves a property nil with nothing to report: an optional whose null does
  /// not miss a requirement (`required`: `FieldPlan.nullMissesRequired`), where the dialect
  /// accepts the null and no default takes its place (a dialect that reads null as absent keeps
  /// the default, JC-07, JO-12, CV-26, NO-01). The full walk's `settle` and the clean path both
  /// ask this.
  @inline(__always)
  func nullIsPlainNil(optional: Bool, required: Bool, hasDefault: Bool) -> Bool {
    optional && !required && !rejectsNull(optional: true) && !(hasDefault && null == .asAbsent)
  }

  /// What a nil property is written as (`isModel`: its type is a model; `keyed`: its nil is
  /// written whatever the dialect, `Property.nilIsKeyed`; `optional`: `T?` or `T!`); nil when it
  /// is left out. The one statement of the nil-on-output rule: the encoder, the compact writer
  /// and the transcript writers all ask it (through `FieldPlan.nilLiteral`), as a value or as
  /// bytes.
  @inline(__always)
  package func nilLiteral(isModel: Bool, keyed: Bool, optional: Bool) -> NilLiteral? {
    if keyed { return .null }
    // `--strict` takes `null` "only for optionals" (semantics §3): a non-optional left nil (absent,
    // in a dialect that requires it not) is left out, as it was read, or `validate --strict`
    // would refuse what `convert --strict` writes (Nosce's `{}` too: it is no nil there).
    if isStrict && !optional { return nil }
    return switch nilOutput {
    case .omit: nil
    case .null: .null
    case .nullNestedEmptyObject: isModel ? .emptyObject : .null
    }
  }

  /// `--strict` applied on top of a dialect: no coercion of any kind, `null` only for optionals
  /// (never looser than the dialect: DSON still rejects every `null`), any dropped element or
  /// substituted default an error. Output rules stay the dialect's.
  package func strict() -> Policy {
    var copy = self
    copy.nullRejectedByStrict = copy.null == .asAbsent
    if copy.null != .error { copy.null = .onlyForOptionals }
    copy.unconvertible = .error
    copy.stringToNumber = .never
    copy.numberToString = false
    copy.stringToBool = .never
    copy.numberToBool = .never
    copy.boolToNumber = false
    copy.truncateFractions = false
    copy.dropBadElements = false
    copy.dropsNullElements = false
    copy.nonObjectRecordIsEmpty = false
    copy.isStrict = true
    return copy
  }
}
