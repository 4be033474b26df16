import Foundation
import Testing

/// The commands and the REPL go through one front end (`SchemaFrontend`): the same input gives
/// the same findings, summary and converted document whichever of the two is asked.
@Suite("validate and convert print the same through the CLI and the REPL", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct FrontendParityTests {
  /// users.json with a wrong type, a bad enum value and an unknown key: findings of each kind.
  private static let invalid = """
    {"id": "42", "user_name": "ada", "email": "ada@example.org", "role": "root",
     "created_at": "2024-03-01T09:30:00+01:00", "tags": ["math"], "extra": 1,
     "address": {"street": "x", "city": "y", "zip": "1", "geo": {"lat": 1, "lon": 2}}}
    """

  @Test("validate: the REPL prints the CLI's findings and summary line", arguments: ["users.json", "bad.json", "users.ndjson"])
  func validateParity(_ data: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json", "users.ndjson"])
    defer { scratch.remove() }
    try scratch.write("bad.json", Self.invalid)
    let cli = try CastctlProcess.run(["validate", "users.cast", data, "--color", "never"], in: scratch.url)
    let repl = try CastctlProcess.run(["repl"], in: scratch.url, stdin: ":load users.cast\n:validate User @\(data)\n")
    var lines = cli.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    let last = lines.popLast()
    let summary = try #require(last, "\(cli.stdout)")
    let findings = lines.map { $0 + "\n" }.joined()
    // NB: `contains("")` is false; a valid file has no findings to compare.
    #expect(findings.isEmpty || repl.stdout.contains(findings), "CLI:\n\(cli.stdout)\nREPL:\n\(repl.stdout)")
    let verdict = cli.status == 0 ? "valid: " : "invalid: "
    #expect(repl.stdout.contains(verdict + summary + "\n"), "CLI:\n\(cli.stdout)\nREPL:\n\(repl.stdout)")
  }

  /// The reader that meets the error words it, whichever reader that is: a file's array is
  /// streamed element by element, inline text is read whole.
  @Test(
    "malformed input: the REPL prints the CLI's error, for a file and for inline text",
    arguments: [#"["a", "b"]]"#, "[1, 2 3]", #"{"id": 1,, "user_name": "x"}"#, "{\"id\": 1}\n{\"id\": 2}"])
  func malformedParity(_ text: String) throws {
    let scratch = try ScratchFolder(copying: ["users.cast"])
    defer { scratch.remove() }
    try scratch.write("bad.json", text)
    let cli = try CastctlProcess.run(["validate", "users.cast", "bad.json", "--color", "never"], in: scratch.url)
    #expect(cli.status == 3)
    let error = try #require(cli.stderr.range(of: "bad.json:").map { String(cli.stderr[$0.lowerBound...]) }, "\(cli.stderr)")
    let file = try CastctlProcess.run(["repl"], in: scratch.url, stdin: ":load users.cast\n:validate User @bad.json\n")
    #expect(file.stdout.contains(cli.stdout + error), "CLI:\n\(cli.stdout)\(cli.stderr)\nREPL:\n\(file.stdout)")
    guard !text.contains("\n") else { return }
    let inline = try CastctlProcess.run(["repl"], in: scratch.url, stdin: ":load users.cast\n:validate User \(text)\n")
    let named = { (output: String) in output.replacingOccurrences(of: "bad.json:", with: "<input>:") }
    #expect(inline.stdout.contains(named(cli.stdout + error)), "CLI:\n\(cli.stdout)\(cli.stderr)\nREPL:\n\(inline.stdout)")
  }

  @Test("--werror: a warning stops the REPL's load as it stops a command", arguments: [["repl", "w.cast", "--werror"], ["repl", "--werror"]])
  func werrorParity(_ arguments: [String]) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("w.cast", "struct W {\n  var a: Int? //! rnage 1...2\n}\n")
    let cli = try CastctlProcess.run(["check", "w.cast", "--werror", "--color", "never"], in: scratch.url)
    #expect(cli.status == 2, "\(cli.stderr)")
    let script = arguments.count == 2 ? ":load w.cast\n:models\n" : ":models\n"
    let repl = try CastctlProcess.run(arguments, in: scratch.url, stdin: script)
    #expect(repl.status == 1, "\(repl.stdout)")
    #expect(repl.stdout.contains("error[unknown-directive]") && repl.stdout.contains("no models yet"), "\(repl.stdout)")
    let plain = try CastctlProcess.run(arguments.filter { $0 != "--werror" }, in: scratch.url, stdin: script)
    #expect(plain.status == 0 && plain.stdout.contains("warning[unknown-directive]"), "\(plain.stdout)")
  }

  @Test("convert: the REPL prints the CLI's document", arguments: [["users.json"], ["users.json", "--compact"], ["users.json", "--to", "yaml"]])
  func convertParity(_ arguments: [String]) throws {
    let scratch = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { scratch.remove() }
    let cli = try CastctlProcess.run(["convert", "users.cast"] + arguments, in: scratch.url)
    #expect(cli.status == 0, "\(cli.stderr)")
    let options = arguments.dropFirst().joined(separator: " ")
    let repl = try CastctlProcess.run(["repl"], in: scratch.url, stdin: ":load users.cast\n:convert User @\(arguments[0]) \(options)\n")
    #expect(repl.stdout.contains(cli.stdout), "CLI:\n\(cli.stdout)\nREPL:\n\(repl.stdout)")
  }

  /// The Codable strategies given to `castctl repl` (or `:set`) read and write as the commands'.
  @Test(
    "Codable strategies: castctl repl's options and :set do what the commands' options do",
    arguments: [
      ["validate", "--date-decoding", "iso8601", "--key-decoding", "convert-from-snake-case", "snake.json"],
      ["validate", "--non-conforming-floats", "+inf,-inf,NaN", "nan.json"],
      ["convert", "--key-encoding", "convert-to-snake-case", "plain.json", "--compact"],
      ["convert", "plain.json"],
    ])
  func codableStrategyParity(_ arguments: [String]) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("f.swift", "import Foundation\nstruct F: Codable {\n  let myValue: Double\n  let when: Date\n  let link: URL\n}\n")
    try scratch.write("snake.json", #"{"my_value": 1, "when": "2024-01-02T03:04:05Z", "link": "https://e.org/a"}"#)
    try scratch.write("nan.json", #"{"myValue": "NaN", "when": 1, "link": "https://e.org/a"}"#)
    try scratch.write("plain.json", #"{"myValue": 1, "when": 1, "link": "https://e.org/a"}"#)
    let command = arguments[0]
    let options = arguments.dropFirst().filter { $0.hasPrefix("--") && $0 != "--compact" }
    var strategies: [String] = []
    for option in options { if let index = arguments.firstIndex(of: option) { strategies += [option, arguments[index + 1]] } }
    let data = try #require(arguments.first { $0.hasSuffix(".json") })
    let compact = arguments.contains("--compact") ? " --compact" : ""
    let cli = try CastctlProcess.run([command, "f.swift", data, "--color", "never"] + strategies + (compact.isEmpty ? [] : ["--compact"]), in: scratch.url)
    #expect(cli.status == 0, "\(cli.stdout)\(cli.stderr)")
    let verb = command == "validate" ? ":validate" : ":convert"
    let given = try CastctlProcess.run(["repl", "f.swift"] + strategies, in: scratch.url, stdin: "\(verb) @\(data)\(compact)\n")
    let set = strategies.isEmpty ? "" : ":set \(strategies[0].dropFirst(2)) \(strategies[1])\n"
      + (strategies.count > 2 ? ":set \(strategies[2].dropFirst(2)) \(strategies[3])\n" : "")
    let typed = try CastctlProcess.run(["repl", "f.swift"], in: scratch.url, stdin: set + "\(verb) @\(data)\(compact)\n")
    for repl in [given, typed] {
      #expect(repl.status == 0, "\(repl.stdout)")
      if command == "convert" {
        #expect(repl.stdout.contains(cli.stdout), "CLI:\n\(cli.stdout)\nREPL:\n\(repl.stdout)")
      } else {
        #expect(repl.stdout.contains("valid: " + cli.stdout), "CLI:\n\(cli.stdout)\nREPL:\n\(repl.stdout)")
      }
    }
  }
}
