import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// `-n`: an empty string is read as absent, with a note. The clean-record check reads such a
/// model, leaving a record with an empty string to the full walk: with the check and without it,
/// the same verdicts, findings and output.
struct EmptyStringAbsentTests {
  static let registry = EngineProbe.registry(
    CleanTranscriptTests.schema(": DictionaryConvertible"), options: RegistryOptions(emptyStringIsAbsent: true))

  /// The transcript table's records, and empty strings where a string is read.
  static let records: [String] =
    CleanTranscriptTests.records + [
      #"{"id":1,"userName":""}"#,
      #"{"id":1,"userName":"" ,"label":"x"}"#,
      #"{"id":1,"userName": "","label":""}"#,
      #"{"id":1,"tags":["",""],"byName":{"":1}}"#,
      #"{"id":1,"geo":{"lat":1,"lon":2,"placeName":""}}"#,
    ]

  @Test("the same verdicts and findings with and without the clean-record check", arguments: CleanTranscriptTests.optionSets.indices)
  func sameFindings(_ option: Int) throws {
    let options = CleanTranscriptTests.optionSets[option]
    for record in Self.records {
      let quick = try EngineProbe.run(Self.registry, record, options: options, build: false)
      let full = try EngineProbe.run(Self.registry, record, options: options, build: false, cleanCheck: false)
      #expect(
        quick.records.map { $0.findings.map(EngineProbe.describe) } == full.records.map { $0.findings.map(EngineProbe.describe) },
        "\(record)")
      #expect(quick.summary == full.summary, "\(record)")
    }
  }

  @Test("the same output with and without the clean-record transcript")
  func sameOutput() throws {
    let ndjson = Self.records.joined(separator: "\n")
    for options in CleanTranscriptTests.optionSets {
      for keys in KeyStyle.allCases {
        let quick = try CleanTranscriptTests.converted(Self.registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try CleanTranscriptTests.converted(Self.registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick == full, "keys=\(keys) strict=\(options.strict)")
      }
    }
  }

  @Test("a record with no empty string passes the check on its own; one with an empty string does not")
  func checkReadsTheModel() throws {
    let schema = CompiledSchema(registry: Self.registry, options: ValidationOptions())
    let check = CleanRecordCheck(plan: schema.cleanPlan)
    let model = try #require(schema.modelIndex("M"))
    func isClean(_ record: String) -> Bool {
      Array(record.utf8).withUnsafeBytes { raw in
        var scanner = JSONScanner(raw)
        return check.isClean(.model(model), &scanner)
      }
    }
    #expect(isClean(#"{"id":1,"userName":"a","tags":[""]}"#))
    #expect(!isClean(#"{"id":1,"userName":""}"#))
    #expect(!isClean(#"{"id":1,"userName": "" }"#))
  }
}
