/// The whole differential corpus, deterministic by seed: the hand-written models and documents,
/// and generated models each with valid documents and one document per applicable `Fault`.
struct DifferentialCorpus: Sendable {
  /// One document to decode.
  struct Case: Sendable {
    let model: CorpusModel
    let strategy: DecoderStrategy
    let label: String
    let document: String
  }

  let models: [CorpusModel]
  let cases: [Case]

  init(seed: UInt64, generatedModels: Int) {
    var generator = ModelGenerator(seed: seed)
    models = FixedCorpus.models + (0..<generatedModels).map { generator.model($0) }
    var cases: [Case] = []
    for (modelIndex, model) in models.enumerated() {
      for (strategyIndex, strategy) in model.strategies.enumerated() {
        var seen = Set<String>()
        func add(_ label: String, _ document: String) {
          if seen.insert(document).inserted { cases.append(Case(model: model, strategy: strategy, label: label, document: document)) }
        }
        for (label, json) in model.handWritten { add(label, json) }
        var documents = DocumentGenerator(
          model: model, strategy: strategy, seed: seed &+ UInt64(modelIndex) &* 1_000_003 &+ UInt64(strategyIndex))
        for _ in 0..<5 { add("valid", documents.valid(model.root)) }
        for fault in Fault.allCases {
          for _ in 0..<3 {
            if let document = documents.faulty(model.root, fault) { add(fault.rawValue, document) }
          }
        }
      }
    }
    self.cases = cases
  }
}
