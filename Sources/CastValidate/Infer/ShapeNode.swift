/// Everything seen at one path of the records (`/address`, `/friends/[]`), merged over every
/// value there: the counts per JSON type and each type's evidence. Memory grows with the number
/// of distinct paths (and the bounded string sketches), never with the number of records.
// NB: a class, so that the tree is updated in place while records stream through; each thread
// owns its tree until the trees are merged, hence @unchecked.
final class ShapeNode: @unchecked Sendable {
  /// Values seen here, `null` included.
  var occurrences = 0
  var nulls = 0
  var booleans = 0
  var numbers = NumberEvidence()
  var strings = StringEvidence()
  var arrays = 0
  var minElements = Int.max
  var maxElements = 0
  /// The elements of every array seen here.
  var element: ShapeNode?
  var objects = 0
  /// The members of every object seen here, by key; nil once folded into `mapValues`.
  var fields: [FieldKey: FieldEvidence]? = [:]
  /// Every member value, once the distinct keys passed `InferOptions.keyLimit`.
  var mapValues: ShapeNode?
  /// Facts about every key seen here (for the map-or-model choice).
  var keys = KeyEvidence()
  /// Where each distinct string was first seen, while the sketch keeps them (with
  /// `InferOptions.trackAbsence`: `--seed` names where an enum's new value came from).
  var valueExamples: [String: ValueExample] = [:]
  /// The distinct integers and their first places, while few (`InferOptions.trackAbsence`:
  /// `--seed` names an integer enum's new cases).
  var integerValues = IntegerSketch()
  /// Where one value of each JSON type was first seen: (input, byte offset of its record, pointer).
  // NB: one slot per kind, not a dictionary: every value notes its kind, and hashing the key
  // was a tenth of the time.
  var exampleSlots: [ValueExample?] = Array(repeating: nil, count: JSONKind.allCases.count)
  /// Per group of `InferOptions.alternativeKeys` (with `--seed`): the objects here that had any of
  /// its keys, and the first that had none (empty until an object is seen).
  var alternativesPresent: [Int] = []
  var alternativesAbsent: [ValueExample?] = []

  /// The examples by kind.
  var examples: [JSONKind: ValueExample] {
    var out: [JSONKind: ValueExample] = [:]
    for (index, kind) in JSONKind.allCases.enumerated() { if let example = exampleSlots[index] { out[kind] = example } }
    return out
  }

  /// Every type seen here except `null`.
  var kinds: [JSONKind] {
    var kinds: [JSONKind] = []
    if booleans > 0 { kinds.append(.bool) }
    if numbers.integers + numbers.hugeIntegers > 0 { kinds.append(.integer) }
    if numbers.fractions > 0 { kinds.append(.fraction) }
    if strings.count > 0 { kinds.append(.string) }
    if arrays > 0 { kinds.append(.array) }
    if objects > 0 { kinds.append(.object) }
    return kinds
  }

  /// Notes where a type was seen, keeping the earliest in the input.
  func note(_ kind: JSONKind, input: Int, offset: Int, pointer: @autoclosure () -> String) {
    let slot = kind.slot
    if let known = exampleSlots[slot], (known.input, known.offset) <= (input, offset) { return }
    exampleSlots[slot] = ValueExample(input: input, offset: offset, pointer: pointer())
  }

  /// Adds another node's evidence to this one: every part is a sum, a min, a max or a capped
  /// union, so merging is commutative and associative, and the result is the same whatever the
  /// order of the records or the split between threads.
  func merge(_ other: ShapeNode, options: InferOptions) {
    let absentBefore = options.trackAbsence ? noteAbsence(merging: other) : nil
    occurrences += other.occurrences
    nulls += other.nulls
    booleans += other.booleans
    numbers.merge(other.numbers)
    strings.merge(other.strings, limit: StringSketch.limit(options))
    if options.trackAbsence {
      mergeValueExamples(other, options: options)
      integerValues.merge(other.integerValues, limit: StringSketch.limit(options))
    }
    arrays += other.arrays
    minElements = min(minElements, other.minElements)
    maxElements = max(maxElements, other.maxElements)
    if let theirs = other.element {
      // NB: merged into a node of our own, never shared with `other`: a later merge into it
      // would change `other`'s evidence too (and `schema()` reads the evidence more than once).
      let mine = element ?? ShapeNode()
      element = mine
      mine.merge(theirs, options: options)
    }
    objects += other.objects
    mergeAlternatives(other)
    keys.merge(other.keys)
    if let theirs = other.fields {
      for (key, field) in theirs { addField(key, field, options: options, absentBefore: absentBefore) }
    } else if let theirs = other.mapValues {
      fold(options: options)
      mapValues?.merge(theirs, options: options)
    }
    for (kind, example) in other.examples { note(kind, input: example.input, offset: example.offset, pointer: example.pointer) }
  }

  /// Adds one key's evidence, folding into a map when the keys pass the limit.
  /// `absentBefore`: our first object, which lacked a key new to us (`trackAbsence`).
  private func addField(_ key: FieldKey, _ field: FieldEvidence, options: InferOptions, absentBefore: ValueExample? = nil) {
    if fields == nil {
      mapValues?.merge(field.shape, options: options)
      return
    }
    if let mine = fields?[key] {
      mine.merge(field, options: options)
    } else {
      let mine = FieldEvidence()
      mine.merge(field, options: options)
      mine.absent = ValueExample.earliest(mine.absent, absentBefore)
      fields?[key] = mine
      if (fields?.count ?? 0) > options.keyLimit { fold(options: options) }
    }
  }

  /// Folds the members into one value shape for good: the object is a map.
  func fold(options: InferOptions) {
    guard let members = fields else { return }
    let values = mapValues ?? ShapeNode()
    for (_, field) in members.sorted(by: { $0.key < $1.key }) { values.merge(field.shape, options: options) }
    mapValues = values
    fields = nil
  }
}

/// One key of the objects at a path: how often it was present, where it usually stands, and its values.
final class FieldEvidence: @unchecked Sendable {
  /// Objects that had the key.
  var present = 0
  /// The first object that lacked the key (with `InferOptions.trackAbsence`).
  var absent: ValueExample?
  /// The serial (`ShapeNode.objects`) of the last object that had the key.
  var seenIn = 0
  /// The key's smallest 0-based position among its object's members: the output lists properties
  /// by it (then by key), which keeps the document's order without depending on the records'.
  var position = Int.max
  let shape: ShapeNode

  /// A key not seen yet.
  init(shape: ShapeNode = ShapeNode()) {
    self.shape = shape
  }

  /// Adds another occurrence set of the same key.
  func merge(_ other: FieldEvidence, options: InferOptions) {
    present += other.present
    position = min(position, other.position)
    absent = ValueExample.earliest(absent, other.absent)
    shape.merge(other.shape, options: options)
  }
}

/// Facts about all keys seen at a path, each one an "every key so far" (so order-independent).
struct KeyEvidence: Sendable, Equatable {
  /// Every key is an integer in its canonical spelling (`"42"`, not `"042"`), so `[Int: T]`
  /// writes it back unchanged.
  var allIntegers = true
  /// Every key is a UUID.
  var allUUIDs = true
  /// Every key can be named in a `//! "key"` directive (no `/`, `[`, `]`, `?` or control
  /// character, which the key-path grammar would read as syntax).
  var allNameable = true
  /// Keys seen at all.
  var any = false

  /// Notes one key.
  mutating func observe(_ key: String) {
    any = true
    if allIntegers { allIntegers = Int64(key).map { String($0) == key } ?? false }
    if allUUIDs { allUUIDs = key.utf8.count == 36 && FormatChecks.isUUID(key) }
    if allNameable { allNameable = Self.isNameable(key) }
  }

  /// Whether a `//! "key"` directive can name `key`: the directive's text is trimmed of
  /// whitespace, so a key that begins or ends with it cannot be named. (A quote or a backslash
  /// is written escaped, `InferredSchema.literal`.)
  static func isNameable(_ key: String) -> Bool {
    guard let first = key.unicodeScalars.first, let last = key.unicodeScalars.last,
      !first.properties.isWhitespace, !last.properties.isWhitespace
    else { return false }
    return !key.utf8.contains { byte in
      byte < 0x20 || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
        || byte == UInt8(ascii: "?")
    }
  }

  /// Adds another path's key facts.
  mutating func merge(_ other: KeyEvidence) {
    guard other.any else { return }
    allIntegers = (any ? allIntegers : true) && other.allIntegers
    allUUIDs = (any ? allUUIDs : true) && other.allUUIDs
    allNameable = (any ? allNameable : true) && other.allNameable
    any = true
  }
}

/// The bound on each path's distinct-string sketch.
enum StringSketch {
  /// Enough for the enum decision and a useful distinct count in `--explain`.
  static func limit(_ options: InferOptions) -> Int { max(options.enumMaxCases, 64) }
}
