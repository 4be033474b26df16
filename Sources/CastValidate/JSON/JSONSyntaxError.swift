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

  /// `offset N: message`, for logs; user-facing text should turn the offset into a line and column.
  public var description: String { "offset \(offset): \(message)" }
}
