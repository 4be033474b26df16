import ArgumentParser

/// `validate --format`: for people, for programs, the pipe mode's one line per input line, or a
/// CI system's format.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, jsonl, sarif, github, junit

  /// SARIF, GitHub annotations and JUnit: gathered over the run, written at its end.
  var isCI: Bool { self == .sarif || self == .github || self == .junit }
}

/// `check --format`: for people, for programs, or a CI system's format.
enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, sarif, github
}
