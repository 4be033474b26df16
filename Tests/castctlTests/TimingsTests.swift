import Foundation
import Testing

/// `--timings`: one line on standard error with every phase, and nothing without the flag.
@Suite("castctl --timings, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct TimingsTests {
  /// `timings: schema 0.412 ms, compile 0.051 ms, data 0.145 ms (332 bytes), output 0.018 ms; total 0.626 ms`.
  private static var line: Regex<(Substring, Substring)> {
    #/timings: schema \d+\.\d{3} ms, compile \d+\.\d{3} ms, data \d+\.\d{3} ms \((\d+) bytes\), output \d+\.\d{3} ms; total \d+\.\d{3} ms\n/#
  }

  @Test(
    "--timings writes every phase and the data's size to standard error, leaving standard output alone",
    arguments: [
      (["validate", "users.cast", "users.json", "--timings"], 0),
      (["validate", "users.cast", "users-invalid.json", "--timings", "--format", "json"], 1),
      (["convert", "users.cast", "users.json", "--timings"], 0),
    ] as [([String], Int32)])
  func timingsLine(_ arguments: [String], _ status: Int32) throws {
    let timed = try CastctlProcess.run(arguments)
    let plain = try CastctlProcess.run(arguments.filter { $0 != "--timings" })
    #expect(timed.status == status, "\(timed.stderr)")
    let match = try #require(timed.stderr.firstMatch(of: Self.line), "\(timed.stderr)")
    let size = try FileManager.default.attributesOfItem(atPath: CastctlProcess.schemas.appendingPathComponent(arguments[2]).path)[.size] as? Int
    #expect(Int(match.output.1) == size)
    #expect(timed.stdout == plain.stdout)
    #expect(timed.stderr.replacing(Self.line, with: "") == plain.stderr)
  }

  @Test("without --timings nothing is timed")
  func noTimingsByDefault() throws {
    let output = try CastctlProcess.run(["validate", "users.cast", "users.json"])
    #expect(output.status == 0)
    #expect(!output.stderr.contains("timings:"), "\(output.stderr)")
  }
}
