import Foundation
import Testing

@testable import CastValidate

/// The JSONTestSuite corpus (`test_parsing`) kept in the shared data folder beside the package.
enum JSONTestSuite {
  /// `<packageRoot>/../shared/data/JSONTestSuite/test_parsing`, found from this file's path
  /// (`<packageRoot>/Tests/CastValidateTests/JSONTestSuiteTests.swift`).
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("shared/data/JSONTestSuite/test_parsing")

  /// True when the corpus folder exists.
  static var isAvailable: Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The sorted names of the corpus files starting with `prefix`; empty when the folder is missing.
  static func files(_ prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  /// The bytes of one corpus file.
  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// How both readers judge a document: the tree parser, and a scanner `skipValue` pass.
  static func outcomes(_ bytes: [UInt8]) -> (tree: JSONSyntaxError?, skip: JSONSyntaxError?) {
    bytes.withUnsafeBytes { buffer in
      var treeError: JSONSyntaxError?
      do throws(JSONSyntaxError) { _ = try JSONValue.parse(buffer) } catch { treeError = error }
      var skipError: JSONSyntaxError?
      var scanner = JSONScanner(buffer)
      scanner.skipByteOrderMark()
      do throws(JSONSyntaxError) {
        try scanner.skipValue()
        try scanner.expectEnd()
      } catch {
        skipError = error
      }
      return (treeError, skipError)
    }
  }

  /// The skip message shown when the corpus is missing.
  static let missing = "JSONTestSuite not found at \(directory.path) (../shared beside the package); skipping"
}

/// One row of castctl's decisions for the implementation-defined (`i_`) files.
struct ImplementationDefinedCase: Sendable, CustomTestStringConvertible {
  /// The corpus file.
  let file: String
  /// Whether castctl accepts it.
  let accept: Bool
  /// Why.
  let why: String

  var testDescription: String { "\(file) → \(accept ? "accept" : "reject")" }

  /// Huge and tiny numbers are kept as literal text; range checks happen later against declared types.
  static func number(_ file: String) -> Self {
    Self(file: file, accept: true, why: "number kept as literal text; range is checked against the schema type")
  }

  /// Any kind of invalid UTF-8 is rejected: a Swift String could not hold the text faithfully.
  static func badUTF8(_ file: String, _ kind: String) -> Self {
    Self(file: file, accept: false, why: "invalid UTF-8 (\(kind))")
  }

  /// Lone or misordered `\u` surrogate escapes are rejected: no Unicode scalar corresponds to them.
  static func badSurrogate(_ file: String) -> Self {
    Self(file: file, accept: false, why: "\\u surrogate escape not forming a pair")
  }

  /// The whole table; one row per `i_` file of the corpus.
  static let all: [Self] = [
    number("i_number_double_huge_neg_exp.json"),
    number("i_number_huge_exp.json"),
    number("i_number_neg_int_huge_exp.json"),
    number("i_number_pos_double_huge_exp.json"),
    number("i_number_real_neg_overflow.json"),
    number("i_number_real_pos_overflow.json"),
    number("i_number_real_underflow.json"),
    number("i_number_too_big_neg_int.json"),
    number("i_number_too_big_pos_int.json"),
    number("i_number_very_big_negative_int.json"),
    badSurrogate("i_object_key_lone_2nd_surrogate.json"),
    badSurrogate("i_string_1st_surrogate_but_2nd_missing.json"),
    badSurrogate("i_string_1st_valid_surrogate_2nd_invalid.json"),
    Self(file: "i_string_UTF-16LE_with_BOM.json", accept: false, why: "UTF-16 input; only UTF-8 is read"),
    badUTF8("i_string_UTF-8_invalid_sequence.json", "0xFA is never valid"),
    badUTF8("i_string_UTF8_surrogate_U+D800.json", "surrogate encoded in UTF-8"),
    badSurrogate("i_string_incomplete_surrogate_and_escape_valid.json"),
    badSurrogate("i_string_incomplete_surrogate_pair.json"),
    badSurrogate("i_string_incomplete_surrogates_escape_valid.json"),
    badSurrogate("i_string_invalid_lonely_surrogate.json"),
    badSurrogate("i_string_invalid_surrogate.json"),
    badUTF8("i_string_invalid_utf-8.json", "0xFF"),
    badSurrogate("i_string_inverted_surrogates_U+1D11E.json"),
    badUTF8("i_string_iso_latin_1.json", "Latin-1 byte"),
    badSurrogate("i_string_lone_second_surrogate.json"),
    badUTF8("i_string_lone_utf8_continuation_byte.json", "lone continuation byte"),
    badUTF8("i_string_not_in_unicode_range.json", "above U+10FFFF"),
    badUTF8("i_string_overlong_sequence_2_bytes.json", "overlong"),
    badUTF8("i_string_overlong_sequence_6_bytes.json", "6-byte form"),
    badUTF8("i_string_overlong_sequence_6_bytes_null.json", "6-byte overlong NUL"),
    badUTF8("i_string_truncated-utf-8.json", "truncated sequence"),
    Self(file: "i_string_utf16BE_no_BOM.json", accept: false, why: "UTF-16 input; only UTF-8 is read"),
    Self(file: "i_string_utf16LE_no_BOM.json", accept: false, why: "UTF-16 input; only UTF-8 is read"),
    Self(file: "i_structure_500_nested_arrays.json", accept: true, why: "500 levels is within the default 512"),
    Self(file: "i_structure_UTF-8_BOM_empty_object.json", accept: true, why: "a leading BOM is skipped (RFC 8259 §8.1)"),
  ]
}

@Suite("JSONTestSuite conformance")
struct JSONTestSuiteTests {
  @Test(
    "y_ files are accepted", .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"),
    arguments: JSONTestSuite.files("y_"))
  func accepts(_ file: String) throws {
    let outcome = JSONTestSuite.outcomes(try JSONTestSuite.bytes(file))
    #expect(outcome.tree == nil, "parse rejected: \(String(describing: outcome.tree))")
    #expect(outcome.skip == nil, "skipValue rejected: \(String(describing: outcome.skip))")
  }

  @Test(
    "n_ files are rejected within the file", .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"),
    arguments: JSONTestSuite.files("n_"))
  func rejects(_ file: String) throws {
    let bytes = try JSONTestSuite.bytes(file)
    let outcome = JSONTestSuite.outcomes(bytes)
    let tree = try #require(outcome.tree, "parse accepted it")
    let skip = try #require(outcome.skip, "skipValue accepted it")
    #expect((0...bytes.count).contains(tree.offset))
    #expect(tree == skip, "the tree parser and skipValue disagree")
  }

  @Test(
    "i_ files follow castctl's decisions", .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"),
    arguments: ImplementationDefinedCase.all)
  func implementationDefined(_ row: ImplementationDefinedCase) throws {
    let outcome = JSONTestSuite.outcomes(try JSONTestSuite.bytes(row.file))
    #expect((outcome.tree == nil) == row.accept, "\(row.why): \(String(describing: outcome.tree))")
    #expect((outcome.skip == nil) == row.accept, "\(row.why): \(String(describing: outcome.skip))")
  }

  @Test(
    "every i_ file has a decision", .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"))
  func everyImplementationDefinedFileIsDecided() {
    let decided = Set(ImplementationDefinedCase.all.map(\.file))
    let present = Set(JSONTestSuite.files("i_"))
    #expect(present.subtracting(decided).sorted() == [], "i_ files without a decision")
    #expect(decided.subtracting(present).sorted() == [], "decisions for files not in the corpus")
  }

  @Test(
    "y_ files survive parse → write → parse", .enabled(if: JSONTestSuite.isAvailable, "\(JSONTestSuite.missing)"),
    arguments: JSONTestSuite.files("y_"))
  func roundTrips(_ file: String) throws {
    let value = try JSONValue.parse(try JSONTestSuite.bytes(file))
    for style in [JSONWriter.Style.compact, .pretty(indent: 2)] {
      var output: [UInt8] = []
      JSONWriter(style: style).write(value, into: &output)
      #expect(try JSONValue.parse(output) == value, "\(style)")
    }
  }
}
