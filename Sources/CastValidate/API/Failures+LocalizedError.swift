import Foundation

// `localizedDescription` is what a program shows for an error it does not know; without these
// it read "The operation could not be completed" for castctl's failures, not what went wrong.

extension SchemaError: LocalizedError {
  /// The same text as `description`.
  public var errorDescription: String? { description }
}

extension DecodingFailure: LocalizedError {
  /// The same text as `description`.
  public var errorDescription: String? { description }
}

extension EncodingFailure: LocalizedError {
  /// The same text as `description`.
  public var errorDescription: String? { description }
}
