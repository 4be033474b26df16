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
    guard escapesSlashes, text.contains(UInt8(ascii: "/")) else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.count + 16)
    text.withUnsafeBytes { append($0, to: &output) }
    return output
  }

  /// Appends JSON text to `output`, its slashes escaped when they are to be; the runs between
  /// slashes are copied whole.
  package func append(_ text: UnsafeRawBufferPointer, to output: inout [UInt8]) {
    guard escapesSlashes, var start = text.baseAddress else { return output.append(contentsOf: text) }
    let end = start + text.count
    while start < end, let slash = memchr(start, Int32(UInt8(ascii: "/")), end - start) {
      output.append(contentsOf: UnsafeRawBufferPointer(start: start, count: UnsafeRawPointer(slash) - start))
      output.append(UInt8(ascii: "\\"))
      output.append(UInt8(ascii: "/"))
      start = UnsafeRawPointer(slash) + 1
    }
    output.append(contentsOf: UnsafeRawBufferPointer(start: start, count: end - start))
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
    return appendCompactLine(encoded: encoded, instance: instance, encoder: encoder, to: &line) ? line : nil
  }

  /// `compactLine` appended to `output`; false (nothing appended) when there is no line.
  package func appendCompactLine(encoded: [UInt8]?, instance: Instance?, encoder: ModelEncoder, to output: inout [UInt8]) -> Bool {
    if !sortsKeys || instance == nil, let encoded {
      encoded.withUnsafeBytes { append($0, to: &output) }
      return true
    }
    guard let instance else { return false }
    var line: [UInt8] = []
    if sortsKeys {
      JSONWriter(style: .compact).write(sorted(encoder.encode(instance)), into: &line)
    } else {
      encoder.writeCompact(instance, into: &line)
    }
    line.withUnsafeBytes { append($0, to: &output) }
    return true
  }
}
