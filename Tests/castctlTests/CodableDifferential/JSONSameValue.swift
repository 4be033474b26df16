import Foundation

/// "The same JSON value" for comparing `convert`'s output with `JSONEncoder`'s: objects as
/// unordered maps, arrays in order, numbers equal when they spell the same integer or the same
/// Double (at most 17 significant digits each, so a Decimal's extra digits still count).
enum JSONSameValue {
  static func parse(_ text: String) -> JSONText? {
    var parser = Parser(bytes: Array(text.utf8))
    guard let value = parser.value() else { return nil }
    parser.skipSpace()
    return parser.index == parser.bytes.count ? value : nil
  }

  static func same(_ a: JSONText, _ b: JSONText) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.number(let x), .number(let y)): return sameNumber(x, y)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (.object(let x), .object(let y)):
      let right = Dictionary(y, uniquingKeysWith: { first, _ in first })
      return x.count == y.count && x.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
    default: return false
    }
  }

  static func sameNumber(_ x: String, _ y: String) -> Bool {
    if x == y { return true }
    if let i = Int64(x), let j = Int64(y) { return i == j }
    if let i = UInt64(x), let j = UInt64(y) { return i == j }
    guard significantDigits(x) <= 17, significantDigits(y) <= 17, let d = Double(x), let e = Double(y) else { return false }
    return d == e
  }

  private static func significantDigits(_ text: String) -> Int {
    let mantissa = text.split(whereSeparator: { $0 == "e" || $0 == "E" }).first ?? ""
    let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
    return digits.reversed().drop { $0 == "0" }.count
  }

  /// A small strict JSON reader that keeps number spellings.
  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value() -> JSONText? {
      skipSpace()
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "{"): return object()
      case UInt8(ascii: "["): return array()
      case UInt8(ascii: "\""): return string().map(JSONText.string)
      case UInt8(ascii: "t"): return word("true", .bool(true))
      case UInt8(ascii: "f"): return word("false", .bool(false))
      case UInt8(ascii: "n"): return word("null", .null)
      default: return number()
      }
    }

    mutating func word(_ text: String, _ result: JSONText) -> JSONText? {
      let utf8 = Array(text.utf8)
      guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
      index += utf8.count
      return result
    }

    mutating func number() -> JSONText? {
      let start = index
      while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
      return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
    }

    mutating func string() -> String? {
      let start = index
      index += 1
      var escaped = false
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
          let raw = Data(bytes[start..<index])
          return (try? JSONSerialization.jsonObject(with: raw, options: .fragmentsAllowed)) as? String
        }
      }
      return nil
    }

    mutating func array() -> JSONText? {
      index += 1
      var items: [JSONText] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
      while true {
        guard let item = value() else { return nil }
        items.append(item)
        skipSpace()
        guard index < bytes.count else { return nil }
        index += 1
        if bytes[index - 1] == UInt8(ascii: "]") { return .array(items) }
        if bytes[index - 1] != UInt8(ascii: ",") { return nil }
      }
    }

    mutating func object() -> JSONText? {
      index += 1
      var members: [(String, JSONText)] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard let item = value() else { return nil }
        members.append((key, item))
        skipSpace()
        guard index < bytes.count else { return nil }
        index += 1
        if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
        if bytes[index - 1] != UInt8(ascii: ",") { return nil }
      }
    }
  }
}
