import ArgumentParser
import CastSchema

extension Dialect: ExpressibleByArgument {}
extension CodableKeyDecoding: ExpressibleByArgument {
  /// The option's spelling, or Foundation's (`convertFromSnakeCase`).
  package init?(argument: String) {
    guard let value = Self(rawValue: argument) ?? Self.allCases.first(where: { "\($0)" == argument }) else { return nil }
    self = value
  }
}

/// The generator flags of JSON Cast and the dialect override: how the registry computes keys.
struct GeneratorOptions: ParsableArguments {
  @Flag(name: [.customShort("c"), .customLong("uppercase")], help: "Capitalise the first letter of every key component (not verbatim keys).")
  var capitalizeKeys = false

  @Flag(name: [.customShort("i"), .customLong("ignorecase")], help: "Case-insensitive key lookup; output keeps the declared keys.")
  var ignoreCase = false

  @Flag(name: [.customShort("n"), .customLong("nullempty")], help: "An empty string counts as absent for String properties.")
  var nullEmpty = false

  @Flag(name: [.customShort("m"), .customLong("noimport")], help: "Accepted for compatibility with the cast script; no effect.")
  var noImport = false

  @Flag(help: "Treat warnings about the .cast files as errors (exit 2), so a build fails on a misspelt directive.")
  var werror = false

  @Option(help: "Read every model in this dialect: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).")
  var dialect: Dialect?

  @Option(
    help: ArgumentHelp(
      "How a codable model's Date is read and written, as JSONDecoder's dateDecodingStrategy: deferred-to-date (the default: seconds since 2001-01-01, a number), seconds-since-1970, milliseconds-since-1970, iso8601, or formatted:PATTERN (e.g. formatted:yyyy-MM-dd, in UTC); Foundation's spellings (secondsSince1970, …) work too. A property's //! date directive wins.",
      valueName: "strategy"))
  var dateDecoding: DateStrategy?

  @Option(
    name: .customLong("key-decoding"),
    help: "JSONDecoder's key strategy for Codable models: \(CodableKeyDecoding.allCases.map(\.rawValue).joined(separator: ", ")).")
  var keyDecoding: CodableKeyDecoding = .useDefaultKeys

  @Option(
    name: .customLong("non-conforming-floats"),
    help: ArgumentHelp(
      "JSONDecoder's nonConformingFloatDecodingStrategy for codable models: throw (the default: a string is never a Float or Double), or POS,NEG,NAN (.convertFromString): the three strings a Float or Double reads as infinity, minus infinity and NaN, and that convert writes them as (JSONEncoder's .convertToString).",
      valueName: "strategy"))
  var nonConformingFloats: FloatStrategy?

  /// The registry options these flags stand for.
  var registryOptions: RegistryOptions {
    var options = RegistryOptions(
      capitalizeKeys: capitalizeKeys, caseInsensitiveKeys: ignoreCase, emptyStringIsAbsent: nullEmpty,
      dialect: dialect)
    options.keyDecoding = keyDecoding
    options.nonConformingFloats = nonConformingFloats?.floats
    return options.with(dateDecoding)
  }
}

/// A `--date-decoding` value: `JSONDecoder`'s date strategies by their names, in castctl's spelling.
struct DateStrategy: ExpressibleByArgument {
  let format: DateFormat
  let text: String

  init?(argument: String) {
    text = argument
    switch argument {
    // NB: Foundation's own spellings are accepted too, as a developer copies them from the app.
    case "deferred-to-date", "deferredToDate": format = .referenceSeconds
    case "seconds-since-1970", "secondsSince1970": format = .epochSeconds
    case "milliseconds-since-1970", "millisecondsSince1970": format = .epochMilliseconds
    case "iso8601": format = .iso8601
    case _ where argument.hasPrefix("formatted:") && argument.count > "formatted:".count:
      format = .pattern(String(argument.dropFirst("formatted:".count)))
    default: return nil
    }
  }
}

/// A `--non-conforming-floats` value: `throw`, or the three strings of `.convertFromString`.
struct FloatStrategy: ExpressibleByArgument {
  let floats: NonConformingFloats?
  let text: String

  init?(argument: String) {
    text = argument
    if argument == "throw" {
      floats = nil
    } else if let floats = NonConformingFloats(option: argument) {
      self.floats = floats
    } else {
      return nil
    }
  }
}

extension RegistryOptions {
  /// These options with a `--date-decoding` strategy, when one is given.
  func with(_ strategy: DateStrategy?) -> RegistryOptions {
    var copy = self
    if let strategy { copy.codableDateFormat = strategy.format }
    return copy
  }
}
