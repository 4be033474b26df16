import CastSchema
import Foundation
import Testing

@testable import CastValidate

/// Models of more than 64 properties: the clean-record check marks the fields past the 64th in
/// words of its own. With the check and without it, the same verdicts, findings and output.
struct WideModelTests {
  /// `f0`…`f69`: even ones required `Int`s, odd ones optional `String`s; `inner` a wide model too.
  static let schema: String = {
    let fields = (0..<70).map { $0 % 2 == 0 ? "    let f\($0): Int\n" : "    var f\($0): String?\n" }.joined()
    return "struct W: DictionaryConvertible {\n\(fields)    var inner: W?\n}\n"
  }()

  static func record(_ transform: (inout [(String, String)]) -> Void = { _ in }) -> String {
    var members = (0..<70).map { ("f\($0)", $0 % 2 == 0 ? "\($0)" : "\"s\($0)\"") }
    transform(&members)
    return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  static let records: [String] = [
    record(),
    record { $0.reverse() },
    record { $0.removeAll { $0.0 == "f66" } },
    record { $0.removeAll { $0.0 == "f67" } },
    record { $0.append(("f68", "1")) },
    record { $0.append(("f5", "\"again\"")) },
    record { $0.append(("inner", record())) },
    record { $0.append(("inner", record { $0.removeAll { $0.0 == "f64" } })) },
    record { $0.append(("f99", "1")) },
  ]

  static let optionSets: [ValidationOptions] = [
    ValidationOptions(), ValidationOptions(strict: true), ValidationOptions(unknownKeys: .ignore),
  ]

  @Test("the same verdicts and findings with and without the clean-record check", arguments: optionSets.indices)
  func sameFindings(_ option: Int) throws {
    try CheckAgreement.expectSameFindings(EngineProbe.registry(Self.schema), Self.records, model: "W", options: Self.optionSets[option])
  }

  @Test("a missing required field and a repeated key past the 64th are found", arguments: [2, 4, 7])
  func findingsPastTheSixtyFourth(_ row: Int) throws {
    let run = try EngineProbe.run(EngineProbe.registry(Self.schema), Self.records[row], model: "W", options: ValidationOptions(strict: true), build: false)
    let valid = run.isValid
    #expect(!valid)
  }

  @Test("clean wide records pass the check on its own", arguments: [0, 1, 3, 6])
  func cleanRecordsPass(_ row: Int) throws {
    #expect(try CheckAgreement.passesCheck(Self.schema, Self.records[row], model: "W"))
  }

  @Test("the same output with and without the clean-record transcript")
  func sameOutput() throws {
    let registry = EngineProbe.registry(Self.schema.replacingOccurrences(of: "struct W", with: "struct M").replacingOccurrences(of: "W?", with: "M?"))
    let ndjson = Self.records.joined(separator: "\n")
    for options in Self.optionSets {
      for keys in KeyStyle.allCases {
        let quick = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: true)
        let full = try CleanTranscriptTests.converted(registry, ndjson, options: options, keys: keys, cleanCheck: false)
        #expect(quick != nil)
        #expect(quick == full, "keys=\(keys) strict=\(options.strict)")
      }
    }
  }
}
