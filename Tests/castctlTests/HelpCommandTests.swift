import Testing

/// `--help`, `-h` and `castctl help …`: the command's help on standard output, exit 0.
@Suite("castctl help, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct HelpCommandTests {
  @Test(
    "every spelling of a help request prints that command's usage and exits 0",
    arguments: [
      (["--help"], "USAGE: castctl <subcommand>"), (["-h"], "USAGE: castctl <subcommand>"),
      (["help"], "USAGE: castctl <subcommand>"), (["validate", "--help"], "USAGE: castctl validate"),
      (["validate", "--strict", "-h"], "USAGE: castctl validate"), (["help", "convert"], "USAGE: castctl convert"),
      (["roundtrip", "--help"], "USAGE: castctl roundtrip"), (["check", "--help"], "USAGE: castctl check"),
      (["schema", "--help"], "USAGE: castctl schema"), (["repl", "--help"], "USAGE: castctl repl"),
    ])
  func helpRequestExitsZero(_ arguments: [String], _ usage: String) throws {
    let output = try CastctlProcess.run(arguments)
    #expect(output.status == 0, "stderr: \(output.stderr)")
    #expect(output.stdout.contains(usage), "\(output.stdout)")
    #expect(output.stderr.isEmpty, "\(output.stderr)")
  }
}

extension HelpCommandTests {
  /// ArgumentParser shows the general help for an unknown name and exits 0.
  @Test("help for a subcommand that does not exist is a usage error naming the subcommands", arguments: [
    (["help", "valdate"], "no subcommand named 'valdate'; the subcommands are check, schema, validate"),
    (["help", "convert", "extra"], "'convert' has no subcommand 'extra'"),
  ])
  func helpForUnknownSubcommand(_ arguments: [String], _ message: String) throws {
    let output = try CastctlProcess.run(arguments)
    #expect(output.status == 64, "\(output.stdout)")
    #expect(output.stderr.contains(message), "\(output.stderr)")
  }
}
