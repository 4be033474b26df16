/// Catalogue of schema (semantic) diagnostics; the code is the stable ID users see. Alphabetical.
enum SchemaMessages {
  static func nonModelSetAside(_ name: String, kind: String, reason: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .skippedDeclaration,
      text: "\(kind) '\(name)' skipped: \(kind == "typealias" ? "" : "it conforms to no Codable protocol, ")no model uses it, and castctl cannot read it (\(reason))")
  }

  static func cannotInferType(_ property: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .cannotInferType,
      text: "cannot infer the type of '\(property)' from its default; write its type: 'var \(property): T = …'")
  }

  static func codableCustomCoding(_ model: String, _ what: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableCustomCoding,
      text: "'\(model)' has a hand-written \(what), which castctl cannot run: "
        + (what == "init(from:)"
          ? "its values pass unchecked, whatever JSON they are (a single value, an array, an object)"
          : what == "encode(to:)"
            ? "the synthesized init(from:) still decodes it, and output is written as the synthesized encode(to:) writes it"
            : "its keys are unknown, and its values pass unchecked"))
  }

  static func codablePropertyWrapper(_ wrapper: String, _ property: String, _ type: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codablePropertyWrapper,
      text: "'\(property)' has the attribute \(wrapper), a property wrapper castctl cannot run: it reads '\(property)' as its declared type, \(type), where JSONDecoder decodes the wrapper's own Codable form")
  }

  static func codableNotCodable(
    _ property: String, _ type: String, _ part: String, _ model: String, conformance: String = "Codable"
  ) -> DiagnosticMessage {
    let what = part == type ? "" : ", which holds \(part),"
    return DiagnosticMessage(
      .codableNotCodable,
      text: "'\(property)' is \(type)\(what) and \(part) is not \(conformance): swiftc cannot synthesize \(conformance) for '\(model)'; castctl reads the value as its declared type")
  }

  static func codableRecursiveValue(_ property: String, _ type: String, _ model: String, reaching cycle: String?) -> DiagnosticMessage {
    let why = cycle.map { "'\(model)' holds '\($0)', which holds itself by value, so '\(model)' has infinite size" }
      ?? "'\(model)' holds itself by value through it"
    return DiagnosticMessage(
      .codableRecursiveValue,
      text: "'\(property)' is \(type): \(why), which swiftc refuses (make one a class, or hold it in an array); castctl reads it as declared")
  }

  static func codableRecursiveEnum(_ enumCase: String, _ type: String, _ enumName: String, reaching cycle: String?) -> DiagnosticMessage {
    let why = cycle.map {
      "'\(enumName)' holds '\($0)', which holds itself by value, so '\(enumName)' has infinite size, which swiftc refuses (hold it in an array, or make it a class)"
    } ?? "'\(enumName)' holds itself by value through it, and swiftc refuses a recursive enum not marked 'indirect' (write 'indirect case' or 'indirect enum')"
    return DiagnosticMessage(.codableRecursiveValue, text: "case '\(enumCase)' holds \(type): \(why); castctl reads it as declared")
  }

  static func codableDefaultIgnored(_ property: String, optional: Bool = false) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableDefaultIgnored,
      text: optional
        ? "the default of '\(property)' is overwritten by the synthesized init(from:): an absent or null key leaves it nil; write init(from:) to keep it"
        : "the default of '\(property)' is ignored by the synthesized init(from:): the key is still required; make it optional or write init(from:)")
  }

  static func codableKeyMissing(_ property: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableKeyMissing,
      text: "'\(property)' is not in CodingKeys and has no initial value: Swift cannot synthesize init(from:)")
  }

  static func codableLetWithValue(_ property: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableLetWithValue,
      text: "'\(property)' is a 'let' with an initial value: JSONDecoder never decodes it (JSONEncoder still writes it); make it 'var' to decode it")
  }

  static func codableSnakeCaseUnreachable(
    _ property: String, _ written: String, _ readBack: String, _ reaching: String?
  ) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableSnakeCaseUnreachable,
      text: "under convertFromSnakeCase, the key JSONEncoder writes for '\(property)', \"\(written)\", is read back as '\(readBack)' and never reaches it; "
        + (reaching.map { "only a key such as \"\($0)\" does" } ?? "no JSON key does"))
  }

  static func codableSubclassProperties(_ model: String, _ properties: [String]) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableSubclassProperties,
      text: "'\(model)' inherits its superclass's init(from:) and encode(to:), which never decode or encode its own properties ("
        + properties.map { "'\($0)'" }.joined(separator: ", ") + "); write init(from:) and encode(to:) in '\(model)'")
  }

  static func codableUnknownKey(_ key: String, _ model: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableUnknownKey,
      text: "CodingKeys case '\(key)' names no stored property of '\(model)': Swift cannot synthesize the conformance")
  }

  static func customProperty(_ property: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .customProperty,
      text: "'\(property)' is '//! custom': no model code runs in castctl, so its JSON value is passed through unchecked")
  }

  static func defaultTypeMismatch(_ property: String, _ type: String, _ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .defaultTypeMismatch,
      text: "default of '\(property)' does not fit its type \(type): \(reason)")
  }

  static func duplicateCase(_ name: String, _ enumName: String) -> DiagnosticMessage {
    DiagnosticMessage(.duplicateCase, text: "case '\(name)' appears twice in enum '\(enumName)'")
  }

  static func duplicateDictionaryKey(_ property: String, _ key: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .duplicateDictionaryKey,
      text: "default of '\(property)' has the key \(key) twice (a Swift dictionary literal with a repeated key traps)")
  }

  static func duplicateJSONKey(_ key: String, _ first: String, _ second: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .duplicateJSONKey,
      text: "properties '\(first)' and '\(second)' are both mapped to the JSON key \"\(key)\"")
  }

  static func duplicateModel(_ name: String) -> DiagnosticMessage {
    DiagnosticMessage(.duplicateModel, text: "'\(name)' is declared more than once")
  }

  static func duplicateProperty(_ name: String, _ model: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .duplicateProperty, text: "property '\(name)' is declared more than once in '\(model)'")
  }

  static func duplicateRawValue(_ raw: String, _ enumName: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .duplicateRawValue, text: "raw value \(raw) is used by two cases of enum '\(enumName)'")
  }

  static func duplicateSetElement(_ property: String, _ element: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .duplicateSetElement,
      text: "default of '\(property)' has the element \(element) twice; a Swift Set literal keeps it once")
  }

  static func codableEmptyEnum(_ name: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableNotCodable,
      text: "enum '\(name)' has no cases: swiftc cannot synthesize Codable for an empty enum; castctl reads no value as one")
  }

  static func codableCodingKeysNotEnum(_ kind: String, _ model: String, _ halves: [String]) -> DiagnosticMessage {
    let missing = halves.joined(separator: " and ")
    let written = halves.map { $0 == "Decodable" ? "init(from:)" : "encode(to:)" }.joined(separator: " and ")
    return DiagnosticMessage(
      .codableCodingKeysNotEnum,
      text: "'CodingKeys' of '\(model)' is a \(kind), not an enum: swiftc cannot synthesize \(missing) for '\(model)' "
        + "(\"cannot automatically synthesize '\(halves[0])' because 'CodingKeys' is not an enum\"); make it an enum, or write \(written)")
  }

  static func codableCustomCodingEnum(_ name: String, _ what: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableCustomCoding,
      text: "enum '\(name)' has a hand-written \(what), which castctl cannot run: its values are passed through unchecked")
  }

  static func codableUnknownCase(_ key: String, _ codingKeys: String, _ owner: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableUnknownKey,
      text: "\(codingKeys) case '\(key)' names no \(owner): Swift cannot synthesize the conformance")
  }

  static func codableCaseNotInCodingKeys(_ name: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .codableCaseNotCoded,
      text: "case '\(name)' is not in CodingKeys: JSONDecoder never decodes it (and JSONEncoder throws on it)")
  }

  static func enumAssociatedValues(_ name: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .enumAssociatedValues,
      text: "case '\(name)' has associated values, which castctl reads only in a Codable enum without a raw type; it never matches")
  }

  static func enumRawValueMismatch(_ caseName: String, _ rawType: String, _ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .enumRawValueMismatch,
      text: "raw value of case '\(caseName)' does not fit the raw type \(rawType): \(reason)")
  }

  static func inheritanceCycle(_ cycle: [String]) -> DiagnosticMessage {
    DiagnosticMessage(
      .inheritanceCycle,
      text: "inheritance cycle: \(cycle.joined(separator: " → "))")
  }

  static func repeatedAlternative(_ key: String) -> DiagnosticMessage {
    DiagnosticMessage(.repeatedAlternative, text: "the key \"\(key)\" is named twice among the ?? alternatives; the second is never read")
  }

  static func invalidKeyPath(_ key: String, _ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(.invalidKeyPath, text: "invalid key \"\(key)\": \(reason)")
  }

  static func invalidPattern(_ pattern: String, _ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .invalidPattern,
      text: "invalid regular expression \"\(pattern)\": \(reason)")
  }

  /// The pattern subset in a line, as a note on `invalid-pattern`: a user of the binary alone has
  /// no docs/ folder to look in.
  static let patternSubset = DiagnosticNote(
    "castctl's linear-time subset: literals and escapes (\\n \\t \\x{…} \\u{…}), ., classes [a-z] [^…], \\d \\w \\s "
      + "and their negations, \\p{L} \\P{…} (general categories and Alphabetic, White_Space, Uppercase, Lowercase, "
      + "Emoji), ^ $, groups (…) (?:…) (?<name>…), (?i) and (?i:…), |, * + ? {m,n} and their lazy forms; "
      + "no backreferences, lookaround, \\b, atomic groups or other options")

  static func malformedDirective(_ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(.malformedDirective, text: "malformed directive: \(reason)")
  }

  static func misplacedDirective(_ directive: String, _ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .misplacedDirective, text: "'\(directive)' has no effect here: \(reason)")
  }

  static func noModelCode(_ directive: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .noModelCode,
      text: "'//! \(directive)' accepted; it has no effect on JSON, since no model code runs in castctl")
  }

  static func noDefaultInit(_ property: String, _ model: String, _ missing: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .noDefaultInit,
      text: "default of '\(property)' is \(model)(), which Swift does not have: '\(missing)' has no default value")
  }

  static func overlappingJSONKey(_ property: String, _ path: String, _ other: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .overlappingJSONKey,
      text: "'\(property)' is written at \"\(path)\", which overlaps \(other): one value would overwrite the other")
  }

  static func recursiveDefault(_ property: String, _ constructed: String, _ model: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .recursiveDefault,
      text: "default of '\(property)' is \(constructed)(), whose defaults construct '\(model)' again: its init would never end")
  }

  static func snakeCaseNotInvertible(_ property: String, _ key: String, _ back: String) -> DiagnosticMessage {
    DiagnosticMessage(
      .snakeCaseNotInvertible,
      text: "'\(property)' maps to \"\(key)\", which maps back to '\(back)'; write //! \"\(key)\" to make the key explicit")
  }

  /// A generic model named without its type arguments, or with too many or too few: the form
  /// it takes (`Page<T>`) and one with a model in place of each parameter.
  static func genericArguments(_ name: String, parameters: [String], given: Int, example: String) -> DiagnosticMessage {
    let form = "\(name)<\(parameters.joined(separator: ", "))>"
    let count = parameters.count == 1 ? "1 type argument" : "\(parameters.count) type arguments"
    let problem = given == 0 ? "is generic" : "takes \(count), not \(given)"
    return DiagnosticMessage(
      .genericArguments, text: "'\(name)' \(problem): write \(form) with a type for each parameter, as in '\(example)'")
  }

  static func genericExpansionTooDeep(_ name: String, _ limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      .nestingTooDeep,
      text: "specializing '\(name)' needs specializations more than \(limit) deep (a generic model that uses itself with a larger argument)")
  }

  static func tooManySpecializations(_ name: String, _ limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      .nestingTooDeep,
      text: "specializing '\(name)' needs more than \(limit) specializations in all (a generic model that uses itself with two growing arguments doubles them at each level)")
  }

  static func inheritanceTooDeep(_ name: String, _ limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      .nestingTooDeep,
      text: "class '\(name)' has more than \(limit) superclasses; it is read without them")
  }

  static func typealiasChainTooLong(_ name: String, _ limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      .nestingTooDeep,
      text: "typealias '\(name)' is reached through more than \(limit) other typealiases")
  }

  static func typealiasCycle(_ cycle: [String]) -> DiagnosticMessage {
    DiagnosticMessage(
      .typealiasCycle,
      text: cycle.count <= 2
        ? "typealias '\(cycle.first ?? "")' refers to itself" : "typealias cycle: \(cycle.joined(separator: " → "))")
  }

  static func unhashable(_ name: String, _ role: String, _ why: String) -> DiagnosticMessage {
    unsupportedType(name, "\(role) must be Hashable, as swiftc requires, and '\(name)' is not: \(why)")
  }

  static func unknownDirective(_ word: String) -> DiagnosticMessage {
    DiagnosticMessage(.unknownDirective, text: "unknown directive '\(word)'; ignored")
  }

  static func unknownType(_ name: String) -> DiagnosticMessage {
    DiagnosticMessage(.unknownType, text: "unknown type '\(name)'")
  }

  static func defaultTooLarge(_ property: String, _ constructed: String, limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      .unsupportedDefault,
      text: "the default of '\(property)' is \(constructed)(), whose defaults stand for more than \(limit) values: castctl does not evaluate it; absent values are accepted but nothing is written for them")
  }

  static func defaultTooDeep(_ property: String, _ constructed: String, depth: Int, limit: Int) -> DiagnosticMessage {
    DiagnosticMessage(
      .unsupportedDefault,
      text: "the default of '\(property)' is \(constructed)(), whose defaults construct models \(depth) deep, more than \(limit): castctl does not evaluate it; absent values are accepted but nothing is written for them")
  }

  /// `writtenOnly`: the initial value of a Codable `let`, which JSONEncoder writes whatever the
  /// data held (`let id = UUID()`: a new value at every encoding, which castctl will not make up).
  static func unsupportedDefault(_ property: String, writtenOnly initialValue: String? = nil) -> DiagnosticMessage {
    guard let initialValue else {
      return DiagnosticMessage(
        .unsupportedDefault,
        text: "castctl cannot evaluate the default of '\(property)'; absent values are accepted but nothing is written for them")
    }
    return DiagnosticMessage(
      .unsupportedDefault,
      text: "'\(property)' is a 'let' with an initial value, which JSONDecoder never decodes and JSONEncoder writes: "
        + "castctl cannot evaluate \(initialValue), so convert writes nothing for '\(property)' where JSONEncoder writes what it evaluates to")
  }

  static func unsupportedType(_ name: String, _ reason: String) -> DiagnosticMessage {
    DiagnosticMessage(.unsupportedType, text: "type '\(name)' cannot be mapped: \(reason)")
  }
}
