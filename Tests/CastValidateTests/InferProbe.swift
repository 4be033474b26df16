import Foundation
import Testing

@testable import CastValidate

/// Drives the inference engine in process: records in, `.cast` text and its verification out.
enum InferProbe {
  /// What one inference produced.
  struct Outcome {
    /// The `.cast` text; empty when no model could be inferred.
    let text: String
    let report: InferVerifier.Report?
    let schema: InferredSchema?

    /// The model text's lines, trimmed, for `contains` checks.
    var lines: [String] { text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }
  }

  /// Infers from NDJSON text (one record per line) and verifies the result against it.
  static func infer(ndjson: String, options: InferOptions = InferOptions()) throws -> Outcome {
    try infer(Array(ndjson.utf8), ndjson: true, options: options)
  }

  /// Infers from bytes (NDJSON, or a document whose top-level array is one record per element)
  /// and verifies the result against the same bytes.
  static func infer(_ bytes: [UInt8], ndjson: Bool, options: InferOptions = InferOptions()) throws -> Outcome {
    let inferrer = Inferrer(options: options)
    try bytes.withUnsafeBytes { raw in
      if ndjson { try inferrer.observeNDJSON(raw) } else { try inferrer.observeDocument(raw) }
    }
    guard let schema = inferrer.schema() else { return Outcome(text: "", report: nil, schema: nil) }
    let text = schema.render()
    var verifier = InferVerifier(text: text, path: "inferred.cast", model: schema.rootName)
    try bytes.withUnsafeBytes { raw in try verifier.check(raw, ndjson: ndjson) }
    return Outcome(text: text, report: verifier.report, schema: schema)
  }

  /// Infers from a file: `.ndjson` / `.jsonl` line by line, anything else as a document.
  static func infer(file: URL, options: InferOptions = InferOptions()) throws -> Outcome {
    let bytes = Array(try Data(contentsOf: file))
    return try infer(bytes, ndjson: ["ndjson", "jsonl"].contains(file.pathExtension), options: options)
  }

  /// A verification's problems, for a failure message.
  static func problems(_ report: InferVerifier.Report?) -> String {
    guard let report else { return "no model" }
    return (report.schemaErrors + report.findings.prefix(5).map { "\($0.code) \($0.path): \($0.message)" }
      + report.lossyExamples.prefix(5)).joined(separator: "\n")
  }
}
