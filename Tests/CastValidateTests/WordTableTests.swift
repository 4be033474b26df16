import Testing

@testable import CastValidate

/// `WordTable`: a repeat is found exactly where one is, across growth, many containers and words
/// that collide without being the same item.
struct WordTableTests {
  /// Words with their items' identities; `isSame` compares identities, so equal words of
  /// different items are collisions, not repeats.
  @Test(
    "repeats are found exactly where an item comes again",
    arguments: [
      ([(1, 1), (2, 2), (3, 3)], nil),
      ([(1, 1), (2, 2), (1, 1)], 2),
      ([(7, 1), (7, 2), (7, 3), (7, 2)], 3),
      ([(0, 1), (0, 2)], nil),
      ([(5, 1), (5, 1)], 1),
    ] as [([(UInt64, Int)], Int?)])
  func repeats(_ items: [(UInt64, Int)], _ firstRepeat: Int?) {
    var table = WordTable()
    table.begin(count: items.count)
    let found = items.indices.first { index in
      table.repeats(items[index].0, item: Int32(index)) { earlier in items[Int(earlier)].1 == items[index].1 }
    }
    #expect(found == firstRepeat)
  }

  /// Thousands of containers one after another, some past the first room: each starts empty.
  @Test("each container starts empty, however many came before and however large")
  func containersStartEmpty() {
    var table = WordTable()
    for round in 0..<3000 {
      let count = round % 7 == 0 ? 500 : 20
      table.begin(count: count)
      // NB: words whose low bits are all alike, as a whole `Double`'s are.
      let words = (0..<count).map { UInt64($0 &+ round) << 40 }
      let repeated = words.indices.contains { table.repeats(words[$0], item: Int32($0)) { _ in true } }
      #expect(!repeated, "round \(round)")
      #expect(table.repeats(words[count / 2], item: 0) { _ in true }, "round \(round)")
    }
  }

  /// A large container of distinct words, then the same words again: every one is a repeat.
  @Test("every word of a large container is found again")
  func largeContainer() {
    var table = WordTable()
    let count = 100_000
    table.begin(count: 2 * count)
    for word in 0..<UInt64(count) { #expect(!table.repeats(word &* 0x1_0000_0001, item: 0) { _ in true }) }
    let again = (0..<UInt64(count)).filter { table.repeats($0 &* 0x1_0000_0001, item: 0) { _ in true } }
    #expect(again.count == count)
  }
}
