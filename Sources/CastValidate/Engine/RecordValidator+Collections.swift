import CastSchema

/// Arrays, sets, dictionaries and enums.
extension RecordValidator {
  mutating func array(
    _ element: ValueNode, null: ElementNull, isSet: Bool, _ scanner: inout JSONScanner, policy: Policy,
    declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    try scanner.beginArray()
    var first = true
    var index = 0
    var items: [Instance] = []
    // A set's elements so far, to find a repeated one without comparing it with every other.
    var elements =
      isSet ? SetElements(.init(element, policy: policy, schema: schema), numbers: setScratch, texts: keyScratch, schema: schema) : nil
    defer { elements?.release() }
    var kept = 0
    var failed = false
    // Set last, after the elements' own arrays set it.
    defer { keptElements = kept }
    while try scanner.nextElement(&first) {
      path.push(.index(index))
      defer {
        path.pop()
        index += 1
      }
      let start = scanner.offset
      let mark = findingMark
      if index > 0, !wantInstance { transcript?.append(JSONByte.comma) }
      // A set element compared from its bytes or its instant needs no instance when none is
      // being built.
      var readsBytes = false
      if !wantInstance, let elements { readsBytes = elements.readsBytes(try scanner.peekKind(), scanner) }
      let needsInstance = elements?.needsInstance(readsBytes: readsBytes) ?? false
      let outcome = try value(element, &scanner, policy: policy, declaration: declaration, build: wantInstance || needsInstance)
      switch outcome {
      case .value(let item):
        let repeated =
          readsBytes
          ? elements?.insertBytes(JSONSpan(start: start, end: scanner.offset), scanner) == true
          : isSet && !needsInstance
            ? elements?.insert(instant: dateRead) == true
            : item.map { elements?.insert($0, element, at: start, scanner) == true } ?? false
        if repeated {
          reportDuplicateElement(at: start, policy: policy, declaration: declaration, failed: &failed)
          continue
        }
        if wantInstance, let item { items.append(item) }
        kept += 1
        continue
      case .null where null.isNil:
        if elements?.insertNil() == true {
          reportDuplicateElement(at: start, policy: policy, declaration: declaration, failed: &failed)
          continue
        }
        if wantInstance { items.append(.null) }
        kept += 1
        continue
      case .null:
        reportNullMember(null, element, at: start, what: "null element", declaration: declaration)
      case .unconvertible:
        break
      }
      dropOrFail("element \(index) could not be converted and is dropped", since: mark, at: start, policy: policy, declaration: declaration, failed: &failed)
    }
    if failed { return .unconvertible }
    return .value(wantInstance ? .array(items) : nil)
  }

  /// An element or entry that did not convert: dropped with a warning where the dialect drops
  /// them (`Policy.dropBadElements`; the errors it got since `mark` become warnings), else its
  /// collection's failure.
  mutating func dropOrFail(
    _ message: @autoclosure () -> String, since mark: FindingMark, at offset: Int, policy: Policy, declaration: SourceRange?,
    failed: inout Bool
  ) {
    guard policy.dropBadElements else {
      failed = true
      return
    }
    demote(since: mark)
    report(.elementDropped, .warning, message(), at: offset, declaration: declaration)
  }

  /// A `null` element or dictionary value that is not the element type's nil
  /// (`ElementNull.refused`, `.refusedOptional`): `null-not-allowed`, naming the type as declared.
  mutating func reportNullMember(
    _ null: ElementNull, _ element: ValueNode, at offset: Int, what: String, declaration: SourceRange?
  ) {
    let expected = null.describe(element, in: schema)
    let message =
      null.isDeclaredOptional
      ? "\(what), which this dialect does not accept for \(expected)" : "\(what) where \(expected) is expected"
    report(.nullNotAllowed, .error, message, at: offset, declaration: declaration, expected: expected, found: "null")
  }

  /// A set element equal to an earlier one: collapsed, and under `--strict` the set's failure.
  private mutating func reportDuplicateElement(at offset: Int, policy: Policy, declaration: SourceRange?, failed: inout Bool) {
    report(.duplicateElement, policy.isStrict ? .error : .warning, "the set already holds this element; it is collapsed", at: offset, declaration: declaration)
    failed = failed || policy.isStrict
  }

  mutating func dictionary(
    key keyNode: ValueNode, value valueNode: ValueNode, null: ElementNull, _ scanner: inout JSONScanner,
    policy: Policy, declaration: SourceRange?, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    try scanner.beginObject()
    var first = true
    var members: [InstanceMember] = []
    var failed = false
    var seen = DuplicateKeys(keyScratch, canonical: policy.keysCompareCanonically, keepsFirst: policy.duplicateKeyFirstWins)
    defer { seen.release() }
    // Integer keys as the numbers they are: `"1"`, `"01"` and `"+1"` are one key of an `[Int: T]`.
    var integerKeys: [IntegerKey: (offset: Int, key: JSONStringToken)] = [:]
    let rule = DictionaryKeyRule(key: keyNode, policy: policy, schema: schema)
    // The keys written so far, where a key strategy may write two keys alike.
    var writtenKeys: Set<String> = []
    while let key = try scanner.nextKey(&first) {
      path.push(.key(key))
      defer { path.pop() }
      _ = try scanner.peekKind()
      let start = scanner.offset
      // The key the decoder reads, where a key strategy changes it (`"dark_red"` → `darkRed`).
      let converted = rule.read(key, scanner)
      var memberKey = wantInstance || rule.toSnakeCase ? converted ?? scanner.string(key) : ""
      // NB: the key strategies are the codable dialect's, whose keys compare as `String`s, so
      // `seen` keeps a table of texts the converted key joins.
      if let previous = converted.map({ seen.insert(text: $0, at: key.span.start - 1, scanner) }) ?? seen.insert(key, scanner: scanner) {
        report(
          .duplicateKey, policy.isStrict ? .error : .warning, Self.duplicateMessage(firstWins: policy.duplicateKeyFirstWins),
          at: start, declaration: declaration, related: valueStart(ofKeyAt: previous))
        if policy.duplicateKeyFirstWins {
          try scanner.skipValue()
          continue
        }
        if wantInstance { members.removeAll { $0.key == memberKey } }
      }
      let mark = findingMark
      var keyOK = true
      // An integer key's number, read once for the key's check, its duplicates and its output.
      let number = rule.isInteger ? converted.flatMap(IntegerKey.init(text:)) ?? Self.integerKey(key, scanner) : nil
      if let problem = keyProblem(keyNode, key, converted: converted, number: number, scanner: scanner) {
        report(.typeMismatch, .error, problem, at: key.span.start - 1, declaration: declaration)
        keyOK = false
      } else if let integerType = schema.integerKeyType(keyNode), let number {
        if let previous = integerKeys.updateValue((start, key), forKey: number),
          scanner.decodedBytes(previous.key) != scanner.decodedBytes(key)
        {
          let text = scanner.string(key)
          let previousText = scanner.string(previous.key)
          report(
            .duplicateKey, policy.isStrict ? .error : .warning,
            "the key \"\(Excerpt.clip(text))\" is the same \(integerType) as \"\(Excerpt.clip(previousText))\"; this value replaces the earlier one",
            at: start, declaration: declaration, related: previous.offset)
          if wantInstance { members.removeAll { $0.key == number.text } }
        }
        if !wantInstance, let transcript, key.hasEscapes || !IntegerKey.isCanonical(scanner.bytes(key.span)) {
          // Written as its number (`"01"` as `"1"`): the instance path writes it.
          transcript.markBroken()
        }
      }
      if wantInstance || rule.toSnakeCase { memberKey = rule.written(memberKey, integer: number) }
      var collides = false
      if rule.toSnakeCase {
        // Two keys written alike (`aB` and `a_b` as `"a_b"`): JSONEncoder writes either one's
        // value, varying from run to run; castctl writes the first's.
        if wantInstance, keyOK, !writtenKeys.insert(memberKey).inserted {
          collides = true
          report(
            .duplicateKey, .warning,
            "the key \"\(Excerpt.clip(scanner.string(key)))\" is written \"\(Excerpt.clip(memberKey))\", as an earlier key is; this value is not written",
            at: start, declaration: declaration)
        }
      }
      if !wantInstance, let transcript {
        // A key written otherwise than read (`"dark_red"` → `"darkRed"`): the instance path writes it.
        if converted != nil || rule.toSnakeCase && !scanner.equals(key, Array(memberKey.utf8)) { transcript.markBroken() }
        transcript.writeKey(key, scanner)
      }
      let outcome = try value(valueNode, &scanner, policy: policy, declaration: declaration, build: wantInstance)
      switch outcome {
      case .value(let item) where keyOK:
        if let item, !collides { members.append(InstanceMember(key: memberKey, value: item)) }
        continue
      case .null where keyOK && null.isNil:
        if wantInstance, !collides { members.append(InstanceMember(key: memberKey, value: .null)) }
        continue
      case .null:
        reportNullMember(null, valueNode, at: start, what: "null", declaration: declaration)
      default:
        break
      }
      dropOrFail("this entry could not be converted and is dropped", since: mark, at: start, policy: policy, declaration: declaration, failed: &failed)
    }
    if failed { return .unconvertible }
    return .value(wantInstance ? .dictionary(members) : nil)
  }

  /// An integer key's number as decimal text (`"+01"` → `"1"`, `"-0"` → `"0"`), or nil.
  static func integerKey(_ text: String) -> String? {
    NumberText.exactInteger(text).map { IntegerKey(negative: $0.negative, magnitude: $0.magnitude).text }
  }

  /// A dictionary key's integer, read from its bytes; nil when it is no integer or beyond UInt64.
  static func integerKey(_ key: JSONStringToken, _ scanner: JSONScanner) -> IntegerKey? {
    let parsed = key.hasEscapes
      ? scanner.decodedBytes(key).withUnsafeBytes(IntegerText.exactInteger)
      : IntegerText.exactInteger(scanner.bytes(key.span))
    return parsed.map { IntegerKey(negative: $0.negative, magnitude: $0.magnitude) }
  }

  /// Why a dictionary key does not convert to the key type, or nil.
  /// `converted`: the key as a key strategy turned it into, when it did; `number`: an integer
  /// key's number, when it is one.
  private func keyProblem(
    _ keyNode: ValueNode, _ key: JSONStringToken, converted: String?, number: IntegerKey?, scanner: JSONScanner
  ) -> String? {
    switch keyNode {
    case .scalar(let scalar) where scalar.isInteger:
      guard let number, Self.fits(negative: number.negative, magnitude: number.magnitude, scalar)
      else { return "the key \"\(Excerpt.clip(scanner.string(key)))\" is not \(article(scalar.rawValue))" }
      return nil
    case .scalar(.character):
      return scanner.string(key).count == 1 ? nil : "the key is not a single character"
    case .enumeration(let index):
      let plan = schema.enums[index]
      let text = converted ?? scanner.string(key)
      let matches: Bool
      if plan.rawType?.isInteger == true {
        // As an integer key is (`Int(stringValue)` for a CodingKeyRepresentable enum): `"01"`
        // and `"+1"` are 1, `"1.0"` is no integer.
        matches = number.map { plan.numericRaws.contains($0.value) } ?? false
      } else {
        matches = plan.isNumeric ? plan.numericRaws.contains(Double(text) ?? .nan) : plan.rawValues.contains(.string(text))
      }
      let read = converted.map { ", read as \"\(Excerpt.clip($0))\"," } ?? ""
      return matches
        ? nil : "the key \"\(Excerpt.clip(scanner.string(key)))\"\(read) is not a case of \(plan.name) (\(plan.valueList))"
    default:
      return nil
    }
  }

  private func article(_ word: String) -> String {
    ("AEIOU".contains(word.first ?? "x") ? "an " : "a ") + word
  }

  mutating func enumeration(
    _ index: Int, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy, declaration: SourceRange?,
    build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let plan = schema.enums[index]
    if policy.caseNamesAsKeys, plan.rawType == nil || plan.payloadPlans.contains(where: { $0 != nil }) {
      return try keyedCase(plan, kind, &scanner, policy: policy, declaration: declaration, build: wantInstance)
    }
    let start = scanner.offset
    var caseIndex: Int?
    var found = ""
    if plan.isNumeric {
      switch kind {
      case .number:
        let token = try scanner.readNumber()
        let value = scanner.double(token)
        caseIndex = plan.numericCase(value)
        // A `Float` raw value is the Float its literal is, as `init(rawValue:)` compares it.
        if caseIndex == nil, plan.rawType == .float {
          let float = Float(Self.value(token, as: .float, scanner, floatsFromText: policy.floatsReadFromText))
          caseIndex = plan.numericRaws.firstIndex { Float($0) == float }
        }
        // NB: the text is built for a message only; a matching case needs none.
        if caseIndex == nil { found = scanner.literal(token) }
        // An integer the raw type cannot hold is that type's error before it is any case's, as
        // the decoder reads the raw value first (`256` for a `UInt8` enum).
        if caseIndex == nil, let type = plan.rawType, type.isInteger, token.isInteger, !Self.fits(token, type, scanner) {
          return outOfRange(type, found, at: start, declaration: declaration)
        }
        // An integer raw value converts as its Int would: the lenient dialects truncate a fraction.
        let truncated = value.rounded(.towardZero)
        if caseIndex == nil, policy.truncateFractions, plan.rawType?.isInteger == true, truncated != value,
          truncated.isFinite, let match = plan.numericCase(truncated)
        {
          caseIndex = match
          report(
            .fractionTruncated, .warning, "\(found) truncated to \(Int64(truncated)) for \(plan.name)'s raw value", at: start,
            declaration: declaration)
        }
      case .string where policy.stringToNumber != .never:
        let text = scanner.string(try scanner.readString())
        found = "\"\(text)\""
        let value = policy.stringToNumber == .exact ? NumberText.exactDouble(text) : NumberText.leadingDouble(text)
        caseIndex = value.flatMap { plan.numericCase($0) }
        if caseIndex != nil, let value {
          let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
          report(.coerced, .warning, "the string \(found) read as the number \(number)", at: start, declaration: declaration)
        }
      default:
        return try mismatch(plan.name, kind, &scanner, declaration: declaration)
      }
    } else {
      switch kind {
      case .string:
        let token = try scanner.readString()
        // A case with associated values is read only in the `{"case": {…}}` form.
        caseIndex =
          token.hasEscapes
          ? scanner.decodedBytes(token).withUnsafeBytes { plan.stringCase(bytes: $0) }
          : plan.stringCase(bytes: scanner.bytes(token.span))
        // Another normal form of a raw value is that value, as `init(rawValue:)` finds it.
        if caseIndex == nil, !ASCIIText.isASCIIWithoutEscapes(scanner.bytes(token.span)) {
          caseIndex = plan.stringCase(equalTo: scanner.string(token))
        }
        if caseIndex == nil { found = "\"\(scanner.string(token))\"" }
      case .number where policy.numberToString:
        let literal = scanner.literal(try scanner.readNumber())
        found = literal
        caseIndex = plan.rawValues.firstIndex(of: .string(literal))
        if caseIndex != nil { report(.coerced, .warning, "the number \(Excerpt.clip(literal)) read as a string", at: start, declaration: declaration) }
      default:
        return try mismatch(plan.name, kind, &scanner, declaration: declaration)
      }
    }
    guard let caseIndex else {
      // NB: within the record's allowance, as unknown keys' hints: thousands of bad values of
      // an enum of thousands of cases would cost their product.
      var hint = ""
      if hintAllowance.spend(plan.rawTextCandidates.count) {
        hint = NameSuggestion.closest(to: found, in: plan.rawTextCandidates).map { "; did you mean \($0)?" } ?? ""
      }
      report(
        .unknownEnumValue, .error, "\(Excerpt.clip(found)) is not a case of \(plan.name) (\(plan.valueList))\(hint)", at: start,
        declaration: declaration, expected: "one of \(plan.valueList)", found: Excerpt.clip(found))
      return .unconvertible
    }
    guard wantInstance else { return .value(nil) }
    switch plan.rawValues[caseIndex] {
    case .number(let literal):
      guard policy.numbersWrittenAsStored, let type = plan.rawType,
        let written = Array(literal.utf8).withUnsafeBytes({ EncoderNumberText.text(of: $0, as: type) })
      else { return .value(.number(literal)) }
      return .value(.number(written))
    case .string(let text): return .value(.string(text))
    default: return .value(.null)
    }
  }
}

/// An integer dictionary key as the number it is: `"1"`, `"01"` and `"+1"` are one key, and so
/// are `"0"` and `"-0"`.
struct IntegerKey: Hashable {
  let negative: Bool
  let magnitude: UInt64

  init(negative: Bool, magnitude: UInt64) {
    self.negative = negative && magnitude != 0
    self.magnitude = magnitude
  }

  /// The integer a key's text is, as `Int(stringValue)` reads it; nil when it is none.
  init?(text: String) {
    var text = text
    guard let parsed = text.withUTF8({ IntegerText.exactInteger(UnsafeRawBufferPointer($0)) }) else { return nil }
    self.init(negative: parsed.negative, magnitude: parsed.magnitude)
  }

  /// The key as decimal text, as the decoded dictionary holds it.
  var text: String { (negative ? "-" : "") + String(magnitude) }

  /// The key's number as the nearest `Double` (how numeric raw values are held).
  var value: Double { negative ? -Double(magnitude) : Double(magnitude) }

  /// Whether a key's bytes are its number's one spelling, `text`: `0`, or digits without a
  /// leading zero after an optional `-` (not `-0`).
  static func isCanonical(_ raw: UnsafeRawBufferPointer) -> Bool {
    let digits = raw.first == JSONByte.minus ? UnsafeRawBufferPointer(rebasing: raw.dropFirst()) : raw
    guard let lead = digits.first, digits.allSatisfy({ $0 >= JSONByte.zero && $0 <= JSONByte.zero &+ 9 }) else { return false }
    return lead != JSONByte.zero || (digits.count == 1 && raw.count == 1)
  }
}

/// Keys seen in one object: a short list on the walker's scratch stack (no allocation per
/// object), then a table once objects grow (10⁶ keys stay linear). Keys are equal as their
/// decoded bytes are, or, `canonical`, as Swift's `String` compares them
/// (`Policy.keysCompareCanonically`). A repeat is answered with the occurrence its value loses
/// to or replaces: the first (`keepsFirst`, `Policy.duplicateKeyFirstWins`), else the last.
struct DuplicateKeys {
  private let scratch: RawStack<JSONStringToken>
  /// Where this object's keys start on `scratch` (an inner object's keys go above them).
  private let base: Int
  private let canonical: Bool
  private let keepsFirst: Bool
  private var strings: [String: Int]?
  private var byteStrings: [[UInt8]: Int]?

  init(_ scratch: RawStack<JSONStringToken>, canonical: Bool, keepsFirst: Bool = false) {
    self.scratch = scratch
    base = scratch.count
    self.canonical = canonical
    self.keepsFirst = keepsFirst
  }

  /// Records a key; returns the offset of an earlier equal key, if any.
  mutating func insert(_ key: JSONStringToken, scanner: JSONScanner) -> Int? {
    // NB: so the short list of `canonical` keys holds only ASCII, whose bytes decide equality.
    if canonical, strings == nil, !ASCIIText.isASCIIWithoutEscapes(scanner.bytes(key.span)) {
      return insert(text: scanner.string(key), at: key.span.start - 1, scanner)
    }
    if strings == nil, byteStrings == nil, scratch.count - base < 16 {
      for index in base..<scratch.count where Self.same(scratch[index], key, scanner) {
        let earlier = scratch[index].span.start - 1
        if !keepsFirst { scratch[index] = key }
        return earlier
      }
      scratch.push(key)
      return nil
    }
    if canonical { return insert(text: scanner.string(key), at: key.span.start - 1, scanner) }
    if byteStrings == nil {
      var table: [[UInt8]: Int] = [:]
      for index in base..<scratch.count { table[scanner.decodedBytes(scratch[index])] = scratch[index].span.start - 1 }
      byteStrings = table
    }
    let bytes = scanner.decodedBytes(key)
    if keepsFirst, let earlier = byteStrings?[bytes] { return earlier }
    return byteStrings?.updateValue(key.span.start - 1, forKey: bytes)
  }

  /// Records a text with no token in the document (a set element read through a coercion), for
  /// a `canonical` table; returns the offset of an earlier equal key, if any.
  mutating func insert(text: String, at offset: Int, _ scanner: JSONScanner) -> Int? {
    if strings == nil {
      var table: [String: Int] = [:]
      for index in base..<scratch.count { table[scanner.string(scratch[index])] = scratch[index].span.start - 1 }
      strings = table
    }
    if keepsFirst, let earlier = strings?[text] { return earlier }
    return strings?.updateValue(offset, forKey: text)
  }

  /// Gives the object's keys back to the scratch stack once the object is read.
  func release() {
    scratch.pop(scratch.count - base)
  }

  /// Equal decoded bytes; raw bytes compared directly when neither key has escapes.
  private static func same(_ a: JSONStringToken, _ b: JSONStringToken, _ scanner: JSONScanner) -> Bool {
    if !a.hasEscapes, !b.hasEscapes {
      return a.span.count == b.span.count && scanner.equals(a, scanner.bytes(b.span))
    }
    return scanner.decodedBytes(a) == scanner.decodedBytes(b)
  }
}
