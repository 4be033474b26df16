import CastSchema
import CastValidate

/// libFuzzer entry for validation with a fixed schema: the input is validated as one document
/// and as NDJSON, valid records are encoded back and compared (the round-trip ledger); nothing
/// may trap, and the two modes must agree on a one-line document's syntax.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  for fixture in FuzzSchema.fixtures {
    let encoder = ModelEncoder(schema: fixture.schema)
    _ = try? fixture.validator.validateDocument(bytes) { result in
      guard result.isValid, let instance = result.instance else { return }
      let output = encoder.encode(instance)
      guard let input = try? JSONValue.parseWithOffsets(bytes, maxDepth: 64) else { return }
      var ledger = RoundTripLedger(
        schema: fixture.schema, offsets: input.offsets, recordOffset: 0, findings: result.findings, recordLine: nil)
      ledger.compare(target: fixture.validator.target, input: input.value, output: output, path: "")
    }
    _ = try? fixture.validator.validateNDJSON(bytes) { _ in }
  }
  return 0
}

/// libFuzzer's set-up hook: builds the fixtures before the first input, so their one-time
/// allocations are not counted against an input by the leak checker.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzValidateInitialize(
  _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  _ = FuzzSchema.fixtures
  return 0
}

/// The schema every input is validated against, compiled once, in a lenient and a strict form.
enum FuzzSchema {
  /// A compiled schema and a validator for its root model.
  struct Fixture: Sendable {
    let schema: CompiledSchema
    let validator: DocumentValidator
  }

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

  static let fixtures: [Fixture] = {
    let (registry, _) = SchemaLoader.load([SourceFile(path: "fuzz.cast", text: text)])
    return [ValidationOptions(maxDepth: 64), ValidationOptions(strict: true, unknownKeys: .error, maxDepth: 64)]
      .compactMap { options in
        let schema = CompiledSchema(registry: registry, options: options)
        return DocumentValidator(schema: schema, target: .model("User"), build: true).map {
          Fixture(schema: schema, validator: $0)
        }
      }
  }()
}
