import Foundation
import Testing

/// `convert … -o DIR` over many files interrupted or out of space: every target is as it was or
/// completely written, and no temporary file is left.
@Suite("Faults: convert -o DIR interrupted or out of space", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct ManyFilesFaultTests {
  static let names = ["a.ndjson", "b.ndjson", "c.ndjson"]

  /// Three large NDJSON inputs in `d/`, and in `out/` an old file at each target.
  static func folder(lines: Int) throws -> ScratchFolder {
    let data = try FaultTests.usersNDJSON(lines: lines)
    let folder = try ScratchFolder(copying: ["users.cast"])
    for directory in ["d", "out"] { try FileManager.default.createDirectory(atPath: folder.path(directory), withIntermediateDirectories: true) }
    for name in names {
      try FileManager.default.createSymbolicLink(atPath: folder.path("d/" + name), withDestinationPath: data)
      try folder.write("out/" + name, "OLD\n")
    }
    return folder
  }

  /// Each target old or whole (every line converted), and nothing else in `out/`.
  static func expectIntact(_ folder: ScratchFolder, lines: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out")))?.sorted() ?? []
    #expect(files == names, "\(files)", sourceLocation: sourceLocation)
    for name in names {
      let text = try folder.text("out/" + name)
      let whole = text.hasSuffix("\n") && text.split(separator: "\n").count == lines
      #expect(text == "OLD\n" || whole, "\(name): \(text.prefix(80))… (\(text.count) characters)", sourceLocation: sourceLocation)
    }
  }

  /// `convert d -o out` on two jobs, once some file's temporary output has bytes in it.
  static func convertUnderWay(_ folder: ScratchFolder, sourceLocation: SourceLocation = #_sourceLocation) throws -> ChildProcess {
    let child = try ChildProcess(FaultTests.binary, ["convert", "users.cast", "d", "-o", "out", "--force", "--jobs", "2"], in: folder.url)
    let started = child.wait {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path("out"))) ?? []).contains { name in
        name.hasPrefix(".castctl-") && ((try? folder.bytes("out/" + name).count) ?? 0) > 0
      }
    }
    #expect(started, "no temporary file with output appeared", sourceLocation: sourceLocation)
    return child
  }

  /// The signal goes to castctl alone, not its process group (as `kill` or a CI timeout sends it):
  /// castctl passes it on to the file's runs and waits for them.
  @Test(arguments: [SIGINT, SIGTERM, SIGPIPE, SIGUSR1])
  func interrupted(_ signal: Int32) throws {
    let lines = 100_000
    let folder = try Self.folder(lines: lines)
    defer { folder.remove() }
    let child = try Self.convertUnderWay(folder)
    child.send(signal)
    // NB: a shared machine under load; the run itself ends within a second of the signal.
    let ending = try child.finish(timeout: 120)
    if signal == SIGPIPE {
      #expect(ending.signalled && ending.status == SIGPIPE, "\(ending)")
    } else {
      #expect(!ending.signalled && ending.status == 128 + signal, "\(ending)")
    }
    try Self.expectIntact(folder, lines: lines)
  }

  /// SIGKILL cannot be caught or passed on: the file's runs learn of their parent's end from the
  /// kernel (`ParentWatch`), remove their temporary files and end, leaving the targets as they were.
  @Test func parentKilled() throws {
    let lines = 100_000
    let folder = try Self.folder(lines: lines)
    defer { folder.remove() }
    let child = try Self.convertUnderWay(folder)
    let runs = Self.children(of: child.pid)
    #expect(!runs.isEmpty)
    child.send(SIGKILL)
    _ = try child.finish(timeout: 30)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, runs.contains(where: Self.isAlive) { usleep(20_000) }
    #expect(!runs.contains(where: Self.isAlive), "the file's runs outlived castctl")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out")))?.sorted() ?? []
    #expect(files == Self.names, "\(files)")
    for name in Self.names { #expect(try folder.text("out/" + name) == "OLD\n") }
  }

  /// The processes whose parent is `pid`, from `/proc`.
  static func children(of pid: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(pid_t.init).filter { parent(of: $0) == pid }
  }

  /// The parent in `/proc/PID/stat` (the field after the state, which follows the `(name)`).
  static func parent(of pid: pid_t) -> pid_t? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? pid_t(fields[1]) : nil
  }

  /// Running, not ended (a zombie no one has waited for yet counts as ended).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
  }

  @Test("a full disk (a file size limit): exit 74, every target as it was")
  func fileTooLarge() throws {
    let folder = try Self.folder(lines: 20_000)
    defer { folder.remove() }
    let script = "ulimit -f 64; \"$CASTCTL\" convert users.cast d -o out --force"
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: FaultTests.binary).finish()
    #expect(ending.status == 74, "\(ending)")
    #expect(ending.stderr.contains("castctl: 3 files: 3 not written"), "\(ending)")
    try Self.expectIntact(folder, lines: 20_000)
    for name in Self.names { #expect(try folder.text("out/" + name) == "OLD\n") }
  }
}
