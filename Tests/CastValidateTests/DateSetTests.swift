import CastSchema
import Testing

@testable import CastValidate

/// A Codable `Set<Date>` under each date strategy: two elements are one when their instants are,
/// as `Date` compares them, whichever text they were written in; the clean-record check vouches
/// for sets of distinct dates and leaves a repeat to the walk, which reports it.
struct DateSetTests {
  static let codable = RegistryOptions(dialect: .codable)

  static func schema(_ strategy: String) -> String {
    """
    //! date-decoding \(strategy)
    struct M: Codable {
      let d: Set<Date>
      let o: Set<Date?>?
    }
    """
  }

  /// A strategy, a record of distinct dates, and a record repeating one.
  static let cases: [(strategy: String, distinct: String, repeated: String)] = [
    ("deferred-to-date", #"{"d": [0, 1, -1.5, 1e9]}"#, #"{"d": [0, -0.0]}"#),
    ("seconds-since-1970", #"{"d": [0, 1, 86400.5]}"#, #"{"d": [86400, 86400.0, 1]}"#),
    ("milliseconds-since-1970", #"{"d": [1000, 1001, 2000]}"#, #"{"d": [1000, 1e3]}"#),
    ("iso8601", #"{"d": ["2024-01-01T00:00:00Z", "2024-01-01T00:00:01Z"]}"#, #"{"d": ["2024-01-01T00:00:00Z", "2024-01-01T01:00:00+01:00"]}"#),
    ("formatted:yyyy-MM-dd", #"{"d": ["2024-01-01", "2024-01-02"]}"#, #"{"d": ["2024-01-01", "2024-1-1"]}"#),
    ("iso8601", #"{"d": []}"#, #"{"d": [], "o": [null, null]}"#),
  ]

  @Test("distinct dates pass the check on its own; a repeated instant is left to the walk", arguments: cases.indices)
  func checkVerdicts(_ index: Int) throws {
    let (strategy, distinct, repeated) = Self.cases[index]
    #expect(try CheckAgreement.passesCheck(Self.schema(strategy), distinct, options: Self.codable), "\(strategy)")
    #expect(try !CheckAgreement.passesCheck(Self.schema(strategy), repeated, options: Self.codable), "\(strategy)")
  }

  @Test("a repeated instant is a duplicate-element, with the check and without it", arguments: cases.indices)
  func repeatedInstant(_ index: Int) throws {
    let (strategy, distinct, repeated) = Self.cases[index]
    let registry = EngineProbe.registry(Self.schema(strategy), options: Self.codable)
    // NB: a set of optionals is the walk's alone; it is here for the agreement.
    try CheckAgreement.expectSameFindingsAndOutput(registry, [distinct, repeated, #"{"d": [1], "o": [null, 2, 3]}"#])
    let found = try EngineProbe.run(registry, repeated, model: "M", options: CheckAgreement.strict, build: false, cleanCheck: false)
    #expect(found.records.flatMap(\.findings).map(\.code) == ["duplicate-element"], "\(strategy)")
  }
}
