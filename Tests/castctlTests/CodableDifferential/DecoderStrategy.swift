/// A `JSONDecoder` configuration of the corpus, with the same configuration on the encoder that
/// re-encodes, and the castctl option names it maps to (read from `--help`: a strategy castctl
/// does not offer yet is skipped with a note, not failed).
enum DecoderStrategy: String, CaseIterable, Sendable {
  case defaults, snakeCase, secondsSince1970, millisecondsSince1970, iso8601

  /// Swift statements configuring `decoder` and `encoder` in the oracle.
  var oracleSetup: String {
    switch self {
    case .defaults: return ""
    case .snakeCase: return "decoder.keyDecodingStrategy = .convertFromSnakeCase"
    case .secondsSince1970, .millisecondsSince1970, .iso8601:
      return "decoder.dateDecodingStrategy = .\(rawValue); encoder.dateEncodingStrategy = .\(rawValue)"
    }
  }

  /// Option names castctl might spell the strategy with, most likely first.
  var candidateOptions: [String] {
    switch self {
    case .defaults: return []
    case .snakeCase: return ["--key-decoding-strategy", "--key-decoding", "--key-strategy", "--keys-from"]
    default: return ["--date-decoding-strategy", "--date-decoding", "--date-strategy", "--dates"]
    }
  }

  /// The option's value as Foundation spells it, or in kebab case when that is what `help` lists
  /// (`seconds-since-1970`).
  func optionValue(help: String) -> String {
    let swift = self == .snakeCase ? "convertFromSnakeCase" : rawValue
    var kebab = ""
    for character in swift {
      if character.isUppercase || (character.isNumber && !(kebab.last?.isNumber ?? true)) { kebab += "-" }
      kebab += character.lowercased()
    }
    return help.contains(kebab) && !help.contains(swift) ? kebab : swift
  }

  /// The castctl arguments for this strategy given `help` (the subcommand's `--help`), or nil
  /// when it offers none of the candidate options.
  func arguments(help: String) -> [String]? {
    if self == .defaults { return [] }
    guard let option = candidateOptions.first(where: { help.contains($0 + " ") }) else { return nil }
    return [option, optionValue(help: help)]
  }

  /// Whether `convert` output is compared for this strategy: the snake-case strategy decodes
  /// keys only, and what castctl writes back then is its own choice (`--keys`).
  var comparesOutput: Bool { self != .snakeCase }
}
