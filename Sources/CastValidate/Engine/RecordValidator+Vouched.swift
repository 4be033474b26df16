/// Values of a record the clean-record check vouches for. When it doubts a record, it has read
/// every value before its point of doubt to the end and found nothing to report in them, so the
/// full walk that explains the record steps over those values; past that point it asks the check
/// about each value on its own, and walks in full only the ones the check doubts as well (inside
/// which the same holds). Only the values that hold findings then cost a full walk.
extension RecordValidator {
  /// Notes that the clean-record check, started at `start`, stopped at `end`, and which objects
  /// and arrays were open there (one plain pass over the bytes it read).
  mutating func vouch(from start: Int, until end: Int) {
    cleanFrom = start
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

  /// Skips the value at the cursor when the clean-record check vouches for it against `node`, and
  /// returns the status the full walk would give it (`null`, or a value: `Any` holds null as a
  /// value); nil, the cursor unmoved, when the full walk must read it. `nullIsClean` is what the
  /// check assumes of null here, nil where it cannot judge the value on its own.
  mutating func skipClean(_ scanner: inout JSONScanner, node: ValueNode, nullIsClean: Bool?) -> FieldStatus? {
    let start = scanner.offset
    if start < cleanUntil {
      // NB: a value holding the point of doubt is not even scanned for its end, so nested values
      // around it cost one scan each rather than one per level. A value read strictly before the
      // point of doubt is vouched for (a check stopping right at a value's end may doubt it).
      guard start >= cleanFrom, !isOpenAtDoubt(start) else { return nil }
      var probe = scanner
      // NB: the check read these bytes without error; a failure here leaves the value to the
      // full walk, which reports it as it would have.
      guard (try? probe.skipValue()) != nil, probe.offset < cleanUntil else { return nil }
      scanner = probe
    } else {
      guard let cleanCheck, let nullIsClean else { return nil }
      var probe = scanner
      guard cleanCheck.isCleanValue(node, &probe, nullIsClean: nullIsClean) else {
        vouch(from: start, until: probe.offset)
        return nil
      }
      scanner = probe
    }
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
