/// The walker holds its transcript unmanaged: these forward each call through a guaranteed
/// reference, so the hot loop pays no retain and release for it (the walker keeps it alive).
extension Unmanaged where Instance == CompactTranscript {
  @inline(__always)
  func append(_ byte: UInt8) { _withUnsafeGuaranteedRef { $0.append(byte) } }

  @inline(__always)
  func writeKey(_ key: JSONStringToken, _ reader: JSONScanner) { _withUnsafeGuaranteedRef { $0.writeKey(key, reader) } }

  @inline(__always)
  func beginObject(fieldCount: Int) { _withUnsafeGuaranteedRef { $0.beginObject(fieldCount: fieldCount) } }

  @inline(__always)
  func beginField(plan: Int, field: Int) { _withUnsafeGuaranteedRef { $0.beginField(plan: plan, field: field) } }

  @inline(__always)
  func endField(_ field: Int, built instance: CastValidate.Instance?) {
    _withUnsafeGuaranteedRef { $0.endField(field, built: instance) }
  }

  @inline(__always)
  func placeBuilt(_ field: Int, _ instance: CastValidate.Instance?) { _withUnsafeGuaranteedRef { $0.placeBuilt(field, instance) } }

  @inline(__always)
  func settle(_ field: Int, _ settlement: RecordValidator.Settlement) {
    _withUnsafeGuaranteedRef { $0.settle(field, settlement) }
  }

  @inline(__always)
  func endObject(_ plan: ModelPlan) { _withUnsafeGuaranteedRef { $0.endObject(plan) } }

  @inline(__always)
  func append(_ bytes: UnsafeRawBufferPointer) { _withUnsafeGuaranteedRef { $0.append(bytes) } }

  @inline(__always)
  func appendNull() { _withUnsafeGuaranteedRef { $0.appendNull() } }

  @inline(__always)
  func writeString(_ token: JSONStringToken, _ reader: JSONScanner) {
    _withUnsafeGuaranteedRef { $0.writeString(token, reader) }
  }

  @inline(__always)
  func write(_ instance: CastValidate.Instance) { _withUnsafeGuaranteedRef { $0.write(instance) } }

  @inline(__always)
  func hasStringCases(_ index: Int) -> Bool { _withUnsafeGuaranteedRef { $0.hasStringCases(index) } }

  @inline(__always)
  func markBroken() { _withUnsafeGuaranteedRef { $0.isBroken = true } }
}
