import ArgumentParser
import CastSchema

extension Dialect: ExpressibleByArgument {}
extension CodableKeyEncoding: ExpressibleByArgument {
  /// The option's spelling, or Foundation's (`convertToSnakeCase`).
  package init?(argument: String) { self.init(spelling: argument) }
}
extension CodableKeyDecoding: ExpressibleByArgument {
  /// The option's spelling, or Foundation's (`convertFromSnakeCase`).
  package init?(argument: String) { self.init(spelling: argument) }
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

  @Flag(help: "Treat warnings about the .cast files as errors (exit 2; a REPL script, 1), so a build fails on a misspelt directive.")
  var werror = false

  @Option(help: "Read every model in this dialect: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")).")
  var dialect: Dialect?

  @Option(
    help: ArgumentHelp(
      "How a codable model's Date is read and written, as JSONDecoder's dateDecodingStrategy: deferred-to-date (the default: seconds since 2001-01-01, a number), seconds-since-1970, milliseconds-since-1970, iso8601, or formatted:PATTERN (e.g. formatted:yyyy-MM-dd, in UTC); Foundation's spellings (secondsSince1970, …) work too. A property's //! date directive wins.",
      valueName: "strategy"),
    completion: .list(["deferred-to-date", "seconds-since-1970", "milliseconds-since-1970", "iso8601"]))
  var dateDecoding: DateStrategy?

  @Option(
    name: .customLong("key-decoding"),
    help: "JSONDecoder's key strategy for Codable models: \(CodableKeyDecoding.allCases.map(\.rawValue).joined(separator: ", ")) (default use-default-keys; a model file's //! key-decoding line sets it when this is not given).")
  var keyDecoding: CodableKeyDecoding?

  @Option(
    name: .customLong("key-encoding"),
    help: "JSONEncoder's key strategy for what convert and roundtrip write for Codable models: \(CodableKeyEncoding.allCases.map(\.rawValue).joined(separator: ", ")) (Foundation's convertToSnakeCase: myURL is written my_url); default use-default-keys.")
  var keyEncoding: CodableKeyEncoding?

  @Option(
    name: .customLong("non-conforming-floats"),
    help: ArgumentHelp(
      "JSONDecoder's nonConformingFloatDecodingStrategy for codable models: throw (the default: a string is never a Float or Double), or POS,NEG,NAN (.convertFromString): the three strings a Float or Double reads as infinity, minus infinity and NaN, and that convert writes them as (JSONEncoder's .convertToString).",
      valueName: "strategy"))
  var nonConformingFloats: FloatStrategy?

  /// The Codable strategies given.
  var strategies: CodableStrategies {
    CodableStrategies(keyDecoding: keyDecoding, keyEncoding: keyEncoding, dateDecoding: dateDecoding, nonConformingFloats: nonConformingFloats)
  }

  /// The registry options these flags stand for.
  var registryOptions: RegistryOptions {
    strategies.applied(
      to: RegistryOptions(
        capitalizeKeys: capitalizeKeys, caseInsensitiveKeys: ignoreCase, emptyStringIsAbsent: nullEmpty, dialect: dialect))
  }
}

/// The Codable strategies the command line gives (or the REPL's `:set`): the one rule of how
/// they become registry options.
struct CodableStrategies: Equatable {
  var keyDecoding: CodableKeyDecoding?
  var keyEncoding: CodableKeyEncoding?
  var dateDecoding: DateStrategy?
  var nonConformingFloats: FloatStrategy?

  /// `options` with the strategies given, each named in `commandLineStrategies`: a model file's
  /// own strategy line does not change what is given here.
  func applied(to options: RegistryOptions) -> RegistryOptions {
    var options = options
    if let keyDecoding { options.keyDecoding = keyDecoding }
    if let keyEncoding { options.keyEncoding = keyEncoding }
    options.nonConformingFloats = nonConformingFloats?.floats
    let given: [(String, Bool)] = [
      ("key-decoding", keyDecoding != nil), ("key-encoding", keyEncoding != nil), ("date-decoding", dateDecoding != nil),
      ("non-conforming-floats", nonConformingFloats != nil),
    ]
    options.commandLineStrategies = Set(given.filter(\.1).map(\.0))
    return options.with(dateDecoding)
  }
}

/// A `--date-decoding` value: `JSONDecoder`'s date strategies by their names, in castctl's spelling.
struct DateStrategy: ExpressibleByArgument, Equatable {
  let format: DateFormat
  let text: String

  init?(argument: String) {
    text = argument
    // NB: Foundation's own spellings are accepted too, as a developer copies them from the app.
    guard let format = DateFormat(strategy: argument) else { return nil }
    self.format = format
  }
}

/// A `--non-conforming-floats` value: `throw`, or the three strings of `.convertFromString`.
struct FloatStrategy: ExpressibleByArgument, Equatable {
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
