import ArgumentParser

/// `validate --format`: for people, for programs, or the pipe mode's one line per input line.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, jsonl
}
