import CastSchema

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The compact JSON of the record being walked, written while the engine reads it (`convert` of
/// NDJSON): values that need no change are copied from the input, others are built and encoded
/// one by one, and each model's members are put in declaration order when its object ends. It
/// writes what `ModelEncoder.writeCompact` writes for the record's instance, without building one.
// NB: one per record walker, used by one thread at a time; its memory is reused across records.
final class CompactTranscript {
  /// Where a model's output begins in the transcript, and where its fields' spans are kept.
  struct ObjectMark {
    /// Offset of the model's `{`.
    var start: Int
    /// Index of its first field's span in `spans`.
    var spanBase: Int
  }

  /// Where one field of an object being read was written.
  struct FieldSpan {
    /// Offset of the member's leading comma (or key); -1 when not written in place as a member.
    var pieceStart = -1
    /// Offset of the value's first byte (-1: nothing written).
    var valueStart = -1
    var valueEnd = -1
    var settlement = RecordValidator.Settlement.nilValue
  }

  let schema: CompiledSchema
  /// Encodes built values (dates in other forms, coercions, `Any`) in the same key style.
  let encoder: ModelEncoder
  /// Set when the walk met something the transcript does not follow; the record is then built
  /// as an instance and encoded instead.
  var isBroken = false

  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Bytes written so far.
  private(set) var count = 0
  /// A model's members while they are reordered (only when they arrived out of declaration order
  /// or need defaults or `null`s).
  private let scratch: ByteScratch
  /// Per-field output spans of the objects being read, innermost last.
  private let spans = RawStack<FieldSpan>(capacity: 256)
  /// The innermost object being read, and the ones around it.
  private var current = ObjectMark(start: 0, spanBase: 0)
  private let outer = RawStack<ObjectMark>(capacity: 16)
  /// Every field's `"key":` bytes back to back; field `f` of plan `p` is entry `planFirst[p] + f`.
  private let keyBytes: UnsafeMutablePointer<UInt8>
  private let keyStarts: UnsafeMutablePointer<Int>
  private let planFirst: UnsafeMutablePointer<Int>
  /// Each field's default as compact JSON, nil when it has none.
  private let defaults: [[[UInt8]?]]
  private var instanceBytes: [UInt8] = []
  /// A date's text as its pattern writes it, quoted (`writePatternDate`).
  private var quotedDate: [UInt8] = []
  /// Per enum: whether its raw values are strings (so a matched string is written as read).
  private let stringEnums: UnsafeMutablePointer<Bool>
  /// Keys and nil members for records the clean-record check writes (`CleanTranscriptWriter`).
  let cleanOutput: CleanOutputTable
  /// The models' objects that writer has open, innermost last.
  let cleanObjects = RawStack<CleanObjectMark>(capacity: 16)
  /// Where each member it wrote into them starts, in the order written.
  let cleanMembers = RawStack<CleanMemberMark>(capacity: 256)
  /// Per field of the object being laid out again: its entry in `cleanMembers`, or -1.
  private let memberOfField = RawStack<Int32>(capacity: 64)
  /// Input bytes that are also the next bytes of the output, not yet copied: what the clean-record
  /// writer writes is mostly its input text, which is then copied in a few long pieces rather than
  /// value by value. Empty (`runStart == runEnd`) outside that writer.
  private var runStart: UnsafeRawPointer
  private var runEnd: UnsafeRawPointer

  /// Nil when some model's output keys are key paths or index keys in this style (those are
  /// written through `ModelEncoder.encode`, which nests them).
  init?(schema: CompiledSchema, keys: KeyStyle) {
    let table = ModelEncoder.plainKeyTable(schema, keys)
    guard table.count == schema.plans.count else { return nil }
    self.schema = schema
    encoder = ModelEncoder(schema: schema, keys: keys)
    var blob: [UInt8] = []
    var starts: [Int] = []
    var first: [Int] = []
    for index in schema.plans.indices {
      first.append(starts.count)
      for key in table[index] ?? [] {
        starts.append(blob.count)
        blob.append(contentsOf: key)
      }
    }
    starts.append(blob.count)
    planFirst = .allocate(capacity: max(first.count, 1))
    planFirst.initialize(from: first, count: first.count)
    // NB: padded, so that every key can be copied with 32-byte loads (`appendPadded`).
    keyBytes = .allocate(capacity: blob.count + Self.padding)
    keyBytes.initialize(from: blob, count: blob.count)
    (keyBytes + blob.count).initialize(repeating: 0, count: Self.padding)
    keyStarts = .allocate(capacity: starts.count)
    keyStarts.initialize(from: starts, count: starts.count)
    defaults = schema.plans.map { plan in
      plan.fields.map { field in
        field.defaultJSON.map { value in
          var bytes: [UInt8] = []
          JSONWriter(style: .compact).write(value, into: &bytes)
          return bytes
        }
      }
    }
    cleanOutput = CleanOutputTable(
      schema: schema, keys: schema.plans.indices.map { table[$0] ?? [] }, defaults: defaults)
    stringEnums = .allocate(capacity: max(schema.enums.count, 1))
    stringEnums.initialize(from: schema.enums.map { !$0.isNumeric }, count: schema.enums.count)
    capacity = 4096
    storage = .allocate(capacity: capacity)
    runStart = UnsafeRawPointer(storage)
    runEnd = runStart
    scratch = ByteScratch()
  }

  deinit {
    storage.deallocate()
    keyBytes.deallocate()
    keyStarts.deallocate()
    stringEnums.deallocate()
    planFirst.deallocate()
  }

  /// Whether enum `index` has string raw values.
  @inline(__always)
  func hasStringCases(_ index: Int) -> Bool { stringEnums[index] }

  /// The bytes written so far.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

  /// Starts a new record.
  func reset() {
    count = 0
    runStart = runEnd
    isBroken = false
    spans.removeAll()
    outer.removeAll()
    cleanObjects.removeAll()
    cleanMembers.removeAll()
  }

  /// The length of the output once the pending input run is copied.
  var pendingCount: Int {
    @inline(__always) get { count &+ (runEnd - runStart) }
  }

  // MARK: - Bytes

  @inline(__always)
  func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    storage[count] = byte
    count &+= 1
  }

  @inline(__always)
  func append(_ raw: UnsafeRawBufferPointer) {
    guard let source = raw.baseAddress, raw.count > 0 else { return }
    if count + raw.count > capacity { grow(to: count + raw.count) }
    if raw.count <= 16 {
      // Most literals and keys are short: a plain loop beats a call to memmove.
      for index in 0..<raw.count { storage[count &+ index] = source.load(fromByteOffset: index, as: UInt8.self) }
    } else {
      (storage + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: raw.count)
    }
    count &+= raw.count
  }

  // MARK: - Input runs

  /// Empties the pending run and places it at `position` of the input being written.
  func anchorRun(at position: UnsafeRawPointer) {
    runStart = position
    runEnd = position
  }

  /// Input bytes `start..<end` as the next output: they join the pending run when they follow it.
  @inline(__always)
  func copyInput(_ start: UnsafeRawPointer, _ end: UnsafeRawPointer) {
    if start != runEnd {
      flushRun()
      runStart = start
    }
    runEnd = end
  }

  /// One byte of output: taken into the pending run when the input goes on with that very byte
  /// (below `limit`, where the input's readable bytes end).
  @inline(__always)
  func appendFollowing(_ byte: UInt8, limit: UnsafeRawPointer) {
    if runEnd < limit, runEnd.load(as: UInt8.self) == byte {
      runEnd += 1
    } else {
      flushRun()
      append(byte)
    }
  }

  /// A comma unless the last byte of the output (pending run included) opens an array or an object.
  @inline(__always)
  func appendSeparatorFollowing(limit: UnsafeRawPointer) {
    let last = runEnd != runStart ? (runEnd - 1).load(as: UInt8.self) : storage[count &- 1]
    // NB: `[` (5B) and `{` (7B) are the only bytes that are `{` with bit 5 set.
    if last | 0x20 != JSONByte.openBrace { appendFollowing(JSONByte.comma, limit: limit) }
  }

  /// The JSON text `start..<end` of a value the scanner has read, as compact JSON: what `JSONWriter`
  /// writes for the value parsed from it, whose numbers keep their text and whose members keep
  /// their order. So the text is copied, less the whitespace between tokens, and a string with
  /// escapes is decoded and quoted again as the writer quotes it.
  func copyCompact(_ start: UnsafeRawPointer, _ end: UnsafeRawPointer) {
    var piece = start
    var cursor = start
    while cursor < end {
      let byte = cursor.load(as: UInt8.self)
      if byte <= JSONByte.space {
        copyInput(piece, cursor)
        cursor += 1
        piece = cursor
        continue
      }
      guard byte == JSONByte.quote else {
        cursor += 1
        continue
      }
      let open = cursor
      var escaped = false
      cursor += 1
      // The closing quote is the first quote that no backslash escapes.
      while cursor < end {
        let stop = Self.quoteOrBackslash(from: cursor, to: end)
        guard stop < end, stop.load(as: UInt8.self) == JSONByte.backslash else {
          cursor = stop + 1
          break
        }
        escaped = true
        cursor = stop + 2
      }
      guard escaped else { continue }
      copyInput(piece, open)
      flushRun()
      writeEscaped(UnsafeRawBufferPointer(start: open + 1, count: cursor - open - 2))
      piece = cursor
    }
    copyInput(piece, end)
  }

  /// The first `"` or `\` in `start..<end` (`end` if none), eight bytes at a time.
  @inline(__always)
  private static func quoteOrBackslash(from start: UnsafeRawPointer, to end: UnsafeRawPointer) -> UnsafeRawPointer {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var cursor = start
    while end - cursor >= 8 {
      let word = UInt64(littleEndian: cursor.loadUnaligned(as: UInt64.self))
      let quotes = word ^ (ones &* UInt64(JSONByte.quote))
      let backslashes = word ^ (ones &* UInt64(JSONByte.backslash))
      // NB: a zero byte's high bit is set, and the lowest one set is always a true zero.
      let hits = ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs
      if hits != 0 { return cursor + hits.trailingZeroBitCount / 8 }
      cursor += 8
    }
    while cursor < end {
      let byte = cursor.load(as: UInt8.self)
      if byte == JSONByte.quote || byte == JSONByte.backslash { return cursor }
      cursor += 1
    }
    return end
  }

  /// Copies the pending run into the output; to be called before writing anything else.
  @inline(__always)
  func flushRun() {
    let length = runEnd - runStart
    guard length > 0 else { return }
    if count + length > capacity { grow(to: count + length) }
    (storage + count).update(from: runStart.assumingMemoryBound(to: UInt8.self), count: length)
    count &+= length
    runStart = runEnd
  }

  // MARK: - Separators

  /// A comma, unless the last byte written opens an array or an object.
  @inline(__always)
  func appendSeparator() {
    // NB: `[` (5B) and `{` (7B) are the only bytes that are `{` with bit 5 set.
    if storage[count &- 1] | 0x20 != JSONByte.openBrace { append(JSONByte.comma) }
  }

  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// How far past its end a source given to `appendPadded` must be readable.
  static let padding = 64

  /// Appends `length` bytes from `source`, which is readable for at least `padding` bytes (or
  /// `length`, if more): short runs, which is what most keys and literals are, go as 16-byte
  /// moves instead of a call to memmove.
  @inline(__always)
  func appendPadded(_ source: UnsafeRawPointer, _ length: Int) {
    if count + max(length, Self.padding) > capacity { grow(to: count + max(length, Self.padding)) }
    let target = UnsafeMutableRawPointer(storage + count)
    if length <= Self.padding {
      var offset = 0
      repeat {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset,
          as: SIMD16<UInt8>.self)
        offset &+= 16
      } while offset < length
    } else {
      target.copyMemory(from: source, byteCount: length)
    }
    count &+= length
  }

  private func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = bigger
    capacity = newCapacity
  }

  // MARK: - Values

  /// A built value, encoded as `writeCompact` encodes it.
  func write(_ instance: Instance) {
    instanceBytes.removeAll(keepingCapacity: true)
    encoder.writeCompact(instance, into: &instanceBytes)
    append(instanceBytes)
  }

  /// A date's ISO-8601 text (`DateText.writeISO8601`), quoted.
  func writeISO8601(_ seconds: Double, julian: Bool) {
    withUnsafeTemporaryAllocation(byteCount: DateText.iso8601Capacity + 2, alignment: 1) { buffer in
      buffer[0] = JSONByte.quote
      let count = DateText.writeISO8601(seconds, julian: julian, into: UnsafeMutableRawBufferPointer(rebasing: buffer[1...]))
      buffer[count + 1] = JSONByte.quote
      append(UnsafeRawBufferPointer(rebasing: buffer[..<(count + 2)]))
    }
  }

  /// Whether `pattern` writes `seconds` as the content of `quoted` (a date string as read, quotes
  /// included).
  func patternWrites(_ pattern: DatePattern, _ seconds: Double, as quoted: UnsafeRawBufferPointer) -> Bool {
    instanceBytes.removeAll(keepingCapacity: true)
    pattern.format(seconds, into: &instanceBytes)
    guard instanceBytes.count == quoted.count - 2, let content = quoted.baseAddress else { return false }
    return instanceBytes.withUnsafeBytes { written in
      written.baseAddress.map { memcmp($0, content + 1, written.count) == 0 } ?? true
    }
  }

  /// A date as its compiled pattern writes it (`DateText.format` where the formatter reads no
  /// part of it), quoted as `JSONWriter` quotes a string: no String, no cache lookup.
  func writePatternDate(_ pattern: DatePattern, _ seconds: Double) {
    instanceBytes.removeAll(keepingCapacity: true)
    pattern.format(seconds, into: &instanceBytes)
    quotedDate.removeAll(keepingCapacity: true)
    instanceBytes.withUnsafeBufferPointer { JSONWriter.appendQuoted(utf8: $0, to: &quotedDate) }
    append(quotedDate)
  }

  /// A string literal as read, quotes included: copied when it has no escapes, for then its
  /// bytes are what `JSONWriter` writes (the scanner has checked its UTF-8 and control bytes).
  @inline(__always)
  func writeString(_ literal: UnsafeRawBufferPointer, escaped: Bool, readableTo end: UnsafeRawPointer? = nil) {
    guard escaped else { return appendLiteral(literal, readableTo: end) }
    writeEscaped(UnsafeRawBufferPointer(rebasing: literal[1..<literal.count - 1]))
  }

  /// Input bytes that stay readable up to `end`: moved in 16-byte pieces when that reaches far
  /// enough.
  @inline(__always)
  func appendLiteral(_ literal: UnsafeRawBufferPointer, readableTo end: UnsafeRawPointer?) {
    guard let base = literal.baseAddress, let end, end - base >= Self.padding else { return append(literal) }
    appendPadded(base, literal.count)
  }

  /// String content with escapes, decoded and written as `JSONWriter` quotes it.
  private func writeEscaped(_ content: UnsafeRawBufferPointer) {
    guard let base = content.baseAddress else { return }
    // NB: never longer than read (a byte written escaped was read as an escape at least as long);
    // twice that even for escapes the scanner would have refused, which decode to U+FFFD.
    let needed = count + 2 * content.count + 2
    if needed > capacity { grow(to: needed) }
    storage[count] = JSONByte.quote
    count &+= 1
    var cursor = base
    let end = base + content.count
    while cursor < end {
      let escape = memchr(cursor, Int32(JSONByte.backslash), end - cursor).map(UnsafeRawPointer.init) ?? end
      // The bytes up to an escape stand as they are (the scanner has checked them).
      (storage + count).update(from: cursor.assumingMemoryBound(to: UInt8.self), count: escape - cursor)
      count &+= escape - cursor
      // The escapes that follow one another, a surrogate pair among them, decoded together.
      var stop = escape
      while stop + 1 < end, stop.load(as: UInt8.self) == JSONByte.backslash {
        stop += (stop + 1).load(as: UInt8.self) == JSONByte.lowerU ? 6 : 2
      }
      stop = min(stop, end)
      var decoder = JSONStringDecoder(UnsafeRawBufferPointer(start: escape, count: stop - escape))
      while let byte = decoder.next() {
        guard JSONWriter.needsEscape(byte) else {
          storage[count] = byte
          count &+= 1
          continue
        }
        let (bytes, length) = JSONWriter.escape(byte)
        for index in 0..<length { storage[count &+ index] = UInt8(truncatingIfNeeded: bytes >> UInt64(8 * index)) }
        count &+= length
      }
      cursor = stop
    }
    storage[count] = JSONByte.quote
    count &+= 1
  }

  /// A dictionary key and its colon, after a comma unless it is the first.
  func writeKey(_ key: JSONStringToken, _ reader: JSONScanner) {
    if storage[count - 1] != JSONByte.openBrace { append(JSONByte.comma) }
    writeString(reader.bytes(JSONSpan(start: key.span.start - 1, end: key.span.end + 1)), escaped: key.hasEscapes)
    append(JSONByte.colon)
  }

  // MARK: - Models

  /// Opens a model's object; the field calls that follow refer to the innermost open one.
  func beginObject(fieldCount: Int) {
    outer.push(current)
    current = ObjectMark(start: count, spanBase: spans.push(FieldSpan(), count: fieldCount))
    append(JSONByte.openBrace)
  }

  /// Writes a directly keyed field's member prefix (comma, `"key":`) before its value.
  @inline(__always)
  func beginField(plan: Int, field: Int) {
    let start = count
    member(planFirst[plan] + field)
    spans[current.spanBase + field] = FieldSpan(pieceStart: start, valueStart: count, valueEnd: -1, settlement: .keep)
  }

  /// Marks the end of the value written since `beginField`; a value the engine built (for
  /// checks or `-n`) is written first.
  @inline(__always)
  func endField(_ field: Int, built instance: Instance?) {
    if let instance { write(instance) }
    spans[current.spanBase + field].valueEnd = count
  }

  /// A field's value built after the scan (key paths, alternatives): written loose, placed when
  /// the object ends.
  func placeBuilt(_ field: Int, _ instance: Instance?) {
    let start = count
    if let instance { write(instance) }
    spans[current.spanBase + field] = FieldSpan(pieceStart: -1, valueStart: start, valueEnd: count, settlement: .keep)
  }

  /// Records the decision for a field that did not simply keep its value.
  func settle(_ field: Int, _ settlement: RecordValidator.Settlement) {
    spans[current.spanBase + field].settlement = settlement
  }

  /// Closes a model's object: when its members were written in declaration order with nothing
  /// between them, only `}` is added; otherwise the members are laid out again in order, with
  /// defaults and `null`s as the dialect writes them.
  func endObject(_ plan: ModelPlan) {
    let mark = current
    let fieldCount = plan.fields.count
    defer {
      spans.pop(spans.count - mark.spanBase)
      current = outer[outer.count - 1]
      outer.pop()
    }
    var cursor = mark.start + 1
    var inOrder = true
    for field in 0..<fieldCount {
      let span = spans[mark.spanBase + field]
      if span.settlement == .keep, span.pieceStart == cursor {
        cursor = span.valueEnd
      } else if !(span.settlement == .nilValue && plan.fields[field].nilLiteral(plan.policy) == nil) {
        inOrder = false
        break
      }
    }
    if inOrder, cursor == count { return append(JSONByte.closeBrace) }
    relayout(mark, plan)
  }

  private func relayout(_ mark: ObjectMark, _ plan: ModelPlan) {
    let bodyStart = mark.start + 1
    scratch.load(UnsafeRawBufferPointer(start: storage + bodyStart, count: count - bodyStart))
    count = bodyStart
    let first = planFirst[plan.index]
    for (index, field) in plan.fields.enumerated() {
      let span = spans[mark.spanBase + index]
      var defaultBytes: [UInt8]?
      switch span.settlement {
      case .keep where span.valueStart >= 0:
        member(first + index)
        append(scratch.slice(span.valueStart - bodyStart, span.valueEnd - bodyStart))
        continue
      case .useDefault:
        defaultBytes = defaults[plan.index][index]
      default:
        break
      }
      if let defaultBytes {
        member(first + index)
        append(defaultBytes)
        continue
      }
      switch field.nilLiteral(plan.policy) {
      case nil:
        continue
      case .null:
        member(first + index)
        appendNull()
      case .emptyObject:
        member(first + index)
        append(JSONByte.openBrace)
        append(JSONByte.closeBrace)
      }
    }
    append(JSONByte.closeBrace)
  }

  /// Lays out again, in declaration order, the members of a clean record's object that came out
  /// of order (`mark`, of model `model`): each member's bytes run from its mark to the next one
  /// (less a leading comma), and a field with none gets its absent member from the table.
  func reorderCleanObject(_ mark: CleanObjectMark, model: Int) {
    flushRun()
    let table = cleanOutput
    let entry = table.models[model]
    let firstMember = mark.firstMember
    let memberCount = cleanMembers.count - firstMember
    memberOfField.removeAll()
    _ = memberOfField.push(-1, count: entry.fieldCount)
    for index in 0..<memberCount { memberOfField[cleanMembers[firstMember + index].field] = Int32(index) }
    scratch.load(UnsafeRawBufferPointer(start: storage + mark.bodyStart, count: count - mark.bodyStart))
    let bodyEnd = count - mark.bodyStart
    count = mark.bodyStart
    for field in 0..<entry.fieldCount {
      let member = Int(memberOfField[field])
      guard member >= 0 else {
        let run = table.absent[entry.firstField + field]
        if run.length > 0 {
          appendSeparator()
          appendPadded(table.bytes.base + run.start, run.length)
        }
        continue
      }
      var lower = cleanMembers[firstMember + member].start - mark.bodyStart
      let upper = member + 1 < memberCount ? cleanMembers[firstMember + member + 1].start - mark.bodyStart : bodyEnd
      let piece = scratch.slice(lower, upper)
      if piece.first == JSONByte.comma { lower += 1 }
      guard lower < upper else { continue }
      appendSeparator()
      append(scratch.slice(lower, upper))
    }
    cleanMembers.pop(memberCount)
  }

  /// A member's comma (unless it is the object's first) and `"key":`.
  @inline(__always)
  private func member(_ entry: Int) {
    if storage[count - 1] != JSONByte.openBrace { append(JSONByte.comma) }
    appendPadded(keyBytes + keyStarts[entry], keyStarts[entry + 1] - keyStarts[entry])
  }

  func appendNull() {
    append(JSONByte.lowerN)
    append(0x75)  // u
    append(0x6C)  // l
    append(0x6C)  // l
  }
}

/// A model's object the clean-record writer has open.
struct CleanObjectMark {
  /// Where its members begin in the output (just past `{`).
  var bodyStart: Int
  /// Its first member's entry in `CompactTranscript.cleanMembers`.
  var firstMember: Int
  /// A member came before one declared ahead of it: the object is laid out again when it ends.
  var outOfOrder: Bool
}

/// Where the clean-record writer began a member (at its comma, if any) and whose it is.
struct CleanMemberMark {
  /// The field's position in its model.
  var field: Int
  /// Its offset in the output (`CompactTranscript.pendingCount` when it began).
  var start: Int
}
