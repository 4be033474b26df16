import Foundation
import Testing

@testable import CastValidate

/// Real data for `castctl infer`: the corpus beside the package, the seed samples, the examples.
enum InferData {
  static let shared = SampleFiles.packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  static let corpus = shared.appendingPathComponent("data/json-corpus")
  /// The peer benchmark's generated users file, where `make bench` leaves it.
  static let benchUsers = SampleFiles.packageRoot.appendingPathComponent("bench-data")

  static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
  static func corpusFile(_ name: String) -> URL { corpus.appendingPathComponent(name + ".json") }
  static func missing(_ url: URL) -> Comment { "\(url.path) not found; skipping" }

  /// The benchmark's users NDJSON files, if `make bench` generated any.
  static var benchFiles: [URL] {
    ((try? FileManager.default.contentsOfDirectory(at: benchUsers, includingPropertiesForKeys: nil)) ?? [])
      .filter { $0.lastPathComponent.hasPrefix("users-") && !$0.lastPathComponent.contains("synthetic") && $0.pathExtension == "ndjson" }
      .sorted { $0.path < $1.path }
  }

  /// The seed samples' JSON files.
  static var sampleFiles: [URL] {
    let folders = [SampleFiles.samples, SampleFiles.samples.appendingPathComponent("derived")]
    return folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "json" }
    }.sorted { $0.path < $1.path }
  }

  /// Infers from a file and checks the guarantee.
  static func expectVerified(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let outcome = try InferProbe.infer(file: file)
    #expect(outcome.schema != nil, "no model from \(file.lastPathComponent)", sourceLocation: sourceLocation)
    #expect(outcome.report?.schemaErrors == [], sourceLocation: sourceLocation)
    #expect(outcome.report?.findingCount == 0, "\(InferProbe.problems(outcome.report))", sourceLocation: sourceLocation)
    #expect(outcome.report?.lossyCount == 0, "\(InferProbe.problems(outcome.report))", sourceLocation: sourceLocation)
    #expect((outcome.report?.records ?? 0) > 0, sourceLocation: sourceLocation)
  }
}

@Suite("castctl infer on real data: the model loads and accepts its input under --strict")
struct InferDataTests {
  @Test("canada.json", .enabled(if: InferData.exists(InferData.corpusFile("canada")), InferData.missing(InferData.corpusFile("canada"))))
  func canada() throws {
    try InferData.expectVerified(InferData.corpusFile("canada"))
    let outcome = try InferProbe.infer(file: InferData.corpusFile("canada"))
    #expect(outcome.lines.contains("let coordinates: [[[Double]]]"))
  }

  @Test("citm_catalog.json", .enabled(if: InferData.exists(InferData.corpusFile("citm_catalog")), InferData.missing(InferData.corpusFile("citm_catalog"))))
  func citm() throws {
    try InferData.expectVerified(InferData.corpusFile("citm_catalog"))
    let outcome = try InferProbe.infer(file: InferData.corpusFile("citm_catalog"))
    // Objects keyed by ids are maps, as a person would declare them.
    #expect(outcome.lines.contains("let events: [Int: Event]"), "\(outcome.text)")
    #expect(outcome.lines.contains("let areaNames: [Int: String]"))
  }

  @Test("github_events.json", .enabled(if: InferData.exists(InferData.corpusFile("github_events")), InferData.missing(InferData.corpusFile("github_events"))))
  func githubEvents() throws {
    try InferData.expectVerified(InferData.corpusFile("github_events"))
    let outcome = try InferProbe.infer(file: InferData.corpusFile("github_events"))
    #expect(outcome.lines.contains("let createdAt: Date //! date iso8601"), "\(outcome.text)")
    #expect(outcome.lines.contains("let type: RootType"), "\(outcome.text)")
  }

  @Test("twitter.json", .enabled(if: InferData.exists(InferData.corpusFile("twitter")), InferData.missing(InferData.corpusFile("twitter"))))
  func twitter() throws {
    try InferData.expectVerified(InferData.corpusFile("twitter"))
    let outcome = try InferProbe.infer(file: InferData.corpusFile("twitter"))
    #expect(outcome.lines.contains("let statuses: [Status]"))
    #expect(outcome.lines.contains("let profileImageUrl: URL"), "\(outcome.text)")
  }

  @Test("the seed samples' JSON", .enabled(if: SampleFiles.isAvailable, "\(SampleFiles.missing)"))
  func samples() throws {
    let files = InferData.sampleFiles
    #expect(files.count >= 20, "expected the seed samples, found \(files.count)")
    for file in files {
      let outcome = try InferProbe.infer(file: file)
      guard outcome.schema != nil else {
        // An array of numbers has no object to make a model of.
        #expect(file.lastPathComponent == "Nosce-simple-array.json", "no model from \(file.lastPathComponent)")
        continue
      }
      #expect(outcome.report?.passed == true, "\(file.lastPathComponent): \(InferProbe.problems(outcome.report))")
    }
  }

  @Test("the examples in schemas/", arguments: ["users.json", "users.ndjson", "orders.ndjson", "classy.json", "jsonobject-user.json", "nosce-company.json", "convertible-person.json", "dson-fish.json"])
  func examples(_ name: String) throws {
    try InferData.expectVerified(SampleFiles.schemas.appendingPathComponent(name))
  }

  @Test("the benchmark's users file", .enabled(if: !InferData.benchFiles.isEmpty, "no bench-data/users-*.ndjson (make bench generates it from ../shared/bench); skipping"))
  func benchUsers() throws {
    let file = try #require(InferData.benchFiles.first)
    try InferData.expectVerified(file)
  }
}

@Suite("castctl infer is order-independent")
struct InferOrderTests {
  /// Records of every kind the rules tell apart, so a shuffle could change something if merging depended on order.
  static let mixed: [String] = [
    "{\"id\": 1, \"role\": \"admin\", \"tags\": [\"a\"], \"n\": 1}",
    "{\"id\": 2, \"role\": \"editor\", \"n\": 2.5, \"extra\": null}",
    "{\"role\": \"viewer\", \"id\": 3, \"address\": {\"city\": \"x\"}, \"n\": 9007199254740993}",
    "{\"id\": 4, \"role\": \"admin\", \"m\": {\"1\": true}, \"when\": \"2024-03-01T08:30:00Z\"}",
    "{\"id\": 5, \"role\": \"editor\", \"tags\": [], \"address\": {\"city\": \"y\", \"zip\": \"1\"}}",
    "{\"id\": 6, \"role\": \"viewer\", \"m\": {\"2\": false}, \"when\": \"2024-03-02T08:30:00Z\"}",
    "{\"id\": 7, \"role\": \"admin\", \"tags\": [\"b\", \"c\"]}",
    "{\"id\": 8, \"role\": \"editor\", \"extra\": \"s\"}",
    "{\"id\": 9, \"role\": \"viewer\"}",
    "{\"id\": 10, \"role\": \"admin\"}",
    "{\"id\": 11, \"role\": \"editor\"}",
    "{\"id\": 12, \"role\": \"viewer\"}",
  ]

  @Test("shuffled records give the same model", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func shuffled(_ seed: UInt64) throws {
    let reference = try InferProbe.infer(ndjson: Self.mixed.joined(separator: "\n")).text
    var generator = SeededGenerator(seed: seed)
    let shuffled = try InferProbe.infer(ndjson: Self.mixed.shuffled(using: &generator).joined(separator: "\n"))
    #expect(shuffled.text == reference)
    #expect(shuffled.report?.passed == true, "\(InferProbe.problems(shuffled.report))")
  }

  @Test("shuffled GitHub events give the same model", .enabled(if: InferData.exists(InferData.corpusFile("github_events")), InferData.missing(InferData.corpusFile("github_events"))))
  func shuffledEvents() throws {
    let bytes = Array(try Data(contentsOf: InferData.corpusFile("github_events")))
    guard case .array(let events) = try JSONValue.parse(bytes) else {
      Issue.record("github_events.json is not an array")
      return
    }
    let reference = try InferProbe.infer(bytes, ndjson: false).text
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<3 {
      let lines = events.shuffled(using: &generator).map { JSONWriter(style: .compact).write($0) }
      #expect(try InferProbe.infer(ndjson: lines.joined(separator: "\n")).text == reference)
    }
  }

  @Test("split across inferrers and merged in either order, as the threads do")
  func merged() throws {
    let whole = Inferrer()
    for record in Self.mixed { whole.observe(try JSONValue.parse(record)) }
    let reference = whole.schema()?.render()
    for cut in [1, 5, 11] {
      let first = Inferrer()
      let second = Inferrer()
      for record in Self.mixed[..<cut] { first.observe(try JSONValue.parse(record)) }
      for record in Self.mixed[cut...] { second.observe(try JSONValue.parse(record)) }
      second.merge(first)
      #expect(second.schema()?.render() == reference)
    }
  }

  @Test("records read from the scanner and from trees give the same model")
  func scannerAndTree() throws {
    let trees = Inferrer()
    for record in Self.mixed { trees.observe(try JSONValue.parse(record)) }
    let scanned = Inferrer()
    try Array(Self.mixed.joined(separator: "\n").utf8).withUnsafeBytes { raw in try scanned.observeNDJSON(raw) }
    #expect(trees.schema()?.render() == scanned.schema()?.render())
  }

  @Test("the verification across threads reports what one thread reports")
  func verifyThreads() throws {
    let text = Array((0..<40_000).map { Self.mixed[$0 % Self.mixed.count] }.joined(separator: "\n").utf8)
    let inferrer = Inferrer()
    try text.withUnsafeBytes { raw in try inferrer.observeNDJSON(raw) }
    let model = try #require(inferrer.schema()).render()
    // A model that rejects some records, so findings and changes are merged too.
    let strict = model.replacingOccurrences(of: "var extra: String?", with: "var extra: Int?")
    for text2 in [model, strict] {
      var one = InferVerifier(text: text2, path: "m.cast", model: "Root")
      var four = one
      try text.withUnsafeBytes { raw in
        try one.check(raw, ndjson: true)
        try four.checkNDJSON(raw, base: 0, jobs: 4)
      }
      #expect(one.report.records == 40_000)
      #expect(four.report.records == one.report.records)
      #expect(four.report.findingCount == one.report.findingCount)
      #expect(four.report.changes == one.report.changes)
      #expect(four.report.passed == one.report.passed)
      #expect(one.report.passed == (text2 == model), "\(InferProbe.problems(one.report))")
    }
    #expect(strict != model)
  }

  @Test("NDJSON across threads gives what one thread gives")
  func threads() throws {
    let text = Array((0..<40_000).map { Self.mixed[$0 % Self.mixed.count] }.joined(separator: "\n").utf8)
    let one = Inferrer()
    let four = Inferrer()
    try text.withUnsafeBytes { raw in
      try one.observeNDJSON(raw)
      try four.observeNDJSON(raw, input: 0, base: 0, jobs: 4)
    }
    #expect(one.records == 40_000)
    #expect(four.records == 40_000)
    #expect(one.schema()?.render() == four.schema()?.render())
  }
}

@Suite("castctl infer streams top-level arrays")
struct InferStreamTests {
  @Test("an array read in small chunks gives what the whole document gives, and verifies", arguments: [16, 64, 4096])
  func chunks(_ chunkSize: Int) throws {
    let text = "[\n" + InferOrderTests.mixed.joined(separator: ",\n") + ", {\"id\": 13, \"role\": \"admin\", \"n\": 123456}]\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("infer-stream-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let whole = try InferProbe.infer(Array(text.utf8), ndjson: false)
    let descriptor = open(url.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let streamed = Inferrer()
    #expect(try streamed.observeArray(descriptor: descriptor, chunkSize: chunkSize))
    #expect(streamed.records == 13)
    let schema = try #require(streamed.schema())
    #expect(schema.render() == whole.text)
    let source = try DataSource(name: "stream.json", path: url.path)
    #expect(lseek(descriptor, 0, SEEK_SET) == 0)
    var verifier = InferVerifier(text: schema.render(), path: "stream.cast", model: schema.rootName)
    #expect(try verifier.checkArray(descriptor: descriptor, source: source, chunkSize: chunkSize))
    #expect(verifier.report.records == 13)
    #expect(verifier.report.passed, "\(InferProbe.problems(verifier.report))")
  }

  @Test("an object is not streamed")
  func object() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("infer-stream-\(UUID().uuidString).json")
    try Data("{\"a\": 1}".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }
    let inferrer = Inferrer()
    #expect(try inferrer.observeArray(descriptor: descriptor) == false)
    #expect(inferrer.records == 0)
  }
}
