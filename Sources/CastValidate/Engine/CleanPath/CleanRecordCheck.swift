import CastSchema

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells, in one pass over a record, whether the full walk (`RecordValidator`) would find nothing
/// at all to report; nearly every record of a healthy file is like that. It answers `false` at the
/// first thing it cannot vouch for (a coercion, a null it is not sure of, a duplicate key, a
/// missing required key, malformed JSON, a model only the full walk handles), and the record is
/// then walked again in full, which finds and explains whatever it was. So it decides nothing the
/// full walk would decide differently: it only saves the work of being ready to report.
// NB: a class so that its tables and scratch memory are read through one reference that the
// methods do not retain; one per thread, never shared.
final class CleanRecordCheck {
  private let plan: CleanPlan
  let models: PlainTable<CleanModel>
  let fields: PlainTable<CleanField>
  let pathFields: PlainTable<CleanPathField>
  let treeNodes: PlainTable<CleanTreeNode>
  let treeMembers: PlainTable<CleanTreeMember>
  let treeElements: PlainTable<CleanTreeElement>
  let leaves: PlainTable<Int>
  private let nodes: PlainTable<ValueNode>
  private let enums: PlainTable<CleanEnum>
  private let raws: PlainTable<CleanKey>
  private let enumSlots: PlainTable<Int32>
  private let casePayloads: PlainTable<Int32>
  let keyIndex: PlainTable<Int32>
  /// `CleanPlan.foldedKeys`.
  private let foldedKeys: PlainTable<CleanKey>
  /// A key folded by `foldedMatch`; longer keys are left to the walk.
  private let foldBuffer: UnsafeMutablePointer<UInt8>
  private static let foldCapacity = 256
  private let wideRequired: PlainTable<Int>
  private let numbers: PlainTable<Double>
  private let bytes: UnsafeMutablePointer<UInt8>
  let ignoresUnknownKeys: Bool
  /// What Foundation said of URLs' hosts beyond ASCII; the full walk's, which shares the thread.
  private let urlHosts: URLAuthorityCache
  /// `CleanPlan.keysCompareCanonically`.
  let keysCompareCanonically: Bool
  /// Keys of the dictionaries and elements of the sets being read, and the keys no property
  /// reads of the models and path objects being read, for spotting duplicates.
  private var keys: UnsafeMutablePointer<JSONSpan>
  var keyCount = 0
  /// The words of the set being read (`wordSet`: floating-point values' bits, UUIDs' digits,
  /// dates' instants, models' identities; such a set holds no other).
  private var setValues: UnsafeMutablePointer<UInt64>
  /// Tells a container's keys or set words apart once it has ended.
  private var wordTable = WordTable()
  /// The seconds since 1970 (or 2001, as the format reads them) of the date read last, which
  /// identify it in a set.
  private var dateRead: Double = 0
  /// Up to this many keys a dictionary's keys are compared with each other as they come; past
  /// it, once the dictionary ends, by a table of their hashes (`WordTable`).
  private static let keyLimit = 8
  /// The number of elements of the array read last (the outermost, once nested arrays end): what
  /// a `//! count` checks.
  private var arrayCount = 0
  /// Room for `keys` and `setValues`: it starts small and doubles as large dictionaries and
  /// sets need (`growKeys`), up to `keyLimitTotal`.
  private var keyCapacity = 4096
  /// Records whose open dictionaries hold more keys at once are left to the full walk.
  private static let keyLimitTotal = 1 << 20
  /// Which fields past the 64th the models being read have seen, a word per 64 fields (models
  /// of more than 64 properties; the first 64 are a word of `model`'s own).
  private var wideSeen: UnsafeMutablePointer<UInt64>
  private var wideCount = 0
  /// Records whose open models need more words at once are left to the full walk.
  private static let wideCapacity = 1024
  /// The values found at the tree nodes of the models being read that have key paths
  /// (`CleanModel.firstNode`), a span per node (start < 0: not found).
  var treeSpans: UnsafeMutablePointer<JSONSpan>
  private var treeCount = 0
  /// Records whose open models have more tree nodes at once are left to the full walk.
  private static let treeCapacity = 1024

  init(plan: CleanPlan, urlHosts: URLAuthorityCache = URLAuthorityCache()) {
    self.plan = plan
    self.urlHosts = urlHosts
    models = plan.models
    fields = plan.fields
    pathFields = plan.pathFields
    nodes = plan.nodes
    enums = plan.enums
    raws = plan.raws
    enumSlots = plan.enumSlots
    casePayloads = plan.casePayloads
    keyIndex = plan.keyIndex
    foldedKeys = plan.foldedKeys
    foldBuffer = .allocate(capacity: Self.foldCapacity)
    wideRequired = plan.wideRequired
    treeNodes = plan.treeNodes
    treeMembers = plan.treeMembers
    treeElements = plan.treeElements
    leaves = plan.leaves
    numbers = plan.numbers
    bytes = plan.bytes.base
    ignoresUnknownKeys = plan.ignoresUnknownKeys
    keysCompareCanonically = plan.keysCompareCanonically
    keys = .allocate(capacity: keyCapacity)
    setValues = .allocate(capacity: keyCapacity)
    wideSeen = .allocate(capacity: Self.wideCapacity)
    treeSpans = .allocate(capacity: Self.treeCapacity)
  }

  deinit {
    keys.deallocate()
    setValues.deallocate()
    wideSeen.deallocate()
    treeSpans.deallocate()
    foldBuffer.deallocate()
  }

  /// Whether the value at the cursor is clean against `node`; the cursor is then past it. After
  /// `false` the cursor is anywhere in the record.
  func isClean(_ node: ValueNode, _ scanner: inout JSONScanner) -> Bool {
    isClean(node, &scanner, NoCleanOutput())
  }

  /// `isClean`, handing what it reads to `sink` (which may refuse it, and the record with it).
  func isClean<Sink: CleanSink>(_ node: ValueNode, _ scanner: inout JSONScanner, _ sink: Sink) -> Bool {
    keyCount = 0
    wideCount = 0
    treeCount = 0
    do {
      return try value(node, &scanner, nullIsClean: false, sink)
    } catch {
      return false
    }
  }

  // MARK: - Values

  private func value<Sink: CleanSink>(
    _ node: ValueNode, _ scanner: inout JSONScanner, nullIsClean: Bool, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    scanner.skipWhitespace()
    guard scanner.position < scanner.end else { return false }
    let lead = scanner.byte(at: scanner.position)
    if lead == JSONByte.lowerN {
      let start = scanner.offset
      try scanner.readNull()
      // NB: `Any` holds `null` like any other value.
      if case .any = node {
        sink.any(JSONSpan(start: start, end: scanner.offset), scanner)
        return true
      }
      if nullIsClean { sink.null() }
      return nullIsClean
    }
    switch node {
    case .scalar(let type):
      return try scalar(type, lead, &scanner, sink)
    case .date(let format):
      return try date(lead, &scanner, format: format, sink)
    case .any, .anyObject, .anyArray:
      if case .anyObject = node, lead != JSONByte.openBrace { return false }
      if case .anyArray = node, lead != JSONByte.openBracket { return false }
      let start = scanner.offset
      try scanner.skipValue()
      sink.any(JSONSpan(start: start, end: scanner.offset), scanner)
      return true
    case .array(let element, let null, let isSet):
      guard lead == JSONByte.openBracket else { return false }
      if isSet { return try set(nodes[Int(element)], nullIsNil: null.isNil, &scanner, sink) }
      return try array(nodes[Int(element)], nullIsNil: null.isNil, &scanner, sink)
    case .dictionary(let key, let value, let null):
      guard lead == JSONByte.openBrace, let keys = keyRule(nodes[Int(key)]) else { return false }
      return try dictionary(nodes[Int(value)], nullIsNil: null.isNil, keys: keys, &scanner, sink)
    case .model(let index):
      guard lead == JSONByte.openBrace else { return false }
      return try model(index, &scanner, sink)
    case .enumeration(let index):
      return try enumeration(enums[index], lead, &scanner, sink)
    case .pairs(let key, let value, let null):
      guard lead == JSONByte.openBracket else { return false }
      return try pairs(nodes[Int(key)], nodes[Int(value)], nullIsNil: null.isNil, &scanner, sink)
    }
  }

  private func scalar<Sink: CleanSink>(
    _ type: ScalarType, _ lead: UInt8, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    switch type {
    case .string:
      guard lead == JSONByte.quote else { return false }
      sink.string(try scanner.readStringAtQuote(), scanner)
      return true
    case .bool:
      guard lead == JSONByte.lowerT || lead == JSONByte.lowerF else { return false }
      let start = scanner.offset
      _ = try scanner.readBool()
      sink.literal(JSONSpan(start: start, end: scanner.offset), scanner)
      return true
    case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
      guard Self.startsNumber(lead) else { return false }
      let token = try scanner.readNumber()
      // NB: an integer token has neither fraction nor exponent, so its text is what is written.
      guard token.isInteger && RecordValidator.fits(token, type, scanner) else { return false }
      if plan.numbersWrittenAsStored, RecordValidator.isNegativeZero(scanner.bytes(token.span)) { return false }
      sink.literal(token.span, scanner)
      return true
    case .float, .double, .cgFloat:
      guard Self.startsNumber(lead) else { return false }
      let token = try scanner.readNumber()
      // NB: a literal surely finite is too short to round to zero too; a longer one that does is
      // left to the full walk, where the dialect says what that means. A `Float` is checked
      // through the nearest `Double`: what that accepts, its text read as a `Float` accepts too
      // (`Policy.floatsReadFromText`; the limits are halfway points a `Double` holds exactly).
      guard RecordValidator.isSurelyFinite(token, type, scanner)
        || (RecordValidator.fitsFloating(scanner.double(token), type)
          && !RecordValidator.underflows(token, type, scanner, floatsFromText: false))
      else { return false }
      // NB: as JSONEncoder writes the value (`1.0` as `1`) where a model writes so.
      if plan.numbersWrittenAsStored, sink.writes { return sink.storedNumber(token.span, as: type, scanner) }
      sink.literal(token.span, scanner)
      return true
    case .decimal, .number:
      guard Self.startsNumber(lead) else { return false }
      let token = try scanner.readNumber()
      // NB: where models read `Decimal`s both ways, a literal clean for one is clean for both.
      guard type == .number
        || (RecordValidator.fitsDecimal(scanner.bytes(token.span), asFoundationParses: false)
          && (!plan.decimalsAsFoundationParses || RecordValidator.fitsDecimal(scanner.bytes(token.span), asFoundationParses: true)))
      else { return false }
      if type == .decimal, plan.numbersWrittenAsStored, sink.writes { return sink.storedNumber(token.span, as: type, scanner) }
      sink.literal(token.span, scanner)
      return true
    case .character, .url, .uuid, .data:
      guard lead == JSONByte.quote else { return false }
      let token = try scanner.readStringAtQuote()
      // A UUID is written in capitals from its raw bytes: one with escapes is left to the walk.
      if type == .uuid, token.hasEscapes { return false }
      if type == .url, plan.urlsAsFoundationParses {
        // Any other URL may be written back otherwise (`a b` as `a%20b`): the full walk knows,
        // and it is only the verdict when nothing is written.
        guard !token.hasEscapes,
          FormatChecks.isPlainURL(scanner.bytes(token.span))
            || (!sink.writes && URLComponentEncoding.accepts(scanner.bytes(token.span), hosts: urlHosts) == true)
        else { return false }
        sink.string(token, scanner)
        return true
      }
      let wellFormed = token.hasEscapes
        ? RecordValidator.isWellFormed(scanner.string(token), as: type, hosts: urlHosts)
        : RecordValidator.isWellFormed(scanner.bytes(token.span), as: type, hosts: urlHosts)
      guard wellFormed else { return false }
      if type == .data, plan.dataWrittenAsStored, sink.writes, token.hasEscapes || !FormatChecks.isCanonicalBase64(scanner.bytes(token.span)) {
        return false
      }
      if type == .uuid { sink.uuid(token, scanner) } else { sink.string(token, scanner) }
      return true
    case .date:
      return try date(lead, &scanner, format: -1, sink)
    }
  }

  /// ISO-8601 strings and strings of the format's pattern, without escapes, and epoch numbers, in
  /// the years 0000–9999, read in the walk's order (ISO-8601 first, where the format allows it);
  /// any other form (epoch seconds in a string, a pattern only `DateFormatter` reads) goes to the
  /// full walk.
  private func date<Sink: CleanSink>(
    _ lead: UInt8, _ scanner: inout JSONScanner, format: Int32, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    let input = format >= 0 ? plan.dateInputs[Int(format)] : .numberOrString
    if input == .numberOnly, lead == JSONByte.quote { return false }
    if (input == .isoStringOnly || input == .patternStringOnly) && lead != JSONByte.quote { return false }
    if lead == JSONByte.quote {
      let token = try scanner.readStringAtQuote()
      guard !token.hasEscapes else { return false }
      let bytes = scanner.bytes(token.span)
      let iso = input == .patternStringOnly ? nil : DateText.parseISO8601(bytes: bytes, rollingOver: input == .isoStringOnly)
      guard let seconds = iso ?? (format >= 0 ? plan.datePatterns[Int(format)]?.parse(bytes) : nil) else { return false }
      guard DateText.representable(julian: input == .isoStringOnly).contains(seconds) else { return false }
      // A codable pattern's date before 1582-10-15 is the DateFormatter's (Julian): the walk asks it.
      if iso == nil, input == .patternStringOnly, seconds < DateText.gregorianStart { return false }
      dateRead = seconds
      return sink.date(JSONSpan(start: token.span.start - 1, end: token.span.end + 1), seconds: seconds, format: format, scanner)
    }
    guard Self.startsNumber(lead) else { return false }
    let token = try scanner.readNumber()
    // The walk's rules: the number in the format's unit; and one that rounds to zero is left to
    // it, since some dialects take that for out of range.
    guard RecordValidator.isSurelyFinite(token, .double, scanner) || !RecordValidator.underflows(token, .double, scanner, floatsFromText: false)
    else { return false }
    let seconds = scanner.double(token) / (format >= 0 ? plan.epochUnits[Int(format)] : 1)
    guard DateText.representable.contains(seconds) else { return false }
    dateRead = seconds
    return sink.date(token.span, seconds: seconds, format: format, scanner)
  }

  private func enumeration<Sink: CleanSink>(
    _ plan: CleanEnum, _ lead: UInt8, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    if plan.keyedCount > 0 { return try keyedCase(plan, lead, &scanner, sink) }
    if plan.isNumeric {
      guard Self.startsNumber(lead) else { return false }
      let value = scanner.double(try scanner.readNumber())
      if plan.slotMask != 0 {
        var slot = Int(truncatingIfNeeded: EnumPlan.numberHash(value)) & plan.slotMask
        while true {
          let index = Int(enumSlots[plan.firstSlot &+ slot])
          if index < 0 { return false }
          if numbers[index] == value { return sink.numericCase(index) }
          slot = (slot &+ 1) & plan.slotMask
        }
      }
      for index in plan.firstRaw..<plan.firstRaw + plan.rawCount where numbers[index] == value { return sink.numericCase(index) }
      return false
    }
    guard lead == JSONByte.quote else { return false }
    let token = try scanner.readStringAtQuote()
    guard !token.hasEscapes, isRawValue(token.span, of: plan, scanner) else { return false }
    // A string case is written as its raw value, which is the text it matched.
    sink.string(token, scanner)
    return true
  }

  /// An enum without a raw type as the synthesized `Codable` reads it (`RecordValidator.keyedCase`):
  /// an object whose one key names a case, holding an object: the case's associated values, read
  /// as their model, or, for a case without any, `{}`, which is what is written. Another key beside
  /// it (the decoder skips one that names no case, and reports a second case) is left to the walk.
  private func keyedCase<Sink: CleanSink>(
    _ plan: CleanEnum, _ lead: UInt8, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    guard lead == JSONByte.openBrace, plan.keyedWrittenAsRead || !sink.writes else { return false }
    try scanner.beginObject()
    sink.open(JSONByte.openBrace)
    var first = true
    guard let key = try scanner.nextKey(&first), !key.hasEscapes else { return false }
    let raw = scanner.bytes(key.span)
    // NB: another normal form of a key beyond ASCII would name the case too; the walk says.
    guard ASCIIText.isASCII(raw) else { return false }
    let prefix = Self.prefix(of: raw, scanner)
    var found = -1
    for index in plan.firstRaw..<plan.firstRaw &+ plan.keyedCount where equals(raw, prefix, raws[index]) {
      found = index
      break
    }
    guard found >= 0 else { return false }
    sink.key(key, scanner)
    scanner.skipWhitespace()
    guard scanner.position < scanner.end, scanner.byte(at: scanner.position) == JSONByte.openBrace else { return false }
    let payload = Int(casePayloads[found])
    if payload >= 0 {
      guard try model(payload, &scanner, sink) else { return false }
    } else {
      try scanner.beginObject()
      sink.open(JSONByte.openBrace)
      var empty = true
      guard try scanner.nextKey(&empty) == nil else { return false }
      sink.close(JSONByte.closeBrace)
    }
    guard try scanner.nextKey(&first) == nil else { return false }
    sink.close(JSONByte.closeBrace)
    return true
  }

  /// `isRawValue` for a dictionary's key.
  // NB: out of line, so that the loop over the keys of other dictionaries stays small.
  @inline(never)
  private func isCaseKey(_ span: JSONSpan, of plan: CleanEnum, _ scanner: JSONScanner) -> Bool {
    isRawValue(span, of: plan, scanner)
  }

  /// Whether the bytes of `span` (a string without escapes) are one of a string enum's raw values.
  private func isRawValue(_ span: JSONSpan, of plan: CleanEnum, _ scanner: JSONScanner) -> Bool {
    let raw = scanner.bytes(span)
    let prefix = Self.prefix(of: raw, scanner)
    if plan.slotMask != 0 {
      var slot = Int(truncatingIfNeeded: ByteHash.hash(raw)) & plan.slotMask
      while true {
        let index = Int(enumSlots[plan.firstSlot &+ slot])
        if index < 0 { return false }
        if equals(raw, prefix, raws[index]) { return true }
        slot = (slot &+ 1) & plan.slotMask
      }
    }
    for index in plan.firstRaw..<plan.firstRaw + plan.rawCount where equals(raw, prefix, raws[index]) { return true }
    return false
  }

  // MARK: - Containers

  private func model<Sink: CleanSink>(_ index: Int, _ scanner: inout JSONScanner, _ sink: Sink) throws(JSONSyntaxError) -> Bool {
    let model = models[index]
    guard model.isCheckable else { return false }
    // Fields past the 64th are marked in words of `wideSeen` (few models have them).
    let wideBase = wideCount
    if model.fieldCount > 64 {
      let words = (model.fieldCount &- 1) / 64
      guard wideCount &+ words <= Self.wideCapacity else { return false }
      (wideSeen + wideBase).initialize(repeating: 0, count: words)
      wideCount &+= words
    }
    // The values key paths lead to are found once the object is read (few models have them), and
    // written then, out of order, so in order when the object ends.
    let treeBase = treeCount
    if model.nodeCount > 0 { guard openTree(model) else { return false } }
    // The keys no property reads, noted as a dictionary's are: a repeated one gets a finding.
    let keyBase = keyCount
    var unreadFilter: UInt64 = 0
    defer {
      wideCount = wideBase
      treeCount = treeBase
      keyCount = keyBase
    }
    try scanner.beginObject()
    sink.beginModel()
    var first = true
    var seen: UInt64 = 0
    var guess = 0
    // The last field written, when writing.
    var previous = -1
    while try scanner.beginKey(&first) {
      let key: JSONStringToken
      let position: Int
      // A key found folded (`-i`) is written as declared, not as read.
      var readFolded = false
      // Keys mostly come in declaration order: the next one is compared where it stands.
      if guess < model.fieldCount, let next = expectedKey(model, guess, &scanner) {
        key = next
        position = guess
        guess &+= 1
        try scanner.endKey()
      } else {
        key = try scanner.readStringAtQuote()
        try scanner.endKey()
        guard !key.hasEscapes else { return false }
        guard let matched = match(key.span, model, &guess, scanner, folded: &readFolded) else {
          // Another normal form of a property's key, or of another key here, would be that key.
          if keysCompareCanonically, !ASCIIText.isASCII(scanner.bytes(key.span)) { return false }
          guard try otherKey(key, of: model, at: treeBase, keys: keyBase, &unreadFilter, &scanner) else { return false }
          continue
        }
        position = matched
      }
      // A duplicate key gets a finding.
      if position < 64 {
        let bit: UInt64 = 1 << UInt64(position)
        guard seen & bit == 0 else { return false }
        seen |= bit
      } else {
        guard Self.markWide(position, in: wideSeen + wideBase) else { return false }
      }
      let field = fields[model.firstField &+ position]
      if field.emptyIsAbsent, scanner.emptyStringAhead() { return false }
      // Nosce's nil nested model as written, read as that nil (`FieldPlan.emptyObjectIsNil`).
      if field.emptyObjectIsNil, scanner.emptyObjectAhead() {
        try scanner.skipValue()
        guard field.nullIsClean else { return false }
        if sink.writes {
          sink.nullMember(model: index, field: position, after: previous)
          previous = position
        }
        continue
      }
      if sink.writes {
        // A member's `null` is written as the model writes nil, not as read; an `Any`'s is its
        // value.
        scanner.skipWhitespace()
        if scanner.position < scanner.end, scanner.byte(at: scanner.position) == JSONByte.lowerN, !field.node.isAny {
          try scanner.readNull()
          guard field.nullIsClean else { return false }
          sink.nullMember(model: index, field: position, after: previous)
          previous = position
          continue
        }
        if readFolded {
          sink.memberUnderOutputKey(model: index, field: position, after: previous)
        } else {
          sink.member(model: index, field: position, after: previous, key: key, scanner)
        }
        previous = position
      }
      guard try fieldValue(field, &scanner, sink) else { return false }
    }
    guard seen & model.requiredMask == model.requiredMask else { return false }
    if repeatsPastLimit(from: keyBase, scanner) { return false }
    for required in 0..<model.wideRequiredCount where !Self.isWide(wideRequired[model.firstWideRequired &+ required], in: wideSeen + wideBase) {
      return false
    }
    if model.nodeCount > 0, !(try pathValues(model, index, at: treeBase, scanner, sink, after: &previous)) { return false }
    sink.endModel(index, after: previous)
    return true
  }

  /// Whether the property's value at the cursor is clean, its checks included.
  @inline(__always)
  func fieldValue<Sink: CleanSink>(_ field: CleanField, _ scanner: inout JSONScanner, _ sink: Sink) throws(JSONSyntaxError) -> Bool {
    guard let checks = field.checks else { return try value(field.node, &scanner, nullIsClean: field.nullIsClean, sink) }
    scanner.skipWhitespace()
    let valueStart = scanner.offset
    let isNull = scanner.position < scanner.end && scanner.byte(at: scanner.position) == JSONByte.lowerN
    guard try value(field.node, &scanner, nullIsClean: field.nullIsClean, sink) else { return false }
    // A null is the optional's nil, which no check reads.
    if isNull { return true }
    // A Codable URL is checked as Foundation writes it back: when that is not the text read, the
    // walk's.
    if case .scalar(.url) = field.node, plan.urlsAsFoundationParses,
      !FormatChecks.isPlainURL(scanner.bytes(JSONSpan(start: valueStart + 1, end: scanner.offset - 1)))
    {
      return false
    }
    return checks.with { plan in
      plan.plainForm == nil
        ? plan.passesCounts(arrayCount)
        : plan.passesRawChecks(PlainValue(plan, scanner, from: valueStart), scanner, surelyOnly: field.floatKeptAsStored)
    }
  }

  /// Makes room for the values found at `model`'s tree nodes, none found yet; false when there is
  /// no room left.
  // NB: out of line, as `otherKey`.
  @inline(never)
  private func openTree(_ model: CleanModel) -> Bool {
    guard treeCount &+ model.nodeCount <= Self.treeCapacity else { return false }
    (treeSpans + treeCount).initialize(repeating: JSONSpan(start: -1, end: -1), count: model.nodeCount)
    treeCount &+= model.nodeCount
    return true
  }

  /// Whether a key no property of `model` reads is clean: the first key of a key path, whose
  /// value is kept for later, or a key skipped under `--unknown ignore` that is not a repeat of
  /// one skipped before (the model's such keys start at `keyBase`). The cursor is then past its
  /// value.
  // NB: out of line, so that the loop over the keys the model reads stays small.
  @inline(never)
  private func otherKey(
    _ key: JSONStringToken, of model: CleanModel, at treeBase: Int, keys keyBase: Int, _ filter: inout UInt64,
    _ scanner: inout JSONScanner
  ) throws(JSONSyntaxError) -> Bool {
    if model.nodeCount > 0, let node = treeMember(key.span, of: model.firstNode, scanner) {
      return try capture(node, of: model, at: treeBase, &scanner)
    }
    guard ignoresUnknownKeys, !model.mayKnowOtherKeys, noteUnreadKey(key.span, from: keyBase, &filter, scanner) else {
      return false
    }
    try scanner.skipValue()
    return true
  }

  /// Notes a key no property reads as `noteKey` does, comparing it with the object's others only
  /// when a 64-bit filter of their lengths and end bytes says it may repeat one: most such keys
  /// are told apart by that alone.
  func noteUnreadKey(_ span: JSONSpan, from base: Int, _ filter: inout UInt64, _ scanner: JSONScanner) -> Bool {
    let raw = scanner.bytes(span)
    let mix = raw.count &* 7 &+ Int(raw.first ?? 0) &* 3 &+ Int(raw.last ?? 0)
    let bit: UInt64 = 1 << UInt64(mix & 63)
    guard filter & bit != 0 else {
      filter |= bit
      guard keyCount < keyCapacity || growKeys() else { return false }
      keys[keyCount] = span
      keyCount &+= 1
      return true
    }
    return noteKey(span, from: base, scanner)
  }

  /// Marks field `position` (64 or more) seen in `words`; false when it already was.
  private static func markWide(_ position: Int, in words: UnsafeMutablePointer<UInt64>) -> Bool {
    let word = (position &- 64) / 64
    let bit: UInt64 = 1 << UInt64(position & 63)
    guard words[word] & bit == 0 else { return false }
    words[word] |= bit
    return true
  }

  /// Whether field `position` (64 or more) is marked seen in `words`.
  private static func isWide(_ position: Int, in words: UnsafeMutablePointer<UInt64>) -> Bool {
    words[(position &- 64) / 64] & (1 << UInt64(position & 63)) != 0
  }

  /// The key at the cursor when it is field `position`'s, read without scanning it.
  @inline(__always)
  private func expectedKey(_ model: CleanModel, _ position: Int, _ scanner: inout JSONScanner) -> JSONStringToken? {
    let key = fields[model.firstField &+ position].key
    guard key.isPlain else { return nil }
    return scanner.readKey(ifItIs: UnsafeRawBufferPointer(start: bytes + key.start, count: key.length), prefix: key.prefix)
  }

  /// The position of the field whose key is `key`, trying the one after the last match first
  /// (keys usually come in declaration order).
  @inline(__always)
  func match(_ key: JSONSpan, _ model: CleanModel, _ guess: inout Int, _ scanner: JSONScanner) -> Int? {
    let raw = scanner.bytes(key)
    return position(of: raw, prefix: Self.prefix(of: raw, scanner), in: model, table: model.keyTable, &guess) { fields[$0].key }
  }

  /// `match`, then, for a model that folds case (`CleanModel.foldsCase`), the key folded (and
  /// then `folded` is set): how the check reads a model's keys, and reads them again for a set
  /// element's word.
  @inline(__always)
  func match(_ key: JSONSpan, _ model: CleanModel, _ guess: inout Int, _ scanner: JSONScanner, folded: inout Bool) -> Int? {
    if let position = match(key, model, &guess, scanner) { return position }
    guard model.foldsCase, let position = foldedMatch(key, model, &guess, scanner) else { return nil }
    folded = true
    return position
  }

  /// `match` for a key of a model that folds case (`CleanModel.foldsCase`) that matched no key
  /// as it stands: its ASCII letters folded as the walk folds them (`KeyFolding`), compared with
  /// the keys as the walk folds them.
  // NB: out of line: only keys in another case than declared come here.
  @inline(never)
  private func foldedMatch(_ key: JSONSpan, _ model: CleanModel, _ guess: inout Int, _ scanner: JSONScanner) -> Int? {
    let raw = scanner.bytes(key)
    guard raw.count <= Self.foldCapacity, !keysCompareCanonically || ASCIIText.isASCII(raw) else { return nil }
    for index in 0..<raw.count {
      let byte = raw[index]
      foldBuffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
    let folded = UnsafeRawBufferPointer(start: foldBuffer, count: raw.count)
    return position(of: folded, prefix: KeyPrefix.word(folded), in: model, table: model.foldedKeyTable, &guess) {
      foldedKeys[$0]
    }
  }

  /// The position of the field whose key (`key` of a field's index) is `raw`: through the
  /// model's key table `table` where it has one, else trying the one after the last match first.
  @inline(__always)
  private func position(
    of raw: UnsafeRawBufferPointer, prefix: UInt64, in model: CleanModel, table: Int, _ guess: inout Int,
    key: (Int) -> CleanKey
  ) -> Int? {
    let count = model.fieldCount
    guard count > 0 else { return nil }
    if model.keyMask != 0 {
      var slot = KeyPrefix.hash(raw, prefix: prefix) & model.keyMask
      while true {
        let position = Int(keyIndex[table &+ slot])
        guard position >= 0 else { return nil }
        if equals(raw, prefix, key(model.firstField &+ position)) {
          guess = position &+ 1
          return position
        }
        slot = (slot &+ 1) & model.keyMask
      }
    }
    var probe = guess < count ? guess : 0
    for _ in 0..<count {
      if equals(raw, prefix, key(model.firstField &+ probe)) {
        guess = probe &+ 1
        return probe
      }
      probe = probe &+ 1 == count ? 0 : probe &+ 1
    }
    return nil
  }

  private func array<Sink: CleanSink>(
    _ element: ValueNode, nullIsNil: Bool, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    try scanner.beginArray()
    sink.open(JSONByte.openBracket)
    var first = true
    var count = 0
    if case .scalar(let type) = element, !nullIsNil {
      // Elements that are plain values (coordinates, ids) go straight to their scalar's check: a
      // `null`, the one case `value` adds, is no such element's value.
      while try scanner.nextElement(&first) {
        sink.element()
        guard scanner.position < scanner.end, try scalar(type, scanner.byte(at: scanner.position), &scanner, sink)
        else { return false }
        count &+= 1
      }
    } else if case .array(let inner, let innerNull, isSet: false) = element {
      // Arrays of arrays (coordinates, matrices): an element that is an array is read as one
      // directly; anything else (`null`) as `value` reads it.
      let innerNode = nodes[Int(inner)]
      while try scanner.nextElement(&first) {
        sink.element()
        guard scanner.position < scanner.end else { return false }
        if scanner.byte(at: scanner.position) == JSONByte.openBracket {
          guard try array(innerNode, nullIsNil: innerNull.isNil, &scanner, sink) else { return false }
        } else {
          guard try value(element, &scanner, nullIsClean: nullIsNil, sink) else { return false }
        }
        count &+= 1
      }
    } else {
      while try scanner.nextElement(&first) {
        sink.element()
        guard try value(element, &scanner, nullIsClean: nullIsNil, sink) else { return false }
        count &+= 1
      }
    }
    arrayCount = count
    sink.close(JSONByte.closeBracket)
    return true
  }

  /// A set whose elements are equal exactly when their bytes are: integers but `-0` (the walk
  /// compares their values, `SetElementIdentity`), ASCII strings without escapes (it compares
  /// Strings, which for ASCII are their bytes) and cases of a string enum (read by their raw
  /// values' exact bytes); and sets of floating-point numbers, of UUIDs, of dates and of models
  /// with `hasByteIdentity`, compared by a word of each element's value. A repeated element, which
  /// gets a finding, and any other set are left to the full walk.
  // NB: out of line: sets are few, and `value`, which every value goes through, stays small.
  @inline(never)
  private func set<Sink: CleanSink>(
    _ element: ValueNode, nullIsNil: Bool, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    guard !nullIsNil else { return false }
    if case .scalar(.uuid) = element { return try uuidSet(&scanner, sink) }
    if case .scalar(.date) = element { return try dateSet(element, format: -1, &scanner, sink) }
    if case .date(let format) = element { return try dateSet(element, format: format, &scanner, sink) }
    if case .model(let index) = element {
      guard models[index].hasByteIdentity else { return false }
      return try wordSet(element, &scanner, sink) { span, scanner throws(JSONSyntaxError) in
        var reader = scanner
        reader.position = span.start &- scanner.baseOffset
        return try identityWord(index, &reader)
      }
    }
    if case .scalar(let scalar) = element, scalar == .double || scalar == .cgFloat || scalar == .float {
      // NB: two texts of one `Float` may round apart through a `Double`; where a model reads a
      // `Float` from its text, its sets are compared by the walk, which knows whose set it is.
      guard scalar != .float || !plan.floatsReadFromText else { return false }
      return try floatingSet(scalar, &scanner, sink)
    }
    guard let type = distinctType(element) else { return false }
    let isCase = element.isEnumeration
    try scanner.beginArray()
    sink.open(JSONByte.openBracket)
    var first = true
    let base = keyCount
    defer { keyCount = base }
    while try scanner.nextElement(&first) {
      sink.element()
      guard try distinct(element, type, isCase: isCase, from: base, &scanner, sink) else { return false }
    }
    if repeatsPastLimit(from: base, scanner) { return false }
    arrayCount = keyCount &- base
    sink.close(JSONByte.closeBracket)
    return true
  }

  /// A dictionary read as key-value pairs (`Policy.otherKeysAsPairs`): an even number of
  /// elements, the keys at even places told apart as a set's elements are (a repeated one, whose
  /// value replaces the earlier one's, is left to the full walk), the values at odd places.
  @inline(never)
  private func pairs<Sink: CleanSink>(
    _ key: ValueNode, _ value: ValueNode, nullIsNil: Bool, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    guard let type = distinctType(key) else { return false }
    let isCase = key.isEnumeration
    try scanner.beginArray()
    sink.open(JSONByte.openBracket)
    var first = true
    var atKey = true
    let base = keyCount
    defer { keyCount = base }
    while try scanner.nextElement(&first) {
      sink.element()
      if atKey {
        guard try distinct(key, type, isCase: isCase, from: base, &scanner, sink) else { return false }
      } else {
        guard try self.value(value, &scanner, nullIsClean: nullIsNil, sink) else { return false }
      }
      atKey.toggle()
    }
    guard atKey, !repeatsPastLimit(from: base, scanner) else { return false }
    arrayCount = keyCount &- base
    sink.close(JSONByte.closeBracket)
    return true
  }

  /// The scalar type of a set element or pair key whose bytes are its identity (`.string` for a
  /// string enum's cases); nil: none.
  private func distinctType(_ element: ValueNode) -> ScalarType? {
    switch element {
    case .scalar(let scalar) where scalar == .string || scalar.isInteger: scalar
    case .enumeration(let index) where !enums[index].isNumeric && enums[index].keyedCount == 0: .string
    default: nil
    }
  }

  /// Reads a set element or pair key of `distinctType` and notes it among the others from
  /// `base`; false when it is not clean or repeats one.
  @inline(__always)
  private func distinct<Sink: CleanSink>(
    _ element: ValueNode, _ type: ScalarType, isCase: Bool, from base: Int, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    guard scanner.position < scanner.end else { return false }
    let start = scanner.offset
    // NB: a case through `value`, so that the scalars' loop stays as small as it was.
    guard try isCase ? value(element, &scanner, nullIsClean: false, sink) : scalar(type, scanner.byte(at: scanner.position), &scanner, sink)
    else { return false }
    let span = JSONSpan(start: start, end: scanner.offset)
    if type == .string {
      guard ASCIIText.isASCIIWithoutEscapes(scanner.bytes(span)) else { return false }
    } else if !isCase, span.end &- span.start == 2, scanner.bytes(span).elementsEqual("-0".utf8) {
      // `-0`, the one integer whose bytes are not its value's only spelling (`0`).
      return false
    }
    return noteKey(span, from: base, scanner)
  }

  /// A set of `Double`, `CGFloat` or `Float`: each element is checked as the type's scalar, and
  /// two are the same element when their values in the type are equal (`1` and `1.0`, `0` and
  /// `-0.0`), as `SetElementIdentity` has the walk compare them.
  private func floatingSet<Sink: CleanSink>(
    _ type: ScalarType, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    try wordSet(.scalar(type), &scanner, sink) { span, scanner in
      // NB: the sign of a zero, all `isNegative` tells `double`, is one the identity drops.
      let token = JSONNumberToken(span: span, isInteger: false, isNegative: false)
      return SetElementIdentity.floatingValue(scanner.double(token), as: type).bitPattern
    }
  }

  /// A set of `UUID`: each element is checked as a UUID, and two are the same element when their
  /// digits are, whatever their case (`SetElementIdentity` compares the UUIDs). The digits are
  /// folded into a word: two elements of one word, most likely the same, are left to the walk.
  private func uuidSet<Sink: CleanSink>(_ scanner: inout JSONScanner, _ sink: Sink) throws(JSONSyntaxError) -> Bool {
    try wordSet(.scalar(.uuid), &scanner, sink) { span, scanner in
      // NB: a clean UUID has no escapes: its 36 characters stand between the quotes.
      Self.uuidWord(scanner.bytes(JSONSpan(start: span.start &+ 1, end: span.end &- 1)))
    }
  }

  /// A set of `Date`: each element is checked as a date of `format` (-1: the plain scalar), and
  /// two are the same element when their instants are (`SetElementIdentity.instant`).
  private func dateSet<Sink: CleanSink>(
    _ element: ValueNode, format: Int32, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    let sinceReferenceDate = format >= 0 && plan.referenceDates[Int(format)]
    return try wordSet(element, &scanner, sink) { _, _ in
      SetElementIdentity.instant(dateRead, sinceReferenceDate: sinceReferenceDate)
    }
  }

  /// A set whose elements, each checked as an `element`, are told apart by a word each (`word`
  /// of the element's span; nil: none, and the set is left to the walk): equal elements, equal
  /// words. A repeated word is left to the walk.
  @inline(__always)
  private func wordSet<Sink: CleanSink>(
    _ element: ValueNode, _ scanner: inout JSONScanner, _ sink: Sink,
    word: (JSONSpan, JSONScanner) throws(JSONSyntaxError) -> UInt64?
  ) throws(JSONSyntaxError) -> Bool {
    try scanner.beginArray()
    sink.open(JSONByte.openBracket)
    var first = true
    var count = 0
    while try scanner.nextElement(&first) {
      sink.element()
      guard scanner.position < scanner.end, count < keyCapacity || growKeys(values: count) else { return false }
      let start = scanner.offset
      if case .scalar(let type) = element {
        guard try scalar(type, scanner.byte(at: scanner.position), &scanner, sink) else { return false }
      } else {
        guard try value(element, &scanner, nullIsClean: false, sink) else { return false }
      }
      guard let elementWord = try word(JSONSpan(start: start, end: scanner.offset), scanner) else { return false }
      setValues[count] = elementWord
      count &+= 1
    }
    wordTable.begin(count: count)
    for index in 0..<count where wordTable.repeats(setValues[index], item: 0, isSame: { _ in true }) { return false }
    arrayCount = count
    sink.close(JSONByte.closeBracket)
    return true
  }

  /// The 36 characters of a well-formed UUID (`8-4-4-4-12`) folded into one word: the same for
  /// the same digits in either case. (Anything else, which no caller passes, is word 0: its set
  /// is left to the walk as soon as a second such element comes.)
  static func uuidWord(_ text: UnsafeRawBufferPointer) -> UInt64 {
    guard text.count == 36 else { return 0 }
    var word: UInt64 = 0
    // Five overlapping loads cover the 36 bytes; `| 0x20` makes `A`–`F` the `a`–`f` they equal
    // and leaves digits and dashes as they are.
    @inline(__always) func add(_ offset: Int) {
      let folded = text.loadUnaligned(fromByteOffset: offset, as: UInt64.self) | 0x2020_2020_2020_2020
      word = (word ^ folded) &* 0x9E37_79B9_7F4A_7C15
      word ^= word &>> 29
    }
    add(0)
    add(8)
    add(16)
    add(24)
    add(28)
    return word
  }

  private func dictionary<Sink: CleanSink>(
    _ valueNode: ValueNode, nullIsNil: Bool, keys rule: KeyRule, _ scanner: inout JSONScanner, _ sink: Sink
  ) throws(JSONSyntaxError) -> Bool {
    try scanner.beginObject()
    sink.open(JSONByte.openBrace)
    var first = true
    let base = keyCount
    defer { keyCount = base }
    // A key that is not ASCII may be another normal form of another key (`keysCompareCanonically`).
    var nonASCIIKey = false
    scanner.sawNonASCII = false
    while let key = try scanner.nextKey(&first) {
      guard !key.hasEscapes else { return false }
      nonASCIIKey = nonASCIIKey || scanner.sawNonASCII
      // An integer key in its one canonical spelling: another spelling of the same number would
      // be a duplicate the bytes do not show, and is written otherwise.
      if rule.followsKeyStrategies, plan.dictionaryKeysFromSnakeCase || plan.dictionaryKeysToSnakeCase && sink.writes {
        let strategies = (from: plan.dictionaryKeysFromSnakeCase, to: plan.dictionaryKeysToSnakeCase && sink.writes)
        guard !Self.changesUnderKeyStrategy(scanner.bytes(key.span), strategies) else { return false }
      }
      switch rule {
      case .any:
        break
      case .integer(let type):
        guard IntegerKey.isCanonical(scanner.bytes(key.span)), let number = RecordValidator.integerKey(key, scanner),
          RecordValidator.fits(negative: number.negative, magnitude: number.magnitude, type)
        else { return false }
      case .enumeration(let index):
        guard isCaseKey(key.span, of: enums[index], scanner) else { return false }
      }
      guard noteKey(key.span, from: base, scanner) else { return false }
      sink.key(key, scanner)
      guard try value(valueNode, &scanner, nullIsClean: nullIsNil, sink) else { return false }
      scanner.sawNonASCII = false
    }
    if repeatsPastLimit(from: base, scanner) { return false }
    if keysCompareCanonically, nonASCIIKey, keyCount &- base > 1 { return false }
    arrayCount = keyCount &- base
    sink.close(JSONByte.closeBrace)
    return true
  }

  /// Twice the room for keys and set values, the keys noted and the first `values` set values
  /// kept; false at `keyLimitTotal`.
  // NB: out of line: only dictionaries and sets of thousands of entries get here.
  @inline(never)
  private func growKeys(values: Int = 0) -> Bool {
    guard keyCapacity < Self.keyLimitTotal else { return false }
    let capacity = keyCapacity * 2
    let moreKeys = UnsafeMutablePointer<JSONSpan>.allocate(capacity: capacity)
    moreKeys.moveInitialize(from: keys, count: keyCount)
    keys.deallocate()
    keys = moreKeys
    let moreValues = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    moreValues.moveInitialize(from: setValues, count: values)
    setValues.deallocate()
    setValues = moreValues
    keyCapacity = capacity
    return true
  }

  /// Notes `span`, a key of the dictionary or an element of the set whose own start at `base`;
  /// false when it repeats one of the first `keyLimit` (a later repeat is found once the
  /// container ends, by `hasRepeatedKey`) or no room is left.
  @inline(__always)
  private func noteKey(_ span: JSONSpan, from base: Int, _ scanner: JSONScanner) -> Bool {
    guard keyCount < keyCapacity || growKeys() else { return false }
    if keyCount &- base < Self.keyLimit {
      let raw = scanner.bytes(span)
      for index in base..<keyCount where JSONScanner.sameBytes(raw, scanner.bytes(keys[index])) { return false }
    }
    keys[keyCount] = span
    keyCount &+= 1
    return true
  }

  /// Whether the keys noted from `base` (of a dictionary, a set, or the unread keys of an object
  /// that has ended) repeat one another where `noteKey` did not compare them as they came: past
  /// the first `keyLimit`.
  @inline(__always)
  func repeatsPastLimit(from base: Int, _ scanner: JSONScanner) -> Bool {
    keyCount &- base > Self.keyLimit && hasRepeatedKey(from: base, scanner)
  }

  /// Whether two of the keys `keys[base..<keyCount]` have the same bytes: keys of one hash are
  /// compared byte for byte, no others.
  private func hasRepeatedKey(from base: Int, _ scanner: JSONScanner) -> Bool {
    let keys = keys
    wordTable.begin(count: keyCount &- base)
    for index in base..<keyCount {
      let raw = scanner.bytes(keys[index])
      let repeated = wordTable.repeats(ByteHash.hash(raw), item: Int32(truncatingIfNeeded: index)) { earlier in
        JSONScanner.sameBytes(raw, scanner.bytes(keys[Int(earlier)]))
      }
      if repeated { return true }
    }
    return false
  }

  // MARK: - Helpers

  /// What a dictionary's keys must be.
  private enum KeyRule {
    /// Any string.
    case any
    /// An integer of this type, spelled canonically.
    case integer(ScalarType)
    /// A raw value of this string enum, exactly.
    case enumeration(Int)

    /// Whether the codable dialect's key strategies reach such a key (`ValueNode.followsKeyStrategies`).
    var followsKeyStrategies: Bool {
      if case .any = self { return false }
      return true
    }
  }

  /// The rule for keys of `node`; nil for keys only the full walk checks (characters, numeric
  /// enum cases).
  private func keyRule(_ node: ValueNode) -> KeyRule? {
    switch node {
    case .scalar(let type) where type.isInteger: .integer(type)
    case .enumeration(let index) where !enums[index].isNumeric: .enumeration(index)
    case .scalar(.character), .enumeration: nil
    default: .any
    }
  }

  /// Whether a key strategy may change a key (an integer or enum dictionary key without
  /// escapes): `convertFromSnakeCase` changes only keys with `_`, `convertToSnakeCase` only keys
  /// with capitals (ASCII, or any non-ASCII letter).
  // NB: out of line: only schemas that name a key strategy come here.
  @inline(never)
  private static func changesUnderKeyStrategy(_ raw: UnsafeRawBufferPointer, _ strategies: (from: Bool, to: Bool)) -> Bool {
    raw.contains { byte in
      (strategies.from && byte == UInt8(ascii: "_"))
        || (strategies.to && ((byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte >= 0x80))
    }
  }

  @inline(__always)
  private static func startsNumber(_ byte: UInt8) -> Bool {
    byte == JSONByte.minus || (byte >= JSONByte.zero && byte <= JSONByte.zero &+ 9)
  }

  /// The first eight bytes of a string's raw content as one word, zero-padded like
  /// `KeyPrefix.word`: one load when the buffer goes on far enough, which it nearly always does
  /// (the closing quote and more follow).
  @inline(__always)
  static func prefix(of raw: UnsafeRawBufferPointer, _ scanner: JSONScanner) -> UInt64 {
    guard let address = raw.baseAddress, address + 8 <= scanner.buffer.baseAddress.map({ $0 + scanner.end }) ?? address
    else { return KeyPrefix.word(raw) }
    let word = UInt64(littleEndian: address.loadUnaligned(as: UInt64.self))
    return raw.count >= 8 ? word : word & ((1 &<< UInt64(raw.count &* 8)) &- 1)
  }

  /// Whether a string's raw bytes (no escapes), with their prefix word, are exactly `key`'s.
  @inline(__always)
  func equals(_ raw: UnsafeRawBufferPointer, _ prefix: UInt64, _ key: CleanKey) -> Bool {
    guard key.length == raw.count, key.prefix == prefix else { return false }
    guard key.length > 8, let address = raw.baseAddress else { return true }
    return memcmp(bytes + key.start + 8, address + 8, key.length - 8) == 0
  }
}
