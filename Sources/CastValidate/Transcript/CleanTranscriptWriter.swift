import CastSchema

/// The clean-record check's sink for `convert` of NDJSON: writes a record the check vouches for
/// straight into the transcript as its compact JSON, keys from the table and values as read,
/// which is what the full walk's transcript writes for a record with nothing to report. It
/// writes a numeric enum's case as its raw value, a UUID in capitals, a date in the form its
/// format writes it in. Members that come out of declaration order are put in it when their
/// object ends, as the full walk's transcript does.
/// Whatever the output shares with the input text goes through the transcript's pending input
/// run, so a record written as it was read is copied in one piece.
// NB: plain pointers and an unmanaged reference, so passing it down the walk costs nothing;
// the transcript and the table outlive it (both belong to the walker).
struct CleanTranscriptWriter: CleanSink {
  let transcript: Borrowed<CompactTranscript>
  let models: PlainTable<CleanOutputModel>
  let keys: PlainTable<CleanBytes>
  let keysAreInput: PlainTable<Bool>
  let absent: PlainTable<CleanBytes>
  let nulls: PlainTable<CleanBytes>
  let isoDates: PlainTable<Bool>
  let numericCases: PlainTable<CleanBytes>
  /// Every model writes numbers as `JSONEncoder` writes the values read.
  let numbersAsStored: Bool
  let bytes: UnsafeMutablePointer<UInt8>
  /// Where the input's readable bytes end.
  let readableEnd: UnsafeRawPointer

  /// A writer for the record at `input[start...]`; nil when the input has no bytes (there is
  /// then nothing to write either).
  init?(_ transcript: CompactTranscript, input: UnsafeRawBufferPointer, recordAt start: Int) {
    guard let base = input.baseAddress, start >= 0, start <= input.count else { return nil }
    // The pending run starts empty at the record, so it only ever takes bytes of the input.
    transcript.anchorRun(at: base + start)
    self.transcript = Borrowed(transcript)
    let table = transcript.cleanOutput
    models = table.models
    keys = table.keys
    keysAreInput = table.keysAreInput
    absent = table.absent
    nulls = table.null
    isoDates = table.isoDates
    numericCases = table.numericCases
    numbersAsStored = table.numbersAsStored
    bytes = table.bytes.base
    readableEnd = base + input.count
  }

  var writes: Bool {
    @inline(__always) get { true }
  }


  @inline(__always)
  func string(_ token: JSONStringToken, _ scanner: JSONScanner) {
    let quoted = scanner.bytes(JSONSpan(start: token.span.start - 1, end: token.span.end + 1))
    guard token.hasEscapes else { return literal(quoted) }
    transcript.with {
      $0.flushRun()
      $0.writeString(quoted, escaped: true)
    }
  }

  func uuid(_ token: JSONStringToken, _ scanner: JSONScanner) {
    let raw = scanner.bytes(token.span)
    // Mostly written in capitals already, and then copied with the rest of the run.
    guard raw.contains(where: { ASCIIText.uppercase($0) != $0 }) else { return string(token, scanner) }
    transcript.with {
      $0.flushRun()
      $0.append(JSONByte.quote)
      for byte in raw { $0.append(ASCIIText.uppercase(byte)) }
      $0.append(JSONByte.quote)
    }
  }

  /// Written as its raw value, from the table.
  func numericCase(_ raw: Int) -> Bool {
    let text = numericCases[raw]
    guard text.length > 0 else { return false }
    transcript.with {
      $0.flushRun()
      $0.append(UnsafeRawBufferPointer(start: bytes + text.start, count: text.length))
    }
    return true
  }

  func storedNumber(_ span: JSONSpan, as type: ScalarType, _ scanner: JSONScanner) -> Bool {
    let literal = scanner.bytes(span)
    guard var text = EncoderNumberText.text(of: literal, as: type) else {
      self.literal(literal)
      return true
    }
    guard numbersAsStored else { return false }
    transcript.with { transcript in
      transcript.flushRun()
      text.withUTF8 { transcript.append(UnsafeRawBufferPointer($0)) }
    }
    return true
  }

  @inline(__always)
  func literal(_ span: JSONSpan, _ scanner: JSONScanner) {
    literal(scanner.bytes(span))
  }

  /// A date already in the one form its format writes it in (for ISO-8601 the canonical form,
  /// for a pattern the text the pattern writes for it, for an epoch number the number the walk
  /// writes) is copied; any other is written in that form, by the walk's rule
  /// (`RecordValidator.written`). A plain `Date` scalar (no format) is copied only when canonical.
  func date(_ span: JSONSpan, seconds: Double, format: Int32, _ scanner: JSONScanner) -> Bool {
    let text = scanner.bytes(span)
    guard format >= 0 else {
      guard text.first == JSONByte.quote, DateText.isCanonicalLiteral(text) else { return false }
      literal(text)
      return true
    }
    let written = {
      transcript.with { transcript in
        let date = transcript.cleanOutput.dateFormats[Int(format)]
        return RecordValidator.written(seconds, as: date.format, inTheirFormatOnly: date.inTheirFormatOnly)
      }
    }
    let asWritten: Bool
    if isoDates[Int(format)] {
      asWritten = text.first == JSONByte.quote && DateText.isCanonicalLiteral(text)
    } else if text.first != JSONByte.quote {
      let date = transcript.with { $0.cleanOutput.dateFormats[Int(format)] }
      // NB: whole seconds of at most 15 digits are written as their digits (`NumberText.literal`
      // of the exact double they read as), which is the text read.
      if !date.inTheirFormatOnly, date.format == .epochSeconds || date.format == .referenceSeconds, Self.isShortInteger(text) {
        asWritten = true
      } else if case .number(var number) = written() {
        asWritten = number.withUTF8 { JSONScanner.sameBytes(UnsafeRawBufferPointer($0), text) }
      } else {
        asWritten = false
      }
    } else {
      asWritten = transcript.with { transcript in
        transcript.cleanOutput.datePatterns[Int(format)].map { transcript.patternWrites($0, seconds, as: text) } ?? false
      }
    }
    guard !asWritten else {
      literal(text)
      return true
    }
    transcript.with { transcript in
      transcript.flushRun()
      guard isoDates[Int(format)] else {
        // A pattern date is written by its compiled pattern where `written` would too.
        let date = transcript.cleanOutput.dateFormats[Int(format)]
        if text.first == JSONByte.quote, let pattern = transcript.cleanOutput.datePatterns[Int(format)],
          !(date.inTheirFormatOnly && seconds < DateText.gregorianStart), !pattern.isReadByFormatter(seconds)
        {
          return transcript.writePatternDate(pattern, seconds)
        }
        return transcript.write(written())
      }
      let julian = transcript.cleanOutput.dateFormats[Int(format)].inTheirFormatOnly
      transcript.writeISO8601(RecordValidator.isoWritten(seconds, inTheirFormatOnly: julian), julian: julian)
    }
    return true
  }

  /// Whether a number literal is a whole number of at most 15 digits, `-` before them or not.
  static func isShortInteger(_ literal: UnsafeRawBufferPointer) -> Bool {
    let digits = literal.first == JSONByte.minus ? literal.dropFirst() : literal[...]
    return !digits.isEmpty && digits.count <= 15 && digits.allSatisfy { $0 &- JSONByte.zero < 10 }
  }

  /// Its text as compact JSON, which is what the encoder writes for it.
  func any(_ span: JSONSpan, _ scanner: JSONScanner) {
    let text = scanner.bytes(span)
    guard let start = text.baseAddress else { return }
    transcript.with { $0.copyCompact(start, start + text.count) }
  }

  @inline(__always)
  func null() {
    transcript.with {
      $0.flushRun()
      $0.appendNull()
    }
  }

  @inline(__always)
  func open(_ bracket: UInt8) { transcript.with { $0.appendFollowing(bracket, limit: readableEnd) } }

  @inline(__always)
  func close(_ bracket: UInt8) { transcript.with { $0.appendFollowing(bracket, limit: readableEnd) } }

  @inline(__always)
  func element() { transcript.with { $0.appendSeparatorFollowing(limit: readableEnd) } }

  /// A dictionary's key is written as read (it has no escapes).
  @inline(__always)
  func key(_ token: JSONStringToken, _ scanner: JSONScanner) {
    let quoted = scanner.bytes(JSONSpan(start: token.span.start - 1, end: token.span.end + 1))
    transcript.with { $0.appendSeparatorFollowing(limit: readableEnd) }
    literal(quoted)
    transcript.with { $0.appendFollowing(JSONByte.colon, limit: readableEnd) }
  }

  @inline(__always)
  func beginModel() {
    open(JSONByte.openBrace)
    transcript.with {
      $0.cleanObjects.push(CleanObjectMark(bodyStart: $0.pendingCount, firstMember: $0.cleanMembers.count, outOfOrder: false))
    }
  }

  @inline(__always)
  func member(model: Int, field: Int, after previous: Int, key: JSONStringToken, _ scanner: JSONScanner) {
    beginMember(model, field, after: previous)
    let entry = models[model].firstField &+ field
    guard keysAreInput[entry] else { return put(keys[entry]) }
    let quoted = scanner.bytes(JSONSpan(start: key.span.start - 1, end: key.span.end + 1))
    transcript.with { $0.appendSeparatorFollowing(limit: readableEnd) }
    literal(quoted)
    transcript.with { $0.appendFollowing(JSONByte.colon, limit: readableEnd) }
  }

  func memberUnderOutputKey(model: Int, field: Int, after previous: Int) {
    beginMember(model, field, after: previous)
    put(keys[models[model].firstField &+ field])
  }

  func nullMember(model: Int, field: Int, after previous: Int) {
    beginMember(model, field, after: previous)
    put(nulls[models[model].firstField &+ field])
  }

  @inline(__always)
  func endModel(_ model: Int, after previous: Int) {
    let mark = transcript.with { $0.cleanObjects[$0.cleanObjects.count &- 1] }
    transcript.with { $0.cleanObjects.pop() }
    if mark.outOfOrder {
      transcript.with { $0.reorderCleanObject(mark, model: model) }
    } else {
      fillGap(model, previous &+ 1, models[model].fieldCount)
      transcript.with { $0.cleanMembers.pop($0.cleanMembers.count &- mark.firstMember) }
    }
    close(JSONByte.closeBrace)
  }

  /// Marks where field `field`'s member begins, after the absent members before it while the
  /// object's members are in declaration order; one out of it puts the object out of order.
  @inline(__always)
  private func beginMember(_ model: Int, _ field: Int, after previous: Int) {
    transcript.with { transcript in
      let top = transcript.cleanObjects.count &- 1
      if !transcript.cleanObjects[top].outOfOrder {
        if field > previous {
          fillGap(model, previous &+ 1, field)
        } else {
          transcript.cleanObjects[top].outOfOrder = true
        }
      }
      transcript.cleanMembers.push(CleanMemberMark(field: field, start: transcript.pendingCount))
    }
  }

  /// Input text that is also output.
  @inline(__always)
  private func literal(_ text: UnsafeRawBufferPointer) {
    guard let start = text.baseAddress else { return }
    transcript.with { $0.copyInput(start, start + text.count) }
  }

  /// The members of the absent fields `lower..<upper`, each marked as a member.
  @inline(__always)
  private func fillGap(_ model: Int, _ lower: Int, _ upper: Int) {
    let entry = models[model]
    guard !entry.absenceIsSilent, lower < upper else { return }
    for field in lower..<upper {
      transcript.with { $0.cleanMembers.push(CleanMemberMark(field: field, start: $0.pendingCount)) }
      put(absent[entry.firstField &+ field])
    }
  }

  /// A member's bytes from the table (its key, or all of it), after a comma unless it opens the
  /// object.
  @inline(__always)
  private func put(_ run: CleanBytes) {
    guard run.length > 0 else { return }
    transcript.with {
      $0.flushRun()
      $0.appendSeparator()
      $0.appendPadded(bytes + run.start, run.length)
    }
  }
}
