import CastSchema
import CastValidate
import Foundation

/// `:infer FILE [--model-name NAME]`: a model inferred from a data file, verified, and loaded
/// into the session beside the files already there.
extension ReplInterpreter {
  mutating func infer(_ rest: String) -> String {
    let words = ReplArguments.split(rest)
    var options = InferOptions()
    guard let path = words.first, words.count == 1 || (words.count == 3 && words[1] == "--model-name") else {
      return error("usage: :infer FILE [--model-name NAME]")
    }
    if words.count == 3 {
      if let problem = InferNames.problem(withModelName: words[2]) { return error(problem) }
      options.modelName = words[2]
    }
    if session.registry.models[options.modelName] != nil || session.registry.enums[options.modelName] != nil {
      return error("\(options.modelName) is in the session already: name the root with --model-name, or :reset")
    }
    // Read as the data commands read a file: a reason for what cannot be, YAML by its extension.
    let document: DataDocument
    do {
      document = try DataDocument.open(resolve(path), name: path, reading: DataReading(format: nil, ndjson: false))
    } catch {
      return problem(error)
    }
    let bytes = document.source.readAll()
    let ndjson = document.recordsPerLine
    let inferrer = Inferrer(options: options)
    inferrer.isCancelled = { CommandInterrupt.requested }
    do {
      try bytes.withUnsafeBytes { buffer in
        if ndjson { try inferrer.observeNDJSON(buffer) } else { try inferrer.observeDocument(buffer) }
      }
    } catch let error as JSONSyntaxError {
      return SyntaxErrorText.render(error, in: document.source, style: style, code: DataProblem.malformedCode(isYAML: false))
    } catch {
      return self.error("\(path): malformed JSON: \(error)")
    }
    if CommandInterrupt.requested { return "cancelled (Ctrl-C) after \(DiagnosticRenderer.count(inferrer.records, "record")); nothing was inferred\n" }
    // NB: the session's names are taken, so a second :infer names its nested models apart
    // (only the root's name, given by --model-name, can still clash).
    let taken = Set(session.registry.models.keys).union(session.registry.enums.keys)
    if let reason = inferrer.rootMapReason { return error("no model to infer: \(reason)") }
    guard let schema = inferrer.schema(reserving: taken) else {
      return error("nothing to infer a model from: \(path) holds no object records")
    }
    let text = schema.render(header: ["Inferred by :infer from \(DiagnosticRenderer.count(schema.records, "record")) of \(path)."])
    var verifier = InferVerifier(text: text, path: "<infer \(path)>", model: schema.rootName)
    verifier.isCancelled = { CommandInterrupt.requested }
    try? bytes.withUnsafeBytes { buffer in try verifier.check(buffer, ndjson: ndjson) }
    if CommandInterrupt.requested { return text + "\ncancelled (Ctrl-C) after the model was inferred, while it was checked; it was not loaded\n" }
    let file = SourceFile(path: "<infer \(path)>", text: text)
    let (registry, diagnostics) = session.build(files: session.files + [file], typed: session.typed)
    if diagnostics.contains(where: { $0.severity == .error }) {
      return text + "\n" + render(diagnostics.filter { $0.severity == .error }, files: registry.files)
        + error("not loaded: the inferred names clash with the session's; :reset, or --model-name")
    }
    session.adopt(files: session.files + [file], typed: session.typed, registry: registry, diagnostics: diagnostics)
    session.currentModel = schema.rootName
    let counts = "inferred \(DiagnosticRenderer.count(schema.modelCount, "model")), \(DiagnosticRenderer.count(schema.enumCount, "enum")) "
      + "from \(DiagnosticRenderer.count(schema.records, "record"))"
    return text + "\n" + InferExplainText.verdict(verifier.report, counts: counts).replacingOccurrences(of: "castctl: ", with: "")
      + "using \(schema.rootName)\n"
  }
}
