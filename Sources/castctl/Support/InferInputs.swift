import ArgumentParser
import CastValidate
import Foundation

/// The inputs of `castctl infer`: files, the data files under directories, standard input; each
/// handed out as buffers of whole records, NDJSON in pieces so memory stays small.
struct InferInputs {
  /// One input file (or `-`).
  struct Input {
    let path: String
    let source: DataSource
    let ndjson: Bool
  }

  let inputs: [Input]

  /// The extensions read from a directory.
  static let dataExtensions: Set<String> = ["json", "ndjson", "jsonl", "yaml", "yml"]

  /// How much of an NDJSON file is read at a time.
  static let pieceSize = 8 << 20

  /// Expands directories (their data files, recursively, in sorted order) and opens every input;
  /// exit 66 for one that cannot be read, 3 for YAML that does not parse.
  init(paths: [String], options: DataOptions) throws {
    var expanded: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        // NB: the enumerator does not descend into a symbolic link to a directory; its target does.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let found = (FileManager.default.enumerator(atPath: target)?.allObjects as? [String] ?? [])
          .filter { Self.dataExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
          .sorted()
          .map { (path as NSString).appendingPathComponent($0) }
        if found.isEmpty {
          Terminal.writeError("castctl: error: cannot read \(ControlCharacters.escaped(path)): no .json, .ndjson, .jsonl, .yaml or .yml files in the directory\n")
          throw ExitCode.unreadableInput
        }
        expanded += found
      } else {
        expanded.append(path)
      }
    }
    inputs = try expanded.map { path in
      // NB: standard input past a few megabytes is copied to an unlinked file
      // (`DataDocument.readStream`), which the check reads again.
      let document = try DataInput.open(path, options: options, color: Terminal.useColor(.auto, fileDescriptor: 2))
      return Input(path: path, source: document.source, ndjson: document.recordsPerLine)
    }
  }

  /// A file that is not NDJSON, read from its start by `body` in chunks (a top-level array
  /// element by element); false when the input is not such a file, or `body` finds no array
  /// there, and the caller reads it whole. Errors as `forEachBuffer`.
  func streamArray(_ index: Int, color: Bool, _ body: (Int32) throws(StreamError) -> Bool) throws -> Bool {
    let input = inputs[index]
    guard !input.ndjson, let descriptor = input.source.fileDescriptor else { return false }
    // NB: the source reads by offset (pread); the chunk reader reads on from the position.
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { return false }
    do {
      return try body(descriptor)
    } catch .syntax(let error, _) {
      DataInput.reportSyntaxError(error, in: input.source, color: color)
      throw ExitCode.malformedJSON
    } catch .read(let error) {
      Terminal.writeError("castctl: error: cannot read \(ControlCharacters.escaped(input.source.name)): \(error.reason)\n")
      throw ExitCode.unreadableInput
    }
  }

  /// Calls `body` with buffers of whole records of input `index`: the document at once, NDJSON
  /// in pieces cut after a newline. A syntax error is reported (exit 3).
  func forEachBuffer(
    _ index: Int, color: Bool,
    _ body: (_ bytes: UnsafeRawBufferPointer, _ ndjson: Bool, _ base: Int) throws -> Void
  ) throws {
    // NB: untyped throws in the closures: typed throws through `withUnsafeBytes` crashed the
    // Swift 6.3.1 compiler (IRGen).
    let input = inputs[index]
    do {
      guard input.ndjson, input.source.bytes == nil else {
        try input.source.readAll().withUnsafeBytes { raw in try body(raw, input.ndjson, 0) }
        return
      }
      var start = 0
      var carried: [UInt8] = []
      while start < input.source.size {
        let end = min(input.source.size, start + Self.pieceSize)
        var piece = carried + input.source.read(start..<end)
        let base = start - carried.count
        start = end
        carried = []
        if end < input.source.size, let lastNewline = piece.lastIndex(of: 0x0A) {
          carried = Array(piece[(lastNewline + 1)...])
          piece.removeSubrange((lastNewline + 1)...)
        } else if end < input.source.size {
          carried = piece
          continue
        }
        try piece.withUnsafeBytes { raw in try body(raw, true, base) }
      }
    } catch let error as JSONSyntaxError {
      DataInput.reportSyntaxError(error, in: input.source, color: color)
      throw ExitCode.malformedJSON
    }
  }
}
