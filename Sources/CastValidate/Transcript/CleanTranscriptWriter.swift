/// The clean-record check's sink for `convert` of NDJSON: writes a record the check vouches for
/// straight into the transcript as its compact JSON, keys from the table and values as read,
/// which is what the full walk's transcript writes for a record with nothing to report. It
/// refuses what it cannot write as read (the record then takes the full walk): members out of
/// declaration order, `Any`, UUIDs, numeric enum cases, dates not in canonical form.
/// Whatever the output shares with the input text goes through the transcript's pending input
/// run, so a record written as it was read is copied in one piece.
// NB: plain pointers and an unmanaged reference, so passing it down the walk costs nothing;
// the transcript and the table outlive it (both belong to the walker).
struct CleanTranscriptWriter: CleanSink {
  let transcript: Unmanaged<CompactTranscript>
  let models: PlainTable<CleanOutputModel>
  let keys: PlainTable<CleanBytes>
  let keysAreInput: PlainTable<Bool>
  let absent: PlainTable<CleanBytes>
  let nulls: PlainTable<CleanBytes>
  let isoDates: PlainTable<Bool>
  let bytes: UnsafeMutablePointer<UInt8>
  /// Where the input's readable bytes end.
  let readableEnd: UnsafeRawPointer

  /// A writer for the record at `input[start...]`; nil when the input has no bytes (there is
  /// then nothing to write either).
  init?(_ transcript: CompactTranscript, input: UnsafeRawBufferPointer, recordAt start: Int) {
    guard let base = input.baseAddress, start >= 0, start <= input.count else { return nil }
    // The pending run starts empty at the record, so it only ever takes bytes of the input.
    transcript.anchorRun(at: base + start)
    self.transcript = Unmanaged.passUnretained(transcript)
    let table = transcript.cleanOutput
    models = table.models
    keys = table.keys
    keysAreInput = table.keysAreInput
    absent = table.absent
    nulls = table.null
    isoDates = table.isoDates
    bytes = table.bytes.base
    readableEnd = base + input.count
  }

  var writes: Bool {
    @inline(__always) get { true }
  }

  var writesRebuiltValues: Bool {
    @inline(__always) get { false }
  }

  @inline(__always)
  func string(_ token: JSONStringToken, _ scanner: JSONScanner) {
    let quoted = scanner.bytes(JSONSpan(start: token.span.start - 1, end: token.span.end + 1))
    guard token.hasEscapes else { return literal(quoted) }
    transcript._withUnsafeGuaranteedRef {
      $0.flushRun()
      $0.writeString(quoted, escaped: true)
    }
  }

  @inline(__always)
  func literal(_ span: JSONSpan, _ scanner: JSONScanner) {
    literal(scanner.bytes(span))
  }

  /// Only the one form that ISO-8601 output writes back unchanged is copied.
  func date(_ span: JSONSpan, format: Int32, _ scanner: JSONScanner) -> Bool {
    let text = scanner.bytes(span)
    guard format < 0 || isoDates[Int(format)], DateText.isCanonicalLiteral(text) else { return false }
    literal(text)
    return true
  }

  @inline(__always)
  func null() {
    transcript._withUnsafeGuaranteedRef {
      $0.flushRun()
      $0.appendNull()
    }
  }

  @inline(__always)
  func open(_ bracket: UInt8) { transcript._withUnsafeGuaranteedRef { $0.appendFollowing(bracket, limit: readableEnd) } }

  @inline(__always)
  func close(_ bracket: UInt8) { transcript._withUnsafeGuaranteedRef { $0.appendFollowing(bracket, limit: readableEnd) } }

  @inline(__always)
  func element() { transcript._withUnsafeGuaranteedRef { $0.appendSeparatorFollowing(limit: readableEnd) } }

  /// A dictionary's key is written as read (it has no escapes).
  @inline(__always)
  func key(_ token: JSONStringToken, _ scanner: JSONScanner) {
    let quoted = scanner.bytes(JSONSpan(start: token.span.start - 1, end: token.span.end + 1))
    transcript._withUnsafeGuaranteedRef { $0.appendSeparatorFollowing(limit: readableEnd) }
    literal(quoted)
    transcript._withUnsafeGuaranteedRef { $0.appendFollowing(JSONByte.colon, limit: readableEnd) }
  }

  @inline(__always)
  func member(model: Int, field: Int, after previous: Int, key: JSONStringToken, _ scanner: JSONScanner) -> Bool {
    guard field > previous else { return false }
    fillGap(model, previous &+ 1, field)
    let entry = models[model].firstField &+ field
    guard keysAreInput[entry] else {
      put(keys[entry])
      return true
    }
    let quoted = scanner.bytes(JSONSpan(start: key.span.start - 1, end: key.span.end + 1))
    transcript._withUnsafeGuaranteedRef { $0.appendSeparatorFollowing(limit: readableEnd) }
    literal(quoted)
    transcript._withUnsafeGuaranteedRef { $0.appendFollowing(JSONByte.colon, limit: readableEnd) }
    return true
  }

  func nullMember(model: Int, field: Int, after previous: Int) -> Bool {
    guard field > previous else { return false }
    fillGap(model, previous &+ 1, field)
    put(nulls[models[model].firstField &+ field])
    return true
  }

  @inline(__always)
  func endModel(_ model: Int, after previous: Int) {
    fillGap(model, previous &+ 1, models[model].fieldCount)
    close(JSONByte.closeBrace)
  }

  /// Input text that is also output.
  @inline(__always)
  private func literal(_ text: UnsafeRawBufferPointer) {
    guard let start = text.baseAddress else { return }
    transcript._withUnsafeGuaranteedRef { $0.copyInput(start, start + text.count) }
  }

  /// The members of the absent fields `lower..<upper`.
  @inline(__always)
  private func fillGap(_ model: Int, _ lower: Int, _ upper: Int) {
    let entry = models[model]
    guard !entry.absenceIsSilent, lower < upper else { return }
    for field in lower..<upper { put(absent[entry.firstField &+ field]) }
  }

  /// A member's bytes from the table (its key, or all of it), after a comma unless it opens the
  /// object.
  @inline(__always)
  private func put(_ run: CleanBytes) {
    guard run.length > 0 else { return }
    transcript._withUnsafeGuaranteedRef {
      $0.flushRun()
      $0.appendSeparator()
      $0.appendPadded(bytes + run.start, run.length)
    }
  }
}
