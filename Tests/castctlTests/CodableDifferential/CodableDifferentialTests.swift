import Foundation
import Testing

/// castctl's `codable` dialect against the real thing: every corpus document decoded by
/// Foundation's `JSONDecoder` (and re-encoded by `JSONEncoder`) in one compiled oracle, and by
/// castctl, one process per model and strategy. `CASTCTL_BIN` points it at another build,
/// `CASTCTL_DIFF_MODELS` and `CASTCTL_DIFF_SEED` change the corpus, `CASTCTL_DIFF_REPORT` names a
/// file that gets every disagreement as a JSON line.
@Suite struct CodableDifferentialTests {
  static let environment = ProcessInfo.processInfo.environment

  /// The harness is part of the suite; `CASTCTL_CODABLE_DIFF=0` leaves it out of a quick local run.
  static let skipped = environment["CASTCTL_CODABLE_DIFF"] == "0"

  @Test(
    .enabled(if: !skipped, "CASTCTL_CODABLE_DIFF=0 leaves the codable differential harness out"),
    .enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func castctlAgreesWithJSONDecoderAndJSONEncoderOnEveryCorpusDocument() throws {
    guard let swiftc = Oracle.swiftc, let binary = CastctlProcess.binary else { return }
    let started = Date()
    let corpus = DifferentialCorpus(
      seed: UInt64(Self.environment["CASTCTL_DIFF_SEED"] ?? "") ?? 24,
      generatedModels: Int(Self.environment["CASTCTL_DIFF_MODELS"] ?? "") ?? 50)
    let oracle = try Oracle(source: OracleProgram.source(models: corpus.models), swiftc: swiftc)
    let answers = try oracle.answers(corpus.cases.map { ($0.model.root, $0.strategy, $0.document) })
    let help = try CastctlProcess.run(["validate", "--help"]).stdout

    var groups: [(key: String, indices: [Int])] = []
    var position: [String: Int] = [:]
    for (index, item) in corpus.cases.enumerated() {
      let key = item.model.root + "/" + item.strategy.rawValue
      if let at = position[key] { groups[at].indices.append(index) } else {
        position[key] = groups.count
        groups.append((key, [index]))
      }
    }

    let results = Results()
    let groupList = groups
    DispatchQueue.concurrentPerform(iterations: groupList.count) { groupIndex in
      let indices = groupList[groupIndex].indices
      let first = corpus.cases[indices[0]]
      guard let arguments = first.strategy.arguments(help: help) else {
        results.skip("\(first.strategy.rawValue) (no option for it in castctl validate --help): \(indices.count) documents of \(first.model.root)")
        return
      }
      let accepted = indices.filter { answers[$0].ok }
      do {
        let castctl = try CastctlAnswers(
          binary: binary, model: first.model, strategyArguments: arguments,
          documents: indices.map { corpus.cases[$0].document }, acceptedDocuments: accepted.map { corpus.cases[$0].document })
        var found: [Disagreement] = []
        for (offset, index) in indices.enumerated() {
          found += Self.compare(corpus.cases[index], answers[index], castctl.verdicts[offset])
        }
        if first.strategy.comparesOutput {
          for (offset, index) in accepted.enumerated() where castctl.verdicts[indices.firstIndex(of: index) ?? 0].valid {
            found += Self.compareOutput(corpus.cases[index], answers[index], castctl.converted[offset])
          }
        }
        results.add(found)
      } catch {
        results.fail("\(first.model.root) with \(first.strategy.rawValue): \(error)")
      }
    }

    let seconds = Date().timeIntervalSince(started)
    let disagreements = results.disagreements
    print(
      "codable differential: \(corpus.models.count) models, \(corpus.cases.count) documents, "
        + "oracle compile \(String(format: "%.1f", oracle.compileSeconds)) s, total \(String(format: "%.1f", seconds)) s, "
        + "\(disagreements.count) disagreements (\(disagreements.filter { $0.area == "engine" }.count) engine, "
        + "\(disagreements.filter { $0.area == "front" }.count) front), \(results.skipped.count) groups skipped, \(results.failures.count) runs failed")
    for note in results.skipped { print("skipped: " + note) }
    for failure in results.failures { print("failed: " + failure.prefix(400)) }
    if let report = Self.environment["CASTCTL_DIFF_REPORT"] {
      let failed = results.failures.map { failure -> String in
        let object = ["rule": "run-failed", "group": "run-failed", "area": failure.contains("CodingKeys") ? "front" : "engine",
          "castctl": String(failure.prefix(2000)), "decoder": "", "document": "", "source": "", "strategy": "", "label": ""]
        return String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
      }
      try Data((failed + disagreements.map(\.jsonLine)).map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: report))
    }
    for failure in results.failures { Issue.record(Comment(rawValue: failure)) }
    for disagreement in disagreements.prefix(200) { Issue.record(Comment(rawValue: disagreement.description)) }
    if disagreements.count > 200 {
      Issue.record("\(disagreements.count - 200) more disagreements (CASTCTL_DIFF_REPORT=file lists them all)")
    }
  }

  static func compare(_ item: DifferentialCorpus.Case, _ decoder: Oracle.Answer, _ castctl: CastctlAnswers.Verdict) -> [Disagreement] {
    let said = decoder.ok ? "decodes" : "\(decoder.error ?? "?") at \(decoder.path.map { $0.isEmpty ? "(root)" : $0 } ?? "?"): \(decoder.message ?? "")"
    if decoder.ok != castctl.valid {
      return [Disagreement(rule: .verdict, corpusCase: item, decoder: said, castctl: castctl.raw)]
    }
    if !decoder.ok, let note = castctl.decoderNote {
      guard note.path == decoder.path ?? "", note.error == decoder.error else {
        return [Disagreement(rule: .decoderNote, corpusCase: item, decoder: said, castctl: "noted \(note.error) at \(note.path): \(castctl.raw)")]
      }
      // castctl named the decoder's error: its findings' paths point into the document (the
      // JSON keys, not the CodingKeys a key strategy turns them into) in document order.
      return []
    }
    // Foundation reports a fraction or an overflow as "not valid JSON" at the root: it loses the
    // path, so castctl's own path (at the number) is not compared with it, only its note.
    let pathLost = decoder.error == "dataCorrupted" && decoder.path == "" && (decoder.message ?? "").contains("not valid JSON")
    // The iso8601 strategy throws with its container's path, one step short of the date's.
    let containerPath = decoder.error == "dataCorrupted" && (decoder.message ?? "").contains("ISO8601-formatted")
    if !decoder.ok, !pathLost, let first = castctl.firstError,
      (containerPath ? String(first.path[..<(first.path.lastIndex(of: "/") ?? first.path.startIndex)]) : first.path) != decoder.path ?? "" {
      let later = castctl.errorPaths.contains(decoder.path ?? "") ? " (the decoder's path is a later finding)" : ""
      return [Disagreement(rule: .firstErrorPath, corpusCase: item, decoder: said, castctl: "first error \(first.code) at \(first.path)\(later): \(castctl.raw)")]
    }
    return []
  }

  static func compareOutput(_ item: DifferentialCorpus.Case, _ decoder: Oracle.Answer, _ converted: String?) -> [Disagreement] {
    guard let expected = decoder.output else { return [] }
    guard let converted else {
      return [Disagreement(rule: .output, corpusCase: item, decoder: expected, castctl: "convert rejected it")]
    }
    guard let left = JSONSameValue.parse(expected), let right = JSONSameValue.parse(converted), JSONSameValue.same(left, right) else {
      return [Disagreement(rule: .output, corpusCase: item, decoder: expected, castctl: converted)]
    }
    return []
  }
}

/// The comparison's results, gathered from the concurrent castctl runs.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var found: [Disagreement] = []
  private(set) var skipped: [String] = []
  private(set) var failures: [String] = []

  var disagreements: [Disagreement] { lock.withLock { found } }
  func add(_ items: [Disagreement]) { lock.withLock { found += items } }
  func skip(_ note: String) { lock.withLock { skipped.append(note) } }
  func fail(_ note: String) { lock.withLock { failures.append(note) } }
}
