import CastSchema
import CastValidate

/// libFuzzer entry for validation with a fixed schema: the input is validated as one document
/// and as NDJSON, valid records are encoded back and compared (the round-trip ledger); nothing
/// may trap, and the two modes must agree on a one-line document's syntax.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  for fixture in FuzzSchema.fixtures {
    // Valid records are decoded, encoded back and compared (the round-trip ledger).
    _ = try? fixture.roundtrip(bytes)
    _ = fixture.validate(bytes, format: .ndjson)
  }
  for (quick, full) in FuzzSchema.cleanCheckPairs {
    // The clean-record check may only save work: with and without it, the same results.
    let withCheck = FuzzSchema.outcome(quick, bytes, ndjson: false)
    let withoutCheck = FuzzSchema.outcome(full, bytes, ndjson: false)
    if withCheck != withoutCheck { fatalError("clean-record check disagrees:\n\(withCheck)\n\(withoutCheck)") }
    let linesWithCheck = FuzzSchema.outcome(quick, bytes, ndjson: true)
    let linesWithoutCheck = FuzzSchema.outcome(full, bytes, ndjson: true)
    if linesWithCheck != linesWithoutCheck { fatalError("clean-record check disagrees on NDJSON:\n\(linesWithCheck)\n\(linesWithoutCheck)") }
  }
  for (building, transcribing, encoder) in FuzzSchema.transcriptPairs {
    // `convert` of NDJSON writes each record while reading it (from the clean-record check's
    // walk, or the full walk's transcript): the same verdicts, findings and bytes as encoding
    // the built instance.
    var built: [RecordResult] = []
    var written: [RecordResult] = []
    let builtError = (try? building.validateNDJSON(bytes) { built.append($0) }) == nil
    let writtenError = (try? transcribing.validateNDJSON(bytes) { written.append($0) }) == nil
    guard builtError == writtenError, built.count == written.count else {
      fatalError("transcript: \(written.count) records (error: \(writtenError)), \(built.count) when building (error: \(builtError))")
    }
    for (reference, record) in zip(built, written) {
      guard reference.isValid == record.isValid, reference.findings.map(\.message) == record.findings.map(\.message) else {
        fatalError("transcript: verdict or findings differ for record \(record.index)")
      }
      guard record.isValid, let instance = reference.instance else { continue }
      var expected: [UInt8] = []
      encoder.writeCompact(instance, into: &expected)
      var actual = record.encoded ?? []
      if record.encoded == nil, let rebuilt = record.instance { encoder.writeCompact(rebuilt, into: &actual) }
      if actual != expected {
        fatalError("transcript: \(String(decoding: actual, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))")
      }
    }
  }
  return 0
}

/// libFuzzer's set-up hook: builds the fixtures before the first input, so their one-time
/// allocations are not counted against an input by the leak checker.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzValidateInitialize(
  _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  // NB: the fixtures live for the whole run, but Swift packs tag bits into some of the pointers
  // that hold them (indirect enums), which LeakSanitizer's scan cannot follow: it would report
  // them as leaked at its first check. Allocations made while it is disabled are never reported.
  lsanDisable()
  _ = FuzzSchema.fixtures
  _ = FuzzSchema.cleanCheckPairs
  _ = FuzzSchema.transcriptPairs
  lsanEnable()
  return 0
}

/// LeakSanitizer's switches, from the AddressSanitizer runtime the fuzzers link.
@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()

/// The schema every input is validated against, compiled once, in a lenient and a strict form.
enum FuzzSchema {
  /// Exercises key paths, alternatives, `super`, every scalar kind, enums, collections, checks.
  static let text = """
    enum Role: String { case admin, editor, viewer }
    enum Level: Int { case low = 1, mid, high = 10 }
    struct Geo: DictionaryConvertible {
        let lat: Double //! range -90...90
        let lon: Double //! range -180...180
    }
    class Base: JsonObject {
        var id: Int! //! "meta/id"
        var kind: String? //! "kind ?? type"
    }
    class User: Base { //! super "base"
        var userName: String! //! length 1...40
        var email: String? //! pattern "^[^@ ]+@[^@ ]+$"
        var zip: String? //! pattern "^(\\\\d{5}|[A-Z]{2}-\\\\d+)$"
        var role: Role = .viewer
        var level: Level?
        var createdAt: Date? //! date iso8601
        var tags: Set<String> = [] //! count 0...10
        var scores: [String: [Double]] = [:]
        var first: Int? //! "items[1]"
        var geo: Geo?
        var friends: [User]? //! count 0...5
        var blob: Data?
        var link: URL?
        var uuid: UUID?
        var small: Int8 = 0
        var big: UInt64?
        var ratio: Float?
        var flag: Bool = false
        var letter: Character?
        var extra: Any?
        var raw: [String: Any]? //! custom
    }
    """

  /// A model the clean-record check reads by itself (no key paths or `super`; checks it reads on
  /// raw bytes, counts, pattern dates, integer keys, a set of models).
  static let plainText = """
    enum Role: String { case admin, editor, viewer }
    enum Level: Int { case low = 1, mid, high = 10 }
    struct Geo: DictionaryConvertible {
        let lat: Double
        let lon: Double
    }
    struct Spot: DictionaryConvertible, Hashable {
        let x: Int
        var name: String?
        var w: Double?
        var role: Role?
        var at: Geo?
    }
    struct Plain: DictionaryConvertible, UnderscoreToCamelCase {
        let id: Int
        let userName: String
        var small: Int8?
        var big: UInt64?
        var ratio: Float?
        var exact: Decimal?
        var flag: Bool?
        var letter: Character?
        var link: URL?
        var uuid: UUID?
        var blob: Data?
        var createdAt: Date?
        var role: Role = .viewer
        var level: Level?
        var tags: [String]?
        var holes: [Int?]?
        var unique: Set<String>?
        var ids: Set<Int>?
        var weights: Set<Double>?
        var ratios: Set<Float>?
        var scores: [String: [Double]]?
        var byNumber: [Int: String]?
        var geo: Geo?
        var places: [Geo]?
        var extra: Any?
        var object: [String: Any]?
        var list: [Any]?
        var code: String? //! pattern "^[a-f0-9]{2,8}$"
        var count: Int? //! range 0...1000
        var amount: Double? //! range -1.5..<2.5
        var name: String? //! length 1...5
        var day: Date? //! date "yyyy-MM-dd HH:mm"
        var pair: [Int]? //! count 2
        var spots: Set<Spot>? //! count 0...4
    }
    """

  /// A model of key paths, index keys, `??` alternatives and `//! super` that the clean-record
  /// check reads.
  static let pathsText = """
    enum Role: String { case admin, editor, viewer }
    class Owner {
        let id: Int
        var name: String?
    }
    class Holder: Owner { //! super "owner"
        let n: Int
    }
    struct Geo: DictionaryConvertible {
        let lat: Double
        var lon: Double? //! "at/lon"
    }
    struct Paths: DictionaryConvertible {
        let id: Int //! "meta/id"
        var userName: String? //! "userName ?? name"
        var zip: String? //! "address/zip" //! length 1...5
        var city: String? //! "address/city"
        var first: Int? //! "items[1]"
        var deep: Role? //! "base/items[0]/role"
        var tags: [String]? //! "meta/tags" //! count 0...3
        var geo: Geo? //! "place/geo ?? geo"
        var holder: Holder?
    }
    """

  /// A `Codable` model: JSONDecoder's rules, dictionaries keyed by enums and `UInt8` read as
  /// key-value pairs.
  static let codableText = """
    enum Role: String, Codable { case admin, editor, viewer }
    enum Level: Int, Codable { case low = 1, mid, high = 10 }
    enum Keyed: String, Codable, CodingKeyRepresentable { case darkRed, light_blue }
    struct Coded: Codable {
        let id: Int
        var name: String?
        var shades: [Role: Int]?
        var levels: [Level: [Double]]?
        var bytes: [UInt8: String?]?
        var named: [String: Int]?
        var ids: Set<Int>?
        var counted: [Role: Int]? //! count 0...2
        var keyed: [Keyed: Int]?
        var numbered: [Int: String]?
        var blob: Data?
        var when: Date?
    }
    """

  /// `codableText` under file-level coder strategies: snake_case keys both ways (an enum's or an
  /// `Int`'s dictionary keys too) and ISO-8601 dates.
  static let strategiesText =
    "//! key-decoding convert-from-snake-case\n//! key-encoding convert-to-snake-case\n//! date-decoding iso8601\n" + codableText

  /// Validators of `Plain` with and without the clean-record check, under lenient and strict
  /// options, its keys compared as they stand, under `-i`, and through JsonObject's snake_case
  /// rule; and of `Paths`.
  static let cleanCheckPairs: [(DocumentValidator, DocumentValidator)] = {
    let jsonObject = plainText.replacingOccurrences(
      of: "Plain: DictionaryConvertible, UnderscoreToCamelCase", with: "Plain: JsonObject, UnderscoreToCamelCase")
    let variants = [
      (plainText, "Plain", RegistryOptions()), (plainText, "Plain", RegistryOptions(caseInsensitiveKeys: true)),
      (jsonObject, "Plain", RegistryOptions()), (pathsText, "Paths", RegistryOptions()),
      (codableText, "Coded", RegistryOptions()), (strategiesText, "Coded", RegistryOptions()),
    ]
    return variants.flatMap { text, model, registryOptions in
      [ValidationOptions(maxDepth: 64), ValidationOptions(strict: true, unknownKeys: .warn, maxDepth: 64)]
        .compactMap { options -> (DocumentValidator, DocumentValidator)? in
          guard let quick = engine(text, model, options, registryOptions) else { return nil }
          var full = quick
          full.usesCleanCheck = false
          return (quick, full)
        }
    }
  }()

  /// Building validators of `Plain`, the same writing compact JSON in each key style (with the
  /// clean-record check writing the records it vouches for, and without it), and that style's
  /// encoder.
  static let transcriptPairs: [(DocumentValidator, DocumentValidator, ModelEncoder)] = {
    [(plainText, "Plain"), (codableText, "Coded"), (strategiesText, "Coded")].flatMap { text, model -> [(DocumentValidator, DocumentValidator, ModelEncoder)] in
      guard var building = engine(text, model, ValidationOptions(maxDepth: 64)) else { return [] }
      building.build = true
      return KeyStyle.allCases.flatMap { keys in
        [true, false].map { cleanCheck in
          var transcribing = building
          transcribing.compactKeys = keys
          transcribing.usesCleanCheck = cleanCheck
          return (building, transcribing, ModelEncoder(schema: building.schema, keys: keys))
        }
      }
    }
  }()

  /// The engine of a validator for `model` of `text`, through the public front door.
  static func engine(
    _ text: String, _ model: String, _ options: ValidationOptions, _ registryOptions: RegistryOptions = RegistryOptions()
  ) -> DocumentValidator? {
    (try? Schema(source: text, path: "fuzz.cast", options: registryOptions).validator(for: model, options: options))?.engine
  }

  /// Everything a run tells: each record's verdict, span and findings, or the syntax error.
  static func outcome(_ validator: DocumentValidator, _ bytes: UnsafeRawBufferPointer, ndjson: Bool) -> String {
    var text = ""
    do {
      let summary = try ndjson
        ? validator.validateNDJSON(bytes) { text += describe($0) }
        : validator.validateDocument(bytes) { text += describe($0) }
      text += "\(summary)"
    } catch {
      text += "error \(error.offset) \(error.message)"
    }
    return text
  }

  private static func describe(_ result: RecordResult) -> String {
    "\(result.index) \(result.isValid) \(result.span.start)..<\(result.span.end): "
      + result.findings.map { "\($0.severity) \($0.code) \($0.path) @\($0.offset) \($0.message)" }.joined(separator: "; ") + "\n"
  }

  static let fixtures: [Validator] = {
    [ValidationOptions(maxDepth: 64), ValidationOptions(strict: true, unknownKeys: .error, maxDepth: 64)]
      .flatMap { options in
        [(text, "User"), (codableText, "Coded")].compactMap { text, model in
          try? Schema(source: text, path: "fuzz.cast").validator(for: model, options: options)
        }
      }
  }()
}
