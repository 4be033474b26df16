import CastSchema
import CastValidate

/// `validate` when the model files have errors: no data is read, and the formats that write one
/// document write it with the model files' diagnostics (text has them on standard error).
extension Validate {
  /// Writes the report of a run the model files' errors stopped: `sites` are their warnings and
  /// errors; the data file is named as not checked.
  func writeModelFailure(_ sites: [DiagnosticSite], session: SchemaFrontend) {
    let path = files[files.count - 1]
    let dataPath = path == "-" ? "<stdin>" : path
    switch format {
    case .text, .jsonl:
      return
    case .json:
      // The model, when the errors still leave one to name (they are elsewhere in the files).
      var model: String?
      if case .success(let choice) = session.resolve(type: data.typeExpression, model: data.model) { model = choice.label }
      Self.writeJSON(FindingJSONArray(), ValidationSummary(), model: model, malformed: nil, diagnostics: sites)
    case .sarif:
      ModelDiagnosticReport.writeSARIF(sites, failures: [.init(reason: Self.notChecked(sites, "\(dataPath) was not checked"))])
    case .github:
      ModelDiagnosticReport.writeGitHub(sites, failures: [], summary: dataPath)
    case .junit:
      Terminal.write(JUnitReport.modelFailureDocument(sites))
    }
  }

  /// Why the data was not checked (`outcome`): `3 errors in the model files (bad.cast); data.json
  /// was not checked`.
  static func notChecked(_ sites: [DiagnosticSite], _ outcome: String) -> String {
    let errors = sites.filter { $0.severity == .error }
    var files: [String] = []
    for site in errors { if let file = site.place?.file, !files.contains(file) { files.append(file) } }
    let named = files.isEmpty ? "" : " (" + files.joined(separator: ", ") + ")"
    return "\(DiagnosticRenderer.count(errors.count, "error")) in the model files\(named); \(outcome)"
  }
}
