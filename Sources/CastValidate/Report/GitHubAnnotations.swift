import CastSchema

/// `--format github`: workflow commands that GitHub Actions shows as annotations on the pull
/// request (`::error file=…,line=…,col=…,title=castctl CODE::message`), for the data's findings
/// and the model files' diagnostics, and a Markdown summary for the step's summary page.
package enum GitHubAnnotations {
  /// GitHub shows at most this many annotations of each level per step.
  package static let shownPerLevel = 10

  /// The annotation lines of `log`: the first `shownPerLevel` of each level, then a line per
  /// level saying how many more there were.
  package static func lines(_ log: GitHubAnnotationLog, dataPath: String) -> String {
    var text = ""
    for entry in log.shown {
      switch entry {
      case .finding(let site):
        let properties = [
          "file=" + escapeProperty(dataPath),
          "line=\(site.position.line)",
          "col=\(site.position.column)",
          "title=" + escapeProperty("castctl \(site.finding.code)"),
        ]
        text += "::\(command(site.finding.severity)) \(properties.joined(separator: ","))::\(escapeData(message(site)))\n"
      case .model(let site):
        text += line(site) + "\n"
      }
    }
    for severity in Severity.allCases.reversed() {
      let more = log.perLevel[severity, default: 0] - shownPerLevel
      if more > 0 {
        text += "castctl: \(more) more \(noun(severity, more)) not annotated (GitHub shows \(shownPerLevel) of each level per step)\n"
      }
    }
    return text
  }

  /// A model file's diagnostic as an annotation at its place in the model file, without its
  /// line break.
  package static func line(_ site: DiagnosticSite) -> String {
    var properties = site.place.map { ["file=" + escapeProperty($0.file), "line=\($0.line)", "col=\($0.column)"] } ?? []
    properties.append("title=" + escapeProperty("castctl \(site.code)"))
    return "::\(command(site.severity)) \(properties.joined(separator: ","))::\(escapeData(site.text))"
  }

  /// The step summary in Markdown: the verdict, the counts, and the findings by code.
  package static func summary(_ log: GitHubAnnotationLog, counts: ValidationSummary, dataPath: String, target: String) -> String {
    var text = "### castctl: \(dataPath) against \(target)\n\n"
    text += counts.isValid ? "**valid**" : "**invalid**"
    text += ": \(counts.records) record(s), \(counts.invalidRecords) invalid; \(counts.errors) error(s), \(counts.warnings) warning(s), \(counts.notes) note(s)\n\n"
    return text + codeTable(log)
  }

  /// The step summary when the model files have errors: what was not checked (`subject`: the
  /// data file, or the files of a many-file run), and the model files' diagnostics by code.
  package static func modelFailureSummary(_ log: GitHubAnnotationLog, subject: String) -> String {
    let errors = log.perLevel[.error, default: 0]
    let warnings = log.perLevel[.warning, default: 0]
    var text = "### castctl: \(subject) not checked\n\n"
    text += "**the model files have errors**: \(errors) error(s), \(warnings) warning(s)\n\n"
    return text + codeTable(log)
  }

  /// The findings (and diagnostics) by code, most frequent first, with each code's meaning.
  private static func codeTable(_ log: GitHubAnnotationLog) -> String {
    guard !log.byCode.isEmpty else { return "" }
    var text = "| code | findings | meaning |\n|---|---:|---|\n"
    for (code, count) in log.byCode.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
      let meaning = FindingCode(rawValue: code)?.summary ?? SchemaCode(rawValue: code)?.meaning ?? ""
      text += "| `\(code)` | \(count) | \(meaning.replacingOccurrences(of: "|", with: "\\|")) |\n"
    }
    return text + "\n"
  }

  private static func message(_ site: FindingSite) -> String {
    let path = site.finding.path.isEmpty ? "" : site.finding.path + ": "
    return path + site.finding.message
  }

  /// The workflow command of a level: `error`, `warning`, `notice`.
  package static func command(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    default: "notice"
    }
  }

  private static func noun(_ severity: Severity, _ count: Int) -> String {
    let word = command(severity) == "notice" ? "note" : command(severity)
    return count == 1 ? word : word + "s"
  }

  /// A workflow command's message: its control characters escaped (`ControlCharacters`), and `%`.
  package static func escapeData(_ text: String) -> String {
    // NB: a message is one line; control characters in it come from the data (a value, a key)
    // and are written escaped, as in the text format, not as the log's line breaks.
    ControlCharacters.escaped(text).replacingOccurrences(of: "%", with: "%25")
  }

  /// A workflow command's property value, escaped as the runner's own toolkit escapes one
  /// (`%`, CR, LF, `:` and `,`), which it reads back to the same text: a file's name must name
  /// the file, so a line break in it is not written as `\n` the way a message shows one.
  package static func escapeProperty(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A").replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}

/// What `--format github` keeps of a run's findings and model-file diagnostics: the ones it
/// annotates, and counts, so that it holds a few dozen findings however many there are.
package struct GitHubAnnotationLog {
  /// One annotation: a data finding (the data file named when the lines are written) or a
  /// model file's diagnostic.
  enum Entry {
    case finding(FindingSite)
    case model(DiagnosticSite)
  }

  /// The first `GitHubAnnotations.shownPerLevel` annotations of each level, in order.
  private(set) var shown: [Entry] = []
  /// Annotations by severity.
  private(set) var perLevel: [Severity: Int] = [:]
  /// Annotations by code.
  private(set) var byCode: [String: Int] = [:]

  /// No finding yet.
  package init() {}

  /// Counts a finding, keeping it when it is annotated.
  package mutating func add(_ site: FindingSite) {
    add(.finding(site), severity: site.finding.severity, code: site.finding.code)
  }

  /// Counts a model file's diagnostic, keeping it when it is annotated.
  package mutating func add(_ site: DiagnosticSite) {
    add(.model(site), severity: site.severity, code: site.code)
  }

  private mutating func add(_ entry: Entry, severity: Severity, code: String) {
    perLevel[severity, default: 0] += 1
    byCode[code, default: 0] += 1
    if perLevel[severity, default: 0] <= GitHubAnnotations.shownPerLevel { shown.append(entry) }
  }
}
