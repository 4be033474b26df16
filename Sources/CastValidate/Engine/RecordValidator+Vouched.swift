/// Values of a record the clean-record check already read: when it doubts a record, it has read
/// every value before the point of doubt to its end and found nothing to report in them, so the
/// full walk that explains the record steps over those values instead of checking them again.
/// Only the part of an invalid record that holds its findings then costs a full walk.
extension RecordValidator {
  /// Notes where the clean-record check stopped on the record starting at `start`, and which
  /// objects and arrays were open there (one plain pass over the bytes it read).
  mutating func vouch(from start: Int, until end: Int) {
    cleanUntil = end
    openAtDoubt.removeAll(keepingCapacity: true)
    let raw = bytes(JSONSpan(start: start, end: end))
    var inString = false
    var escaped = false
    for index in raw.indices {
      let byte = raw[index]
      if inString {
        if escaped {
          escaped = false
        } else if byte == JSONByte.backslash {
          escaped = true
        } else if byte == JSONByte.quote {
          inString = false
        }
        continue
      }
      switch byte {
      case JSONByte.quote: inString = true
      case JSONByte.openBrace, JSONByte.openBracket: openAtDoubt.append(start + index)
      case JSONByte.closeBrace, JSONByte.closeBracket: _ = openAtDoubt.popLast()
      default: break
      }
    }
  }

  /// Skips the value at the cursor when the clean-record check read it to its end before it
  /// stopped (strictly before: a check that stops right at a value's end may doubt that value),
  /// and returns the status the full walk would give it against `node` (`null`, or a value: `Any`
  /// holds null as a value); nil, the cursor unmoved, for any other value.
  mutating func skipVouched(_ scanner: inout JSONScanner, node: ValueNode) -> FieldStatus? {
    let start = scanner.offset
    // NB: a value holding the point of doubt is not even scanned for its end, so nested values
    // around it cost one scan each rather than one per level.
    guard start < cleanUntil, !isOpenAtDoubt(start) else { return nil }
    var probe = scanner
    // NB: the check read these bytes without error; a failure here (or a value reaching the point
    // of doubt) leaves the value to the full walk, which reports it as it would have.
    guard (try? probe.skipValue()) != nil, probe.offset < cleanUntil else { return nil }
    scanner = probe
    if case .any = node { return .value }
    return bytes(JSONSpan(start: start, end: start + 1)).first == JSONByte.lowerN ? .null : .value
  }

  /// Whether an object or array starting at `offset` was open where the check stopped.
  private func isOpenAtDoubt(_ offset: Int) -> Bool {
    var low = 0
    var high = openAtDoubt.count
    while low < high {
      let mid = (low + high) / 2
      if openAtDoubt[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return low < openAtDoubt.count && openAtDoubt[low] == offset
  }
}
