import Foundation
import Testing

/// `validate` and `convert` with `--jobs 2` on a generated NDJSON file give byte for byte what
/// `--jobs 1` gives. Built with `--sanitize=thread` (`make test-tsan`), the castctl binary run
/// here is instrumented too, and a data race would show on its standard error.
@Suite("ParallelNDJSON through the command line", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ParallelNDJSONCommandTests {
  @Test("--jobs 2 prints what --jobs 1 prints, with no ThreadSanitizer report", arguments: ["validate", "convert"])
  func jobsAgree(_ command: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let path = try FaultTests.usersNDJSON(lines: 30_000)
    // Every 5th record loses its role, so findings come from both workers.
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let text = lines.enumerated().map { $0.offset % 5 == 4 ? $0.element.replacing(#""role":"#, with: #""rank":"#) : $0.element }
    try folder.write("users.ndjson", text.joined(separator: "\n") + "\n")
    let one = try CastctlProcess.run([command, "users.cast", "users.ndjson", "--jobs", "1"], in: folder.url)
    let two = try CastctlProcess.run([command, "users.cast", "users.ndjson", "--jobs", "2"], in: folder.url)
    #expect(one.status == 1)
    #expect(two.status == one.status)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
    #expect(!two.stderr.contains("ThreadSanitizer"), "\(two.stderr.prefix(4000))")
  }
}
