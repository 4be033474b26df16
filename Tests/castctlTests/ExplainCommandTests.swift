import CastSchema
import CastValidate
import Foundation
import Testing

/// `castctl explain` and the REPL's `:explain`, run as a user runs them.
@Suite("castctl explain, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ExplainCommandTests {
  @Test("explain CODE prints the meaning and an example whose run shows that code", arguments: FindingCode.allCases)
  func explainsEveryCode(_ code: FindingCode) throws {
    let run = try CastctlProcess.run(["explain", code.rawValue])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("\(code.rawValue): \(code.summary)\n"))
    #expect(run.stdout.contains("$ castctl validate example.cast example.json --model "))
    #expect(run.stdout.contains("[\(code.rawValue)]: "), "\(run.stdout)")
  }

  @Test("explain CODE of a model file's code prints its meaning and the example's diagnostic", arguments: SchemaCode.allCases)
  func explainsEverySchemaCode(_ code: SchemaCode) throws {
    let run = try CastctlProcess.run(["explain", code.rawValue])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("\(code.rawValue): "))
    #expect(run.stdout.contains("$ \(code.example.command)\n"))
    #expect(run.stdout.contains("\(code.severity.rawValue)[\(code.rawValue)]: "), "\(run.stdout)")
  }

  @Test("explain alone lists every code with its meaning: the findings', then the model files'")
  func listsCodes() throws {
    let run = try CastctlProcess.run(["explain"])
    #expect(run.status == 0)
    let sections = run.stdout.components(separatedBy: "\n\nIn model files (castctl check):\n")
    try #require(sections.count == 2, "\(run.stdout)")
    let data = sections[0].components(separatedBy: "\n\nOf the input itself:\n")
    try #require(data.count == 2, "\(run.stdout)")
    let names = { (text: String) in text.split(separator: "\n").map { String($0.prefix { $0 != " " }) } }
    #expect(names(data[0]) == FindingCode.allCases.map(\.rawValue))
    #expect(names(data[1]) == ["malformed-json", "malformed-yaml"])
    let schema = sections[1].components(separatedBy: "\n\nIn roundtrip's ledger (the changes a trip through the model makes):\n")
    try #require(schema.count == 2, "\(run.stdout)")
    #expect(names(schema[0]) == SchemaCode.allCases.map(\.rawValue))
    #expect(names(schema[1]) == LedgerKind.allCases.map(\.rawValue))
  }

  @Test("explain of a roundtrip ledger kind says what it means and how --allow accepts it", arguments: LedgerKind.allCases)
  func explainsLedgerKinds(_ kind: LedgerKind) throws {
    let run = try CastctlProcess.run(["explain", kind.rawValue])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\(kind.rawValue): \(kind.summary)\n"), "\(run.stdout)")
    #expect(run.stdout.contains("castctl roundtrip --allow \(kind.rawValue)"), "\(run.stdout)")
  }

  @Test("explain of malformed input's codes runs the example through castctl's own readers", arguments: ["json", "yaml"])
  func explainsMalformed(_ format: String) throws {
    let run = try CastctlProcess.run(["explain", "malformed-\(format)"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("malformed-\(format): the input is not "), "\(run.stdout)")
    #expect(run.stdout.contains("example.\(format):") && run.stdout.contains(": error[malformed-\(format)]: "), "\(run.stdout)")
  }

  /// The bash script swift-argument-parser writes: values for the options whose values are a
  /// closed list, and every code for `explain`.
  @Test(
    "the bash completion script offers each closed list of values",
    arguments: [
      ("'--allow')", "'value-coerced'"), ("'--date-decoding')", "'seconds-since-1970'"), ("'--dialect')", "'nosce'"),
      ("'--to')", "'yaml'"), ("missing-required", "'malformed-json'"),
    ])
  func bashCompletions(_ option: String, _ value: String) throws {
    let run = try CastctlProcess.run(["--generate-completion-script", "bash"])
    #expect(run.status == 0, "\(run.stderr)")
    let blocks = run.stdout.components(separatedBy: option).dropFirst()
    #expect(blocks.contains { $0.prefix(2_000).split(separator: "\n").prefix(2).joined().contains(value) }, "\(option) \(value)")
  }

  @Test("an unknown code is a usage error naming the nearest code")
  func unknownCode() throws {
    let run = try CastctlProcess.run(["explain", "missing-requird"])
    #expect(run.status == 64)
    #expect(run.stderr == "castctl: error: no code 'missing-requird'; did you mean 'missing-required'? (castctl explain lists them)\n")
  }

  @Test("the REPL's :explain prints what castctl explain prints")
  func replExplain() throws {
    let direct = try CastctlProcess.run(["explain", "coerced"])
    let repl = try CastctlProcess.run(["repl"], stdin: ":explain coerced\n")
    #expect(repl.stdout.contains(direct.stdout), "\(repl.stdout)")
  }

  /// An explanation's example shows an error line (`error[type-mismatch]`); a script that asks for
  /// it has printed no error of its own. An unknown code still is one.
  @Test(
    "a REPL script's :explain is no error; an unknown code is",
    arguments: [(":explain type-mismatch\n", 0), (":explain missing-required\n", 0), (":explain no-such-code\n", 1)])
  func replExplainStatus(_ script: String, _ status: Int32) throws {
    let repl = try CastctlProcess.run(["repl"], stdin: script)
    #expect(repl.status == status, "\(repl.stdout)\(repl.stderr)")
  }
}
