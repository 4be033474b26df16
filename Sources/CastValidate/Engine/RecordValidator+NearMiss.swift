import CastSchema

/// "Did you mean" for a missing required key: a key of the same object that no property reads and
/// that is spelt close to the missing one (`usr_name` for `user_name`), whatever `--unknown` says.
extension RecordValidator {
  /// At most this many keys of the object are looked at: the hint is a courtesy, not a scan.
  static let nearMissKeyLimit = 1_000

  /// The closest key of the object at `objectStart` that no property reads, or nil. The object
  /// is read again, once for all its missing keys (`UnreadKeys`; only on this error path: valid
  /// records never get here).
  func nearMissKey(for keys: [KeyPath], known: @autoclosure () -> [String], objectAt objectStart: Int) -> String? {
    let simple = keys.filter(\.isSimple).map { $0.components[0].key }
    let start = objectStart - documentBase
    guard !simple.isEmpty, start >= 0, start < document.count else { return nil }
    let unread = unreadKeys.keys(ofObjectAt: objectStart, in: document.baseAddress) {
      let known = Set(known())
      var scanner = JSONScanner(
        UnsafeRawBufferPointer(rebasing: document[start...]), baseOffset: objectStart, maxDepth: schema.options.maxDepth)
      var unread: [String] = []
      do {
        try scanner.beginObject()
        var first = true
        while unread.count < Self.nearMissKeyLimit, let key = try scanner.nextKey(&first) {
          let name = scanner.string(key)
          if !known.contains(name) { unread.append(name) }
          try scanner.skipValue()
        }
      } catch {
        return []
      }
      return unread
    }
    guard unreadKeys.spend(unread.count * simple.count) else { return nil }
    // A key much shorter than the missing one is a different key, however few edits apart
    // (`a` is two edits from `lat`).
    return simple.lazy.compactMap { missing in
      NameSuggestion.closest(to: missing, in: unread.lazy.filter { $0.count * 2 >= missing.count && $0.count >= 2 })
    }.first
  }
}
