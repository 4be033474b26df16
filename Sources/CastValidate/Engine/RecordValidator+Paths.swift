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

/// Key paths (`a/b`), indices (`x[1]`), alternatives (`a ?? b`) and `//! super` objects: resolved
/// after the object's scan from the spans captured for their first keys.
extension RecordValidator {
  mutating func deferredField(
    _ fieldIndex: Int, _ plan: ModelPlan, _ captures: [RootCapture?], build wantInstance: Bool
  ) throws(JSONSyntaxError) -> (FieldStatus, Int, Instance?, Int) {
    var status = FieldStatus.absent
    var offset = -1
    var instance: Instance?
    var used = -1
    let field = plan.fields[fieldIndex]
    let keys = field.property.keys
    // NB: these spans are read again, out of document order and against other types than the
    // clean-record check read them with: nothing in them is vouched for.
    let vouchedUntil = cleanUntil
    cleanUntil = -1
    defer { cleanUntil = vouchedUntil }
    for (alternative, keyPath) in keys.enumerated() {
      guard let (span, pieces) = locate(keyPath, plan, captures, origin: (fieldIndex, alternative)) else { continue }
      var scanner = subScanner(span)
      for piece in pieces { path.push(piece) }
      let mark = findings.count
      let errorsBefore = errorCount
      // NB: tried with lenient findings first, so a failed alternative can be set aside.
      let (result, value) = try self.field(field, &scanner, policy: plan.policy, build: wantInstance)
      path.pop(pieces.count)
      offset = span.start
      status = result
      instance = value
      used = alternative
      let isLast = alternative == keys.count - 1
      if result == .value || isLast { break }
      if result == .null || result == .emptyString { continue }
      // Unconvertible: JSON Cast tries the next alternative; the others fail here.
      guard plan.policy.unconvertible == .asAbsent else { break }
      if errorCount > errorsBefore { demote(since: mark) }
      for piece in pieces { path.push(piece) }
      report(
        .alternativeSkipped, .warning, "alternative \"\(keyPath)\" of '\(field.name)' is not convertible; trying \"\(keys[alternative + 1])\"",
        at: span.start, declaration: field.declaration)
      path.pop(pieces.count)
      status = .absent
    }
    return (status, offset, instance, used)
  }

  func checkSuperObjectPresent(_ key: KeyPath, _ plan: ModelPlan, _ captures: [RootCapture?]) -> Bool {
    guard let (span, _) = locate(key, plan, captures, origin: nil) else { return false }
    return bytes(JSONSpan(start: span.start, end: span.start + 1)).first == UInt8(ascii: "{")
  }

  mutating func checkSuperObject(_ key: KeyPath, _ plan: ModelPlan, _ captures: [RootCapture?], at objectStart: Int) {
    guard !checkSuperObjectPresent(key, plan, captures) else { return }
    report(
      .superObjectMissing, .error,
      "\(plan.name) reads its superclass's properties from \"\(key)\", which is absent or not an object", at: objectStart,
      declaration: plan.declaration, expected: "an object at \"\(key)\"", found: "absent",
      extraPath: "/" + key.components.map { JSONPointerText.escape($0.key) }.joined(separator: "/"))
  }

  /// The span of the value at `keyPath`, and the path pieces leading to it; nil when absent.
  func locate(
    _ keyPath: KeyPath, _ plan: ModelPlan, _ captures: [RootCapture?], origin: (field: Int, alternative: Int)?
  ) -> (JSONSpan, [PathPiece])? {
    var pieces: [PathPiece] = []
    var current: JSONSpan?
    for (position, component) in keyPath.components.enumerated() {
      if position == 0 {
        let root = SchemaCompiler.keyBytes(component.key, plan.caseInsensitive)
        guard let index = plan.deferredRoots.firstIndex(of: root), let capture = captures[index] else { return nil }
        current = capture.value
      } else {
        guard let parent = current, let child = member(component.key, of: parent, plan) else { return nil }
        current = child
      }
      if let origin {
        pieces.append(
          .component(
            plan: Int32(plan.index), field: Int32(origin.field), alternative: Int16(origin.alternative),
            component: Int16(position)))
      }
      if let index = component.index {
        guard let parent = current, let element = element(index, of: parent) else { return nil }
        current = element
        pieces.append(.index(index))
      }
    }
    return current.map { ($0, pieces) }
  }

  /// A scanner over one already-validated span of the document.
  func subScanner(_ span: JSONSpan) -> JSONScanner {
    JSONScanner(bytes(span), baseOffset: span.start, maxDepth: schema.options.maxDepth)
  }

  /// The value of the last member named `key` in the object at `span`.
  private func member(_ key: String, of span: JSONSpan, _ plan: ModelPlan) -> JSONSpan? {
    var scanner = subScanner(span)
    guard (try? scanner.peekKind()) == .object, (try? scanner.beginObject()) != nil else { return nil }
    let expected = SchemaCompiler.keyBytes(key, plan.caseInsensitive)
    var first = true
    var found: JSONSpan?
    while let token = try? scanner.nextKey(&first) {
      guard (try? scanner.peekKind()) != nil else { return nil }
      let start = scanner.offset
      guard (try? scanner.skipValue()) != nil else { return nil }
      if matches(token, expected, plan, scanner) { found = JSONSpan(start: start, end: scanner.offset) }
    }
    return found
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
