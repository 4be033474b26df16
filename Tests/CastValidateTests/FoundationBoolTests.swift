import Foundation
import Testing

@testable import CastValidate

/// The JsonObject and Convertible string → Bool rule is `NSString.boolValue`: checked against
/// Foundation on this machine, never against hand-written answers.
@Suite("FoundationBool: a string read as NSString.boolValue reads it")
struct FoundationBoolTests {
  /// Characters that steer the Scanner: every space it skips (U+200B among them) and some it does
  /// not (U+180E, U+FEFF), signs, zeros, the digits and letters it looks for and their look-alikes
  /// (Arabic-Indic, full-width, mathematical digits, U+2212 MINUS, full-width plus), combining
  /// marks and joiners that glue onto the character before them, CR LF (one Character), emoji.
  static let alphabet: [String] = [
    " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}",
    "\u{200B}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{180E}", "\u{FEFF}",
    "+", "-", "0", "1", "5", "9", "y", "Y", "t", "T", "n", "N", "f", "x", "e", ".",
    "\u{301}", "\u{200D}", "\u{FE0F}", "\u{660}", "\u{663}", "\u{FF10}", "\u{FF11}", "\u{FF0B}", "\u{2212}",
    "\u{1D7CF}", "\u{B9}", "😀", "\u{1100}", "\u{1161}", "ý", "\u{0}",
  ]

  @Test(
    "the strings QA named and their neighbours read as NSString.boolValue reads them",
    arguments: [
      "0y", "+y", "-t", "00T", "y", "01", "-01", "+01", "+0y", "0t", "00", "0", "+", "-", "", " ", "++1", "+-1",
      " y", "\u{200B}y", "\u{200B}1", "+ 1", " - 0 1", "0 1", "0 0 1", "0 y", "y\u{301}", "1\u{301}", " \u{301}1",
      "\r\n1", "\u{663}", "\u{FF11}", "\u{1D7CF}", "\u{2212}1", "\u{FF0B}1", "YES", "no", "true", "false", "1.5", "0.5",
    ])
  func named(_ text: String) {
    #expect(FoundationBool.value(of: text) == (text as NSString).boolValue, "\(text.debugDescription)")
  }

  @Test("every string of up to three characters of the alphabet reads as NSString.boolValue reads it")
  func everyShortString() {
    var strings = [""]
    for _ in 1...3 { strings += strings.flatMap { prefix in Self.alphabet.map { prefix + $0 } } }
    let disagreements = Set(strings).filter { FoundationBool.value(of: $0) != ($0 as NSString).boolValue }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map(\.debugDescription))")
  }

  @Test("random strings of up to twelve characters read as NSString.boolValue reads them", arguments: [1, 2, 3] as [UInt64])
  func randomStrings(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var disagreements: [String] = []
    for _ in 0..<50_000 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        // Mostly the alphabet, sometimes any scalar at all.
        Int.random(in: 0..<8, using: &generator) > 0
          ? Self.alphabet.randomElement(using: &generator) ?? ""
          : String(Unicode.Scalar(UInt32.random(in: 1...0xFFFF, using: &generator)) ?? " ")
      }.joined()
      if FoundationBool.value(of: text) != (text as NSString).boolValue { disagreements.append(text) }
    }
    #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.prefix(20).map(\.debugDescription))")
  }

  @Test(
    "JsonObject and Convertible read a string property as NSString.boolValue reads it",
    arguments: ["class M: JsonObject", "class M: Convertible"], ["0y", "+y", "-t", "00T", "y", "01", "-01", " +1", "0 y"])
  func engine(_ declaration: String, _ text: String) throws {
    let json = String(decoding: try JSONEncoder().encode(["v": text]), as: UTF8.self)
    let run = try EngineProbe.run(schema: "\(declaration) {\n  var v: Bool?\n}\n", json)
    #expect(run.value("v") == "\((text as NSString).boolValue)", "\(run.findings)")
    #expect(run.findings == ["warning coerced /v"])
  }
}
