import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `../shared/data/json-corpus`, beside the repository.
private let realCorpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/json-corpus")
private let realCorpusExists = FileManager.default.fileExists(atPath: realCorpus.appendingPathComponent("twitter.json").path)

/// Models written the way public Swift API clients write them (a generic response wrapper,
/// `CodingKeys` beside snake-case strategies, optionals for what an API may leave out), against
/// the real JSON of `../shared/data/json-corpus`: castctl's verdict, first decoder error and
/// output equal JSONDecoder's and JSONEncoder's, with the same strategies.
@Suite(.enabled(if: realCorpusExists, "../shared/data/json-corpus is missing: the shared folder belongs beside the repository"))
struct CodableRealDataTests {
  static let corpus = realCorpus

  // MARK: - GitHub events: an array of events, snake_case through the key strategy

  struct Event: Codable {
    let id: String
    let type: EventType
    let actor: Actor
    let repo: Repo
    let isPublic: Bool
    let createdAt: Date
    let org: Actor?
    enum CodingKeys: String, CodingKey { case id, type, actor, repo, isPublic = "public", createdAt, org }
  }
  enum EventType: String, Codable {
    case ForkEvent, IssueCommentEvent, PushEvent, GollumEvent, CreateEvent, IssuesEvent, WatchEvent
  }
  struct Actor: Codable { let id: Int; let login: String; let gravatarId: String?; let url: URL; let avatarUrl: URL }
  struct Repo: Codable { let id: Int; let name: String; let url: URL }

  static let eventsModel = """
    import Foundation

    struct Event: Codable {
        let id: String
        let type: EventType
        let actor: Actor
        let repo: Repo
        let isPublic: Bool
        let createdAt: Date
        let org: Actor?
        enum CodingKeys: String, CodingKey { case id, type, actor, repo, isPublic = "public", createdAt, org }
    }
    enum EventType: String, Codable {
        case ForkEvent, IssueCommentEvent, PushEvent, GollumEvent, CreateEvent, IssuesEvent, WatchEvent
    }
    struct Actor: Codable { let id: Int; let login: String; let gravatarId: String?; let url: URL; let avatarUrl: URL }
    struct Repo: Codable { let id: Int; let name: String; let url: URL }
    """

  // MARK: - Twitter search: a generic wrapper around the statuses

  struct SearchResponse<Item: Codable>: Codable { let statuses: [Item]; let searchMetadata: SearchMetadata }
  struct SearchMetadata: Codable { let completedIn: Double; let maxId: Int64; let count: Int; let nextResults: String?; let query: String }
  struct Tweet: Codable {
    let id: Int64
    let idStr: String
    let text: String
    let createdAt: String
    let user: TwitterUser
    let retweetCount: Int
    let favoriteCount: Int
    let inReplyToStatusId: Int64?
    let entities: Entities
    let retweetedStatus: Retweet?
    let lang: String
  }
  struct Retweet: Codable { let id: Int64; let text: String; let user: TwitterUser; let retweetCount: Int }
  struct TwitterUser: Codable {
    let id: Int64
    let screenName: String
    let name: String
    let url: URL?
    let followersCount: Int
    let profileImageUrlHttps: URL
    let isVerified: Bool
    enum CodingKeys: String, CodingKey { case id, screenName, name, url, followersCount, profileImageUrlHttps, isVerified = "verified" }
  }
  struct Entities: Codable { let hashtags: [Hashtag]; let userMentions: [Mention] }
  struct Hashtag: Codable { let text: String; let indices: [Int] }
  struct Mention: Codable { let screenName: String; let id: Int64; let indices: [Int] }

  static let twitterModel = """
    import Foundation

    struct SearchResponse<Item: Codable>: Codable { let statuses: [Item]; let searchMetadata: SearchMetadata }
    struct SearchMetadata: Codable { let completedIn: Double; let maxId: Int64; let count: Int; let nextResults: String?; let query: String }
    struct Tweet: Codable {
        let id: Int64
        let idStr: String
        let text: String
        let createdAt: String
        let user: TwitterUser
        let retweetCount: Int
        let favoriteCount: Int
        let inReplyToStatusId: Int64?
        let entities: Entities
        let retweetedStatus: Retweet?
        let lang: String
    }
    struct Retweet: Codable { let id: Int64; let text: String; let user: TwitterUser; let retweetCount: Int }
    struct TwitterUser: Codable {
        let id: Int64
        let screenName: String
        let name: String
        let url: URL?
        let followersCount: Int
        let profileImageUrlHttps: URL
        let isVerified: Bool
        enum CodingKeys: String, CodingKey { case id, screenName, name, url, followersCount, profileImageUrlHttps, isVerified = "verified" }
    }
    struct Entities: Codable { let hashtags: [Hashtag]; let userMentions: [Mention] }
    struct Hashtag: Codable { let text: String; let indices: [Int] }
    struct Mention: Codable { let screenName: String; let id: Int64; let indices: [Int] }
    """

  /// A real file (the suite runs only when the corpus is there).
  static func data(_ name: String) throws -> Data {
    let url = corpus.appendingPathComponent(name)
    try #require(FileManager.default.fileExists(atPath: url.path), "\(url.path) is missing: ../shared belongs beside the repository")
    return try Data(contentsOf: url)
  }

  /// The registry of `model` with the snake-case key strategy and ISO 8601 dates, as the app decodes.
  static func registry(_ model: String) -> ModelRegistry {
    var options = RegistryOptions()
    options.keyDecoding = .convertFromSnakeCase
    options.codableDateFormat = .iso8601
    return EngineProbe.registry(model, options: options, path: "Models.swift")
  }

  static func coders() -> (JSONDecoder, JSONEncoder) {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return (decoder, encoder)
  }

  /// castctl's instances of every record, written as JSON values, beside the run.
  static func castctl(_ registry: ModelRegistry, _ json: Data, model: String) throws -> (EngineProbe.Run, Any) {
    let run = try EngineProbe.run(registry, String(decoding: json, as: UTF8.self), model: model)
    let encoder = ModelEncoder(schema: CompiledSchema(registry: registry))
    let values = run.records.compactMap(\.instance).map { JSONWriter(style: .compact).write(encoder.encode($0)) }
    let array = try values.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    return (run, array)
  }

  @Test("GitHub events: castctl accepts what JSONDecoder accepts and writes what JSONEncoder writes")
  func githubEvents() throws {
    let json = try Self.data("github_events.json")
    let (decoder, encoder) = Self.coders()
    let events = try decoder.decode([Event].self, from: json)
    let (run, written) = try Self.castctl(Self.registry(Self.eventsModel), json, model: "Event")
    #expect(run.isValid, "\(run.findings.prefix(3))")
    #expect(run.records.count == events.count)
    let expected = try JSONSerialization.jsonObject(with: encoder.encode(events))
    #expect((written as? NSArray) == (expected as? NSArray))
  }

  @Test("Twitter search through SearchResponse<Tweet>: the same verdict and output as the real coders")
  func twitterSearch() throws {
    let json = try Self.data("twitter.json")
    let (decoder, encoder) = Self.coders()
    let response = try decoder.decode(SearchResponse<Tweet>.self, from: json)
    let registry = Self.registry(Self.twitterModel)
    let parsed = SchemaLoader.parseType("SearchResponse<Tweet>", in: registry)
    try #require(parsed.type != nil, "\(parsed.diagnostics.map(\.message))")
    let (run, written) = try Self.castctl(parsed.registry, json, model: "SearchResponse<Tweet>")
    #expect(run.isValid, "\(run.findings.prefix(3))")
    let expected = try JSONSerialization.jsonObject(with: encoder.encode(response))
    #expect(((written as? NSArray)?.firstObject as? NSDictionary) == (expected as? NSDictionary))
  }

  /// The same real documents with one fault planted: castctl's first decoder error is JSONDecoder's.
  @Test(
    "a fault planted in a real event gives the decoder's own first error",
    arguments: [
      (#""public":true"#, #""public":"yes""#), (#""type":"ForkEvent""#, #""type":"Fork""#),
      (#""login":"jathanism""#, #""login":null"#), (#""id":6357414"#, #""id":6357414.5"#),
      (#""created_at":"2013-01-10T07:58:29Z""#, #""created_at":"2013-01-10 07:58""#),
    ])
  func plantedFault(_ original: String, _ planted: String) throws {
    let text = String(decoding: try Self.data("github_events.json"), as: UTF8.self)
      .replacingOccurrences(of: ": ", with: ":")
    try #require(text.contains(original), "the corpus no longer holds \(original)")
    let faulty = Data(text.replacingOccurrences(of: original, with: planted).utf8)
    let (decoder, _) = Self.coders()
    let said: String?
    do {
      _ = try decoder.decode([Event].self, from: faulty)
      said = nil
    } catch {
      said = CodableDecoderTests.describe(error)
    }
    let run = try EngineProbe.run(Self.registry(Self.eventsModel), String(decoding: faulty, as: UTF8.self), model: "Event", build: false)
    #expect(run.isValid == (said == nil), "castctl \(run.findings.prefix(3)), JSONDecoder \(said ?? "ok")")
    // castctl reads the array's elements as records: the decoder's path is the record's index,
    // then the path inside the record that castctl's note gives.
    let record = run.records.firstIndex { $0.findings.contains { $0.message.hasPrefix("JSONDecoder throws this error first: ") } }
    let noted = record.flatMap { index in
      run.records[index].findings.first { $0.message.hasPrefix("JSONDecoder throws this error first: ") }.map {
        let note = String($0.message.dropFirst("JSONDecoder throws this error first: ".count))
        // "not valid JSON" (a fraction, an overflow) is thrown at the top whatever the depth.
        return note.hasPrefix("dataCorrupted(codingPath: [], ") ? note : note
          .replacingOccurrences(of: "codingPath: []", with: "codingPath: [\(index)]")
          .replacingOccurrences(of: "codingPath: ", with: "codingPath: [\(index)].")
          .replacingOccurrences(of: "[\(index)].[\(index)]", with: "[\(index)]")
      }
    }
    #expect(noted == said, "castctl \(noted ?? "no note"), JSONDecoder \(said ?? "ok")")
  }
}
