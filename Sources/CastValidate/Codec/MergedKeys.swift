/// Keys an output format holds as one: YAML as Yams reads it and property lists as Foundation
/// writes them (and castctl, as its readers hold them) compare keys as Swift strings, canonically, so `é` and `e` + U+0301 (and a key
/// written twice, which an `Any` value passes through) are one key, and the last value stays.
/// Counted where the writer merges them, so that `convert` can say so rather than lose a value
/// in silence.
package struct MergedKeys: Sendable, Equatable {
  /// How many keys were left out, their value replaced by a later key's.
  package private(set) var count = 0
  /// The first key left out, as the input spelled it.
  package private(set) var first: String?

  package init() {}

  /// Notes the keys of one object, of which `kept` stay (the last of each).
  mutating func note(_ keys: some BidirectionalCollection<String>, kept: Int) {
    guard kept < keys.count else { return }
    count += keys.count - kept
    guard first == nil else { return }
    var seen: Set<String> = []
    for key in keys.reversed() where !seen.insert(key).inserted {
      first = key
    }
  }

  /// Notes the keys of one object, the last of each staying.
  mutating func note(_ keys: some BidirectionalCollection<String>) {
    guard keys.count > 1 else { return }
    note(keys, kept: Set(keys).count)
  }

  /// Adds another writer's count.
  package mutating func add(_ other: MergedKeys) {
    count += other.count
    if first == nil { first = other.first }
  }

  /// One line for the person running `convert` (nil when no key was merged).
  package func warning(format: String) -> String? {
    guard let first else { return nil }
    let spelled = first.unicodeScalars.map { $0.isASCII ? String($0) : "U+" + String($0.value, radix: 16, uppercase: true) }
    return "\(format) holds keys that are the same text in another Unicode form, or the same key twice, as one key: "
      + "\(count) key(s) left out, the last value kept (first: \"\(first)\", \(spelled.joined(separator: " ")))"
  }
}
