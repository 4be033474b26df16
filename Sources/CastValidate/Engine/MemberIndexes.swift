/// The objects of a document that key paths look into, each read once: the members of a narrow
/// one kept in order (paths `p/q/r/a` and `p/q/r/b` then read `p`, `q` and `r` once, not once per
/// path), those of a wide one hashed by key (a model of thousands of key paths through one object,
/// `a/p1`, `a/p2`, …, reads it twice, not once per path: the square of its width).
struct MemberIndexes {
  /// One object of the document, as one plan compares its keys.
  struct Place: Hashable {
    var span: JSONSpan
    var plan: Int
  }

  /// One member of an object: its key as read, and its value.
  struct Member: BitwiseCopyable {
    var key: JSONStringToken
    var value: JSONSpan
  }

  /// The members of one object, by key as its plan compares keys; the last of a repeated key.
  typealias Table = [[UInt8]: (JSONStringToken, JSONSpan)]

  /// Objects with more members than this get a table once searched.
  static let widest = 32
  /// How many tables are kept; past it all are forgotten (a long run of records).
  static let capacity = 16
  /// How many narrow objects are kept; past it they are forgotten (a record of many).
  static let narrowCapacity = 64

  private var tables: [Place: Table] = [:]
  /// The narrow objects read, the latest last, with where their members are in `members`.
  private var narrow: [(place: Place, first: Int, count: Int)] = []
  private let members = RawStack<Member>()

  /// Whether no table is kept: the common case, checked before any hashing.
  var isEmpty: Bool { tables.isEmpty }

  /// The table of the object at `place`, if it has one.
  func table(at place: Place) -> Table? { tables[place] }

  /// Keeps the table of the object at `place`.
  mutating func store(_ table: Table, at place: Place) {
    if tables.count >= Self.capacity { tables.removeAll(keepingCapacity: true) }
    tables[place] = table
  }

  /// Where the members of the narrow object at `place` are (`member(at:)`), if it was read.
  func members(at place: Place) -> Range<Int>? {
    for entry in narrow.reversed() where entry.place == place { return entry.first..<entry.first &+ entry.count }
    return nil
  }

  /// Member `index` of a narrow object read.
  func member(at index: Int) -> Member { members[index] }

  /// Makes room for another object's members, which `add` then keeps in order; returns where
  /// the first will be.
  mutating func startObject() -> Int {
    if narrow.count >= Self.narrowCapacity {
      narrow.removeAll(keepingCapacity: true)
      members.removeAll()
    }
    return members.count
  }

  /// Keeps a member of the object being read.
  func add(_ member: Member) { members.push(member) }

  /// Keeps the members added since `first` as those of the object at `place`; returns where
  /// they are.
  mutating func endObject(at place: Place, from first: Int) -> Range<Int> {
    narrow.append((place, first, members.count &- first))
    return first..<members.count
  }

  /// Forgets every object (the walker moves to another record, document or buffer).
  mutating func forget() {
    if !narrow.isEmpty {
      narrow.removeAll(keepingCapacity: true)
      members.removeAll()
    }
    guard !tables.isEmpty else { return }
    tables.removeAll(keepingCapacity: true)
  }
}
