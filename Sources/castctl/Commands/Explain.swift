import ArgumentParser
import CastSchema
import CastValidate

/// `castctl explain [CODE]`: what a finding or model-file code means, with an example castctl runs.
struct Explain: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Explain a finding or model-file code, with an example; without a code, list them all.",
    discussion: """
      The example is run when you ask, so what it shows is what this castctl reports.

      Examples:
        castctl explain
        castctl explain missing-required
        castctl explain unknown-type
      """)

  @Argument(
    help: "A code, as in error[missing-required] or error[unknown-type].",
    completion: .list(ExplanationText.codes))
  var code: String?

  func run() throws {
    guard let code else {
      Terminal.write(ExplanationText.list())
      return
    }
    switch ExplanationText.explain(code) {
    case .success(let text): Terminal.write(text)
    case .failure(let error):
      Terminal.writeError("castctl: error: \(error.message)\n")
      throw ExitCode.usage
    }
  }
}
