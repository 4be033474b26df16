import CastSchema
import Testing

@testable import CastValidate

/// A Codable `Float` with `//! range` is kept as stored: the walk checks the range on the `Float`
/// its text is. The clean-record check vouches for such a value only well inside the bounds, and
/// leaves the rest (near a bound, past one, an excluded upper bound) to the walk.
struct CodableFloatRangeCheckTests {
  static let schema = """
    struct M: Codable {
      let v: Float //! range -1000...1000
      let w: Float? //! range 0..<1
    }
    """
  static let codable = RegistryOptions(dialect: .codable)

  @Test(
    "values well inside the bounds pass the check on its own",
    arguments: [#"{"v": 0.5}"#, #"{"v": -999.5, "w": null}"#, #"{"v": 12.345678}"#, #"{"v": 1e2}"#, #"{"v": -1.5e-30}"#])
  func wellInside(_ record: String) throws {
    #expect(try CheckAgreement.passesCheck(Self.schema, record, options: Self.codable))
  }

  @Test(
    "values near or past a bound, and any excluded upper bound, are left to the walk",
    arguments: [
      #"{"v": 1000}"#, #"{"v": 1000.00001}"#, #"{"v": 1000.0000305}"#, #"{"v": -1000.00003}"#, #"{"v": 1001}"#,
      #"{"v": 0, "w": 0.5}"#, #"{"v": 0, "w": 0.99999997}"#,
    ])
  func nearABound(_ record: String) throws {
    #expect(try !CheckAgreement.passesCheck(Self.schema, record, options: Self.codable))
  }

  @Test("the same findings and output with and without the check, near the bounds and inside them")
  func sameFindings() throws {
    var records: [String] = []
    for v in ["1000", "1000.00001", "1000.0000305", "1000.0001", "-1000.00003", "-1000.0001", "999.99994", "0", "5e2", "1e3", "1.0e3"] {
      for w in ["null", "0", "0.5", "0.99999994", "0.99999997", "0.9999999", "1", "-0.0", "1e-46"] {
        records.append(#"{"v": \#(v), "w": \#(w)}"#)
      }
    }
    try CheckAgreement.expectSameFindingsAndOutput(EngineProbe.registry(Self.schema, options: Self.codable), records)
  }
}

/// A Codable `URL` is parsed by Foundation and checked as it writes it back; the clean-record
/// check reads only URLs Foundation writes as they are, whose checks read the same text.
struct CodableURLCheckTests {
  static let schema = """
    struct M: Codable {
      let u: URL //! pattern "^https://[a-z.]+/"
      let l: URL? //! length 5...30
      let n: URL?
    }
    """
  static let codable = RegistryOptions(dialect: .codable)

  @Test(
    "plain URLs pass the check on its own",
    arguments: [#"{"u": "https://example.com/a?b=c"}"#, #"{"u": "https://a.b/%20x", "l": "ftp://host/p"}"#])
  func plain(_ record: String) throws {
    #expect(try CheckAgreement.passesCheck(Self.schema, record, options: Self.codable))
  }

  @Test(
    "URLs Foundation writes back percent-encoded pass the check where no check reads them",
    arguments: [#"{"u": "https://a.b/x", "n": "https://example.com/München?q=ü#ü"}"#, #"{"u": "https://a.b/x", "n": "https://x.org/a|b"}"#])
  func encodedWithoutChecks(_ record: String) throws {
    #expect(try CheckAgreement.passesCheck(Self.schema, record, options: Self.codable))
  }

  @Test(
    "URLs Foundation writes back percent-encoded are left to the walk where a check reads them",
    arguments: [#"{"u": "https://a.b/ü"}"#, #"{"u": "https://a.b/x", "l": "http://h/é"}"#])
  func encodedWithChecks(_ record: String) throws {
    #expect(try !CheckAgreement.passesCheck(Self.schema, record, options: Self.codable))
  }

  @Test("the same findings and output with and without the check")
  func sameFindings() throws {
    var records: [String] = []
    for u in ["https://example.com/a", "https://EXAMPLE.com/a", "https://example.com/a b", "https://ex\u{E4}mple.com/",
      "https://example.com/%zz", "http://example.com/", "https://example.com", "https:\\/\\/example.com\\/x", "", "https://a.b/ü",
      "https://a.b/üüüüüüüü", "https://a.b/a|b"]
    {
      for l in [
        "null", #""a:b""#, #""https://example.com/long/path/x?q=1""#, #""mailto:x@y.z""#, #""a b c d e""#, #""http://h/é""#,
        #""http://h/éééééééé""#, #""http://h/[x]""#,
      ] {
        records.append(#"{"u": "\#(u)", "l": \#(l)}"#)
      }
      records.append(#"{"u": "https://a.b/x", "n": "\#(u)"}"#)
    }
    try CheckAgreement.expectSameFindingsAndOutput(EngineProbe.registry(Self.schema, options: Self.codable), records)
  }
}
