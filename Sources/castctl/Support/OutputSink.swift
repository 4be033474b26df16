import ArgumentParser
import Foundation

/// Where `convert` writes: standard output, or a file written atomically (a temporary file in
/// the same folder, renamed over the target only when complete).
final class OutputSink {
  private let target: String?
  private var temporaryPath: String?
  private var descriptor: Int32
  /// Writes the temporary file's bytes beside the conversion (nil for standard output or a device).
  private var writer: BackgroundWriter?

  /// How much output to gather before each `write`: large pieces for the background writer, and
  /// smaller ones to a pipe or terminal, where a reader waits for them.
  var pieceSize: Int { writer == nil ? 1 << 16 : 1 << 20 }

  /// Opens standard output (`path` nil or `-`) or a temporary file beside `path`.
  init(path: String?, force: Bool) throws {
    target = path == "-" ? nil : path
    guard let path = target else {
      descriptor = STDOUT_FILENO
      return
    }
    if let inherited = Self.descriptor(named: path) {
      let flags = fcntl(inherited, F_GETFL)
      guard flags >= 0, flags & O_ACCMODE != O_RDONLY else {
        Terminal.writeError("castctl: error: cannot write \(path): \(String(cString: strerror(EBADF)))\n")
        throw ExitCode.outputError
      }
      descriptor = inherited
      return
    }
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      guard (info.st_mode & S_IFMT) != S_IFDIR else {
        Terminal.writeError("castctl: error: cannot write \(path): it is a directory\n")
        throw ExitCode.outputError
      }
      // A device or a pipe (/dev/null, /dev/full, a FIFO) is written in place: it holds no
      // contents to protect, and renaming over it would replace the device node itself.
      descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        Terminal.writeError("castctl: error: cannot write \(path): \(String(cString: strerror(errno)))\n")
        throw ExitCode.outputError
      }
      return
    }
    guard !path.isEmpty else { throw ValidationError("an output file needs a name; - is standard output") }
    // NB: `lstat`, so that a link whose target is missing exists too: the rename would replace it.
    if lstat(path, &info) == 0, !force {
      Terminal.writeError("castctl: error: \(path) exists; add --force to replace it\n")
      throw ExitCode.outputError
    }
    guard !path.hasSuffix("/") else {
      Terminal.writeError("castctl: error: cannot write \(path): a file name cannot end with /\n")
      throw ExitCode.outputError
    }
    var template = Array((Self.folder(of: path) + "/.castctl-XXXXXX.tmp").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemps($0, 4) } ?? -1
    }
    guard fd >= 0 else {
      Terminal.writeError("castctl: error: cannot write \(path): \(String(cString: strerror(errno)))\n")
      throw ExitCode.outputError
    }
    descriptor = fd
    // NB: mkstemps creates the file 0600; the output gets the mode of the file it replaces, or
    // what a new file gets under the umask (0644 under 022), as with shell redirection.
    var existing = stat()
    let mask = umask(0)
    umask(mask)
    fchmod(fd, stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o666 & ~mask)
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    temporaryPath = temporary
    writer = BackgroundWriter(descriptor: fd)
    InterruptCleanup.register(temporary)
  }

  // NB: whatever path a command leaves by without `commit` (a refused property list, a thrown
  // error), the temporary file goes with the sink.
  deinit { discard() }

  /// The descriptor of castctl's own that `path` names (`/dev/stdout`, `/dev/stdin`, `/dev/fd/3`,
  /// `/proc/self/fd/1`, however spelled): written in place, as standard output is. Renaming over
  /// the name would replace the system's link, and opening it again would start a file that
  /// standard output appends to over at its beginning.
  static func descriptor(named path: String) -> Int32? {
    // The name as the system finds it, its folder resolved: `/dev/./stdout`, `stdout` in /dev
    // and `/dev/fd//1` (`/proc/<pid>/fd/1`) are the same names.
    let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
    guard !name.isEmpty, let resolved = realpath(folder(of: path), nil) else { return nil }
    let folder = String(cString: resolved)
    free(resolved)
    let full = (folder == "/" ? "" : folder) + "/" + name
    switch full {
    case "/dev/stdin": return STDIN_FILENO
    case "/dev/stdout": return STDOUT_FILENO
    case "/dev/stderr": return STDERR_FILENO
    default:
      let prefix = ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"].first { full.hasPrefix($0) }
      return prefix.flatMap { Int32(full.dropFirst($0.count)) }.flatMap { $0 >= 0 ? $0 : nil }
    }
  }

  /// The folder that holds `path`, by its text alone: the temporary file must be on the same file
  /// system for the rename. (`NSString.deletingLastPathComponent` traps on some one-character
  /// paths in this Foundation.)
  static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// Whether bytes go straight to where they are read (standard output, a device or a pipe), so
  /// that what is written stays written; a file is replaced only by `commit`.
  var writesInPlace: Bool { temporaryPath == nil }

  /// Writes all bytes; a failure (a full disk) is reported and ends with exit 74. To a file, the
  /// bytes are written in the background and a failure shows at a later call.
  func write(_ bytes: [UInt8]) throws {
    if let writer {
      if let error = writer.write(bytes) { try fail(error) }
      return
    }
    if let error = BackgroundWriter.writeAll(bytes, to: descriptor) {
      if error == EPIPE, descriptor == STDOUT_FILENO { ProcessSignals.endForBrokenPipe() }
      try fail(error)
    }
  }

  /// Reports a failed write, throws the output away and ends with exit 74.
  private func fail(_ error: Int32) throws -> Never {
    discard()
    Terminal.writeError("castctl: error: cannot write \(target ?? "standard output"): \(String(cString: strerror(error)))\n")
    throw ExitCode.outputError
  }

  /// Writes text.
  func write(_ text: String) throws { try write(Array(text.utf8)) }

  /// Makes the output visible: flushes to disk and renames over the target.
  func commit() throws {
    guard let temporaryPath, let target else { return }
    if let error = writer?.finish() { try fail(error) }
    if fsync(descriptor) != 0 || close(descriptor) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      InterruptCleanup.unregister(temporaryPath)
      Terminal.writeError("castctl: error: cannot write \(target): \(reason)\n")
      throw ExitCode.outputError
    }
    descriptor = -1
    guard rename(temporaryPath, target) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      InterruptCleanup.unregister(temporaryPath)
      Terminal.writeError("castctl: error: cannot replace \(target): \(reason)\n")
      throw ExitCode.outputError
    }
    InterruptCleanup.unregister(temporaryPath)
    self.temporaryPath = nil
  }

  /// Throws the output away (invalid input): the target is left as it was.
  func discard() {
    guard let temporaryPath else { return }
    // NB: the writer may still be writing to the descriptor.
    _ = writer?.finish()
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    unlink(temporaryPath)
    InterruptCleanup.unregister(temporaryPath)
    self.temporaryPath = nil
  }
}
