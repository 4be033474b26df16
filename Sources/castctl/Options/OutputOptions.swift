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

  @OptionGroup var colors: ColorOptions

  var color: ColorChoice { colors.color }
}

/// `--color`, declared once for every command: a command with a format of its own takes this
/// group alone. Each stream decides for itself (`Terminal.useColor(_:fileDescriptor:)`).
struct ColorOptions: ParsableArguments {
  @Option(help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
  var color: ColorChoice = .auto
}
