@testable import CastValidate

/// Checks a round-trip ledger against the two JSON values it describes, without knowing the
/// model: every difference between the input and the output is claimed by an entry at that path
/// (with the same before and after values), and every entry claims a difference that is there.
///
/// The walk compares the values in parallel. Objects match by key (order does not count, as in
/// JSON). An input key missing from the output (or whose output key holds a value moved there
/// from another key) must be claimed by a removal kind, or by a `key-moved` whose `outputPath`
/// then holds the value, compared in turn. An output key missing from the input must be claimed
/// by `default-filled` / `absent-written-as-null` or be a move's destination. A changed scalar
/// needs a replacement kind (`value-dropped` when nil is written as null). Arrays align by
/// position, or in order once the elements the ledger drops or moves (`key-moved` within the
/// array, as key-value pairs do) are taken out. Removed or added objects may be accounted for
/// member by member. Duplicate keys need one `duplicate-key-collapsed` per occurrence not read:
/// the one left is the occurrence read (the last, or in the codable dialect the first). Keys
/// compare byte for byte.
struct LedgerInvariant {
  /// The record's input and its trip through the model.
  let input: JSONValue
  let output: JSONValue
  let entries: [LedgerEntry]
  private var claimed: [Bool]
  /// Output pointers that a `key-moved` entry says hold a moved value.
  private let moveDestinations: Set<String>
  /// What does not add up, one line each.
  private(set) var problems: [String] = []

  /// Checks one record; `root` is its pointer in the whole input (`""`, or `/3` in a top-level array).
  static func check(input: JSONValue, output: JSONValue, entries: [LedgerEntry], root: String = "") -> [String] {
    var checker = LedgerInvariant(input: input, output: output, entries: entries)
    checker.compare(input, output, inPath: root, outPath: root)
    for (index, entry) in entries.enumerated() where !checker.claimed[index] {
      checker.problems.append("entry without a difference: \(Self.describe(entry))")
    }
    return checker.problems
  }

  private init(input: JSONValue, output: JSONValue, entries: [LedgerEntry]) {
    self.input = input
    self.output = output
    self.entries = entries
    claimed = Array(repeating: false, count: entries.count)
    moveDestinations = Set(entries.compactMap { $0.kind == .keyMoved ? $0.outputPath : nil })
  }

  /// Equal byte for byte: `JSONValue`'s `==` compares strings and keys as `String` does, by
  /// canonical equivalence, where a trip that respells a key changes the document.
  static func identical(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a.utf8.elementsEqual(b.utf8)
    case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { identical($0, $1) }
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && identical($0.value, $1.value) }
    default: left == right
    }
  }

  // MARK: - Walk

  private mutating func compare(_ before: JSONValue, _ after: JSONValue, inPath: String, outPath: String) {
    if Self.identical(before, after) { return }
    if claim(at: inPath, kinds: Self.replacements, where: { $0.before == before && $0.after == after && Self.fits($0) }) {
      return
    }
    switch (before, after) {
    case (.object(let inMembers), .object(let outMembers)):
      objects(inMembers, outMembers, inPath: inPath, outPath: outPath)
    case (.array(let inItems), .array(let outItems)):
      arrays(inItems, outItems, inPath: inPath, outPath: outPath)
    default:
      problems.append("\(inPath.isEmpty ? "(root)" : inPath): \(Self.show(before)) → \(Self.show(after)) has no entry")
    }
  }

  private mutating func objects(_ inMembers: [JSONMember], _ outMembers: [JSONMember], inPath: String, outPath: String) {
    let last = duplicates(inMembers, inPath: inPath)
    let inKeys = Set(last.map { Array($0.key.utf8) })
    for member in last {
      let path = inPath + "/" + JSONPointer.escape(member.key)
      let move = entries.indices.first { index in
        !claimed[index] && entries[index].kind == .keyMoved && Self.same(entries[index].path, path)
      }
      if let move {
        claimed[move] = true
        let entry = entries[move]
        guard let destination = entry.outputPath, let moved = Self.value(at: destination, in: output) else {
          problems.append("key-moved \(path) → \(entry.outputPath ?? "?"): nothing written there")
          continue
        }
        if entry.before != member.value || entry.after != moved {
          problems.append("key-moved \(path): ledger says \(Self.describe(entry)), values are \(Self.show(member.value)) → \(Self.show(moved))")
        }
        compare(member.value, moved, inPath: path, outPath: destination)
      } else if let counterpart = outMembers.last(where: { Self.same($0.key, member.key) }),
        !moveDestinations.contains(outPath + "/" + JSONPointer.escape(member.key))
      {
        compare(member.value, counterpart.value, inPath: path, outPath: outPath + "/" + JSONPointer.escape(member.key))
      } else {
        // Gone, or its key now holds a value moved there from another key, which a `??`
        // alternative's entry names.
        removed(member.value, at: path, replacedBy: outMembers.last { Self.same($0.key, member.key) }?.value)
      }
    }
    for member in outMembers where !inKeys.contains(Array(member.key.utf8)) {
      added(member.value, at: outPath + "/" + JSONPointer.escape(member.key))
    }
  }

  private mutating func arrays(_ inItems: [JSONValue], _ outItems: [JSONValue], inPath: String, outPath: String) {
    let drops = Set(
      entries.indices.compactMap { index -> Int? in
        let entry = entries[index]
        guard !claimed[index], [.elementDropped, .duplicateElementCollapsed, .duplicateKeyCollapsed].contains(entry.kind),
          entry.path.hasPrefix(inPath + "/")
        else { return nil }
        return Int(entry.path.dropFirst(inPath.count + 1)).flatMap { inItems.indices.contains($0) ? $0 : nil }
      })
    // Elements written at another index of the array: a repeated key's value in key-value pairs.
    var moves: [Int: Int] = [:]
    for index in entries.indices where !claimed[index] && entries[index].kind == .keyMoved {
      let entry = entries[index]
      guard entry.path.hasPrefix(inPath + "/"), let from = Int(entry.path.dropFirst(inPath.count + 1)),
        let destination = entry.outputPath, destination.hasPrefix(outPath + "/"),
        let to = Int(destination.dropFirst(outPath.count + 1)), inItems.indices.contains(from), outItems.indices.contains(to)
      else { continue }
      claimed[index] = true
      moves[from] = to
      if entry.before != inItems[from] || entry.after != outItems[to] {
        problems.append("key-moved \(entry.path): ledger says \(Self.describe(entry)), values are \(Self.show(inItems[from])) → \(Self.show(outItems[to]))")
      }
      compare(inItems[from], outItems[to], inPath: entry.path, outPath: destination)
    }
    let kept = inItems.indices.filter { !drops.contains($0) && moves[$0] == nil }
    let destinations = Set(moves.values)
    let outKept = outItems.indices.filter { !destinations.contains($0) }
    let claimDrops = { (checker: inout LedgerInvariant) in
      for index in drops.sorted() {
        let path = inPath + "/\(index)"
        // An index key's array writes the `null` it is padded with in a dropped element's place.
        let padding: JSONValue? = outItems.indices.contains(index) && outItems[index] == .null ? .null : nil
        _ = checker.claim(
          at: path, kinds: [.elementDropped, .duplicateElementCollapsed, .duplicateKeyCollapsed],
          where: { $0.before == inItems[index] && ($0.after == nil || ($0.kind == .elementDropped && $0.after == padding)) })
      }
    }
    if kept.count == outKept.count {
      // The ledger's drops and moves taken out, the rest pair up in order.
      claimDrops(&self)
      for (inIndex, outIndex) in zip(kept, outKept) {
        compare(inItems[inIndex], outItems[outIndex], inPath: inPath + "/\(inIndex)", outPath: outPath + "/\(outIndex)")
      }
      return
    }
    // An index key's array: elements stay at their positions, the dropped ones as null or cut off,
    // and past the input's the padding and the value at the index are additions.
    let positional = (0..<max(inItems.count, outItems.count)).allSatisfy { index in
      drops.contains(index) ? (index >= outItems.count || outItems[index] == .null) : index >= inItems.count || index < outItems.count
    }
    guard positional else {
      problems.append(
        "\(inPath): \(inItems.count) elements, \(drops.count) dropped by the ledger, but \(outItems.count) written")
      return
    }
    claimDrops(&self)
    for index in kept {
      compare(inItems[index], outItems[index], inPath: inPath + "/\(index)", outPath: outPath + "/\(index)")
    }
    for index in outItems.indices where index >= inItems.count { added(outItems[index], at: outPath + "/\(index)") }
  }

  /// An input value with no counterpart: claimed where it was, or (an object) member by member.
  /// `replacedBy`: what its key holds now, moved there from another key.
  private mutating func removed(_ value: JSONValue, at path: String, replacedBy: JSONValue? = nil) {
    if claim(
      at: path, kinds: Self.removals,
      where: { $0.before == value && $0.after == ($0.kind == .alternativeUnused ? replacedBy : nil) && Self.fits($0) })
    {
      return
    }
    switch value {
    case .object(let members) where !members.isEmpty:
      for member in duplicates(members, inPath: path) { removed(member.value, at: path + "/" + JSONPointer.escape(member.key)) }
    case .array(let items) where !items.isEmpty:
      for (index, item) in items.enumerated() { removed(item, at: path + "/\(index)") }
    default:
      problems.append("\(path): \(Self.show(value)) is not written back, and no entry says so")
    }
  }

  /// An output value with no counterpart: claimed where it is, a move's destination, or (an object)
  /// member by member.
  private mutating func added(_ value: JSONValue, at path: String) {
    if moveDestinations.contains(path) { return }
    // NB: an addition is named where the input lacks it, and says where it is written when that
    // differs (after a dropped element the indices do).
    if claim(at: path, kinds: Self.additions, output: true, where: { $0.before == nil && $0.after == value && Self.fits($0) }) { return }
    if case .object(let members) = value, !members.isEmpty {
      for member in members { added(member.value, at: path + "/" + JSONPointer.escape(member.key)) }
      return
    }
    // An index key's array, written whole: its padding and the value at the index.
    if case .array(let items) = value, !items.isEmpty {
      for (index, item) in items.enumerated() { added(item, at: path + "/\(index)") }
      return
    }
    problems.append("\(path): \(Self.show(value)) is written but was not in the input, and no entry says so")
  }

  /// Every occurrence of a repeated key but the one read needs its `duplicate-key-collapsed`
  /// entry; returns the members with each key once, at the occurrence read: the one no entry
  /// collapses (the last when entries are missing).
  private mutating func duplicates(_ members: [JSONMember], inPath: String) -> [JSONMember] {
    var occurrences: [[UInt8]: [Int]] = [:]
    for (index, member) in members.enumerated() { occurrences[Array(member.key.utf8), default: []].append(index) }
    var kept: [[UInt8]: Int] = [:]
    for (key, indices) in occurrences {
      kept[key] = indices.last
      guard indices.count > 1 else { continue }
      let path = inPath + "/" + JSONPointer.escape(String(decoding: key, as: UTF8.self))
      var uncollapsed: [Int] = []
      for index in indices
      where !claim(at: path, kinds: [.duplicateKeyCollapsed], where: { $0.before == members[index].value && $0.after == nil }) {
        uncollapsed.append(index)
      }
      if uncollapsed.count == 1 {
        kept[key] = uncollapsed[0]
      } else {
        problems.append("\(path): \(indices.count) occurrences, and \(uncollapsed.count - 1) not read has no entry")
      }
    }
    return members.enumerated().filter { kept[Array($0.element.key.utf8)] == $0.offset }.map(\.element)
  }

  // MARK: - Claims

  // NB: `null-written-as-absent` too, for Nosce's nil model written as `{}`.
  private static let replacements: Set<LedgerKind> = [
    .valueCoerced, .numberTextChanged, .valueNormalized, .defaultFilled, .valueDropped, .nullWrittenAsAbsent,
  ]
  // NB: `duplicate-key-collapsed` too, for a key equal to another only as the decoder reads it
  // (`"01"` and `"1"` of an `[Int: T]`, `"dark_red"` and `"darkRed"` under a key strategy),
  // which the checker, comparing texts, does not see repeat.
  private static let removals: Set<LedgerKind> = [
    .unknownKeyDropped, .ignoredKeyDropped, .valueDropped, .nullWrittenAsAbsent, .elementDropped, .alternativeUnused,
    .duplicateKeyCollapsed,
  ]
  private static let additions: Set<LedgerKind> = [.defaultFilled, .absentWrittenAsNull]

  /// Marks the first unclaimed entry at `path` of one of `kinds` that satisfies `condition`.
  /// Claims the first unclaimed entry of `kinds` at `path` (with `output`, at where it says the
  /// value is written) that meets `condition`.
  private mutating func claim(
    at path: String, kinds: Set<LedgerKind>, output: Bool = false, where condition: (LedgerEntry) -> Bool
  ) -> Bool {
    guard
      let index = entries.indices.first(where: { index in
        let entry = entries[index]
        return !claimed[index] && Self.same(output ? entry.outputPath ?? entry.path : entry.path, path) && kinds.contains(entry.kind)
          && condition(entry)
      })
    else { return false }
    claimed[index] = true
    return true
  }

  /// Whether two keys or pointers are the same text, byte for byte: keys the codable dialect reads
  /// as one (canonically equal) are two keys here, so the ledger must account for one of them.
  private static func same(_ left: String, _ right: String) -> Bool {
    left.utf8.elementsEqual(right.utf8)
  }

  /// What each kind promises about its values beyond the path.
  private static func fits(_ entry: LedgerEntry) -> Bool {
    switch entry.kind {
    case .nullWrittenAsAbsent: return entry.before == .null && (entry.after == nil || entry.after == .object([]))
    // Nosce writes a nil nested model as `{}`, also one whose value could not be used.
    case .valueDropped: return entry.before != .null && (entry.after == nil || entry.after == .null || entry.after == .object([]))
    // A null alternative is one only where another's value is written at its key.
    case .alternativeUnused: return entry.before != .null || entry.after != nil
    // Nosce writes a nil nested model as `{}`.
    case .absentWrittenAsNull: return entry.after == .null || entry.after == .object([])
    case .numberTextChanged:
      guard case .number(let a)? = entry.before, case .number(let b)? = entry.after else { return false }
      return Double(a) == Double(b)
    case .valueNormalized:
      if case .string? = entry.after { return true }
      return false
    default: return true
    }
  }

  // MARK: - Values

  /// The value at a JSON Pointer (the last of duplicate keys).
  static func value(at pointer: String, in root: JSONValue) -> JSONValue? {
    guard !pointer.isEmpty else { return root }
    var current = root
    for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
      let key = String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
      switch current {
      case .object(let members):
        guard let member = members.last(where: { $0.key == key }) else { return nil }
        current = member.value
      case .array(let items):
        guard let index = Int(key), items.indices.contains(index) else { return nil }
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }

  static func lastOccurrences(_ members: [JSONMember]) -> [JSONMember] {
    var last: [String: Int] = [:]
    for (index, member) in members.enumerated() { last[member.key] = index }
    return members.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
  }

  static func show(_ value: JSONValue?) -> String {
    value.map { JSONWriter(style: .compact).write($0) } ?? "(absent)"
  }

  static func describe(_ entry: LedgerEntry) -> String {
    "\(entry.kind.rawValue) \(entry.path) \(show(entry.before)) → \(show(entry.after))"
      + (entry.outputPath.map { " at \($0)" } ?? "")
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
