import CastSchema
import Testing

@testable import CastValidate

/// `//! super "key"` models read by the clean-record check: the superclass's properties under
/// their object, as key paths; with the check and without it, the same verdicts and findings; a
/// missing or misshapen super object is left to the walk, which reports it even where every
/// inherited property may be absent.
struct SuperObjectCheckTests {
  static let schema = """
    class Base {
      let id: Int
      var name: String?
    }
    class Loose {
      var note: String?
    }
    class M: Base { //! super "base"
      let extra: Int
    }
    class Deep: Loose { //! super "meta/loose"
      let extra: Int
    }
    class Empty {
    }
    class Bare: Empty { //! super "base"
      let extra: Int
    }
    """

  /// Records the walk finds nothing in, which the check reads on its own: (model, record).
  static let cleanRecords: [(String, String)] = [
    ("M", #"{"base":{"id":1,"name":"a"},"extra":3}"#),
    ("M", #"{"extra":3,"base":{"name":null,"id":1}}"#),
    ("M", #"{"base":{"id":1},"extra":3}"#),
    ("Deep", #"{"meta":{"loose":{"note":"n"}},"extra":1}"#),
    ("Deep", #"{"meta":{"loose":{}},"extra":1}"#),
  ]

  /// Records the walk has something to say about.
  static let otherRecords: [(String, String)] = [
    ("M", #"{"extra":3}"#),
    ("M", #"{"base":null,"extra":3}"#),
    ("M", #"{"base":[1],"extra":3}"#),
    ("M", #"{"base":{"name":"a"},"extra":3}"#),
    ("M", #"{"base":{"id":1,"other":2},"extra":3}"#),
    ("M", #"{"base":{"id":1,"id":2},"extra":3}"#),
    ("M", #"{"base":{"id":"1"},"extra":3}"#),
    ("M", #"{"base":{"id":1},"base":{"id":1},"extra":3}"#),
    ("Deep", #"{"extra":1}"#),
    ("Deep", #"{"meta":{},"extra":1}"#),
    ("Deep", #"{"meta":{"loose":null},"extra":1}"#),
    ("Deep", #"{"meta":{"loose":"x"},"extra":1}"#),
    // A superclass of no properties: its object must be there all the same.
    ("Bare", #"{"base":[],"extra":1}"#),
    ("Bare", #"{"base":null,"extra":1}"#),
    ("Bare", #"{"extra":1}"#),
  ]

  @Test(
    "the same verdicts and findings with and without the clean-record check",
    arguments: [ValidationOptions(), ValidationOptions(strict: true), ValidationOptions(unknownKeys: .ignore)])
  func sameFindings(_ options: ValidationOptions) throws {
    let registry = EngineProbe.registry(Self.schema)
    for (model, record) in Self.cleanRecords + Self.otherRecords {
      try CheckAgreement.expectSameFindings(registry, [record], model: model, options: options)
    }
  }

  @Test("records with their super object pass the check on its own", arguments: cleanRecords)
  func cleanRecordsPass(_ model: String, _ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, model: model, walkFindsNothing: true, checkPasses: true)
  }

  @Test("a missing, null or misshapen super object is doubted by the check", arguments: otherRecords)
  func otherRecordsDoubted(_ model: String, _ record: String) throws {
    try CheckAgreement.expectVerdicts(Self.schema, record, model: model, walkFindsNothing: false, checkPasses: false)
  }
}
