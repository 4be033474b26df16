/// An RFC 6901 JSON Pointer: the path from a document's root to one of its values.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// One step of a pointer.
  package enum Component: Sendable, Hashable {
    /// An object member, by key.
    case key(String)
    /// An array element, by zero-based index.
    case index(Int)
  }

  /// The steps from the root, outermost first; empty for the root itself.
  package var components: [Component]

  /// Creates a pointer from its steps.
  package init(_ components: [Component] = []) {
    self.components = components
  }

  /// The pointer to the whole document.
  package static let root = JSONPointer()

  /// This pointer extended by one step.
  package func appending(_ component: Component) -> JSONPointer {
    JSONPointer(components + [component])
  }

  /// This pointer extended by an object key.
  package func appending(key: String) -> JSONPointer { appending(.key(key)) }

  /// This pointer extended by an array index.
  package func appending(index: Int) -> JSONPointer { appending(.index(index)) }

  /// The RFC 6901 text: `""` for the root, otherwise `/`-separated steps with `~` written `~0` and `/` written `~1`.
  package var description: String {
    var bytes: [UInt8] = []
    for component in components {
      switch component {
      case .key(let key): Self.appendEscaped(key, to: &bytes)
      case .index(let index): bytes.append(contentsOf: "/\(index)".utf8)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One key as a pointer step's text (without its `/`): `~` written `~0`, `/` written `~1`.
  /// The only escaper: findings, the ledger and `infer` build their paths with it.
  package static func escape(_ key: String) -> String {
    // NB: over the UTF-8 bytes: `String.contains(_: String)` goes through Foundation's search.
    guard key.utf8.contains(where: { $0 == 0x7E || $0 == JSONByte.slash }) else { return key }
    var bytes: [UInt8] = []
    appendEscaped(key, to: &bytes)
    return String(decoding: bytes.dropFirst(), as: UTF8.self)
  }

  /// One pointer step's text (without its `/`) as the key it escapes: `~1` read `/`, `~0` read `~`.
  package static func unescape(_ step: Substring) -> String {
    guard step.utf8.contains(0x7E) else { return String(step) }
    // NB: `~1` first, as RFC 6901 orders it: `~0` first would read `~01` as `~1`, then `/`.
    return String(step).replacing("~1", with: "/").replacing("~0", with: "~")
  }

  /// Appends `/` and the key, with `~` written `~0` and `/` written `~1`.
  static func appendEscaped(_ key: String, to bytes: inout [UInt8]) {
    bytes.append(JSONByte.slash)
    for b in key.utf8 {
      switch b {
      case 0x7E: bytes.append(contentsOf: [0x7E, 0x30])  // ~0
      case JSONByte.slash: bytes.append(contentsOf: [0x7E, 0x31])  // ~1
      default: bytes.append(b)
      }
    }
  }
}
