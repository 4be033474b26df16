import Foundation
import Testing

/// Output that cannot be written and runs that are cut short: castctl reports what it can, uses
/// the documented exit code, never prints a stack trace, and `convert -o` leaves the target with
/// either its old contents or the complete new ones.
@Suite("Faults: closed pipes, full disks, interrupted writes", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct FaultTests {
  // MARK: - Inputs

  /// `lines` records of `schemas/users.ndjson`, ids renumbered, written once per process into
  /// a temporary folder (generated, never committed).
  static func usersNDJSON(lines: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-faults-\(getpid())-\(lines).ndjson").path
    if FileManager.default.fileExists(atPath: path) { return path }
    let sample = try String(contentsOf: CastctlProcess.schemas.appendingPathComponent("users.ndjson"), encoding: .utf8)
    let records = sample.split(separator: "\n").map(String.init)
    var text = ""
    text.reserveCapacity(lines * 200)
    for index in 0..<lines {
      text += records[index % records.count].replacing(#"{"id":"#, with: #"{"id":\#(index + 1),"old_id":"#) + "\n"
    }
    let temporary = path + ".\(UUID().uuidString)"
    try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
    rename(temporary, path)
    return path
  }

  static var binary: URL { CastctlProcess.binary ?? URL(fileURLWithPath: "/nonexistent") }

  /// What a stack trace or a trap would print.
  static let crashMarkers = ["Backtrac", "crashed", "Fatal error", "Stack dump", "Illegal instruction"]

  static func expectNoCrash(_ ending: ChildProcess.Ending, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for marker in crashMarkers {
      #expect(!ending.stderr.contains(marker), "\(ending)", sourceLocation: sourceLocation)
    }
  }

  // MARK: - Closed pipes

  static let pipelines: [String] = [
    #""$CASTCTL" convert users.cast "$DATA""#,
    #""$CASTCTL" convert users.cast "$DATA" --to yaml"#,
    #""$CASTCTL" validate --type Int "$DATA""#,
  ]

  @Test(
    "output into a pipe closed early ends quietly by SIGPIPE (status 141), even when the parent ignores SIGPIPE",
    arguments: pipelines, ["", "trap '' PIPE; "])
  func closedPipe(_ command: String, _ prelude: String) throws {
    let data = try Self.usersNDJSON(lines: 20_000)
    let script = "\(prelude)export DATA='\(data)'; \(command) 2>castctl.err | head -c 100 >/dev/null; "
      + #"status=${PIPESTATUS[0]}; cat castctl.err >&2; echo $status"#
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: Self.binary).finish()
    #expect(ending.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "141", "\(ending)")
    #expect(ending.stderr.isEmpty, "\(ending)")
    Self.expectNoCrash(ending)
  }

  // MARK: - Full disks

  static let fullDeviceCommands: [String] = [
    #""$CASTCTL" convert users.cast users.json -o /dev/full"#,
    #""$CASTCTL" convert users.cast users.json --force -o /dev/full"#,
    #""$CASTCTL" convert users.cast users.json > /dev/full"#,
    #""$CASTCTL" convert users.cast users.ndjson > /dev/full"#,
    #""$CASTCTL" validate users.cast users-invalid.json > /dev/full"#,
    #""$CASTCTL" roundtrip users.cast users.json > /dev/full"#,
    #""$CASTCTL" schema users.cast > /dev/full"#,
  ]

  @Test("output to /dev/full is reported with exit 74, and /dev/full stays a device", arguments: fullDeviceCommands)
  func fullDevice(_ command: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json", "users.ndjson", "users-invalid.json"])
    defer { folder.remove() }
    let ending = try ChildProcess.shell(command, in: folder.url, castctl: Self.binary).finish()
    #expect(ending.status == 74, "\(ending)")
    #expect(ending.stderr.contains("No space left on device"), "\(ending)")
    Self.expectNoCrash(ending)
    var info = stat()
    #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "/dev/full was replaced")
    #expect(folder.files.allSatisfy { !$0.hasPrefix(".castctl-") }, "\(folder.files)")
  }

  @Test(
    "-o on a full filesystem: exit 74, the target untouched, no temporary file left",
    .enabled(if: PrivateTmpfs.isAvailable, "no private tmpfs: `unshare -rm` + `mount -t tmpfs` are not permitted here; skipping"))
  func fullFilesystem() throws {
    let data = try Self.usersNDJSON(lines: 5_000)
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("disk"), withIntermediateDirectories: true)
    // In a private mount namespace: a 256 KB tmpfs holding the old target, filled to the brim.
    let script = """
      export DATA='\(data)'
      unshare -rm bash -c '
        mount -t tmpfs -o size=256k tmpfs disk || exit 99
        printf "OLD\\n" > disk/out.ndjson
        dd if=/dev/zero of=disk/filler bs=4k 2>/dev/null
        "$CASTCTL" convert users.cast "$DATA" -o disk/out.ndjson --force
        status=$?
        cat disk/out.ndjson > target.after
        ls -a disk > listing.after
        exit $status'
      """
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: Self.binary).finish()
    #expect(ending.status == 74, "\(ending)")
    #expect(ending.stderr.contains("No space left on device"), "\(ending)")
    Self.expectNoCrash(ending)
    #expect(try folder.text("target.after") == "OLD\n")
    #expect(try folder.text("listing.after").split(separator: "\n").sorted() == [".", "..", "filler", "out.ndjson"])
  }

  @Test("-o past the file-size limit (ulimit -f): exit 74, the target untouched, no temporary file left")
  func fileSizeLimit() throws {
    let data = try Self.usersNDJSON(lines: 5_000)
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    try folder.write("out.ndjson", "OLD\n")
    let script = "ulimit -f 64; \"$CASTCTL\" convert users.cast '\(data)' -o out.ndjson --force"
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: Self.binary).finish()
    #expect(ending.status == 74, "\(ending)")
    #expect(ending.stderr.contains("cannot write out.ndjson: File too large"), "\(ending)")
    Self.expectNoCrash(ending)
    #expect(try folder.text("out.ndjson") == "OLD\n")
    #expect(folder.files == ["out.ndjson", "users.cast"])
  }

  @Test("-o naming a directory: exit 74, and the directory is left as it was", arguments: [false, true])
  func outputIsDirectory(_ force: Bool) throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
    let run = try CastctlProcess.run(
      ["convert", "users.cast", "users.json", "-o", "out"] + (force ? ["--force"] : []), in: folder.url)
    #expect(run.status == 74, "\(run.stderr)")
    #expect(run.stderr.contains("castctl: error: cannot write out: it is a directory"), "\(run.stderr)")
    #expect(folder.files == ["out", "users.cast", "users.json"])
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path("out"))) ?? ["?"]).isEmpty)
  }

  /// With a standard descriptor closed, the temporary file would take its number and the
  /// warnings written to "standard error" would land in the output.
  @Test("convert -o with standard output and error closed writes only the conversion", arguments: [">&- 2>&-", "2>&-", ">&-"])
  func closedStandardDescriptors(_ redirections: String) throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    // The string id is read as a number, with a warning.
    try folder.write("warn.json", try folder.text("users.json").replacing(#""id": 42"#, with: #""id": "42""#))
    let expected = try CastctlProcess.run(["convert", "users.cast", "warn.json"], in: folder.url)
    #expect(expected.status == 0 && expected.stderr.contains("warning[coerced]"), "\(expected.stderr)")
    let script = "\"$CASTCTL\" convert users.cast warn.json -o out.json \(redirections); echo \"status $?\" >> status.txt"
    _ = try ChildProcess.shell(script, in: folder.url, castctl: Self.binary).finish()
    #expect(try folder.text("status.txt") == "status 0\n")
    #expect(try folder.text("out.json") == expected.stdout)
  }

  /// ArgumentParser prints the help and the version with `print`, which drops a failed write.
  @Test("the help and version into a closed standard output: exit 74", arguments: [["--help"], ["--version"], ["help", "convert"], ["validate", "-h"], []])
  func helpIntoClosedOutput(_ arguments: [String]) throws {
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    let words = arguments.map { "'\($0)'" }.joined(separator: " ")
    let script = "\"$CASTCTL\" \(words) >&- < /dev/null 2> err.txt; echo \"status $?\" > status.txt"
    _ = try ChildProcess.shell(script, in: folder.url, castctl: Self.binary).finish()
    #expect(try folder.text("status.txt") == "status 74\n")
    #expect(try folder.text("err.txt").contains("cannot write standard output"))
  }

  /// `/dev/stdout` is a link to `/proc/self/fd/1`; renaming over it would replace the link.
  @Test("-o /dev/stdout --force writes to standard output in place, a file or a pipe")
  func outputToDevStdout() throws {
    let folder = try ScratchFolder(copying: ["users.cast", "users.json"])
    defer { folder.remove() }
    let expected = try CastctlProcess.run(["convert", "users.cast", "users.json"], in: folder.url).stdout
    let before = (
      stdin: try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdin"),
      stdout: try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout"))
    let script = """
      "$CASTCTL" convert users.cast users.json -o /dev/stdout --force > out.json && \
      "$CASTCTL" convert users.cast users.json -o /dev/fd/1 --force | cat > piped.json && \
      "$CASTCTL" convert users.cast users.json -o /dev/./stdout --force > dot.json && \
      "$CASTCTL" convert users.cast users.json -o /dev/fd//1 --force > slashes.json && \
      (cd /dev && "$CASTCTL" convert "$OLDPWD/users.cast" "$OLDPWD/users.json" -o stdout --force) > relative.json
      "$CASTCTL" convert users.cast users.json -o /dev/stdin --force < users.json; echo "stdin $?" > stdin.txt
      """
    let ending = try ChildProcess.shell(script, in: folder.url, castctl: Self.binary).finish()
    #expect(ending.status == 0, "\(ending)")
    for name in ["out.json", "piped.json", "dot.json", "slashes.json", "relative.json"] { #expect(try folder.text(name) == expected, "\(name)") }
    // Standard input is read-only: written to, not replaced.
    #expect(try folder.text("stdin.txt") == "stdin 74\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout") == before.stdout)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdin") == before.stdin)
    #expect(!folder.files.contains { $0.hasPrefix(".castctl-") })
  }

  // MARK: - Interrupted writes

  /// Starts `convert DATA -o out.ndjson --force` over an old `out.ndjson`; returns once the
  /// temporary file has output in it, so a signal lands part-way through.
  static func startConversion(in folder: ScratchFolder, lines: Int) throws -> ChildProcess {
    try folder.write("out.ndjson", "OLD\n")
    let data = try usersNDJSON(lines: lines)
    let child = try ChildProcess(binary, ["convert", "users.cast", data, "-o", "out.ndjson", "--force"], in: folder.url)
    let started = child.wait {
      folder.files.contains { $0.hasPrefix(".castctl-") && ((try? folder.bytes($0).count) ?? 0) > 0 }
    }
    #expect(started, "no temporary file with output appeared")
    return child
  }

  /// Every signal that ends a process by default: SIGPIPE ends castctl by the signal itself (as a
  /// closed pipe ends `cat`), the others with exit 128 + N.
  @Test("convert -o ended by a signal part-way keeps the old target and removes its temporary file",
    arguments: [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM])
  func interrupted(_ signal: Int32) throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let child = try Self.startConversion(in: folder, lines: 50_000)
    child.send(signal)
    let ending = try child.finish()
    if signal == SIGPIPE {
      #expect(ending.signalled && ending.status == SIGPIPE, "\(ending)")
    } else {
      #expect(!ending.signalled && ending.status == 128 + signal, "\(ending)")
    }
    #expect(try folder.text("out.ndjson") == "OLD\n")
    #expect(folder.files == ["out.ndjson", "users.cast"])
  }

  /// `nohup` and `trap '' HUP` ask a program to ignore hangups; castctl's clean-up handler must
  /// not undo that.
  @Test("a signal the parent ignores stays ignored: convert -o runs to its end")
  func ignoredSignalStaysIgnored() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let lines = 50_000
    let data = try Self.usersNDJSON(lines: lines)
    // The signals go once the temporary file exists, while castctl runs.
    let script = """
      trap '' HUP USR1; "$CASTCTL" convert users.cast '\(data)' -o out.ndjson & pid=$!
      for i in $(seq 1 3000); do ls .castctl-*.tmp >/dev/null 2>&1 && break; sleep 0.01; done
      kill -HUP $pid 2>/dev/null && kill -USR1 $pid && echo sent > sent.txt
      wait $pid; echo "status $?" > status.txt
      """
    _ = try ChildProcess.shell(script, in: folder.url, castctl: Self.binary).finish(timeout: 120)
    #expect(try folder.text("status.txt") == "status 0\n")
    if !folder.files.contains("sent.txt") { print("FaultTests: the conversion ended before the signals were sent") }
    #expect(try folder.text("out.ndjson").split(separator: "\n").count == lines)
  }

  @Test("convert -o killed with SIGKILL part-way keeps the old target (the temporary file cannot be removed)")
  func killed() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let child = try Self.startConversion(in: folder, lines: 50_000)
    child.send(SIGKILL)
    let ending = try child.finish()
    #expect(ending.signalled && ending.status == SIGKILL, "\(ending)")
    #expect(try folder.text("out.ndjson") == "OLD\n")
  }

  @Test("convert -o killed at any moment leaves the old target or the complete new one, never a part")
  func killedAtAnyMoment() throws {
    let lines = 20_000
    let data = try Self.usersNDJSON(lines: lines)
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    let expected = try CastctlProcess.run(["convert", "users.cast", data], in: folder.url).stdout
    #expect(expected.split(separator: "\n").count == lines)
    var outcomes: Set<String> = []
    for delay in [0.0, 0.05, 0.15, 0.3, 0.5, 0.8, 1.2, 2.0, 4.0] {
      try folder.write("out.ndjson", "OLD\n")
      let child = try ChildProcess(Self.binary, ["convert", "users.cast", data, "-o", "out.ndjson", "--force"], in: folder.url)
      _ = child.wait(until: { false }, timeout: delay)
      child.send(SIGKILL)
      _ = try child.finish()
      let target = try folder.text("out.ndjson")
      #expect(target == "OLD\n" || target == expected, "after \(delay) s: \(target.utf8.count) bytes")
      outcomes.insert(target == "OLD\n" ? "old" : "new")
    }
    // The delays span the run, so both outcomes should have been seen (a very slow machine may
    // never finish within 4 s; that is not a failure of atomicity).
    if outcomes != ["old", "new"] { print("FaultTests: only \(outcomes) seen; the run took longer than expected") }
  }

  // MARK: - The REPL

  @Test("the REPL survives binary, invalid UTF-8 and deeply nested lines, and a broken :load keeps the registry")
  func replSurvivesHostileLines() throws {
    let folder = try ScratchFolder(copying: ["users.cast"])
    defer { folder.remove() }
    try folder.write("broken.cast", "struct Broken {\n  let x: \n")
    var script: [UInt8] = Array(":load users.cast\n".utf8)
    script += [0x00, 0x01, 0xFF, 0xFE, 0xC0, 0xAF, 0x0A]
    script += Array("{\"id\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}\n".utf8)
    script += Array((String(repeating: "[", count: 100_000) + "\n").utf8)
    script += Array(("\"" + String(repeating: "x", count: 1 << 20) + "\"\n").utf8)
    script += Array(":load broken.cast\n:load /dev/null/nothing.cast\n:models\n".utf8)
    let input = folder.path("script.repl")
    try Data(script).write(to: URL(fileURLWithPath: input))
    let child = try ChildProcess(Self.binary, ["repl"], in: folder.url, stdin: input)
    let ending = try child.finish()
    // Status 1: the script's bad lines failed, and a script run says so.
    #expect(ending.status == 1, "\(ending)")
    Self.expectNoCrash(ending)
    let output = ending.stdout + ending.stderr
    // Lines that are not UTF-8 are refused, not run with U+FFFD in place of their bytes.
    #expect(output.contains("the line is not UTF-8 (byte 0xFF at column 3); it was ignored"), "\(output)")
    #expect(output.contains("the line is not UTF-8 (byte 0xED at column 9); it was ignored"), "\(output)")
    // The broken :load was refused, and the last command still ran against the first registry.
    let afterBrokenLoad = try #require(output.range(of: "the previous registry stays").map { output[$0.upperBound...] })
    #expect(afterBrokenLoad.contains("User *"), "\(afterBrokenLoad)")
    #expect(afterBrokenLoad.contains("Address"), "\(afterBrokenLoad)")
    #expect(!afterBrokenLoad.contains("Broken"), "\(afterBrokenLoad)")
  }
}

/// Whether `unshare -rm` can give a child a private mount namespace in which to mount a small
/// tmpfs (user namespaces enabled, or root): the only way to fill a filesystem without root tricks.
enum PrivateTmpfs {
  static let isAvailable: Bool = {
    guard
      let shell = try? ChildProcess.shell(
        "unshare -rm sh -c 'mount -t tmpfs -o size=64k tmpfs /mnt' 2>/dev/null", in: URL(fileURLWithPath: "/"),
        castctl: URL(fileURLWithPath: "/bin/true"))
    else { return false }
    return (try? shell.finish(timeout: 10))?.status == 0
  }()
}
