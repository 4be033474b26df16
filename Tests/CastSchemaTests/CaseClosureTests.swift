import Testing

@testable import CastSchema

/// `(?i)`'s case classes: the scalars mappings lead away from with none leading back are the list
/// `CaseClosure` keeps, and a class is the same from each of its members.
@Suite("CaseClosure: the scalars (?i) takes for one another")
struct CaseClosureTests {
  @Test("the reverse-only scalars are every scalar a mapping leads away from with none leading back")
  func reverseOnlyList() {
    var found: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      for other in CaseClosure.mappings(of: value) where !CaseClosure.forward(other).contains(value) {
        found.append(value)
        break
      }
    }
    #expect(found == CaseClosure.reverseOnly)
  }

  @Test(
    "a class is the same from each of its members",
    arguments: ["s", "S", "ſ", "k", "K", "\u{212A}", "σ", "Σ", "ς", "µ", "μ", "Μ", "ß", "ẞ", "å", "Å", "\u{212B}", "θ", "ϑ", "ϴ", "i", "I"])
  func symmetric(_ text: String) throws {
    let value = try #require(text.unicodeScalars.first?.value)
    let members = Set(CaseClosure.others(of: value) + [value])
    for member in members {
      #expect(Set(CaseClosure.others(of: member) + [member]) == members, "\(text) and U+\(String(member, radix: 16))")
    }
    #expect(members.count > 1)
  }

  @Test("İ and ı are their own class, as ICU takes them", arguments: [UInt32(0x130), 0x131])
  func dottedAndDotlessI(_ value: UInt32) {
    #expect(CaseClosure.others(of: value).isEmpty)
    #expect(!CaseClosure.others(of: 0x69).contains(value))
  }
}
