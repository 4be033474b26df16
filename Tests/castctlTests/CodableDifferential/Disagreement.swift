import Foundation

/// One document on which castctl and Foundation differ, with everything needed to reproduce it.
struct Disagreement: CustomStringConvertible {
  /// What differs: the verdict, the first error's path, or `convert`'s output.
  enum Rule: String {
    case verdict, firstErrorPath = "first-error-path", decoderNote = "decoder-note", output
  }

  let rule: Rule
  let corpusCase: DifferentialCorpus.Case
  let decoder: String
  let castctl: String

  /// Which helper's area it falls in: keys (the front end) or values (the engine).
  var area: String {
    let keyed = corpusCase.strategy == .snakeCase || decoder.contains("keyNotFound")
      || corpusCase.label == "removeKey" || corpusCase.label == "unknownKey" || corpusCase.label.contains("let with initial")
      || castctl.contains("\"missing-required\"") || castctl.contains("\"unknown-key\"")
    return keyed ? "front" : "engine"
  }

  /// A short name for grouping: the rule, the fault and what the decoder said.
  var group: String {
    rule == .output ? "output · \(corpusCase.label)" : "\(rule.rawValue) · \(corpusCase.label) · decoder \(decoder.split(separator: " ").first ?? "")"
  }

  var description: String {
    """
    \(rule.rawValue) [\(corpusCase.label), strategy \(corpusCase.strategy.rawValue)] model \(corpusCase.model.root):
    \(corpusCase.model.source)document: \(corpusCase.document)
    JSONDecoder: \(decoder)
    castctl:     \(castctl)
    """
  }

  /// One line of JSON for the harness's report file.
  var jsonLine: String {
    let object: [String: String] = [
      "rule": rule.rawValue, "area": area, "group": group, "label": corpusCase.label, "strategy": corpusCase.strategy.rawValue,
      "model": corpusCase.model.root, "source": corpusCase.model.source, "document": corpusCase.document,
      "decoder": decoder, "castctl": castctl,
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
