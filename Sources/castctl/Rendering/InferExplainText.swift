import CastSchema
import CastValidate

/// `infer`'s text on standard error: the evidence of `--explain`, and the verification's verdict.
enum InferExplainText {
  /// Per model, per property: the type, why, and the counts behind it.
  static func render(_ schema: InferredSchema, inputs: InferInputs) -> String {
    var out = ""
    for (model, properties) in schema.evidence {
      out += "\(model)\n"
      for evidence in properties {
        out += "  \(evidence.path): \(evidence.type): \(evidence.reason)\n"
        var facts = ["present in \(evidence.present) of \(evidence.objects)", "null \(evidence.nulls)"]
        facts.append(evidence.kinds.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", "))
        if let distinct = evidence.distinct { facts.append("\(distinct) distinct") }
        if let range = evidence.range { facts.append(range) }
        out += "    " + facts.filter { !$0.isEmpty }.joined(separator: "; ") + "\n"
        let examples = evidence.examples.map { kind, example in
          let input = inputs.inputs[example.input].source
          return "\(kind.rawValue) at \(input.name):\(input.position(of: example.offset).line) \(example.pointer)"
        }
        if !examples.isEmpty { out += "    e.g. " + examples.joined(separator: ", ") + "\n" }
      }
    }
    return out
  }

  /// One line on what the verification found, and the first problems if any.
  static func verdict(_ report: InferVerifier.Report, counts: String, dialect: Dialect = .jsoncast) -> String {
    if !report.schemaErrors.isEmpty {
      return "castctl: error: the inferred model does not load (a bug of infer): " + report.schemaErrors.joined(separator: "; ") + "\n"
    }
    let tolerated = report.tolerated.sorted { $0.rawValue < $1.rawValue }.compactMap { kind -> String? in
      guard let count = report.changes[kind] else { return nil }
      let why =
        switch kind {
        case .numberTextChanged: "JSONEncoder writes a number"
        case .keyMoved: "the model writes a value it reads through ?? or a key path under its own key"
        default: "\(dialect.rawValue) writes nil"
        }
      return "\(count) \(kind.rawValue), as \(why)"
    }
    if report.passed {
      return "castctl: \(counts); verified: all \(report.records) records valid under --strict with no findings, round trip lossless"
        + (tolerated.isEmpty ? "" : " (" + tolerated.joined(separator: "; ") + ")") + "\n"
    }
    var out = "castctl: error: \(counts), but the model does not accept them all: \(report.findingCount) findings under --strict, \(report.lossyCount) round-trip changes\n"
    // NB: paths and messages come from the data: escaped, as every finding line is.
    for finding in report.findings.prefix(10) {
      out += "  \(finding.severity.rawValue)[\(finding.code)] \(ControlCharacters.escaped(finding.path)): \(ControlCharacters.escaped(finding.message))\n"
    }
    for example in report.lossyExamples.prefix(10) { out += "  \(ControlCharacters.escaped(example))\n" }
    return out
  }
}
