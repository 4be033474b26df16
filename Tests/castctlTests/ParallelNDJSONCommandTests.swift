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
    // 3 MB: one read, cut into 128 KB pieces, so both workers get many.
    let path = try FaultTests.usersNDJSON(lines: 15_000)
    // Every 5th record loses its role, so findings come from both workers.
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let text = lines.enumerated().map { $0.offset % 5 == 4 ? $0.element.replacing(#""role":"#, with: #""rank":"#) : $0.element }
    try folder.write("users.ndjson", text.joined(separator: "\n") + "\n")
    let one = try CastctlProcess.run([command, "users.cast", "users.ndjson", "--jobs", "1"], in: folder.url, timeout: 300)
    let two = try CastctlProcess.run([command, "users.cast", "users.ndjson", "--jobs", "2"], in: folder.url, timeout: 300)
    #expect(one.status == 1)
    #expect(two.status == one.status)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
    #expect(!two.stderr.contains("ThreadSanitizer"), "\(two.stderr.prefix(4000))")
  }

  @Test(
    "convert -o writes in the background, across flushes, exactly what it prints to standard output",
    arguments: ["1", "2"])
  func backgroundWriterAgrees(_ jobs: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    // More than `BackgroundWriter.flushBytes` (4 MB), so the writer flushes on the way.
    let path = try FaultTests.usersNDJSON(lines: 25_000)
    // NB: the timeout is a hang guard, not a speed test: under AddressSanitizer a 17 MB convert
    // took about 45 s on one core.
    let printed = try CastctlProcess.run(["convert", "users.cast", path, "--jobs", jobs], in: folder.url, timeout: 300)
    let written = try CastctlProcess.run(
      ["convert", "users.cast", path, "--jobs", jobs, "-o", "out.ndjson"], in: folder.url, timeout: 300)
    #expect(printed.status == 0, "\(printed.stderr.prefix(2000))")
    #expect(written.status == 0, "\(written.stderr.prefix(2000))")
    let file = try Data(contentsOf: folder.url.appendingPathComponent("out.ndjson"))
    #expect(file.count > 4 << 20)
    #expect(file == Data(printed.stdout.utf8))
    #expect(folder.files == ["out.ndjson", "users.cast"])
    #expect(!written.stderr.contains("ThreadSanitizer"), "\(written.stderr.prefix(4000))")
  }
}
