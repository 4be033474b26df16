/// The REPL's commands, with their usage and help text; `:help` and completion read this table.
struct ReplCommandInfo {
  let name: String
  let usage: String
  let summary: String
  let details: String
  /// The usage in `:help`'s list, where `usage` is too long for its column and its options do
  /// not start with `--` (`brief`).
  var listed: String? = nil

  static let all: [ReplCommandInfo] = [
    ReplCommandInfo(
      name: ":load", usage: ":load FILE…", summary: "load .cast files (again: reload them)",
      details: "Loads the files into the session's registry, replacing the files loaded before (it names them); :add keeps them. Diagnostics are shown; when they include errors the previous registry stays."),
    ReplCommandInfo(
      name: ":add", usage: ":add FILE…", summary: "load .cast files beside those loaded",
      details: "Adds the files to the ones loaded before (a file loaded again is reloaded). Diagnostics are shown; when they include errors the previous registry stays."),
    ReplCommandInfo(
      name: ":infer", usage: ":infer FILE [--model-name NAME]", summary: "infer a model from a data file and load it",
      details: "As `castctl infer` on one file (JSON, NDJSON, YAML): prints the model and the verification's verdict, adds the model to the session and makes its root the current model."),
    ReplCommandInfo(
      name: ":models", usage: ":models", summary: "list the models and enums",
      details: "One line per model: its dialect, its number of properties and where it is declared."),
    ReplCommandInfo(
      name: ":show", usage: ":show MODEL[.PROPERTY]",
      summary: "properties, types, JSON keys, required / default, dialect",
      details: "The same table as `castctl schema`; inherited properties show the model they come from. "
        + "With .PROPERTY, only that property's row."),
    ReplCommandInfo(
      name: ":keys", usage: ":keys MODEL [json|property|snake|camel]", summary: "property ↔ JSON key table",
      details: "How each property is read (every alternative) and how it is written in the given key style."),
    ReplCommandInfo(
      name: ":use", usage: ":use MODEL", summary: "make MODEL the current model",
      details: "Bare JSON, :validate, :convert and :roundtrip use the current model when none is named."),
    ReplCommandInfo(
      name: ":validate", usage: ":validate [MODEL] JSON|@file", summary: "check a document against a model",
      details: "Findings with their positions, as they come, then a summary. A bare JSON document does the same with the current model. After a document or @file: --ndjson, --from json|yaml and --max-depth N read it as castctl validate does."),
    ReplCommandInfo(
      name: ":convert", usage: ":convert [MODEL] JSON|@file [--to json|yaml|plist] [--keys STYLE] [--compact] [--without-escaping-slashes]",
      summary: "the model's representation of a document",
      details: "As `castctl convert`: a document is written once it is known valid; NDJSON a line per valid record, the invalid ones left out."),
    ReplCommandInfo(
      name: ":roundtrip", usage: ":roundtrip [MODEL] JSON|@file", summary: "what a trip through the model changes",
      details: "As `castctl roundtrip`: the ledger of every change, by kind."),
    ReplCommandInfo(
      name: ":type", usage: ":type EXPR JSON", summary: "convert a document to any type expression (DSON's convert)",
      details: "For example `:type [String: [Int]] {\"a\": [1, 2]}`. Shows the findings and the converted value."),
    ReplCommandInfo(
      name: ":explain", usage: ":explain [CODE]", summary: "what a finding or model-file code means, with an example",
      details: "As `castctl explain`: without a code, every code with its meaning."),
    ReplCommandInfo(
      name: ":set", usage: ":set strict on|off | dialect NAME|auto | unknown ignore|warn|error | keys STYLE | flags [-c] [-i] [-n] | key-decoding STRATEGY | date-decoding STRATEGY | key-encoding STRATEGY | non-conforming-floats throw|POS,NEG,NAN",
      summary: "change a setting (no argument: show them)",
      details: "strict and unknown act like --strict and --unknown; dialect overrides every model's dialect; keys is the style :convert writes; flags are the generator flags -c -i -n (`:set flags` alone clears them); key-decoding, date-decoding, key-encoding and non-conforming-floats act like the options of those names for Codable models (castctl repl takes the options too). A setting that reads the models again (dialect, flags, the strategies) shows the warnings the change brings.",
      listed: ":set [SETTING VALUE]"),
    ReplCommandInfo(
      name: ":reset", usage: ":reset", summary: "forget everything: files, declarations, settings",
      details: "The session starts over, as if just opened."),
    ReplCommandInfo(
      name: ":help", usage: ":help [COMMAND]", summary: "this list, or one command's help", details: "Lists the commands."),
    ReplCommandInfo(
      name: ":quit", usage: ":quit", summary: "leave (Ctrl-D does too)", details: "Leaves the REPL."),
  ]

  static func named(_ name: String) -> ReplCommandInfo? {
    let wanted = name.hasPrefix(":") ? name : ":" + name
    return all.first { $0.name == wanted } ?? (wanted == ":q" || wanted == ":exit" ? all.last : nil)
  }

  /// A long usage in short: its words before the first option list, and `…` for the rest
  /// (`:convert [MODEL] JSON|@file …`), or the command's own short form (`listed`).
  static func brief(_ command: ReplCommandInfo) -> String {
    if let listed = command.listed { return listed }
    let cut = command.usage.range(of: " [--")?.lowerBound ?? command.usage.endIndex
    return String(command.usage[..<cut]) + " …"
  }

  /// The text of `:help`.
  static var overview: String {
    let width = all.map(\.usage.count).max() ?? 0
    var text = "Commands:\n"
    for command in all {
      // NB: a usage too long for the column keeps its arguments and says where its options are.
      let usage = command.usage.count > 40 ? Self.brief(command) : command.usage
      text += "  " + usage + String(repeating: " ", count: max(2, min(width, 40) - usage.count + 2)) + command.summary + "\n"
    }
    text += """
      Anything else:
        a class / struct / enum declaration   adds it to the session (replacing one of the same name)
        a JSON document                       validates it against the current model
      A declaration or document may span lines: input continues until its brackets balance.

      """
    return text
  }
}
