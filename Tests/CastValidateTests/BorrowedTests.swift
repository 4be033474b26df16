import Testing

@testable import CastValidate

/// `Borrowed` reads its object without owning it: the owner's reference stays the only one.
@Suite("Borrowed references")
struct BorrowedTests {
  final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
  }

  @Test("borrowing and reading an object leaves its owner's reference the only one")
  func doesNotRetain() {
    var owner = Box(1)
    let borrowed = Borrowed(owner)
    #expect(borrowed.with { $0.value } == 1)
    #expect(isKnownUniquelyReferenced(&owner))
  }

  @Test("the body sees the owner's object, and what it changes the owner sees")
  func sameObject() {
    let owner = Box(1)
    let borrowed = Borrowed(owner)
    borrowed.with { $0.value = 7 }
    #expect(owner.value == 7)
    #expect(borrowed.with { $0 === owner })
    #expect(borrowed.object === owner)
  }
}
