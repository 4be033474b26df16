/// A malformed-JSON error: where, and what was expected.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The absolute byte offset of the offending byte (it includes the scanner's `baseOffset`).
  public var offset: Int
  /// A sentence fragment saying what was found and what was expected, without the position.
  public var message: String

  /// Creates an error at an absolute offset (a program's tests may make one for a report).
  public init(offset: Int, message: String) {
    self.offset = offset
    self.message = message
  }

  /// What a nesting error's message ends with: how the depth limit can change.
  package enum DepthHint: Sendable, Equatable {
    /// The limit can be raised.
    case raise
    /// The limit is the most it can be.
    case atMost

    /// The hint for `spelling`'s reader.
    package func text(_ spelling: OptionSpelling) -> String {
      switch self {
      case .raise: " (raise it with \(OptionName.maxDepth.spelled(spelling)))"
      case .atMost: " (the most \(OptionName.maxDepth.spelled(spelling)) allows)"
      }
    }
  }

  /// On a nesting error, the hint its message ends with (the command line's spelling).
  package var depthHint: DepthHint?

  /// Errors are equal when they say the same at the same offset; the hint is how the message
  /// was made, not more of what it says.
  public static func == (lhs: JSONSyntaxError, rhs: JSONSyntaxError) -> Bool {
    lhs.offset == rhs.offset && lhs.message == rhs.message
  }

  /// The error with its hint naming the option as `spelling`'s reader sets it.
  package func spelled(_ spelling: OptionSpelling) -> JSONSyntaxError {
    guard let depthHint, message.hasSuffix(depthHint.text(.commandLine)) else { return self }
    var error = self
    error.message = String(message.dropLast(depthHint.text(.commandLine).count)) + depthHint.text(spelling)
    return error
  }

  /// `offset N: message`, for logs; user-facing text should turn the offset into a line and column.
  public var description: String { "offset \(offset): \(message)" }
}
