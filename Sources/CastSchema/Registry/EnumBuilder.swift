/// Resolves enum declarations: raw type, explicit and implicit raw values (as Swift assigns them).
struct EnumBuilder {
  let symbols: SymbolTable
  private(set) var diagnostics: [Diagnostic] = []

  init(symbols: SymbolTable) {
    self.symbols = symbols
  }

  /// `readsPayloads`: the enum is `Codable` without a raw type, so a case with associated values
  /// is kept (`RegistryBuilder.lowerAssociatedValues` types them) rather than dropped.
  mutating func build(_ located: Located<EnumDeclSyntax>, readsPayloads: Bool = false) -> EnumType {
    let decl = located.syntax
    let file = located.file
    var rawType: ScalarType?
    if case .named(let name, let arguments, _)? = decl.inheritance.first, arguments.isEmpty {
      var resolved = ScalarType.named(name.text)
      if resolved == nil, let alias = symbols.aliases[name.text],
        case .named(let target, _, _) = alias.syntax.type
      {
        resolved = ScalarType.named(target.text)
      }
      if let scalar = resolved, scalar.isInteger || scalar.isFloatingPoint || scalar == .string || scalar == .character {
        rawType = scalar
      }
    }
    let evaluator = DefaultEvaluator(enums: [:], symbols: symbols)
    var cases: [EnumCase] = []
    // Decimal text, so the successor of a `UInt64` above `Int64.max` is still known.
    var nextInteger: String? = "0"
    var seenNames: Set<String> = []
    var seenRaw: [DefaultValue: String] = [:]
    for element in decl.cases {
      let range = SourceRange(file: file, bytes: element.name.range)
      if !seenNames.insert(element.name.text).inserted {
        diagnostics.append(Diagnostic(SchemaMessages.duplicateCase(element.name.text, decl.name.text), at: range))
        continue
      }
      if element.hasAssociatedValues, readsPayloads, rawType == nil {
        if let expression = element.rawValue {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.enumRawValueMismatch(element.name.text, "(none)", "the enum declares no raw type"),
              at: SourceRange(file: file, bytes: expression.range)))
        }
        seenRaw[.string(element.name.text)] = element.name.text
        cases.append(EnumCase(name: element.name.text, rawValue: .string(element.name.text), range: range, associatedValues: []))
        continue
      }
      if element.hasAssociatedValues {
        diagnostics.append(Diagnostic(SchemaMessages.enumAssociatedValues(element.name.text), at: range))
        continue
      }
      var raw = DefaultValue.string(element.name.text)
      if let rawType {
        if let expression = element.rawValue {
          switch evaluator.evaluate(expression, as: .scalar(rawType), optional: false) {
          case .success(let (value, _)):
            raw = value
          case .failure(let failure):
            let reason: String
            switch failure {
            case .mismatch(let text): reason = text
            case .cannotInfer, .unsupported, .duplicateKey: reason = "castctl can only use literal raw values"
            }
            diagnostics.append(
              Diagnostic(
                SchemaMessages.enumRawValueMismatch(element.name.text, rawType.rawValue, reason),
                at: SourceRange(file: file, bytes: expression.range)))
            continue
          }
        } else if rawType == .string {
          raw = .string(element.name.text)
        } else if rawType == .character {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.enumRawValueMismatch(element.name.text, "Character", "Character raw values must be written"),
              at: range))
          continue
        } else if let next = nextInteger {
          // Swift counts on from the last integer and rejects a value its raw type cannot hold
          // (`case a = 255, b` in a UInt8 enum): the same range rule as explicit values.
          // (A floating-point raw type counts 0, 1, … too, and holds any of them.)
          if let bounds = rawType.integerBounds, !DefaultEvaluator.fits(next, bounds) {
            diagnostics.append(
              Diagnostic(
                SchemaMessages.enumRawValueMismatch(
                  element.name.text, rawType.rawValue, "the implicit raw value \(next) is out of range for \(rawType.rawValue)"),
                at: range))
            nextInteger = Self.successor(of: next)
            continue
          }
          raw = .number(next)
        } else {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.enumRawValueMismatch(
                element.name.text, rawType.rawValue, "no implicit value follows a non-integer raw value"),
              at: range))
          continue
        }
        if case .number(let text) = raw {
          nextInteger = Self.successor(of: text)
        }
      } else if let expression = element.rawValue {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.enumRawValueMismatch(element.name.text, "(none)", "the enum declares no raw type"),
            at: SourceRange(file: file, bytes: expression.range)))
      }
      if let previous = seenRaw[raw] {
        diagnostics.append(
          Diagnostic(
            SchemaMessages.duplicateRawValue(Self.show(raw), decl.name.text), at: range,
            notes: [DiagnosticNote("also the raw value of '\(previous)'")]))
      } else {
        seenRaw[raw] = element.name.text
      }
      cases.append(EnumCase(name: element.name.text, rawValue: raw, range: range))
    }
    if readsPayloads, rawType == .character {
      // `Character` is not `Codable`, so a Codable enum of Character raw values gets the
      // synthesized conformance of an enum without one (`{"a": {}}`), as swiftc compiles it: its
      // raw values are no JSON.
      rawType = nil
      cases = cases.map { EnumCase(name: $0.name, rawValue: .string($0.name), range: $0.range) }
    }
    return EnumType(
      name: decl.name.text, rawType: rawType, cases: cases, range: SourceRange(file: file, bytes: decl.name.range))
  }

  /// The decimal integer after `text` (`"255"` → `"256"`, `"18446744073709551615"` → the digits of
  /// 2^64), or nil when `text` is no integer (a floating-point raw value has no successor).
  static func successor(of text: String) -> String? {
    if let value = Int64(text) { return value < Int64.max ? String(value + 1) : String(UInt64(value) + 1) }
    guard let value = UInt64(text) else { return nil }
    // Beyond UInt64 too: no raw type holds it, and the range check says so.
    return value < UInt64.max ? String(value + 1) : "18446744073709551616"
  }

  static func show(_ value: DefaultValue) -> String {
    switch value {
    case .string(let text): ControlCharacters.quoted(text)
    case .number(let text): text
    default: "\(value)"
    }
  }
}
