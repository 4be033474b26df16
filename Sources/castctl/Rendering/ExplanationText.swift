import CastSchema
import CastValidate

/// `castctl explain` and the REPL's `:explain`: a finding code's meaning, why, and its example
/// with what castctl says of it, found by running the example rather than written down.
enum ExplanationText {
  /// Every code with its one-line meaning.
  static func list() -> String {
    let width = FindingCode.allCases.map(\.rawValue.count).max() ?? 0
    return FindingCode.allCases.map { code in
      code.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + code.summary
    }.joined(separator: "\n") + "\n"
  }

  /// The explanation of `name`, or an error message naming the nearest code.
  static func explain(_ name: String) -> Result<String, ExplainError> {
    guard let code = FindingCode(rawValue: name) else {
      let nearest = NameSuggestion.closest(to: name, in: FindingCode.allCases.map(\.rawValue))
      let hint = nearest.map { "; did you mean '\($0)'?" } ?? ""
      return .failure(ExplainError(message: "no finding code '\(name)'\(hint) (castctl explain lists them)"))
    }
    let entry = code.explanation
    var text = "\(code.rawValue): \(code.summary)\n\n\(entry.detail.replacing("`", with: ""))\n\nExample:\n"
    let model = entry.example.modelName.map { ["--model", $0] } ?? []
    let command = (["castctl", "validate", "example.cast", "example.json"] + model + entry.example.arguments).joined(separator: " ")
    text += "  $ cat example.cast\n" + indent(entry.example.model) + "  $ cat example.json\n" + indent(entry.example.data)
    text += "  $ \(command)\n" + indent(run(entry.example))
    return .success(text)
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
