/// Error construction, kept out of line so the scanning loops stay small; it runs once per document at most.
extension JSONScanner {
  /// An error at a buffer-relative index.
  @inline(never)
  func syntaxError(_ message: String, at index: Int) -> JSONSyntaxError {
    JSONSyntaxError(offset: baseOffset + index, message: message)
  }

  /// An error naming what sits at the cursor (a character, a byte, or the end of input) and what should be there.
  @inline(never)
  func unexpected(expected: String) -> JSONSyntaxError {
    unexpected(at: position, expected: expected)
  }

  /// An error naming what sits at `index` and what should be there.
  @inline(never)
  func unexpected(at index: Int, expected: String) -> JSONSyntaxError {
    guard index < end else {
      return syntaxError("unexpected end of input; expected \(expected)", at: index)
    }
    return syntaxError("unexpected \(Self.describe(byte(at: index))); expected \(expected)", at: index)
  }

  /// An error for nesting one level deeper than `maxDepth`; it suggests raising the limit only
  /// where `--max-depth` can (`JSONSyntaxError.spelled(_:)` names it for a program).
  @inline(never)
  func tooDeep() -> JSONSyntaxError {
    let hint: JSONSyntaxError.DepthHint? = maxDepth < Self.maxDepthLimit ? .raise : maxDepth == Self.maxDepthLimit ? .atMost : nil
    var error = syntaxError(
      "nesting deeper than \(maxDepth) level\(maxDepth == 1 ? "" : "s")\(hint?.text(.commandLine) ?? "")", at: position)
    error.depthHint = hint
    return error
  }

  /// `character 'x'` for printable ASCII, `byte 0xNN` otherwise, so messages never print raw control bytes
  /// or partial UTF-8.
  static func describe(_ byte: UInt8) -> String {
    if byte > 0x20 && byte < 0x7F {
      return "character '\(Character(Unicode.Scalar(byte)))'"
    }
    return "byte \(hex(byte))"
  }

  /// `0xNN` in upper case.
  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0x0\(digits)" : "0x\(digits)"
  }
}
