/// The walker holds its transcript borrowed: these forward each call through a guaranteed
/// reference, so the hot loop pays no retain and release for it (the walker keeps it alive).
/// Those the engine's own loops call are kept out of line, so that validation, which never
/// takes them, keeps its loops as small as they were.
extension Borrowed where Object == CompactTranscript {
  @inline(never)
  func append(_ byte: UInt8) { with { $0.append(byte) } }

  @inline(never)
  func writeKey(_ key: JSONStringToken, _ reader: JSONScanner) { with { $0.writeKey(key, reader) } }

  @inline(never)
  func beginObject(fieldCount: Int) { with { $0.beginObject(fieldCount: fieldCount) } }

  @inline(never)
  func beginField(plan: Int, field: Int) { with { $0.beginField(plan: plan, field: field) } }

  @inline(never)
  func endField(_ field: Int, built instance: CastValidate.Instance?) {
    with { $0.endField(field, built: instance) }
  }

  @inline(never)
  func placeBuilt(_ field: Int, _ instance: CastValidate.Instance?) { with { $0.placeBuilt(field, instance) } }

  @inline(never)
  func settle(_ field: Int, _ settlement: RecordValidator.Settlement) {
    with { $0.settle(field, settlement) }
  }

  @inline(never)
  func endObject(_ plan: ModelPlan) { with { $0.endObject(plan) } }

  @inline(__always)
  func append(_ bytes: UnsafeRawBufferPointer) { with { $0.append(bytes) } }

  @inline(__always)
  func appendNull() { with { $0.appendNull() } }

  @inline(__always)
  func writeString(_ literal: UnsafeRawBufferPointer, escaped: Bool, readableTo end: UnsafeRawPointer?) {
    with { $0.writeString(literal, escaped: escaped, readableTo: end) }
  }

  @inline(__always)
  func appendLiteral(_ literal: UnsafeRawBufferPointer, readableTo end: UnsafeRawPointer?) {
    with { $0.appendLiteral(literal, readableTo: end) }
  }

  @inline(__always)
  func write(_ instance: CastValidate.Instance) { with { $0.write(instance) } }

  @inline(__always)
  func hasStringCases(_ index: Int) -> Bool { with { $0.hasStringCases(index) } }

  @inline(__always)
  func markBroken() { with { $0.isBroken = true } }
}
