/// The round trip's quick answer for the records it does not change: the model's output has the
/// input's members, in any order, with the same values (numbers by their text), less the input's
/// `null`s. Most records are such, and for them this replaces the ledger's walk, which was most
/// of the verification's time; any other record goes through the ledger, which names the changes.
enum RoundTripShortcut {
  /// The number of `null` members the output left out, when the output is the input less those;
  /// nil when anything else differs.
  static func droppedNulls(input: JSONValue, output: JSONValue) -> Int? {
    switch (input, output) {
    case (.object(let inMembers), .object(let outMembers)):
      var dropped = 0
      var matched = 0
      for member in inMembers {
        // NB: a linear search: records' objects are small, and a dictionary per object cost more.
        guard let other = outMembers.first(where: { $0.key == member.key }) else {
          guard case .null = member.value else { return nil }
          dropped += 1
          continue
        }
        guard let inner = droppedNulls(input: member.value, output: other.value) else { return nil }
        dropped += inner
        matched += 1
      }
      // The output has no member the input lacked (an absent key written as null or a default),
      // and no key twice.
      return matched == outMembers.count ? dropped : nil
    case (.array(let inItems), .array(let outItems)):
      guard inItems.count == outItems.count else { return nil }
      var dropped = 0
      for (item, other) in zip(inItems, outItems) {
        guard let inner = droppedNulls(input: item, output: other) else { return nil }
        dropped += inner
      }
      return dropped
    default:
      return input == output ? 0 : nil
    }
  }
}
