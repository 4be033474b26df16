import Foundation
import Testing

/// One hostile `.cast` input, generated, and what `castctl` must end with.
struct HostileSchemaCase: Sendable, CustomTestStringConvertible {
  let name: String
  /// Builds the file's bytes (called once per run; big inputs are never committed).
  let make: @Sendable () -> [UInt8]
  /// The arguments; the generated file is `hostile.cast`, the data (if any) `data.json`.
  var arguments: [String] = ["check", "hostile.cast"]
  /// The text of `data.json`, for `validate`.
  var data: String?
  let status: Int32
  /// Texts the output must contain.
  var output: [String] = []
  /// An upper bound on the output's size, so a flood of diagnostics is caught.
  var maxOutput = 100_000

  var testDescription: String { "\(name) → \(status)" }
}

/// Hostile `.cast` files through `castctl check` / `validate`: garbage, size, counts, depth,
/// cycles and a pattern that backtracks exponentially elsewhere. Each ends with the documented
/// exit code, positioned diagnostics and bounded output, quickly.
@Suite("Hostile .cast files through the command line", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct HostileSchemaTests {
  /// Deterministic pseudo-random bytes (SplitMix64), so a failure can be replayed.
  static func garbage(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
  }

  static let cases: [HostileSchemaCase] = [
    HostileSchemaCase(
      name: "10 MB of binary garbage", make: { garbage(10 << 20, seed: 42) }, status: 2,
      output: ["hostile.cast:1:", "error[", "error[too-many-errors]"]),
    HostileSchemaCase(
      name: "a 10 MB file (a 10 MB string default)",
      make: { Array(("struct M {\n    var s: String = \"" + String(repeating: "x", count: 10 << 20) + "\"\n}\n").utf8) },
      status: 0, output: ["1 file checked: 1 model, no enums; no errors, no warnings"]),
    HostileSchemaCase(
      // Literals in interpolations are followed 100 deep, so the lexer's recursion stays shallow.
      name: "string literals in interpolations 2,000,000 deep (10 MB)",
      make: { Array(("struct M {\n    var s: String = \"" + String(repeating: "\\(\"", count: 2_000_000) + "\""
        + String(repeating: ")\"", count: 2_000_000) + "\n}\n").utf8) },
      status: 0, output: ["warning[unsupported-default]", "1 file checked: 1 model, no enums; no errors, 1 warning"]),
    HostileSchemaCase(
      // An unclosed `#/` is scanned to its line's end once, not again for each `#/` after it.
      name: "a 3 MB line of unclosed regex literals (#/a#/a…) in a computed property",
      make: { Array(("struct M {\n    var x: Int\n    var r: Int {\n" + String(repeating: "#/a", count: 1_000_000) + "\n    }\n}\n").utf8) },
      status: 0, output: ["1 file checked: 1 model, no enums; no errors, no warnings"]),
    HostileSchemaCase(
      // Likewise a multi-line `#/`, scanned to the file's end once.
      name: "200,000 lines opening a multi-line regex literal (#/) in a computed property",
      make: { Array(("struct M {\n    var x: Int\n    var r: Int {\n" + String(repeating: "#/\n", count: 200_000) + "    }\n}\n").utf8) },
      status: 0, output: ["1 file checked: 1 model, no enums; no errors, no warnings"]),
    HostileSchemaCase(
      name: "10,000 models",
      make: { Array((0..<10_000).map { "class M\($0) {\n    var p: Int = 0\n    var next: M\($0 + 1)?\n}\n" }.joined().utf8)
        + Array("class M10000 {\n}\n".utf8) },
      status: 0, output: ["1 file checked: 10001 models, no enums; no errors, no warnings"]),
    HostileSchemaCase(
      name: "a 1,000-deep inheritance chain",
      make: { Array(("class C0 {\n    var p0: Int = 0\n}\n" + (1..<1_000).map { "class C\($0): C\($0 - 1) {\n    var p\($0): Int = 0\n}\n" }.joined()).utf8) },
      status: 2,
      output: [
        "hostile.cast:304:7: error[nesting-too-deep]: class 'C101' has more than 100 superclasses; it is read without them",
        "error[nesting-too-deep]: class 'C909' has more than 100 superclasses",
      ]),
    HostileSchemaCase(
      name: "an inheritance cycle",
      make: { Array("class A: C {\n    var a: Int\n}\nclass B: A {\n}\nclass C: B {\n}\n".utf8) },
      status: 2, output: ["error[inheritance-cycle]: inheritance cycle:"]),
    HostileSchemaCase(
      name: "self-referencing typealiases",
      make: { Array("typealias A = A\ntypealias B = [C]\ntypealias C = B?\nstruct M {\n    var a: A\n    var b: B\n}\n".utf8) },
      status: 2,
      output: [
        "hostile.cast:1:11: error[typealias-cycle]: typealias 'A' refers to itself",
        "hostile.cast:2:11: error[typealias-cycle]: typealias cycle: B → C → B",
      ]),
    HostileSchemaCase(
      name: "a 5,000-alias chain",
      make: { Array(((0..<5_000).map { "typealias A\($0) = A\($0 + 1)\n" }.joined() + "typealias A5000 = Int\nstruct M {\n    var a: A0\n}\n").utf8) },
      status: 2, output: ["error[nesting-too-deep]"]),
    HostileSchemaCase(
      name: "Array<…> nested 10,000 deep",
      make: { Array(("struct M {\n    var x: " + String(repeating: "Array<", count: 10_000) + "Int" + String(repeating: ">", count: 10_000) + "\n}\n").utf8) },
      status: 2, output: ["hostile.cast:2:617: error[nesting-too-deep]: nested more than 100 levels deep", "…"]),
    HostileSchemaCase(
      name: "[[…]] and Dictionary<String, …> nested 10,000 deep",
      make: { Array(("struct M {\n    var x: " + String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000) + "\n    var y: " + String(repeating: "Dictionary<String, ", count: 10_000) + "Int" + String(repeating: ">", count: 10_000) + "\n}\n").utf8) },
      status: 2, output: ["error[nesting-too-deep]"]),
    HostileSchemaCase(
      name: "a pattern outside the subset (a backreference)",
      make: { Array("struct M {\n    let s: String //! pattern \"(a)\\\\1\"\n}\n".utf8) },
      status: 2,
      output: [
        #"hostile.cast:2:23: error[invalid-pattern]: invalid regular expression "(a)\1": backreferences are not supported at character 4"#
      ]),
    HostileSchemaCase(
      name: "an exponential-backtracking pattern against 5,000 a's and a b",
      make: { Array("struct M {\n    let s: String //! pattern \"^(a+)+$\"\n    let t: String //! pattern \"^(a|aa)*c$\"\n}\n".utf8) },
      arguments: ["validate", "hostile.cast", "data.json"], data: "{\"s\": \"\(String(repeating: "a", count: 5_000))b\", \"t\": \"\(String(repeating: "a", count: 5_000))\"}",
      status: 1, output: ["error[check-failed]", "/s", "/t", "2 errors"]),
    HostileSchemaCase(
      name: "a generic model that names itself with two growing arguments (2^100 specializations)",
      make: { Array("struct Box<T> {\n    let value: T\n    let a: Box<[T]>?\n    let b: Box<[String: T]>?\n}\nstruct Root {\n    let box: Box<Int>\n}\n".utf8) },
      status: 2, output: ["error[nesting-too-deep]", "needs more than 10000 specializations in all", "1 error"]),
    HostileSchemaCase(
      name: "a generic model that swaps and grows its two arguments: the depth limit, once",
      make: { Array("struct B<T, U> {\n    let a: B<U, [T]>?\n    let b: B<[U], T>?\n}\nstruct R {\n    let b: B<Int, String>\n}\n".utf8) },
      status: 2, output: ["error[nesting-too-deep]", "no enums; 1 error, no warnings"]),
    HostileSchemaCase(
      name: "/dev/zero as a schema", make: { [] }, arguments: ["check", "/dev/zero"], status: 66,
      output: ["castctl: error: cannot read schema /dev/zero: larger than 256 MB; is it a .cast file?"]),
    HostileSchemaCase(
      name: "a directory as a schema", make: { [] }, arguments: ["check", "."], status: 66,
      output: ["castctl: error: cannot read schema .: is a directory"]),
    HostileSchemaCase(
      name: "a broken schema checked with a missing one: both reported",
      make: { Array("struct M {\n    var x: Strin\n}\n".utf8) }, arguments: ["check", "hostile.cast", "missing.cast"],
      status: 66,
      output: [
        "hostile.cast:2:12: error[unknown-type]: unknown type 'Strin'",
        "castctl: error: cannot read schema missing.cast: no such file",
        "1 file checked (1 could not be read): 1 model, no enums; 1 error, no warnings",
      ]),
    HostileSchemaCase(
      name: "a missing schema before a broken one, as JSON: both reported",
      make: { Array("struct M {\n    var x: Strin\n}\n".utf8) },
      arguments: ["check", "missing.cast", "hostile.cast", "--format", "json"], status: 66,
      output: [#""code": "unknown-type""#, "castctl: error: cannot read schema missing.cast: no such file"]),
  ]

  @Test("a schema from a pipe (<(…), standard input) loads like a file", arguments: ["<(cat users.cast)", "- < users.cast"])
  func schemaFromPipe(_ argument: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    let script = #""$CASTCTL" validate "# + argument + " users.json"
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: CastctlProcess.binary ?? URL(fileURLWithPath: "/"))
      .finish()
    #expect(ending.status == 0, "\(ending)")
    #expect(ending.stdout.contains("no errors, no warnings in users.json (model User)"), "\(ending.stdout)")
  }

  @Test("hostile .cast files end with the documented exit code, positioned diagnostics and bounded output",
    arguments: cases)
  func hostileSchema(_ row: HostileSchemaCase) throws {
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try Data(row.make()).write(to: folder.url.appendingPathComponent("hostile.cast"))
    if let data = row.data { try folder.write("data.json", data) }
    let start = ContinuousClock.now
    let run = try CastctlProcess.run(row.arguments, in: folder.url)
    let elapsed = ContinuousClock.now - start
    let output = run.stdout + run.stderr
    #expect(run.status == row.status, "\(output.prefix(2000))")
    for text in row.output { #expect(output.contains(text), "\(output.prefix(2000))") }
    #expect(output.utf8.count <= row.maxOutput, "\(output.utf8.count) bytes of output")
    #expect(!output.contains("Backtrac") && !output.contains("Fatal error"), "\(output.prefix(2000))")
    #expect(elapsed < .seconds(30), "took \(elapsed)")
  }
}
