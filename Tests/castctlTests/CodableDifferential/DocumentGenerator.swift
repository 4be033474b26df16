import Foundation

/// Writes documents for a model: valid ones, and ones with one `Fault` planted at a random site
/// the fault applies to. Keys follow the strategy (snake_case for `.convertFromSnakeCase`),
/// dates its format.
struct DocumentGenerator {
  let shapes: [String: TypeShape]
  let strategy: DecoderStrategy
  var rng: SplitMix
  private var fault: Fault?
  private var planted = false
  private var rate = 0.3

  init(model: CorpusModel, strategy: DecoderStrategy, seed: UInt64) {
    shapes = model.shapes
    self.strategy = strategy
    rng = SplitMix(seed: seed)
  }

  /// A valid document of `root`.
  mutating func valid(_ root: String) -> String {
    fault = nil
    return value(.named(root), depth: 0).rendered
  }

  /// A document of `root` with `fault` planted, or nil when the model has no site for it.
  mutating func faulty(_ root: String, _ fault: Fault) -> String? {
    for attempt in 0..<6 {
      self.fault = fault
      planted = false
      rate = attempt < 3 ? 0.3 : 0.9
      let document = value(.named(root), depth: 0)
      if planted { return document.rendered }
    }
    return nil
  }

  private mutating func plant(_ kind: Fault) -> Bool {
    guard fault == kind, !planted, rng.chance(rate) else { return false }
    planted = true
    return true
  }

  private mutating func value(_ type: FieldType, depth: Int) -> JSONText {
    if plant(.null) { return .null }
    if plant(.wrongType) { return wrongType(type) }
    switch type {
    case .integer(let kind):
      if plant(.fraction) { return .number(rng.pick(["1.5", "-0.25", "2.000001"])) }
      if plant(.integralNumber) { return .number(rng.pick(["2.0", "1e2", "5E0", "-0"])) }
      if plant(.overflow) { return .number(rng.chance(0.5) ? kind.range.tooBig : kind.range.tooSmall) }
      if rng.chance(0.15) { return .number(rng.chance(0.5) ? kind.range.min : kind.range.max) }
      return .number(kind.ordinary(using: &rng))
    case .double:
      if plant(.overflow) { return .number("1e400") }
      return .number(rng.pick(["0", "-1", "3.5", "1e3", "2.5e-3", "123456.789", "0.1", "1.7976931348623157e308", "-0.0", "42"]))
    case .float:
      if plant(.overflow) { return .number("1e39") }
      return .number(rng.pick(["0.5", "-2.25", "1", "0.1", "3.4028234e38", "16777217", "1.1", "100"]))
    case .decimal:
      return .number(rng.pick(["0", "12.34", "-7", "1e2", "3.14159265358979323846", "0.1", "1000000"]))
    case .bool:
      return .bool(rng.chance(0.5))
    case .string:
      return .string(rng.pick(["", "hello", "a/b", "ünïcödé", "tab\there", "quote\"d", "😀", "line\nbreak", "x"]))
    case .url:
      if plant(.badURL) { return .string(rng.pick(["", "http://[::1", "ht tp://a b"])) }
      return .string(rng.pick(["https://example.com/a?b=1#f", "http://x.org", "relative/path", "mailto:a@b.c", "https://example.com/a%20b"]))
    case .uuid:
      if plant(.badUUID) { return .string(rng.pick(["1234", "not-a-uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5"])) }
      let uuid = UUID(uuid: (UInt8.random(in: 0...255, using: &rng), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8.random(in: 0...255, using: &rng))).uuidString
      return .string(plant(.lowercaseUUID) ? uuid.lowercased() : uuid)
    case .data:
      if plant(.badBase64) { return .string(rng.pick(["not base64!", "YQ", "a$b="])) }
      return .string(rng.pick(["", "aGVsbG8=", "AAEC", "/+8=", "SGVsbG8sIFdvcmxkIQ=="]))
    case .date:
      return date()
    case .optional(let wrapped):
      return depth > 4 || rng.chance(0.25) ? .null : value(wrapped, depth: depth)
    case .array(let element):
      var items = (0..<Int.random(in: 0...(depth > 4 ? 0 : 3), using: &rng)).map { _ in value(element, depth: depth + 1) }
      if plant(.badElement) { items.insert(wrongType(element), at: Int.random(in: 0...items.count, using: &rng)) }
      return .array(items)
    case .set(let element):
      // Never two distinct elements: a Set's encoding order is not defined.
      var items = rng.chance(0.5) ? [] : [value(element, depth: depth + 1)]
      if let first = items.first, plant(.duplicateSetElement) { items.append(first) }
      if plant(.badElement) { items.append(wrongType(element)) }
      return .array(items)
    case .stringMap(let element):
      var members = (0..<Int.random(in: 0...2, using: &rng)).map { ("k\($0)", value(element, depth: depth + 1)) }
      if plant(.badElement) { members.append(("bad", wrongType(element))) }
      return .object(members)
    case .intMap(let element):
      var members = (0..<Int.random(in: 0...2, using: &rng)).map { ("\($0 * 7 - 3)", value(element, depth: depth + 1)) }
      if plant(.badElement) { members.append(("9", wrongType(element))) }
      if plant(.badIntKey) { members.append((rng.pick(["x", "1.5", ""]), value(element, depth: depth + 1))) }
      return .object(members)
    case .pairMap(let key, let value):
      // Never two distinct keys: a Dictionary's encoding order is not defined.
      var items = rng.chance(0.5) ? [] : [self.value(key, depth: depth + 1), self.value(value, depth: depth + 1)]
      if items.count == 2, plant(.duplicateSetElement) { items += [items[0], self.value(value, depth: depth + 1)] }
      if plant(.badElement) { items += [self.value(key, depth: depth + 1), wrongType(value)] }
      return .array(items)
    case .named(let name):
      return named(name, depth: depth)
    }
  }

  private mutating func named(_ name: String, depth: Int) -> JSONText {
    guard let shape = shapes[name] else { return .null }
    switch shape {
    case .structure(_, let properties, _):
      var members: [(String, JSONText)] = []
      for property in properties where property.decoded {
        if !property.type.isOptional || !rng.chance(0.2) {
          let item = value(property.type, depth: depth + 1)
          if !plant(.removeKey) { members.append((key(property.jsonKey), item)) }
        }
      }
      if plant(.unknownKey) { members.insert(("zz_extra", .number("1")), at: Int.random(in: 0...members.count, using: &rng)) }
      return .object(members)
    case .rawEnum(_, let rawType, let cases):
      if plant(.unknownEnumCase) { return rawType == "String" ? .string("zzz") : .number("999") }
      let item = rng.pick(cases)
      let raw = item.raw ?? item.name
      return rawType == "String" ? .string(raw) : .number(raw)
    case .associatedEnum(_, let cases):
      if plant(.unknownEnumCase) { return .object([("zzz", .object([]))]) }
      let item = rng.pick(cases)
      let payload = item.parameters.enumerated().map { offset, parameter in
        (key(parameter.label ?? "_\(offset)"), value(parameter.type, depth: depth + 1))
      }
      return .object([(key(item.name), .object(payload))])
    }
  }

  private mutating func date() -> JSONText {
    if plant(.badDate) {
      return strategy == .iso8601 ? .string(rng.pick(["2024-02-30T00:00:00Z", "yesterday", "2024-01-02"])) : .string("2024-01-02T03:04:05Z")
    }
    if plant(.otherDateFormat) {
      return strategy == .iso8601 ? rng.pick([.number("1700000000"), .string("2024-01-02T03:04:05.123Z")]) : .number("1700000000123.5")
    }
    switch strategy {
    case .iso8601: return .string(rng.pick(["2024-01-02T03:04:05Z", "1999-12-31T23:59:59+02:00", "2000-02-29T12:00:00Z"]))
    case .millisecondsSince1970: return .number(rng.pick(["1700000000123", "0", "-86400000", "1.5"]))
    case .secondsSince1970: return .number(rng.pick(["1700000000", "0", "-1", "1700000000.25"]))
    default: return .number(rng.pick(["725846400", "0", "-1.5", "1e9"]))
    }
  }

  /// A value of the wrong JSON type for `type`.
  private mutating func wrongType(_ type: FieldType) -> JSONText {
    switch type {
    case .integer, .double, .float, .decimal: return .string("7")
    case .string, .url, .uuid, .data: return .number("7")
    case .bool: return rng.pick([.number("1"), .string("true")])
    case .date: return strategy == .iso8601 ? .bool(true) : .string("7")
    case .optional(let wrapped): return wrongType(wrapped)
    case .array, .set: return .object([])
    case .stringMap, .intMap: return .array([])
    case .pairMap: return .object([])
    case .named(let name):
      switch shapes[name] {
      case .rawEnum(_, let rawType, _)?: return rawType == "String" ? .number("1") : .string("1")
      case .associatedEnum?: return .string("x")
      default: return .array([])
      }
    }
  }

  /// A property name as the document spells it under the strategy: Foundation's
  /// `convertToSnakeCase` for the snake-case strategy (so `myURL` → `my_url`, the trap).
  private func key(_ name: String) -> String {
    guard strategy == .snakeCase else { return name }
    var out = ""
    var previousLower = false
    for character in name {
      if character.isUppercase {
        if previousLower { out += "_" }
        out += character.lowercased()
        previousLower = false
      } else {
        out.append(character)
        previousLower = character.isLowercase || character.isNumber
      }
    }
    return out
  }
}
