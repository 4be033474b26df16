/// The clean-record check's sink for `convert` of NDJSON: writes a record the check vouches for
/// straight into the transcript as its compact JSON, keys from the table and values as read,
/// which is what the full walk's transcript writes for a record with nothing to report. It
/// refuses what it cannot write as read (the record then takes the full walk): members out of
/// declaration order, `Any`, UUIDs, numeric enum cases, dates not in canonical form.
// NB: plain pointers and an unmanaged reference, so passing it down the walk costs nothing;
// the transcript and the table outlive it (both belong to the walker).
struct CleanTranscriptWriter: CleanSink {
  let transcript: Unmanaged<CompactTranscript>
  let models: PlainTable<CleanOutputModel>
  let keys: PlainTable<CleanBytes>
  let absent: PlainTable<CleanBytes>
  let nulls: PlainTable<CleanBytes>
  let isoDates: PlainTable<Bool>
  let bytes: UnsafeMutablePointer<UInt8>
  /// Where the input's readable bytes end (literals are copied in pieces that may read past
  /// their own end, never past this).
  let readableEnd: UnsafeRawPointer?

  init(_ transcript: CompactTranscript, readableTo end: UnsafeRawPointer?) {
    self.transcript = Unmanaged.passUnretained(transcript)
    let table = transcript.cleanOutput
    models = table.models
    keys = table.keys
    absent = table.absent
    nulls = table.null
    isoDates = table.isoDates
    bytes = table.bytes.base
    readableEnd = end
  }

  var writes: Bool {
    @inline(__always) get { true }
  }

  var writesRebuiltValues: Bool {
    @inline(__always) get { false }
  }

  @inline(__always)
  func string(_ token: JSONStringToken, _ scanner: JSONScanner) {
    let literal = scanner.bytes(JSONSpan(start: token.span.start - 1, end: token.span.end + 1))
    transcript._withUnsafeGuaranteedRef { $0.writeString(literal, escaped: token.hasEscapes, readableTo: readableEnd) }
  }

  @inline(__always)
  func literal(_ span: JSONSpan, _ scanner: JSONScanner) {
    let literal = scanner.bytes(span)
    transcript._withUnsafeGuaranteedRef { $0.appendLiteral(literal, readableTo: readableEnd) }
  }

  /// Only the one form that ISO-8601 output writes back unchanged is copied.
  func date(_ span: JSONSpan, format: Int32, _ scanner: JSONScanner) -> Bool {
    guard format < 0 || isoDates[Int(format)], DateText.isCanonicalLiteral(scanner.bytes(span)) else { return false }
    literal(span, scanner)
    return true
  }

  @inline(__always)
  func null() { transcript._withUnsafeGuaranteedRef { $0.appendNull() } }

  @inline(__always)
  func open(_ bracket: UInt8) { transcript._withUnsafeGuaranteedRef { $0.append(bracket) } }

  @inline(__always)
  func close(_ bracket: UInt8) { transcript._withUnsafeGuaranteedRef { $0.append(bracket) } }

  @inline(__always)
  func element() { transcript._withUnsafeGuaranteedRef { $0.appendSeparator() } }

  @inline(__always)
  func key(_ token: JSONStringToken, _ scanner: JSONScanner) {
    transcript._withUnsafeGuaranteedRef { $0.writeKey(token, scanner) }
  }

  @inline(__always)
  func member(model: Int, field: Int, after previous: Int) -> Bool {
    guard field > previous else { return false }
    fillGap(model, previous &+ 1, field)
    put(keys[models[model].firstField &+ field])
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

  /// The members of the absent fields `lower..<upper`.
  @inline(__always)
  private func fillGap(_ model: Int, _ lower: Int, _ upper: Int) {
    let entry = models[model]
    guard !entry.absenceIsSilent, lower < upper else { return }
    for field in lower..<upper { put(absent[entry.firstField &+ field]) }
  }

  /// A member's bytes (its key, or all of it), after a comma unless it opens the object.
  @inline(__always)
  private func put(_ run: CleanBytes) {
    guard run.length > 0 else { return }
    transcript._withUnsafeGuaranteedRef {
      $0.appendSeparator()
      $0.appendPadded(bytes + run.start, run.length)
    }
  }
}
