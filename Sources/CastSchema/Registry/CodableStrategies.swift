/// JSONDecoder's and JSONEncoder's strategies for Codable models, as a program sets them on its
/// own coders (`decoder.dateDecodingStrategy = .iso8601`): the library's form of `--date-decoding`,
/// `--key-decoding`, `--key-encoding` and `--non-conforming-floats`.
extension RegistryOptions {
  /// `JSONDecoder.DateDecodingStrategy` (and the matching encoding strategy, for what is written).
  public enum DateDecodingStrategy: Sendable, Hashable {
    /// `Date`'s own form: seconds since 2001-01-01, a number (the decoder's default).
    case deferredToDate
    case secondsSince1970
    case millisecondsSince1970
    /// `ISO8601DateFormatter`'s form, whole seconds in UTC.
    case iso8601
    /// A `DateFormatter` with this `dateFormat`, in UTC and the POSIX locale.
    case formatted(String)
  }

  /// `JSONDecoder.KeyDecodingStrategy`.
  public enum KeyDecodingStrategy: Sendable, Hashable {
    case useDefaultKeys
    case convertFromSnakeCase
  }

  /// `JSONEncoder.KeyEncodingStrategy`.
  public enum KeyEncodingStrategy: Sendable, Hashable {
    case useDefaultKeys
    case convertToSnakeCase
  }

  /// How a Codable model's `Date` without a `//! date` directive is read and written.
  public var dateDecodingStrategy: DateDecodingStrategy {
    get {
      switch codableDateFormat {
      case .epochSeconds: .secondsSince1970
      case .epochMilliseconds: .millisecondsSince1970
      case .iso8601: .iso8601
      case .pattern(let pattern): .formatted(pattern)
      default: .deferredToDate
      }
    }
    set {
      switch newValue {
      case .deferredToDate: codableDateFormat = .referenceSeconds
      case .secondsSince1970: codableDateFormat = .epochSeconds
      case .millisecondsSince1970: codableDateFormat = .epochMilliseconds
      case .iso8601: codableDateFormat = .iso8601
      case .formatted(let pattern): codableDateFormat = .pattern(pattern)
      }
      commandLineStrategies.insert("date-decoding")
    }
  }

  /// How a Codable model's keys are read.
  public var keyDecodingStrategy: KeyDecodingStrategy {
    get { keyDecoding == .convertFromSnakeCase ? .convertFromSnakeCase : .useDefaultKeys }
    set {
      keyDecoding = newValue == .convertFromSnakeCase ? .convertFromSnakeCase : .useDefaultKeys
      commandLineStrategies.insert("key-decoding")
    }
  }

  /// How a Codable model's keys are written.
  public var keyEncodingStrategy: KeyEncodingStrategy {
    get { keyEncoding == .convertToSnakeCase ? .convertToSnakeCase : .useDefaultKeys }
    set {
      keyEncoding = newValue == .convertToSnakeCase ? .convertToSnakeCase : .useDefaultKeys
      commandLineStrategies.insert("key-encoding")
    }
  }

  /// `JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString`'s three strings (and the
  /// encoder's `convertToString`); nil is the decoders' default, `throw`.
  public var nonConformingFloatStrings: (positiveInfinity: String, negativeInfinity: String, nan: String)? {
    get { nonConformingFloats.map { ($0.positiveInfinity, $0.negativeInfinity, $0.nan) } }
    set {
      nonConformingFloats = newValue.map { NonConformingFloats(positiveInfinity: $0.positiveInfinity, negativeInfinity: $0.negativeInfinity, nan: $0.nan) }
      commandLineStrategies.insert("non-conforming-floats")
    }
  }
}
