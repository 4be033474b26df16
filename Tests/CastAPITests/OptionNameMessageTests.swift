import CastValidate
import Foundation
import Testing

/// A message that tells a program to change an option names the option as the program sets it
/// (`ValidationOptions.maxDepth`), never castctl's flag (`--max-depth`): through a plain import.
@Suite("Messages name the library's options, through a plain import")
struct OptionNameMessageTests {
  /// A library call whose message names an option, and the name it must use.
  enum Case: String, CaseIterable, Sendable {
    case strictNull, maxErrors, maxDepth, maxDepthAtMost, maxDepthNDJSONLine, maxDepthDecodingFailure, xmlPropertyList

    var option: String {
      switch self {
      case .strictNull: "ValidationOptions.strict"
      case .maxErrors: "ValidationOptions.maxErrors = 1"
      case .maxDepth, .maxDepthNDJSONLine, .maxDepthDecodingFailure: "(raise it with ValidationOptions.maxDepth)"
      case .maxDepthAtMost: "(the most ValidationOptions.maxDepth allows)"
      case .xmlPropertyList: "(OutputFormat.binaryPropertyList)"
      }
    }

    /// The message the call gives.
    func message() throws -> String {
      let schema = try Schema(source: "struct Pair { let a: Int; let b: Int }\nstruct Text { let s: String }")
      switch self {
      case .strictNull:
        let report = try schema.validator(for: "Pair", options: ValidationOptions(strict: true)).validate(#"{"a": null, "b": 1}"#)
        return report.findings.map(\.message).joined(separator: "\n")
      case .maxErrors:
        let report = try schema.validator(for: "Pair", options: ValidationOptions(maxErrors: 1)).validate(#"{"a": [], "b": []}"#)
        return report.findings.map(\.message).joined(separator: "\n")
      case .maxDepth:
        return try schema.validator(forType: "Any", options: ValidationOptions(maxDepth: 2)).validate("[[[1]]]").syntaxError?.message ?? ""
      case .maxDepthAtMost:
        let deep = String(repeating: "[", count: 10_001) + String(repeating: "]", count: 10_001)
        return try schema.validator(forType: "Any", options: ValidationOptions(maxDepth: 10_000)).validate(deep).syntaxError?.message ?? ""
      case .maxDepthNDJSONLine:
        let records = try schema.validator(forType: "Any", options: ValidationOptions(maxDepth: 2)).decodeEach("1\n[[[1]]]\n", format: .ndjson)
        return records.report.findings.map(\.message).joined(separator: "\n")
      case .maxDepthDecodingFailure:
        do {
          _ = try schema.validator(forType: "Any", options: ValidationOptions(maxDepth: 2)).decode("[[[1]]]")
          return ""
        } catch {
          return "\(error)"
        }
      case .xmlPropertyList:
        do {
          _ = try schema.validator(for: "Text").decode(#"{"s": "\u0001"}"#).encoded(as: .propertyList)
          return ""
        } catch {
          return "\(error)"
        }
      }
    }
  }

  @Test("The message names the library's option, not the flag", arguments: Case.allCases)
  func message(_ example: Case) throws {
    let message = try example.message()
    #expect(message.contains(example.option), "\(message)")
    #expect(!message.contains("--"), "\(message)")
  }
}
