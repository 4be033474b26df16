import CastSchema

/// A first key of a key path (or `//! super`) as the object's scan found it: the key, for the
/// paths of findings below it, and its value's span (start < 0: not seen).
struct RootCapture: BitwiseCopyable {
  var key: JSONStringToken
  var value: JSONSpan

  /// Not seen. Computed, so that reading it costs no lazy-global check in the scan.
  @inline(__always)
  static var none: RootCapture {
    let unseen = JSONSpan(start: -1, end: -1)
    return RootCapture(key: JSONStringToken(span: unseen, hasEscapes: false), value: unseen)
  }
}

/// Where a key path leads in a document.
enum PathLookup {
  /// The value, and the path pieces leading to it.
  case found(JSONSpan, [PathPiece])
  /// A key or index on the way is not there: the object or array where the next step is missing
  /// and the steps (keys and indices) that lead to it, when the first key was there.
  case absent(reached: JSONSpan?, steps: Int)
  /// A step met a value it cannot go into (no object before a key, no array before an index):
  /// that value, the pieces leading to it (one per step, when they are asked for), and what the
  /// step needed.
  case blocked(JSONSpan, [PathPiece], needs: JSONValueKind)
}

/// What a deferred property's keys gave, as its `FieldSlot` keeps it, and its value when built.
struct DeferredValue {
  var status = FieldStatus.absent
  var offset = -1
  var instance: Instance?
  var alternative = -1
  /// See `FieldSlot.steps`.
  var steps = -1
}

/// Key paths (`a/b`), indices (`x[1]`), alternatives (`a ?? b`) and `//! super` objects: resolved
/// after the object's scan from the spans captured for their first keys.
extension RecordValidator {
  mutating func deferredField(
    _ fieldIndex: Int, _ plan: ModelPlan, _ captures: Captures, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> DeferredValue {
    var outcome = DeferredValue()
    var missingAt: (offset: Int, steps: Int)?
    let field = plan.fields[fieldIndex]
    let keys = field.property.keys
    let routes = plan.routes[fieldIndex]
    for (alternative, keyPath) in keys.enumerated() {
      let span: JSONSpan
      let pieces: [PathPiece]
      let result: FieldStatus
      var value: Instance?
      let mark = findingMark
      let errorsBefore = errorCount
      outcome.steps = -1
      switch locate(routes[alternative], plan, captures, wantsPieces: true) {
      case .absent(let reached, let steps):
        // Where the declared (first) path stops, for a missing property's finding.
        if alternative == 0, let reached { missingAt = (reached.start, steps) }
        continue
      case .found(let found, let foundPieces):
        (span, pieces) = (found, foundPieces)
        var scanner = subScanner(span)
        for piece in pieces { path.push(piece) }
        // NB: tried with lenient findings first, so a failed alternative can be set aside.
        (result, value) = try self.field(plan.facts[fieldIndex], of: plan.index, at: fieldIndex, &scanner, policy: plan.policy, build: wantInstance)
        path.pop(pieces.count)
      case .blocked(let found, let foundPieces, let needs):
        let reached = keyPath.leading(foundPieces.count)
        // A value another property reads whole is that property's, and nothing is lost: the path
        // is just not in this document. The super object is super-object-missing's to report.
        if plan.pathTree?.isRead(reached) == true { continue }
        if let superKey = plan.superKey, reached.components == superKey.components { continue }
        (span, pieces) = (found, foundPieces)
        result = blockedStep(field, keyPath, found, pieces, reached: reached, needs: needs, policy: plan.policy)
        outcome.steps = pieces.count
      }
      outcome.offset = span.start
      outcome.status = result
      outcome.instance = value
      outcome.alternative = alternative
      let isLast = alternative == keys.count - 1
      if result == .value || isLast { break }
      // A null the dialect takes for no value leaves the next alternative to try; one its null
      // rule rejects (DSON's, --strict's for a non-optional) is judged where it is.
      if result == .null, plan.policy.rejectsNull(optional: field.isOptional) { break }
      if result == .null || result == .emptyString { continue }
      // Unconvertible: JSON Cast tries the next alternative; the others fail here.
      guard plan.policy.unconvertible == .asAbsent else { break }
      if errorCount > errorsBefore { demote(since: mark) }
      for piece in pieces { path.push(piece) }
      report(
        .alternativeSkipped, .warning, "alternative \"\(keyPath)\" of '\(field.name)' is not convertible; trying \"\(keys[alternative + 1])\"",
        at: span.start, declaration: field.declaration)
      path.pop(pieces.count)
      outcome.status = .absent
    }
    // No alternative led anywhere: an absent slot with an offset but no alternative says where
    // the first one stops (`FieldSlot.steps`).
    if outcome.status == .absent, outcome.alternative < 0, let missingAt {
      (outcome.offset, outcome.steps) = missingAt
    }
    return outcome
  }

  /// A key path that runs into a value it cannot go into. A `null` there is the property's null,
  /// judged by the dialect's null rule; any other value is a present value that cannot be used,
  /// a type-mismatch at that value, judged as an unconvertible one (semantics §3, §1.2).
  private mutating func blockedStep(
    _ field: FieldPlan, _ keyPath: KeyPath, _ span: JSONSpan, _ pieces: [PathPiece], reached: KeyPath,
    needs: JSONValueKind, policy: Policy
  ) -> FieldStatus {
    var scanner = subScanner(span)
    guard let kind = try? scanner.peekKind(), kind != .null else { return .null }
    let mark = findingMark
    let expected = needs == .array ? "an array" : "an object"
    let found = Excerpt.describe(kind, bytes(span))
    for piece in pieces { path.push(piece) }
    report(
      .typeMismatch, .error,
      "expected \(expected) at \"\(reached)\" for '\(field.name)' (\"\(keyPath)\"), found \(found)", at: span.start,
      declaration: field.declaration, expected: expected, found: found)
    path.pop(pieces.count)
    // As for any other unusable value: a required property's cannot be dropped, so the finding
    // stays an error, the root cause.
    if policy.unconvertible != .error, !field.isRequired { demote(since: mark) }
    return .unconvertible
  }

  /// The superclass's object (`//! super "key"`) is there: else an error at the value that
  /// stands in its place, or at the record when there is none.
  mutating func checkSuperObject(
    _ key: KeyPath, _ route: KeyRoute, _ plan: ModelPlan, _ captures: Captures, at objectStart: Int
  ) {
    let value: JSONSpan?
    switch locate(route, plan, captures, wantsPieces: false) {
    case .found(let span, _):
      guard firstByte(span) != UInt8(ascii: "{") else { return }
      value = span
    default:
      value = nil
    }
    let found = value.map { span in
      var scanner = subScanner(span)
      return (try? scanner.peekKind()).map { Excerpt.describe($0, bytes(span)) } ?? "absent"
    } ?? "absent"
    report(
      .superObjectMissing, .error,
      "\(plan.name) reads its superclass's properties from \"\(key)\", which is \(value == nil ? "absent" : "not an object: \(found)")",
      at: value?.start ?? objectStart, declaration: plan.declaration, expected: "an object at \"\(key)\"", found: found,
      extraPath: "/" + key.components.map { JSONPointer.escape($0.key) }.joined(separator: "/"))
  }

  /// Where `route` leads, with the path pieces to the value it reaches when `wantsPieces`.
  mutating func locate(_ route: KeyRoute, _ plan: ModelPlan, _ captures: Captures, wantsPieces: Bool) -> PathLookup {
    var pieces: [PathPiece] = []
    var current = JSONSpan(start: -1, end: -1)
    var steps = 0
    for (position, step) in route.steps.enumerated() {
      // The data's own key, so that a pointer names the member as the document spells it (`-i`,
      // snake_case folding), as a plain property's does.
      let key: JSONStringToken
      if position == 0 {
        guard let root = route.root, let capture = captures[root] else { return .absent(reached: nil, steps: 0) }
        (key, current) = (capture.key, capture.value)
      } else {
        guard firstByte(current) == UInt8(ascii: "{") else { return .blocked(current, pieces, needs: .object) }
        guard let child = member(step.key, of: current, plan) else { return .absent(reached: current, steps: steps) }
        (key, current) = child
      }
      steps += 1
      if wantsPieces { pieces.append(.key(key)) }
      if let index = step.index {
        guard firstByte(current) == UInt8(ascii: "[") else { return .blocked(current, pieces, needs: .array) }
        guard let element = element(index, of: current) else { return .absent(reached: current, steps: steps) }
        current = element
        steps += 1
        pieces.append(.index(index))
      }
    }
    return .found(current, pieces)
  }

  /// The first byte of an already-validated value, which tells its JSON type.
  private func firstByte(_ span: JSONSpan) -> UInt8? {
    bytes(JSONSpan(start: span.start, end: span.start + 1)).first
  }

  /// A scanner over one already-validated span of the document.
  func subScanner(_ span: JSONSpan) -> JSONScanner {
    JSONScanner(bytes(span), baseOffset: span.start, maxDepth: schema.options.maxDepth)
  }

  /// The key and value of the last member named `key` in the object at `span`, whose members
  /// are read once per record: a narrow object's kept in order, a wide one's (many key paths may
  /// go into it) in a table.
  private mutating func member(_ expected: [UInt8], of span: JSONSpan, _ plan: ModelPlan) -> (JSONStringToken, JSONSpan)? {
    let place = MemberIndexes.Place(span: span, plan: plan.index)
    if !memberIndexes.isEmpty, let table = memberIndexes.table(at: place) { return table[expected] }
    let read: Range<Int>
    if let kept = memberIndexes.members(at: place) {
      read = kept
    } else {
      let first = memberIndexes.startObject()
      let indexes = memberIndexes
      forEachMember(of: span) { token, value, _ in indexes.add(MemberIndexes.Member(key: token, value: value)) }
      read = memberIndexes.endObject(at: place, from: first)
    }
    let scanner = subScanner(span)
    if read.count > MemberIndexes.widest {
      var table = MemberIndexes.Table(minimumCapacity: read.count)
      for index in read {
        let member = memberIndexes.member(at: index)
        table[Self.comparedKey(member.key, plan, scanner)] = (member.key, member.value)
      }
      memberIndexes.store(table, at: place)
      return table[expected]
    }
    var found: (JSONStringToken, JSONSpan)?
    for index in read {
      let member = memberIndexes.member(at: index)
      if Self.matches(member.key, expected, plan, scanner) { found = (member.key, member.value) }
    }
    return found
  }

  /// Each member of the already-validated object at `span`, in order.
  private func forEachMember(of span: JSONSpan, _ body: (JSONStringToken, JSONSpan, JSONScanner) -> Void) {
    var scanner = subScanner(span)
    guard (try? scanner.peekKind()) == .object, (try? scanner.beginObject()) != nil else { return }
    var first = true
    while let token = try? scanner.nextKey(&first) {
      guard (try? scanner.peekKind()) != nil else { return }
      let start = scanner.offset
      guard (try? scanner.skipValue()) != nil else { return }
      body(token, JSONSpan(start: start, end: scanner.offset), scanner)
    }
  }

  /// Element `index` of the array at `span`.
  private func element(_ index: Int, of span: JSONSpan) -> JSONSpan? {
    var scanner = subScanner(span)
    guard (try? scanner.peekKind()) == .array, (try? scanner.beginArray()) != nil else { return nil }
    var first = true
    var position = 0
    while (try? scanner.nextElement(&first)) == true {
      guard (try? scanner.peekKind()) != nil else { return nil }
      let start = scanner.offset
      guard (try? scanner.skipValue()) != nil else { return nil }
      if position == index { return JSONSpan(start: start, end: scanner.offset) }
      position += 1
    }
    return nil
  }
}

extension KeyPath {
  /// The path of its first `steps` steps, a key and an index each one step (`a/b[1]/c` → 2:
  /// `a/b`, 3: `a/b[1]`); the whole path for a negative count.
  func leading(_ steps: Int) -> KeyPath {
    guard steps >= 0 else { return self }
    var remaining = steps
    var kept: [KeyComponent] = []
    for component in components where remaining > 0 {
      remaining -= 1
      var step = KeyComponent(key: component.key)
      if let index = component.index, remaining > 0 {
        remaining -= 1
        step.index = index
      }
      kept.append(step)
    }
    return KeyPath(components: kept, isVerbatim: isVerbatim)
  }
}
