import ArgumentParser

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}

/// `--format text|json`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

/// Output options shared by the commands that report.
struct OutputOptions: ParsableArguments {
  @Option(help: "Output format: text for people, json for programs.")
  var format: OutputFormat = .text

  @Option(help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
  var color: ColorChoice = .auto
}
