import Foundation

/// A JSON value as text-level parts: numbers keep their spelling (so `1e2`, `2.0` and
/// 18446744073709551615 reach both sides as written) and objects keep their member order.
indirect enum JSONText: Equatable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([JSONText])
  case object([(String, JSONText)])

  static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.rendered == rhs.rendered }

  /// Compact JSON.
  var rendered: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let text): return text
    case .string(let text): return Self.quote(text)
    case .array(let items): return "[" + items.map(\.rendered).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { Self.quote($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
    }
  }

  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
