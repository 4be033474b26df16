/// The wide objects of a document that key paths look into, each with its members hashed by key:
/// a model of thousands of key paths through one object (`a/p1`, `a/p2`, …) then reads the object
/// twice, not once per path (the square of its width). Narrow objects are searched, as before.
struct MemberIndexes {
  /// One object of the document, as one plan compares its keys.
  struct Place: Hashable {
    var span: JSONSpan
    var plan: Int
  }

  /// The members of one object, by key as its plan compares keys; the last of a repeated key.
  typealias Table = [[UInt8]: (JSONStringToken, JSONSpan)]

  /// Objects with more members than this get a table once searched.
  static let widest = 32
  /// How many tables are kept; past it all are forgotten (a long run of records).
  static let capacity = 16

  private var tables: [Place: Table] = [:]

  /// Whether no table is kept: the common case, checked before any hashing.
  var isEmpty: Bool { tables.isEmpty }

  /// The table of the object at `place`, if it has one.
  func table(at place: Place) -> Table? { tables[place] }

  /// Keeps the table of the object at `place`.
  mutating func store(_ table: Table, at place: Place) {
    if tables.count >= Self.capacity { tables.removeAll(keepingCapacity: true) }
    tables[place] = table
  }

  /// Forgets every object (the walker moves to another document or buffer).
  mutating func forget() {
    guard !tables.isEmpty else { return }
    tables.removeAll(keepingCapacity: true)
  }
}
