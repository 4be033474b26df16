/// Every code a model file's diagnostic can have: the one catalogue `check`, `castctl explain`
/// and the README's table of schema codes are read from. Each has its severity, a one-line
/// meaning and an example model that gives it (a test loads every example).
package enum SchemaCode: String, CaseIterable, Sendable {
  // Syntax.
  case unexpectedToken = "unexpected-token"
  case expectedToken = "expected-token"
  case missingBrace = "missing-brace"
  case unterminatedString = "unterminated-string"
  case invalidEscape = "invalid-escape"
  case unterminatedComment = "unterminated-comment"
  case nestingTooDeep = "nesting-too-deep"
  case tooManyErrors = "too-many-errors"
  case missingVar = "missing-var"
  case skippedDeclaration = "skipped-declaration"
  case skippedMember = "skipped-member"
  case conditionalCompilation = "conditional-compilation"
  // Names and types.
  case unknownType = "unknown-type"
  case unsupportedType = "unsupported-type"
  case duplicateModel = "duplicate-model"
  case duplicateProperty = "duplicate-property"
  case duplicateCase = "duplicate-case"
  case duplicateRawValue = "duplicate-raw-value"
  case duplicateDictionaryKey = "duplicate-dictionary-key"
  case duplicateSetElement = "duplicate-set-element"
  case duplicateJSONKey = "duplicate-json-key"
  case overlappingJSONKey = "overlapping-json-key"
  case inheritanceCycle = "inheritance-cycle"
  case typealiasCycle = "typealias-cycle"
  case genericArguments = "generic-arguments"
  // Defaults and enums.
  case defaultTypeMismatch = "default-type-mismatch"
  case defaultFailsCheck = "default-fails-check"
  case cannotInferType = "cannot-infer-type"
  case noDefaultInit = "no-default-init"
  case recursiveDefault = "recursive-default"
  case unsupportedDefault = "unsupported-default"
  case enumRawValueMismatch = "enum-raw-value-mismatch"
  case enumAssociatedValues = "enum-associated-values"
  // Directives and keys.
  case invalidKeyPath = "invalid-key-path"
  case repeatedAlternative = "repeated-alternative"
  case invalidPattern = "invalid-pattern"
  case malformedDirective = "malformed-directive"
  case unknownDirective = "unknown-directive"
  case misplacedDirective = "misplaced-directive"
  case snakeCaseNotInvertible = "snake-case-not-invertible"
  case customProperty = "custom-property"
  case noModelCode = "no-model-code"
  case keyStyleCollision = "key-style-collision"
  // Codable.
  case codableKeyMissing = "codable-key-missing"
  case codableUnknownKey = "codable-unknown-key"
  case codableDefaultIgnored = "codable-default-ignored"
  case codableLetWithValue = "codable-let-with-value"
  case codableSubclassProperties = "codable-subclass-properties"
  case codableSnakeCaseUnreachable = "codable-snake-case-unreachable"
  case codableCustomCoding = "codable-custom-coding"
  case codableCaseNotCoded = "codable-case-not-coded"
  case codablePropertyWrapper = "codable-property-wrapper"
  case codableNotCodable = "codable-not-codable"
  case codableRecursiveValue = "codable-recursive-value"
  case codableCodingKeysNotEnum = "codable-coding-keys-not-enum"

  /// How serious it is: errors stop a model file from loading, `--werror` makes warnings errors.
  package var severity: Severity {
    switch self {
    case .missingVar, .unsupportedDefault, .defaultFailsCheck, .enumAssociatedValues, .unknownDirective, .misplacedDirective,
      .snakeCaseNotInvertible, .codableDefaultIgnored, .codableLetWithValue, .codableSubclassProperties,
      .codableSnakeCaseUnreachable, .codableCaseNotCoded, .codableNotCodable, .codableRecursiveValue, .duplicateSetElement, .repeatedAlternative:
      .warning
    case .skippedDeclaration, .skippedMember, .conditionalCompilation, .customProperty, .noModelCode, .codableCustomCoding, .codablePropertyWrapper:
      .note
    default:
      .error
    }
  }

  /// What it means, in one line.
  package var meaning: String {
    switch self {
    case .unexpectedToken: "something out of place: a token where the declaration cannot have it"
    case .expectedToken: "something missing: a name, a type, a '{' or a ']' the declaration needs"
    case .missingBrace: "a model or enum whose '}' never comes"
    case .unterminatedString: "a string literal that never ends on its line"
    case .invalidEscape: "a backslash in a string (a literal or a `//!` directive's) that starts no escape Swift knows, such as `\\d`: write `\\\\d`"
    case .unterminatedComment: "a /* */ comment that never ends"
    case .nestingTooDeep: "types, literals or declarations nested more than 100 deep, a typealias chain that long, a class with more superclasses, or generic models specializing each other that deep or more than 10,000 times in all"
    case .tooManyErrors: "50 syntax errors in one file; the rest of the file is skipped"
    case .missingVar: "`name: Type` without `var` or `let`, read as a property"
    case .skippedDeclaration: "a declaration that holds no model (a function, a protocol, a global), read past"
    case .skippedMember: "a member that holds no data in JSON (a static property, a method), read past"
    case .conditionalCompilation: "an '#if' whose condition needs the build's flags (`DEBUG`): castctl reads its first branch not known to be false, and skips the others"
    case .unknownType: "a type that is neither built in nor declared in a loaded file"
    case .unsupportedType:
      "a type JSON cannot map: a tuple, a function, a dictionary whose keys are not strings, integers or an enum; or a Set element or dictionary key that is not Hashable (`Set<Any>`)"
    case .duplicateModel: "two models or enums with one name"
    case .duplicateProperty: "a property declared twice in a model, or again in a subclass"
    case .duplicateCase: "an enum case declared twice"
    case .duplicateRawValue: "two cases of an enum with one raw value, explicit or implicit"
    case .duplicateDictionaryKey: "a dictionary default that repeats a key"
    case .duplicateSetElement: "a `Set` default that repeats an element (`[1, 1]`, `[1, 1.0]` of `Double`s): Swift keeps it once"
    case .duplicateJSONKey: "two properties that read the same JSON key"
    case .overlappingJSONKey: "one property's output key on another's key path, or an array where another writes an object: one value would overwrite the other"
    case .inheritanceCycle: "a class that inherits from itself, directly or through others"
    case .typealiasCycle: "a typealias that refers to itself, directly or through others"
    case .genericArguments: "a generic model (`Page<T>`) named without its type arguments, or with the wrong number of them"
    case .defaultTypeMismatch: "a default that does not fit its type, or a number beyond its type's range"
    case .defaultFailsCheck: "a default its property's own `//!` check refuses: `convert` would write a value `validate` then rejects"
    case .cannotInferType: "a property with no type and no literal to infer it from"
    case .noDefaultInit: "a `Model()` default of a model with a property that has no default"
    case .recursiveDefault: "a `Model()` default whose defaults construct the same model again"
    case .unsupportedDefault: "a default castctl cannot evaluate (a call, an expression, an interpolated string, a `Model()` too large or too deep); the property gets none"
    case .enumRawValueMismatch: "a raw value that does not fit the enum's raw type"
    case .enumAssociatedValues: "an enum case with associated values, which the dialect cannot map to JSON"
    case .invalidKeyPath: "a `//!` key path that cannot be read"
    case .repeatedAlternative: "a `??` key list that names one key twice (`\"a ?? a\"`): the second is never read"
    case .invalidPattern: "a `//! pattern` that is not a regular expression castctl reads"
    case .malformedDirective: "a known `//!` directive written wrong"
    case .unknownDirective: "a `//!` directive castctl does not know (with \"did you mean\")"
    case .misplacedDirective: "a directive that has no effect where it is"
    case .snakeCaseNotInvertible: "a property whose snake_case key maps back to another name"
    case .customProperty: "a `//! custom` property: its value is passed through unchecked"
    case .noModelCode: "a directive naming code of the model that castctl does not run"
    case .keyStyleCollision: "`convert --keys` would write two properties at one key, or one on the other's path: a value would be lost"
    case .codableKeyMissing: "Codable: a property left out of `CodingKeys` with no initial value (Swift refuses to compile it)"
    case .codableUnknownKey: "Codable: a `CodingKeys` case naming no stored property (Swift refuses to compile it)"
    case .codableDefaultIgnored: "Codable: a default on a `var`, which the synthesized `init(from:)` ignores (a non-optional's key is still required; an absent optional is nil)"
    case .codableLetWithValue: "Codable: a `let` with an initial value listed in `CodingKeys`, never decoded"
    case .codableSubclassProperties: "Codable: a subclass's own properties, which the inherited `init(from:)` never reads"
    case .codableSnakeCaseUnreachable: "Codable: a property that `convertFromSnakeCase` can never reach"
    case .codableCustomCoding: "Codable: a hand-written `init(from:)` or `encode(to:)`; its properties pass through unchecked"
    case .codableCaseNotCoded: "Codable: an enum case left out of the enum's `CodingKeys`, never decoded (JSONEncoder throws on it)"
    case .codablePropertyWrapper:
      "Codable: a property wrapper (`@Published`, `@Clamped`) castctl cannot run; the property is read as its declared type"
    case .codableCodingKeysNotEnum:
      "Codable: `CodingKeys` declared as a struct or class, from which swiftc cannot synthesize `init(from:)` or `encode(to:)` (it must be an enum)"
    case .codableNotCodable: "Codable: a property whose type is not `Codable` (`Character`, `NSNumber`, `Any`, an `Encodable`-only model in a `Decodable` one), which swiftc refuses"
    case .codableRecursiveValue: "Codable: a struct that holds itself by value (`let next: Node?`), or an enum not marked `indirect` that does (`case nested(Shape?)`), directly, through other structs or enums, or by holding such a type: swiftc refuses it"
    }
  }

  /// A model file that gives this code when loaded.
  package var example: SchemaCodeExample {
    switch self {
    case .unexpectedToken: SchemaCodeExample("struct A {\n  var x: Int\n  + 3\n}\n")
    case .expectedToken: SchemaCodeExample("struct A {\n  var x:\n}\n")
    case .missingBrace: SchemaCodeExample("struct A {\n  var x: Int\n")
    case .unterminatedString: SchemaCodeExample("struct A {\n  var s: String = \"abc\n}\n")
    case .invalidEscape: SchemaCodeExample("struct A {\n  var id: String //! pattern \"^\\d+$\"\n}\n")
    case .unterminatedComment: SchemaCodeExample("struct A {\n}\n/* never closed\n")
    case .nestingTooDeep:
      SchemaCodeExample("struct A {\n  var x: " + String(repeating: "[", count: 101) + "Int" + String(repeating: "]", count: 101) + "\n}\n")
    case .tooManyErrors: SchemaCodeExample(String(repeating: "}\n", count: 51))
    case .missingVar: SchemaCodeExample("struct A {\n  name: String\n}\n")
    case .skippedDeclaration: SchemaCodeExample("func helper() {}\nstruct A {\n  var x: Int\n}\n")
    case .skippedMember: SchemaCodeExample("struct A {\n  var x: Int\n  static var count: Int = 0\n}\n")
    case .conditionalCompilation:
      SchemaCodeExample("struct A: Codable {\n  var x: Int\n  #if DEBUG\n  var trace: String?\n  #endif\n}\n", file: "example.swift")
    case .unknownType: SchemaCodeExample("struct A {\n  var s: Strin\n}\n")
    case .unsupportedType: SchemaCodeExample("struct A {\n  let z: (Int, String)\n}\n")
    case .duplicateModel: SchemaCodeExample("enum E {\n  case a\n}\nstruct E {\n}\n")
    case .duplicateProperty: SchemaCodeExample("struct A {\n  var x: Int\n  var x: String\n}\n")
    case .duplicateCase: SchemaCodeExample("enum E {\n  case a, a\n}\n")
    case .duplicateRawValue: SchemaCodeExample("enum E: Int {\n  case a = 1, b = 0, c\n}\n")
    case .duplicateDictionaryKey: SchemaCodeExample("struct A {\n  var h: [String: Int] = [\"a\": 1, \"a\": 2]\n}\n")
    case .duplicateSetElement: SchemaCodeExample("struct A {\n  var s: Set<Int> = [1, 1]\n}\n")
    case .duplicateJSONKey: SchemaCodeExample("struct A {\n  var a: Int //! \"id\"\n  var b: Int //! \"id\"\n}\n")
    case .overlappingJSONKey: SchemaCodeExample("struct A {\n  let a: Int? //! \"p\"\n  let b: Int //! \"p/q\"\n}\n")
    case .inheritanceCycle: SchemaCodeExample("class A: B {\n}\nclass B: A {\n}\n")
    case .typealiasCycle: SchemaCodeExample("typealias A = [A]\n")
    case .genericArguments:
      SchemaCodeExample("struct Page<T: Codable>: Codable {\n  let items: [T]\n}\nstruct Feed: Codable {\n  let page: Page\n}\n", file: "example.swift")
    case .defaultTypeMismatch: SchemaCodeExample("struct A {\n  var x: Int8 = 300\n}\n")
    case .defaultFailsCheck: SchemaCodeExample("struct A {\n  var age: Int = 0 //! range 1...120\n}\n", checksDefaults: true)
    case .cannotInferType: SchemaCodeExample("struct A {\n  var x = nil\n}\n")
    case .noDefaultInit: SchemaCodeExample("struct In {\n  let k: Int\n}\nstruct Out {\n  var i: In = In()\n}\n")
    case .recursiveDefault: SchemaCodeExample("struct N {\n  var next: N? = N()\n  var v: Int = 1\n}\n")
    case .unsupportedDefault: SchemaCodeExample("struct A {\n  var d: Date = Date(timeIntervalSince1970: 0)\n}\n")
    case .enumRawValueMismatch: SchemaCodeExample("enum E: UInt8 {\n  case a = 256\n}\n")
    case .enumAssociatedValues: SchemaCodeExample("enum Shape {\n  case circle(radius: Double)\n}\n")
    case .invalidKeyPath: SchemaCodeExample("struct A {\n  var x: Int //! \"a//b\"\n}\n")
    case .repeatedAlternative: SchemaCodeExample("struct A {\n  var x: Int? //! \"a ?? b ?? a\"\n}\n")
    case .invalidPattern: SchemaCodeExample("struct A {\n  var s: String //! pattern \"[a-\"\n}\n")
    case .malformedDirective: SchemaCodeExample("struct A {\n  var x: Int //! range 10\n}\n")
    case .unknownDirective: SchemaCodeExample("struct A {\n  var x: Int //! rnage 1...9\n}\n")
    case .misplacedDirective: SchemaCodeExample("struct A {\n  var s: String //! range 1...3\n}\n")
    case .snakeCaseNotInvertible: SchemaCodeExample("class A: UnderscoreToCamelCase {\n  var userID: Int?\n}\n")
    case .customProperty: SchemaCodeExample("struct A {\n  var raw: String //! custom\n}\n")
    case .noModelCode: SchemaCodeExample("struct A {\n  var x: Int\n  //! awake\n}\n")
    case .keyStyleCollision: SchemaCodeExample("struct A {\n  var userName: String\n  var user_name: String\n}\n", keys: "snake")
    case .codableKeyMissing:
      SchemaCodeExample("struct A: Codable {\n  var id: Int\n  var name: String\n  enum CodingKeys: String, CodingKey { case id }\n}\n", file: "example.swift")
    case .codableUnknownKey:
      SchemaCodeExample("struct A: Codable {\n  var id: Int\n  enum CodingKeys: String, CodingKey { case id, ghost }\n}\n", file: "example.swift")
    case .codableDefaultIgnored: SchemaCodeExample("struct A: Codable {\n  var count: Int = 3\n}\n", file: "example.swift")
    case .codableLetWithValue:
      SchemaCodeExample(
        "struct A: Codable {\n  var id: Int\n  let kind = \"user\"\n  enum CodingKeys: String, CodingKey { case id, kind }\n}\n", file: "example.swift")
    case .codableSubclassProperties:
      SchemaCodeExample("class A: Codable {\n  var id: Int?\n}\nclass B: A {\n  var extra: Int = 5\n}\n", file: "example.swift")
    case .codableSnakeCaseUnreachable:
      SchemaCodeExample("struct A: Codable {\n  var myURL: URL?\n}\n", file: "example.swift", keyDecoding: .convertFromSnakeCase)
    case .codableCaseNotCoded:
      SchemaCodeExample(
        "enum Shape: Codable {\n  case none\n  case circle(radius: Double)\n  enum CodingKeys: String, CodingKey { case none }\n}\n", file: "example.swift")
    case .codablePropertyWrapper:
      SchemaCodeExample("struct A: Codable {\n  @Trimmed var name: String\n}\n", file: "example.swift")
    case .codableNotCodable: SchemaCodeExample("struct A: Codable {\n  var extra: [String: Any]\n}\n", file: "example.swift")
    case .codableRecursiveValue: SchemaCodeExample("struct Node: Codable {\n  var next: Node?\n}\n", file: "example.swift")
    case .codableCodingKeysNotEnum:
      SchemaCodeExample(
        "struct A: Codable {\n  var a: Int\n  struct CodingKeys: CodingKey {\n    var stringValue: String\n    var intValue: Int? { nil }\n"
          + "    init?(stringValue: String) { self.stringValue = stringValue }\n    init?(intValue: Int) { nil }\n  }\n}\n",
        file: "example.swift")
    case .codableCustomCoding:
      SchemaCodeExample(
        "struct A: Codable {\n  var a: Int\n  init(from decoder: Decoder) throws { a = 1 }\n}\n", file: "example.swift")
    }
  }
}

/// A model file that gives one schema code: its text, its name (the extension picks the
/// language) and the options it needs.
package struct SchemaCodeExample: Sendable {
  package let model: String
  package let file: String
  package let keyDecoding: CodableKeyDecoding
  /// `convert --keys`: a code `convert` gives, not `check`.
  package let keys: String?
  /// A code the engine gives on loading (`DefaultCheck`), which runs the checks.
  package let checksDefaults: Bool

  init(
    _ model: String, file: String = "example.cast", keyDecoding: CodableKeyDecoding = .useDefaultKeys, keys: String? = nil,
    checksDefaults: Bool = false
  ) {
    self.model = model
    self.file = file
    self.keyDecoding = keyDecoding
    self.keys = keys
    self.checksDefaults = checksDefaults
  }

  /// The options `castctl check` needs to give the code.
  package var options: RegistryOptions {
    var options = RegistryOptions()
    options.keyDecoding = keyDecoding
    return options
  }

  /// The command line that shows it.
  package var command: String {
    if let keys { return "castctl convert \(file) data.json --keys \(keys)" }
    return "castctl check \(file)" + (keyDecoding == .useDefaultKeys ? "" : " --key-decoding \(keyDecoding.rawValue)")
  }
}
