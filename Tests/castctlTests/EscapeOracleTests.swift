import Foundation
import Testing

/// A string's escapes, against swiftc on this machine: every literal swiftc refuses, castctl
/// refuses with `invalid-escape` on the same line, in a default and in a `//!` directive's string
/// alike; every literal it takes, castctl takes (and `LiteralOracleTests` checks their values).
@Suite("String escapes, checked with swiftc")
struct EscapeOracleTests {
  /// Literal bodies, as written between the quotes.
  static let bodies: [String] = [
    #"plain"#, #"\n\t\r\0\\\"\'"#, #"\u{E9}"#, #"\u{1F600}"#, #"\u{10FFFF}"#, #"\u{0}"#, #"\u{00000041}"#,
    #"\d"#, #"\."#, #"\q"#, #"\w\s"#, #"\u41"#, #"\u{}"#, #"\u{zz}"#, #"\u{D800}"#, #"\u{110000}"#, #"\u{123456789}"#,
    #"\x41"#, #"\a"#, #"\ "#, #"a\/b"#, #"\{"#, #"\U{41}"#, #"\u{41"#, #"\u {41}"#, #"\N"#, #"\$"#,
  ]

  @Test("a string literal's escape is refused exactly where swiftc refuses it", .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"))
  func escapesAgreeWithSwiftc() throws {
    let swiftc = try #require(Oracle.swiftc)
    // Line n + 1 of each file holds body n.
    let swift = "struct S {\n" + Self.bodies.enumerated().map { "  let v\($0.offset) = \"\($0.element)\"" }.joined(separator: "\n") + "\n}\n"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-escapes-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("escapes.swift")
    try Data(swift.utf8).write(to: file)
    let parsed = try ChildProcess(swiftc, ["-parse", file.path], in: folder).finish(timeout: 120)
    let refused = Self.lines(parsed.stderr, marker: "error:", file: "escapes.swift")
    #expect(!refused.isEmpty && refused.count < Self.bodies.count, "\(parsed.stderr)")

    let defaults = "struct S {\n" + Self.bodies.enumerated().map { "  var v\($0.offset): String = \"\($0.element)\"" }.joined(separator: "\n") + "\n}\n"
    let directives = "struct S {\n" + Self.bodies.enumerated().map { "  var v\($0.offset): String? //! \"\($0.element)\"" }.joined(separator: "\n") + "\n}\n"
    for (name, text) in [("defaults.cast", defaults), ("directives.cast", directives)] {
      let schema = try CastctlProcess.temporaryFile(name, text)
      defer { CastctlProcess.removeTemporaryFile(schema) }
      let check = try CastctlProcess.run(["check", schema])
      #expect(Self.lines(check.stdout + check.stderr, marker: "error[invalid-escape]", file: name) == refused, "\(name): \(check.stdout)\(check.stderr)")
    }
  }

  /// The lines of `file` a diagnostic with `marker` points at (`file:line:column: marker…`).
  static func lines(_ output: String, marker: String, file: String) -> Set<Int> {
    var lines = Set<Int>()
    for line in output.split(separator: "\n") where line.contains(marker) {
      guard let range = line.range(of: file + ":") else { continue }
      if let number = Int(line[range.upperBound...].prefix { $0.isNumber }) { lines.insert(number) }
    }
    return lines
  }
}
