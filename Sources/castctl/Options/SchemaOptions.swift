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
    name: .customLong("key-decoding"),
    help: "JSONDecoder's key strategy for Codable models: \(CodableKeyDecoding.allCases.map(\.rawValue).joined(separator: ", ")).")
  var keyDecoding: CodableKeyDecoding = .useDefaultKeys

  /// The registry options these flags stand for.
  var registryOptions: RegistryOptions {
    var options = RegistryOptions(
      capitalizeKeys: capitalizeKeys, caseInsensitiveKeys: ignoreCase, emptyStringIsAbsent: nullEmpty,
      dialect: dialect)
    options.keyDecoding = keyDecoding
    return options
  }
}
