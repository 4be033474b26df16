import Foundation

/// The compiled oracle: built once with `swiftc -Onone` (a quarter of `-O`'s compile time; the
/// decoding is Foundation's, compiled already) into `.build/codable-oracle/<hash of the
/// source>/`, so a rerun with the same corpus skips the compile, then fed every case at once.
struct Oracle {
  /// What `JSONDecoder` (and `JSONEncoder`) said about one document.
  struct Answer: Sendable {
    let ok: Bool
    let error: String?
    let path: String?
    let message: String?
    let output: String?
  }

  let binary: URL
  /// Seconds spent compiling (0 when the cached binary was used).
  let compileSeconds: Double

  /// `swiftc`, or nil when the toolchain is not on this machine.
  static var swiftc: URL? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  init(source: String, swiftc: URL) throws {
    let folder = CastctlProcess.packageRoot.appendingPathComponent(".build/codable-oracle/\(Self.hash(source))")
    binary = folder.appendingPathComponent("oracle")
    if FileManager.default.isExecutableFile(atPath: binary.path) {
      compileSeconds = 0
      return
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("oracle.swift")
    try Data(source.utf8).write(to: file)
    let start = Date()
    let child = try ChildProcess(swiftc, ["-Onone", file.path, "-o", binary.path + ".partial"], in: folder)
    let ending = try child.finish(timeout: 600)
    guard ending.status == 0, !ending.signalled else {
      throw OracleFailure(description: "swiftc failed on \(file.path): \(ending.stderr.prefix(4000))")
    }
    try FileManager.default.moveItem(atPath: binary.path + ".partial", toPath: binary.path)
    compileSeconds = Date().timeIntervalSince(start)
  }

  /// The answers to `cases` (model, strategy, document), in order.
  func answers(_ cases: [(model: String, strategy: DecoderStrategy, document: String)]) throws -> [Answer] {
    try lines(answering: cases.map { "\($0.model)\t\($0.strategy.rawValue)\t\($0.document)" }).map { line in
      let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
      return Answer(
        ok: object["ok"] as? Bool ?? false, error: object["error"] as? String, path: object["path"] as? String,
        message: object["message"] as? String, output: object["output"] as? String)
    }
  }

  /// The oracle's output lines for `input`, one a line of its standard input; an error unless it
  /// answers every line.
  func lines(answering input: [String]) throws -> [String] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("codable-oracle-\(UUID().uuidString).tsv")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(input.map { $0 + "\n" }.joined().utf8).write(to: file)
    let ending = try ChildProcess(binary, [], in: FileManager.default.temporaryDirectory, stdin: file.path).finish(timeout: 120)
    let lines = ending.stdout.split(separator: "\n").map(String.init)
    guard ending.status == 0, lines.count == input.count else {
      throw OracleFailure(description: "the oracle answered \(lines.count) of \(input.count) lines: \(ending)")
    }
    return lines
  }

  /// FNV-1a, 64 bits: a stable name for the source's cache folder.
  static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(value, radix: 16)
  }
}

/// The oracle could not be built or run.
struct OracleFailure: Error, CustomStringConvertible {
  let description: String
}
