/// Resolves enum declarations: raw type, explicit and implicit raw values (as Swift assigns them).
struct EnumBuilder {
  let symbols: SymbolTable
  private(set) var diagnostics: [Diagnostic] = []

  init(symbols: SymbolTable) {
    self.symbols = symbols
  }

  mutating func build(_ located: Located<EnumDeclSyntax>) -> EnumType {
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
    var nextInteger: Int64? = 0
    var seenNames: Set<String> = []
    var seenRaw: [DefaultValue: String] = [:]
    for element in decl.cases {
      let range = SourceRange(file: file, bytes: element.name.range)
      if !seenNames.insert(element.name.text).inserted {
        diagnostics.append(Diagnostic(SchemaMessages.duplicateCase(element.name.text, decl.name.text), at: range))
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
          raw = .number(String(next))
        } else {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.enumRawValueMismatch(
                element.name.text, rawType.rawValue, "no implicit value follows a non-integer raw value"),
              at: range))
          continue
        }
        if case .number(let text) = raw {
          nextInteger = Int64(text).flatMap { $0 < Int64.max ? $0 + 1 : nil }
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
    return EnumType(
      name: decl.name.text, rawType: rawType, cases: cases, range: SourceRange(file: file, bytes: decl.name.range))
  }

  static func show(_ value: DefaultValue) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .number(let text): text
    default: "\(value)"
    }
  }
}
