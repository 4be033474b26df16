/// A model file's own coder strategies: `//! key-decoding convert-from-snake-case`,
/// `//! date-decoding iso8601`, … on a line of their own at the top level, in the options'
/// spellings, for models that are always decoded one way. They apply to the whole load, as the
/// options do; an option given on the command line wins.
enum FileStrategies {
  /// The strategy names, as the options spell them.
  static let names = ["key-decoding", "key-encoding", "date-decoding", "non-conforming-floats"]

  /// `options` with the strategy lines of `trees` applied; the lines are taken out of the stray
  /// directives, so only other stray directives are misplaced.
  static func apply(_ trees: inout [SourceFileSyntax], files: [SourceFile], options: RegistryOptions)
    -> (RegistryOptions, [Diagnostic])
  {
    var result = options
    var diagnostics: [Diagnostic] = []
    var setBy: [String: (value: String, file: String)] = [:]
    for index in trees.indices {
      var others: [DirectiveSyntax] = []
      for stray in trees[index].strayDirectives {
        let words = stray.text(in: files[index]).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let range = SourceRange(file: index, bytes: stray.range)
        guard let name = words.first, names.contains(name) else {
          if let name = words.first, name.contains("-"), let suggestion = NameSuggestion.closest(to: name, in: names) {
            diagnostics.append(
              Diagnostic(SchemaMessages.unknownDirective(name), at: range, notes: [DiagnosticNote("did you mean '\(suggestion)'?")]))
          } else {
            others.append(stray)
          }
          continue
        }
        let value = words.dropFirst().joined(separator: " ")
        var applied = result
        guard words.count == 2, apply(name, value, to: &applied, fixed: options.commandLineStrategies) else {
          diagnostics.append(Diagnostic(SchemaMessages.malformedDirective(usage(name)), at: range))
          continue
        }
        if let earlier = setBy[name], earlier.value != value {
          diagnostics.append(
            Diagnostic(
              SchemaMessages.malformedDirective(
                "'\(name) \(value)' conflicts with '\(name) \(earlier.value)' in \(earlier.file): strategies apply to every model loaded"),
              at: range))
          continue
        }
        result = applied
        setBy[name] = (value, files[index].path)
      }
      trees[index].strayDirectives = others
    }
    return (result, diagnostics)
  }

  /// Sets one strategy, unless the command line gave it; false when the value is not one.
  private static func apply(_ name: String, _ value: String, to options: inout RegistryOptions, fixed: Set<String>) -> Bool {
    let keep = fixed.contains(name)
    switch name {
    case "key-decoding":
      guard let strategy = CodableKeyDecoding(spelling: value) else { return false }
      if !keep { options.keyDecoding = strategy }
    case "key-encoding":
      guard let strategy = CodableKeyEncoding(spelling: value) else { return false }
      if !keep { options.keyEncoding = strategy }
    case "date-decoding":
      guard let format = DateFormat(strategy: value) else { return false }
      if !keep { options.codableDateFormat = format }
    default:
      guard value == "throw" || NonConformingFloats(option: value) != nil else { return false }
      if !keep { options.nonConformingFloats = NonConformingFloats(option: value) }
    }
    return true
  }

  /// What a strategy line takes, for `malformed-directive`.
  private static func usage(_ name: String) -> String {
    switch name {
    case "key-decoding": "'key-decoding' takes " + CodableKeyDecoding.allCases.map(\.rawValue).joined(separator: " or ")
    case "key-encoding": "'key-encoding' takes " + CodableKeyEncoding.allCases.map(\.rawValue).joined(separator: " or ")
    case "date-decoding":
      "'date-decoding' takes deferred-to-date, seconds-since-1970, milliseconds-since-1970, iso8601 or formatted:PATTERN"
    default: "'non-conforming-floats' takes throw or POS,NEG,NAN"
    }
  }
}

extension DateFormat {
  /// A `--date-decoding` strategy (JSONDecoder's `dateDecodingStrategy`) by castctl's name or
  /// Foundation's (`secondsSince1970`); `formatted:PATTERN` is a pattern in UTC.
  package init?(strategy: String) {
    switch strategy {
    case "deferred-to-date", "deferredToDate": self = .referenceSeconds
    case "seconds-since-1970", "secondsSince1970": self = .epochSeconds
    case "milliseconds-since-1970", "millisecondsSince1970": self = .epochMilliseconds
    case "iso8601": self = .iso8601
    case _ where strategy.hasPrefix("formatted:") && strategy.count > "formatted:".count:
      self = .pattern(String(strategy.dropFirst("formatted:".count)))
    default: return nil
    }
  }

  /// The strategy as `//! date-decoding` and `--date-decoding` spell it (`init(strategy:)` reads it back).
  package var strategyName: String {
    switch self {
    case .referenceSeconds: "deferred-to-date"
    case .epochSeconds: "seconds-since-1970"
    case .epochMilliseconds: "milliseconds-since-1970"
    case .iso8601: "iso8601"
    case .pattern(let pattern): "formatted:" + pattern
    }
  }
}

extension CodableKeyDecoding {
  /// castctl's spelling or Foundation's (`convertFromSnakeCase`).
  package init?(spelling: String) {
    guard let value = Self(rawValue: spelling) ?? Self.allCases.first(where: { "\($0)" == spelling }) else { return nil }
    self = value
  }
}

extension CodableKeyEncoding {
  /// castctl's spelling or Foundation's (`convertToSnakeCase`).
  package init?(spelling: String) {
    guard let value = Self(rawValue: spelling) ?? Self.allCases.first(where: { "\($0)" == spelling }) else { return nil }
    self = value
  }
}
