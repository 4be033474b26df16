/// Writes a binary property list (`bplist00`) laid out as `PropertyListEncoder` lays one out:
/// objects numbered in pre-order (a dictionary's keys before its values, members in their order),
/// integers, reals and strings in their shortest marker, offsets and references as wide as they
/// need. Unlike the encoder, it shares one object between two values only when they are the same
/// bytes: the encoder shares values that are `==` in Swift, so an NFD string was written as an
/// earlier NFC one and `0.0` as an earlier `-0.0`. `PropertyListSerialization` keeps them apart,
/// and so does this writer.
struct PropertyListBinaryWriter {
  /// A value written once however often it occurs: the same kind and the same bytes.
  private enum Scalar: Hashable {
    case bool(Bool)
    case integer(Int64)
    /// Past `Int64.max`: a 128-bit integer, as Foundation writes a `UInt64`.
    case unsigned(UInt64)
    /// A `Double`'s bits: `-0.0` is not `0.0`.
    case real(UInt64)
    /// Seconds since 2001 as a `Double`'s bits.
    case date(UInt64)
    case data([UInt8])
    /// A string's UTF-8 bytes: canonically equivalent strings are different strings here.
    case string([UInt8])
  }

  /// An object of the document, by its number in the object table.
  private enum Object {
    case scalar(Scalar)
    case array([Int])
    case dictionary(keys: [Int], values: [Int])
  }

  private var objects: [Object] = []
  private var numbers: [Scalar: Int] = [:]

  /// The property list of `value`; it has no null inside (`PropertyListOutput` left each out
  /// or marked it), and at its root none either.
  static func data(_ value: PropertyListItem) -> [UInt8] {
    var writer = PropertyListBinaryWriter()
    _ = writer.number(value)
    return writer.serialized()
  }

  /// Numbers `item` and what it holds, in pre-order, and gives its number.
  private mutating func number(_ item: PropertyListItem) -> Int {
    switch item {
    case .null, .dictionary:
      let index = objects.count
      objects.append(.array([]))
      var keys: [Int] = []
      var values: [PropertyListItem] = []
      // NB: a repeated key (or one in another Unicode form, as a Swift dictionary compares keys)
      // keeps its first place and spelling and takes the later value, as the encoder's ordered
      // dictionary does; `MergedKeys` has counted it.
      var slots: [String: Int] = [:]
      var spelled: [String] = []
      if case .dictionary(let members) = item {
        for member in members where !member.value.isNull {
          if let slot = slots[member.key] {
            values[slot] = member.value
          } else {
            slots[member.key] = values.count
            spelled.append(member.key)
            values.append(member.value)
          }
        }
      }
      for key in spelled { keys.append(number(scalar: .string(Array(key.utf8)))) }
      let refs = values.map { number($0) }
      objects[index] = .dictionary(keys: keys, values: refs)
      return index
    case .array(let items):
      let index = objects.count
      objects.append(.array([]))
      let refs = items.filter { !$0.isNull }.map { number($0) }
      objects[index] = .array(refs)
      return index
    case .bool(let flag): return number(scalar: .bool(flag))
    case .number(let literal):
      switch PropertyListNumber(literal) {
      case .integer(let value): return number(scalar: .integer(value))
      case .unsigned(let value): return number(scalar: .unsigned(value))
      case .real(let value): return number(scalar: .real(value.bitPattern))
      case nil: return number(scalar: .real((Double(literal) ?? 0).bitPattern))
      }
    case .real(let value): return number(scalar: .real(value.bitPattern))
    case .string(let text): return number(scalar: .string(Array(text.utf8)))
    case .date(let seconds): return number(scalar: .date(seconds.bitPattern))
    case .data(let bytes): return number(scalar: .data(bytes))
    }
  }

  /// The number of a scalar: the one it was given when first seen, else the next.
  private mutating func number(scalar: Scalar) -> Int {
    if let known = numbers[scalar] { return known }
    numbers[scalar] = objects.count
    objects.append(.scalar(scalar))
    return objects.count - 1
  }

  /// The header, every object in its number's order, the offset table and the trailer.
  private func serialized() -> [UInt8] {
    var out = Array("bplist00".utf8)
    // NB: as wide as the object count itself needs (not the last number), as the encoder sizes them.
    let referenceSize = Self.byteWidth(UInt64(objects.count))
    var offsets: [Int] = []
    offsets.reserveCapacity(objects.count)
    for object in objects {
      offsets.append(out.count)
      switch object {
      case .scalar(let scalar): Self.append(scalar, to: &out)
      case .array(let refs):
        Self.appendMarker(0xA0, count: refs.count, to: &out)
        for ref in refs { Self.appendBigEndian(UInt64(ref), width: referenceSize, to: &out) }
      case .dictionary(let keys, let values):
        Self.appendMarker(0xD0, count: keys.count, to: &out)
        for ref in keys + values { Self.appendBigEndian(UInt64(ref), width: referenceSize, to: &out) }
      }
    }
    let tableOffset = out.count
    let offsetSize = Self.byteWidth(UInt64(tableOffset))
    for offset in offsets { Self.appendBigEndian(UInt64(offset), width: offsetSize, to: &out) }
    // The trailer: five unused bytes, the sort version, the two widths, then the object count, the
    // top object's number and the table's offset, eight bytes each.
    out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
    Self.appendBigEndian(UInt64(objects.count), width: 8, to: &out)
    Self.appendBigEndian(0, width: 8, to: &out)
    Self.appendBigEndian(UInt64(tableOffset), width: 8, to: &out)
    return out
  }

  private static func append(_ scalar: Scalar, to out: inout [UInt8]) {
    switch scalar {
    case .bool(let flag): out.append(flag ? 0x09 : 0x08)
    case .integer(let value): appendInteger(value, to: &out)
    case .unsigned(let value):
      out.append(0x14)
      appendBigEndian(0, width: 8, to: &out)
      appendBigEndian(value, width: 8, to: &out)
    case .real(let bits):
      out.append(0x23)
      appendBigEndian(bits, width: 8, to: &out)
    case .date(let bits):
      out.append(0x33)
      appendBigEndian(bits, width: 8, to: &out)
    case .data(let bytes):
      appendMarker(0x40, count: bytes.count, to: &out)
      out += bytes
    case .string(let utf8):
      if utf8.allSatisfy({ $0 < 0x80 }) {
        appendMarker(0x50, count: utf8.count, to: &out)
        out += utf8
      } else {
        let units = Array(String(decoding: utf8, as: UTF8.self).utf16)
        appendMarker(0x60, count: units.count, to: &out)
        for unit in units { appendBigEndian(UInt64(unit), width: 2, to: &out) }
      }
    }
  }

  /// An integer in the fewest of 1, 2, 4 or 8 bytes its bits need (a negative one takes 8).
  private static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
    let bits = UInt64(bitPattern: value)
    let width = bits <= 0xFF ? 1 : bits <= 0xFFFF ? 2 : bits <= 0xFFFF_FFFF ? 4 : 8
    out.append(0x10 | UInt8(width.trailingZeroBitCount))
    appendBigEndian(bits, width: width, to: &out)
  }

  /// A marker with a count: in its low four bits below 15, else `1111` and the count as an integer.
  private static func appendMarker(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
    if count < 15 {
      out.append(marker | UInt8(count))
    } else {
      out.append(marker | 0x0F)
      appendInteger(Int64(count), to: &out)
    }
  }

  private static func appendBigEndian(_ value: UInt64, width: Int, to out: inout [UInt8]) {
    for shift in stride(from: (width - 1) * 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  /// The bytes a number needs, leading zero bytes left out (at least one).
  private static func byteWidth(_ value: UInt64) -> Int {
    max(1, 8 - value.leadingZeroBitCount / 8)
  }
}
