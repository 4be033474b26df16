/// A YAML 1.1 integer in any of the forms PyYAML's `construct_yaml_int` reads (`0b1010`, `017`,
/// `0x1F`, `190:20:30`, `1_000`, a sign before any of them) as exact decimal text, however many
/// digits it has: JSON numbers are text, and a model's `Decimal` or `--type Any` keeps them all.
enum YAMLInteger {
  /// The longest integer converted (in characters, underscores aside): the conversion is
  /// quadratic in the length, and no integer a document means has so many digits.
  static let maxLength = 10_000

  /// The decimal text of `text`; nil when it is no integer of these forms or longer than
  /// ``maxLength``.
  static func decimalText(_ text: String) -> String? {
    var bytes = text.utf8.filter { $0 != UInt8(ascii: "_") }[...]
    var negative = false
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
    }
    guard !bytes.isEmpty, bytes.count <= maxLength else { return nil }
    var value = Digits()
    let zero = UInt8(ascii: "0")
    if bytes.count > 2, bytes.first == zero, let mark = bytes.dropFirst().first, mark | 0x20 == UInt8(ascii: "b") || mark | 0x20 == UInt8(ascii: "x") {
      let base: UInt32 = mark | 0x20 == UInt8(ascii: "b") ? 2 : 16
      for byte in bytes.dropFirst(2) {
        guard let digit = Self.digit(byte), digit < base else { return nil }
        value.multiply(by: base, adding: digit)
      }
    } else if bytes.contains(UInt8(ascii: ":")) {
      // Base 60: the first part any run of digits, each later one a digit of base 60 (PyYAML
      // adds `int(part)` times its power of 60, so a later part may exceed 59).
      let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      for (index, part) in parts.enumerated() {
        guard !part.isEmpty, index == 0 || part.count <= 9 else { return nil }
        if index > 0 { value.multiply(by: 60, adding: 0) }
        var later: UInt32 = 0
        for byte in part {
          guard let digit = Self.digit(byte), digit < 10 else { return nil }
          if index == 0 { value.multiply(by: 10, adding: digit) } else { later = later * 10 + digit }
        }
        if index > 0 { value.add(later) }
      }
    } else {
      // A leading zero is octal in YAML 1.1 (Python's `int(value, 8)` also takes `0o17`).
      var digits = bytes
      var base: UInt32 = 10
      if digits.count > 1, digits.first == zero {
        base = 8
        digits = digits.dropFirst()
        if digits.count > 1, digits.first.map({ $0 | 0x20 == UInt8(ascii: "o") }) == true { digits = digits.dropFirst() }
      }
      for byte in digits {
        guard let digit = Self.digit(byte), digit < base else { return nil }
        value.multiply(by: base, adding: digit)
      }
    }
    let magnitude = value.decimal
    return negative && magnitude != "0" ? "-" + magnitude : magnitude
  }

  private static func digit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }

  /// A non-negative integer in limbs of nine decimal digits, the least significant first.
  private struct Digits {
    static let limb: UInt64 = 1_000_000_000
    var limbs: [UInt32] = [0]

    mutating func multiply(by factor: UInt32, adding addend: UInt32) {
      var carry = UInt64(addend)
      for index in limbs.indices {
        let product = UInt64(limbs[index]) * UInt64(factor) + carry
        limbs[index] = UInt32(product % Self.limb)
        carry = product / Self.limb
      }
      while carry > 0 {
        limbs.append(UInt32(carry % Self.limb))
        carry /= Self.limb
      }
    }

    mutating func add(_ addend: UInt32) { multiply(by: 1, adding: addend) }

    var decimal: String {
      var text = String(limbs[limbs.count - 1])
      for limb in limbs.dropLast().reversed() {
        let digits = String(limb)
        text += String(repeating: "0", count: 9 - digits.count) + digits
      }
      return text
    }
  }
}
