import CastValidate
import Foundation
import Testing

/// The README's dialect table says which strings jsoncast reads as `true`: exactly those, so a
/// reader is not told that a case form castctl reads as `false` (`tRuE`) is `true`.
struct ReadmeBoolWordsTests {
  /// The spellings the jsoncast cell of the `string → Bool` row lists, in backticks, before `→ true`.
  static func listed() throws -> [String] {
    let readme = try String(contentsOf: LibraryAPITests.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| string → Bool |") })
    let cell = row.split(separator: "|")[1]
    let trueOnes = try #require(cell.range(of: "→ true")).lowerBound
    return cell[..<trueOnes].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.flatMap { $0.element.split(separator: " ").map(String.init) }
  }

  /// Every case form of a word (`on`, `On`, `oN`, `ON`).
  static func caseForms(_ word: String) -> [String] {
    word.reduce([""]) { forms, character in
      let variants = Set([String(character).lowercased(), String(character).uppercased()])
      return forms.flatMap { form in variants.sorted().map { form + $0 } }
    }
  }

  @Test("the README lists exactly the case forms of true, yes, 1 and on that jsoncast reads as true")
  func listedSpellingsAreTheTrueOnes() throws {
    let validator = try Schema(source: "struct B: DictionaryConvertible {\n  var b: Bool = false\n}\n").validator(for: "B")
    let listed = try Self.listed()
    var readAsTrue: [String] = []
    for word in ["true", "yes", "1", "on"].flatMap(Self.caseForms) {
      let json = try validator.decode(Array(#"{"b": "\#(word)"}"#.utf8)).encoded(as: .json(pretty: false))
      if String(decoding: json, as: UTF8.self) == #"{"b":true}"# { readAsTrue.append(word) }
    }
    #expect(Set(listed) == Set(readAsTrue), "the README lists \(listed); castctl reads \(readAsTrue) as true")
  }
}
