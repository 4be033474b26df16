import CastSchema
import CastValidate

/// `castctl explain` and the REPL's `:explain`: a code's meaning, why, and its example with what
/// castctl says of it, found by running the example rather than written down.
enum ExplanationText {
  /// Every code with its one-line meaning: the findings' codes, then the model files' codes.
  static func list() -> String {
    let findings = FindingCode.allCases.map { ($0.rawValue, $0.summary) }
    let schema = SchemaCode.allCases.map { ($0.rawValue, $0.meaning.replacing("`", with: "")) }
    let width = (findings + schema).map(\.0.count).max() ?? 0
    let rows = { (codes: [(String, String)]) in
      codes.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 + "\n" }.joined()
    }
    let input = malformedCodes.map { ($0, $0 == malformedCodes[0] ? "the input is not JSON: the run stops there" : "the input is not YAML (with --from yaml): the run stops there") }
    let ledger = LedgerKind.allCases.map { ($0.rawValue, $0.summary) }
    return rows(findings) + "\nOf the input itself:\n" + rows(input) + "\nIn model files (castctl check):\n" + rows(schema)
      + "\nIn roundtrip's ledger (the changes a trip through the model makes):\n" + rows(ledger)
  }

  /// Every code `explain` knows, once each (`too-many-errors` is a finding's and a model file's).
  static var codes: [String] {
    var seen: Set<String> = []
    return (FindingCode.allCases.map(\.rawValue) + malformedCodes + SchemaCode.allCases.map(\.rawValue) + LedgerKind.allCases.map(\.rawValue))
      .filter { seen.insert($0).inserted }
  }

  /// The codes of input that cannot be read as its format: not a finding of a record, but the
  /// end of the run (exit 3).
  static let malformedCodes = [DataProblem.malformedCode(isYAML: false), DataProblem.malformedCode(isYAML: true)]

  /// `malformed-json` or `malformed-yaml` explained, its example read by castctl's own reader.
  private static func malformed(_ name: String) -> String? {
    guard let index = malformedCodes.firstIndex(of: name) else { return nil }
    let isYAML = index == 1
    let (file, data) = isYAML ? ("example.yaml", "id: [1, 2\n") : ("example.json", "{\"id\": 1,}\n")
    var text = "\(name): the input is not \(isYAML ? "YAML" : "JSON (RFC 8259, strictly)"), at a line and column.\n\n"
    text += "Not a finding of a record but the end of the run: exit 3, with what was expected there. A malformed NDJSON line ends "
      + "the run after the records before it, which are still reported (validate --format json gives the error as its "
      + "\"malformed\" member, sarif, junit and github as the last finding; roundtrip prints the ledger so far; convert to "
      + "standard output has written them); --format jsonl gives the line its own verdict and goes on.\n\nExample:\n"
    text += "  $ cat \(file)\n" + indent(data) + "  $ castctl validate --type Any \(file)\n"
    // NB: read as `validate` reads it: YAML converted first, then the JSON by the engine.
    let document: DataDocument
    do {
      document = try DataDocument.inline(Array(data.utf8), name: file, reading: DataReading())
    } catch {
      guard case .malformed(let syntax, let source, _, _) = error else { return text + indent("(\(error))") }
      return text + indent("\(file):\(source.position(of: syntax.offset)): error[\(name)]: \(syntax.message)")
    }
    guard let validator = try? CastValidate.Schema(source: "").validator(forType: "Any"),
      let error = validator.validate(document.source.readAll()).syntaxError
    else { return text + indent("(the example was read without an error)") }
    return text + indent("\(file):\(document.source.position(of: error.offset)): error[\(name)]: \(error.message)")
  }

  /// The explanation of `name`, or an error message naming the nearest code.
  static func explain(_ name: String) -> Result<String, ExplainError> {
    // NB: `too-many-errors` is a code of both: the data's and the model file's explanations are given.
    let schemaCode = SchemaCode(rawValue: name)
    if let malformed = malformed(name) { return .success(malformed) }
    let ledgerKind = LedgerKind(rawValue: name)
    guard let code = FindingCode(rawValue: name) else {
      if let schemaCode { return .success(explain(schemaCode)) }
      if let ledgerKind { return .success(explain(ledgerKind)) }
      let codes = Self.codes
      let hint = NameSuggestion.closest(to: name, in: codes).map { "; did you mean '\($0)'?" } ?? ""
      return .failure(ExplainError(message: "no code '\(name)'\(hint) (castctl explain lists them)"))
    }
    let entry = code.explanation
    var text = "\(code.rawValue): \(code.summary)\n\n\(entry.detail.replacing("`", with: ""))\n\nExample:\n"
    let model = entry.example.modelName.map { ["--model", $0] } ?? []
    let command = (["castctl", "validate", "example.cast", "example.json"] + model + entry.example.arguments).joined(separator: " ")
    text += "  $ cat example.cast\n" + indent(entry.example.model) + "  $ cat example.json\n" + indent(entry.example.data)
    text += "  $ \(command)\n" + indent(run(entry.example))
    return .success(
      text + (schemaCode.map { "\nIn a model file:\n\n" + explain($0) } ?? "") + (ledgerKind.map { "\nIn roundtrip's ledger:\n\n" + explain($0) } ?? ""))
  }

  /// A kind of change `roundtrip` lists: what it means, and how to accept it.
  private static func explain(_ kind: LedgerKind) -> String {
    "\(kind.rawValue): \(kind.summary)\n\nA kind of change castctl roundtrip lists, by kind, with where it is in the input and the "
      + "value before and after (also in --format json's entries). Any change makes the trip lossy (exit 1) unless accepted: "
      + "castctl roundtrip --allow \(kind.rawValue) accepts this kind.\n"
  }

  /// A model file's code: what it means, how serious it is, and its example as castctl reports it.
  private static func explain(_ code: SchemaCode) -> String {
    let example = code.example
    var text = "\(code.rawValue): \(code.meaning.replacing("`", with: ""))\n\n"
    let kind =
      switch code.severity {
      case .error: "An error in a model file, which then does not load (exit 2)"
      case .warning: "A warning in a model file"
      case .note: "A note on a model file"
      }
    text += kind + ".\n\nExample:\n"
    text += "  $ cat \(example.file)\n" + indent(example.model) + "  $ \(example.command)\n"
    let file = SourceFile(path: example.file, text: example.model)
    var (registry, diagnostics) = SchemaFrontend.load([file], options: example.options)
    if let keys = example.keys.flatMap(KeyStyle.init(rawValue:)), let model = registry.models.keys.first {
      let compiled = CompiledSchema(registry: registry, target: .model(model))
      diagnostics += keys.collisions(in: compiled, target: .model(model))
    }
    // Only this code's diagnostics: the others an example gives on the way would be noise here.
    let shown = diagnostics.filter { $0.code == code.rawValue }
    let others = diagnostics.count - shown.count
    let more = others > 0 ? "(and \(DiagnosticRenderer.count(others, "other diagnostic")))\n" : ""
    return text + indent(DiagnosticRenderer(files: registry.files).render(shown) + more)
  }

  /// What castctl reports for the example, a line per finding.
  private static func run(_ example: FindingExplanation.Example) -> String {
    do {
      let schema = try CastValidate.Schema(source: example.model, path: "example.cast", options: example.registryOptions)
      let validator = try schema.validator(for: example.modelName ?? "", options: example.validationOptions)
      let report = validator.validate(example.data)
      let lines = report.findings.map { finding in
        "example.json:\(report.position(of: finding)): \(finding.severity.rawValue)[\(finding.code)]: \(finding.message)"
      }
      return lines.joined(separator: "\n") + "\n"
    } catch {
      return "(the example does not load: \(error))\n"
    }
  }

  private static func indent(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n"
  }
}

/// An unknown code given to `explain`.
struct ExplainError: Error {
  var message: String
}
