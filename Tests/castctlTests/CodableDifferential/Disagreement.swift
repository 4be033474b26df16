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

  /// Which helper's area it falls in: keys (the front end: key strategies, `CodingKeys`, which
  /// properties are decoded and encoded at all) or values (the engine).
  var area: String {
    if decoder.hasPrefix("keyNotFound") { return "front" }
    if rule == .output {
      guard case .object(let expected)? = JSONSameValue.parse(decoder), case .object(let got)? = JSONSameValue.parse(castctl) else {
        return "engine"
      }
      return Set(expected.map(\.0)) == Set(got.map(\.0)) ? "engine" : "front"
    }
    let firstError = castctl.range(of: #""severity":"error","code":""#).map { castctl[$0.upperBound...].prefix { $0 != "\"" } }
    return firstError == "missing-required" || firstError == "unknown-key" ? "front" : "engine"
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
