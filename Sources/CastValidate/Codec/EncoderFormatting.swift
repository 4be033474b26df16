import CastSchema

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// JSONEncoder's `outputFormatting` for what `convert` writes: `.sortedKeys` (`--sorted-keys`)
/// and `/` escaped as `\/`, which JSONEncoder does unless `.withoutEscapingSlashes`, so castctl
/// does it where the target's dialect writes as JSONEncoder (`Policy.escapesSlashes`).
package struct EncoderFormatting: Sendable, Hashable {
  /// Every object's members in the order `.sortedKeys` gives them.
  package var sortsKeys = false
  /// Every `/` written `\/`.
  package var escapesSlashes = false
  /// A property list is written as `PropertyListEncoder` writes it: a `null` as its marker, not
  /// left out, and typed values (`Policy.writesPropertyListsAsEncoder`).
  package var writesPropertyListsAsEncoder = false

  /// The formatting of `convert`'s JSON for `target`.
  package init(schema: CompiledSchema, target: ValidationTarget, sortedKeys: Bool, withoutEscapingSlashes: Bool) {
    sortsKeys = sortedKeys
    let policy = schema.targetPolicy(target)
    escapesSlashes = !withoutEscapingSlashes && policy.escapesSlashes
    writesPropertyListsAsEncoder = policy.writesPropertyListsAsEncoder
  }

  /// JSON written with `/` escaped or not, keys as they are (the library's `encoded(as:)`).
  package init(escapesSlashes: Bool) {
    self.escapesSlashes = escapesSlashes
  }

  /// Whether the output is written as it is.
  package var isPlain: Bool { !sortsKeys && !escapesSlashes }

  /// `value` with every object's members sorted as `.sortedKeys` sorts them: by their keys'
  /// UTF-8 bytes (checked on this machine: `e\u{301}x` before `f` before `éa`, uppercase first,
  /// no numeric ordering), not as `String`'s `<` compares them.
  package func sorted(_ value: JSONValue) -> JSONValue {
    guard sortsKeys else { return value }
    switch value {
    case .array(let items): return .array(items.map(sorted))
    case .object(let members):
      return .object(
        members.map { JSONMember(key: $0.key, value: sorted($0.value)) }
          .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
    default: return value
    }
  }

  /// JSON text with every `/` escaped, when it is to be: outside strings JSON has no `/`, so
  /// every one of them is in a string.
  package func finish(_ text: [UInt8]) -> [UInt8] {
    guard escapesSlashes else { return text }
    return text.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress, var slash = memchr(base, Int32(UInt8(ascii: "/")), bytes.count) else { return text }
      var output: [UInt8] = []
      output.reserveCapacity(text.count + 16)
      // The runs between slashes are copied whole, each slash after a backslash with the next run.
      var start = base
      let end = base + bytes.count
      while true {
        output.append(contentsOf: UnsafeRawBufferPointer(start: start, count: UnsafeRawPointer(slash) - start))
        output.append(UInt8(ascii: "\\"))
        start = UnsafeRawPointer(slash)
        let rest = start + 1
        guard rest < end, let next = memchr(rest, Int32(UInt8(ascii: "/")), end - rest) else { break }
        slash = next
      }
      output.append(contentsOf: UnsafeRawBufferPointer(start: start, count: end - start))
      return output
    }
  }
}

extension CompiledSchema {
  /// The policy of the model a document is read as; for a type expression (`[User]`), of the
  /// model in it, else the schema's base policy.
  package func targetPolicy(_ target: ValidationTarget) -> Policy {
    Self.policy(of: target.rootType, plans: plans, base: basePolicy)
  }
}

extension EncoderFormatting {
  /// A valid record's compact JSON line, without its newline: the bytes the reader wrote while
  /// reading (`encoded`), or the instance's, sorted when keys are sorted.
  package func compactLine(encoded: [UInt8]?, instance: Instance?, encoder: ModelEncoder) -> [UInt8]? {
    var line: [UInt8] = []
    if sortsKeys, let instance {
      JSONWriter(style: .compact).write(sorted(encoder.encode(instance)), into: &line)
    } else if let encoded {
      line = encoded
    } else if let instance {
      encoder.writeCompact(instance, into: &line)
    } else {
      return nil
    }
    return finish(line)
  }
}
