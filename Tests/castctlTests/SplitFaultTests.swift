import Foundation
import Testing

/// `--split` interrupted part-way: neither target is touched, and no temporary file is left.
@Suite("Faults: --split interrupted", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct SplitFaultTests {
  @Test(arguments: [("validate", SIGINT), ("convert", SIGINT), ("validate", SIGTERM)])
  func interrupted(command: String, signal: Int32) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    try folder.write("good.ndjson", "OLD GOOD\n")
    try folder.write("bad.ndjson", "OLD BAD\n")
    let data = try FaultTests.usersNDJSON(lines: 50_000)
    let child = try ChildProcess(
      FaultTests.binary, [command, "users.cast", data, "--split", "good.ndjson", "bad.ndjson", "--force", "--jobs", "1"], in: folder.url)
    let started = child.wait {
      folder.files.contains { $0.hasPrefix(".castctl-") && ((try? folder.bytes($0).count) ?? 0) > 0 }
    }
    #expect(started, "no temporary file with output appeared")
    child.send(signal)
    let ending = try child.finish()
    #expect(!ending.signalled && ending.status == 128 + signal, "\(ending)")
    #expect(try folder.text("good.ndjson") == "OLD GOOD\n")
    #expect(try folder.text("bad.ndjson") == "OLD BAD\n")
    #expect(folder.files == ["bad.ndjson", "good.ndjson", "users.cast"])
  }

  /// A full disk (a file size limit) part-way: exit 74, both targets as they were.
  @Test(arguments: ["validate", "convert"])
  func fileTooLarge(command: String) throws {
    let data = try FaultTests.usersNDJSON(lines: 20_000)
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    try folder.write("good.ndjson", "OLD GOOD\n")
    try folder.write("bad.ndjson", "OLD BAD\n")
    let script = "ulimit -f 64; \"$CASTCTL\" \(command) users.cast '\(data)' --split good.ndjson bad.ndjson --force"
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: FaultTests.binary).finish()
    #expect(ending.status == 74, "\(ending)")
    #expect(try folder.text("good.ndjson") == "OLD GOOD\n")
    #expect(try folder.text("bad.ndjson") == "OLD BAD\n")
    #expect(folder.files == ["bad.ndjson", "good.ndjson", "users.cast"])
  }
}
