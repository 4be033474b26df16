import CastSchema
import Foundation

/// A decoded `Date`, `URL`, `UUID` or `Data` as the Foundation value the model's property holds,
/// read from the text or number the decoder kept, in the property's own format (a date's
/// `//! date` or strategy; a URL as `URL(string:)` reads it).
extension DecodedValue {
  /// A `Date` property's value as its format writes it; nil for a value not read as a `Date`.
  /// Where the format writes less than was read, this is the instant written: the `iso8601`
  /// strategy writes whole seconds (`09:30:00.5Z` gives `09:30:00Z`, where `JSONDecoder`'s
  /// `Date` keeps the half second), and a pattern without the time of day writes the day.
  public var date: Date? {
    guard case .date(let format)? = node else { return nil }
    switch instance {
    case .number(let text), .string(let text):
      return ModelEncoder.seconds(written: text, format: schema.dateFormats[Int(format)]).map(Date.init(timeIntervalSinceReferenceDate:))
    default:
      return nil
    }
  }

  /// A `URL` property's value; nil for a value not read as a `URL`.
  public var url: URL? {
    guard case .scalar(.url)? = node, let string else { return nil }
    return URL(string: string)
  }

  /// A `UUID` property's value; nil for a value not read as a `UUID`.
  public var uuid: UUID? {
    guard case .scalar(.uuid)? = node, let string else { return nil }
    return UUID(uuidString: string)
  }

  /// A `Data` property's bytes (base64 in JSON); nil for a value not read as `Data`.
  public var data: Data? {
    guard case .scalar(.data)? = node, let string else { return nil }
    return Data(base64Encoded: string)
  }
}
