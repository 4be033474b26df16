import CastSchema
import Foundation

/// The walk of a transcribed record (`CompactTranscript`): a value whose output is its input text
/// is checked without being built and copied; containers are opened and closed around the
/// engine's own walk of their contents; anything else is built and encoded.
extension RecordValidator {
  /// `value` while transcribing; when it returns `.value(nil)` the value's output has been written.
  // NB: out of line, so that `value` stays as small for validation as it was.
  @inline(never)
  mutating func transcribe(
    _ node: ValueNode, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy, declaration: SourceRange?
  ) throws(JSONSyntaxError) -> Outcome {
    guard let transcript else { return .unconvertible }
    let start = scanner.offset
    switch node {
    case .any:
      break
    case _ where kind == .null:
      // Kept only where nil is written as `null` (optional elements and values); a model's
      // member settles it when the object ends.
      try scanner.readNull()
      transcript.appendNull()
      return .null
    case .model(let index) where kind == .object:
      return try model(index, &scanner, declaration: declaration, build: false)
    case .array(let element, let null, false) where kind == .array:
      transcript.append(JSONByte.openBracket)
      let outcome = try array(
        schema.node(at: element), null: null, isSet: false, &scanner, policy: policy, declaration: declaration,
        build: false)
      transcript.append(JSONByte.closeBracket)
      return outcome
    case .dictionary(let key, let value, let null) where kind == .object:
      transcript.append(JSONByte.openBrace)
      let outcome = try dictionary(
        key: schema.node(at: key), value: schema.node(at: value), null: null, &scanner, policy: policy,
        declaration: declaration, build: false)
      transcript.append(JSONByte.closeBrace)
      return outcome
    case .scalar(.string) where kind == .string:
      // Every JSON string is a String; read here, its token tells whether it needs decoding.
      let token = try scanner.readString()
      transcript.writeString(
        scanner.bytes(JSONSpan(start: token.span.start - 1, end: token.span.end + 1)), escaped: token.hasEscapes,
        readableTo: documentEnd)
      return .value(nil)
    case .scalar(.url) where kind == .string && policy.urlsAsFoundationParses:
      // NB: built (the walk has the text in hand), for a URL Foundation writes back otherwise
      // (`a b` as `a%20b`) is written as it writes it.
      let outcome = try scalar(.url, kind, &scanner, policy: policy, declaration: declaration, build: true)
      guard case .value(let url?) = outcome else { return outcome }
      let literal = scanner.bytes(JSONSpan(start: start + 1, end: scanner.offset - 1))
      if literal.contains(JSONByte.backslash) || !FormatChecks.isPlainURL(literal) {
        transcript.write(url)
      } else {
        copyLiteral(start, scanner, integer: false, into: transcript)
      }
      return .value(nil)
    case .scalar(.data) where kind == .string && policy.dataWrittenAsStored:
      let outcome = try scalar(.data, kind, &scanner, policy: policy, declaration: declaration, build: false)
      guard case .value = outcome else { return outcome }
      // NB: base64 Foundation writes back otherwise (`YW==` as `YQ==`) leaves the record to the instance path.
      if !FormatChecks.isCanonicalBase64(scanner.bytes(JSONSpan(start: start + 1, end: scanner.offset - 1))) { transcript.markBroken() }
      copyLiteral(start, scanner, integer: false, into: transcript)
      return outcome
    case .scalar(let type) where Self.keepsLiteral(type, kind):
      let outcome = try scalar(type, kind, &scanner, policy: policy, declaration: declaration, build: false)
      guard case .value = outcome else { return outcome }
      if policy.numbersWrittenAsStored, kind == .number,
        let written = EncoderNumberText.text(of: scanner.bytes(JSONSpan(start: start, end: scanner.offset)), as: type)
      {
        transcript.write(.number(written))
      } else {
        copyLiteral(start, scanner, integer: type.isInteger, into: transcript)
      }
      return outcome
    case .scalar(.date) where kind == .string && isCanonicalDate(at: start, scanner):
      let outcome = try date(.iso8601, kind, &scanner, policy: policy, declaration: declaration, build: false)
      if case .value = outcome { copyLiteral(start, scanner, integer: false, into: transcript) }
      return outcome
    case .date(let format) where kind == .string && schema.dateFormats[Int(format)] == .iso8601 && isCanonicalDate(at: start, scanner):
      let outcome = try date(.iso8601, kind, &scanner, policy: policy, declaration: declaration, build: false)
      if case .value = outcome { copyLiteral(start, scanner, integer: false, into: transcript) }
      return outcome
    case .enumeration(let index) where kind == .string && transcript.hasStringCases(index):
      // A string case is written as its raw value, which is the text it matched unless that text
      // has escapes or is another normal form of the raw value.
      let outcome = try enumeration(index, kind, &scanner, policy: policy, declaration: declaration, build: false)
      guard case .value = outcome else { return outcome }
      let content = JSONSpan(start: start + 1, end: scanner.offset - 1)
      let token = JSONStringToken(span: content, hasEscapes: bytes(content).contains(JSONByte.backslash))
      let plan = schema.enums[index]
      if !ASCIIText.isASCIIWithoutEscapes(bytes(content)), let raw = plan.stringCase(equalTo: scanner.string(token)),
        case .string(let text) = plan.rawValues[raw]
      {
        transcript.write(.string(text))
      } else {
        copyLiteral(start, scanner, integer: false, into: transcript)
      }
      return outcome
    default:
      break
    }
    let outcome = try value(node, &scanner, policy: policy, declaration: declaration, build: true)
    guard case .value(let instance?) = outcome else { return outcome }
    transcript.write(instance)
    return .value(nil)
  }

  /// Whether a value of this JSON kind is written as its input text once it converts: strings
  /// that stay strings (UUIDs excepted: they are upper-cased), numbers that stay numbers (an
  /// integer checked for a fraction when copied), booleans.
  static func keepsLiteral(_ type: ScalarType, _ kind: JSONValueKind) -> Bool {
    switch kind {
    case .string: type == .string || type == .character || type == .url || type == .data
    case .number: type.isNumeric
    case .bool: type == .bool
    default: false
    }
  }

  /// Copies the literal just read; an integer written with a fraction or an exponent (`3.0`) is
  /// written differently, so the record is left to the instance path.
  @inline(__always)
  private func copyLiteral(
    _ start: Int, _ scanner: JSONScanner, integer: Bool, into transcript: Borrowed<CompactTranscript>
  ) {
    let literal = scanner.bytes(JSONSpan(start: start, end: scanner.offset))
    if literal.first == JSONByte.quote {
      let escaped = literal.baseAddress.map { memchr($0, Int32(JSONByte.backslash), literal.count) != nil } ?? false
      return transcript.writeString(literal, escaped: escaped, readableTo: documentEnd)
    }
    // NB: `-0` is written `0` where numbers are written as stored: the full walk knows the dialect.
    if integer, literal.contains(where: { $0 == JSONByte.dot || $0 | 0x20 == JSONByte.lowerE }) || RecordValidator.isNegativeZero(literal) {
      transcript.markBroken()
    }
    transcript.appendLiteral(literal, readableTo: documentEnd)
  }

  /// Where the input's readable bytes end (literals are copied in pieces that may read past
  /// their own end, never past this).
  private var documentEnd: UnsafeRawPointer? { document.baseAddress.map { $0 + document.count } }

  /// Whether the string at `start` is a canonical ISO-8601 date (`DateText.isCanonicalLiteral`).
  private func isCanonicalDate(at start: Int, _ scanner: JSONScanner) -> Bool {
    DateText.isCanonicalLiteral(scanner.bytes(JSONSpan(start: start, end: start + 22)))
  }
}
