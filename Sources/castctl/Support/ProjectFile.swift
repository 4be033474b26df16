import CastValidate
import Foundation
import Yams

/// `castctl.yaml`: which schema and model check which data files of a repository, so that
/// `castctl validate` alone checks them all and a pre-commit hook can map the files it is given.
struct ProjectFile {
  static let fileName = "castctl.yaml"

  /// The file's path, as found.
  let path: String
  /// Its folder: globs and schema paths are relative to it.
  let root: String
  let checks: [ProjectCheck]

  /// The nearest `castctl.yaml` in `directory` or a folder above it.
  static func find(from directory: String) -> String? {
    var folder = URL(fileURLWithPath: directory).standardizedFileURL.path
    while true {
      let candidate = folder == "/" ? "/" + fileName : folder + "/" + fileName
      // NB: `lstat`, so that a link to nothing is found too (and reported), not passed over.
      var info = stat()
      if lstat(candidate, &info) == 0 { return candidate }
      guard folder != "/", !folder.isEmpty else { return nil }
      folder = OutputSink.folder(of: folder)
    }
  }

  /// Reads and checks the file; every mistake is reported with its line and column.
  static func load(_ path: String) throws(ProjectFileError) -> ProjectFile {
    // NB: only a regular file is read: a FIFO would block the read for ever.
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw ProjectFileError(path: path, line: nil, column: nil, message: "cannot read the file: \(String(cString: strerror(errno)))", unreadable: true)
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      let reason = (info.st_mode & S_IFMT) == S_IFDIR ? String(cString: strerror(EISDIR)) : "it is not a regular file"
      throw ProjectFileError(path: path, line: nil, column: nil, message: "cannot read the file: \(reason)", unreadable: true)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ProjectFileError(path: path, line: nil, column: nil, message: "cannot read the file: \(unreadableReason(path))", unreadable: true)
    }
    let text = String(decoding: data, as: UTF8.self)
    let node: Node?
    do {
      node = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw ProjectFileError(yaml: error, path: path, text: text)
    } catch {
      throw ProjectFileError(path: path, line: nil, column: nil, message: "\(error)")
    }
    let reader = ProjectFileReader(path: path)
    let checks = try reader.checks(in: node)
    return ProjectFile(path: path, root: OutputSink.folder(of: path), checks: checks)
  }

  /// Why `path` could not be read, as the system says it.
  private static func unreadableReason(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    close(descriptor)
    return "a read failed"
  }

  /// The first check whose `files` match `relative` (a path from the root) and whose `exclude`
  /// does not.
  func check(for relative: String) -> ProjectCheck? {
    checks.first { check in
      check.files.contains { $0.matches(relative) } && !check.exclude.contains { $0.matches(relative) }
    }
  }

  /// A path made absolute from the current directory, then relative to the root; nil outside it.
  func relative(_ path: String) -> String? {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
    let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    guard absolute.hasPrefix(prefix) else { return nil }
    return String(absolute.dropFirst(prefix.count))
  }

  /// Every file below the root one check maps, sorted, as (check, path from the current directory).
  /// `skipping`: a folder not walked (`DataFileWalk.expand`).
  /// `unmatched`: the checks whose `files` match no file at all, most likely mistyped globs.
  func mappedFiles(skipping: String? = nil) -> (mapped: [(check: ProjectCheck, relative: String)], unmatched: [ProjectCheck]) {
    // NB: a file that cannot be read is mapped too, and fails when it is read.
    let files = DataFileWalk.walk(root, skipping: skipping.flatMap(DataFileWalk.resolved)).filter { !$0.isFolder }
    let mapped = files.compactMap { file in check(for: file.path).map { ($0, file.path) } }
    let unmatched = checks.filter { check in !files.contains { file in check.files.contains { $0.matches(file.path) } } }
    return (mapped, unmatched)
  }
}

/// One entry of `checks:`.
struct ProjectCheck: Sendable {
  var files: [Glob]
  var exclude: [Glob]
  /// Schema files, as paths from the current directory.
  var schemas: [String]
  var model: String?
  var type: String?
  /// Where `type:`'s value is, for a type that names no model or has a mistake (`path:line:col`).
  var typeLocation: String?
  var strict: Bool?
  var unknown: UnknownKeyRule?
  var ndjson: Bool?
  /// Where the entry starts in the file, for messages.
  var line: Int
  /// The project file, named as found.
  var file = ""
  /// The same as `castctl.yaml:4`.
  var place: String { "\(file):\(line)" }
}

/// A mistake in `castctl.yaml`, at its position (lines and columns from 1).
struct ProjectFileError: Error, CustomStringConvertible {
  let path: String
  let line: Int?
  let column: Int?
  let message: String
  /// The file could not be read at all (exit 66), rather than read and found wrong (exit 64).
  var unreadable = false

  init(path: String, line: Int?, column: Int?, message: String, unreadable: Bool = false) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
    self.unreadable = unreadable
  }

  init(yaml error: YamlError, path: String, text: String) {
    self.path = path
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
      (line, column, message) = (mark.line, mark.column, "not valid YAML: " + problem)
    case .reader(let problem, let offset, _, _):
      let position = YAMLInput.position(of: offset ?? 0, in: Array(text.utf8))
      (line, column, message) = (position.line, position.column, "not valid YAML: " + problem)
    case .duplicatedKeysInMapping(let duplicates, let context):
      let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
      // At the repeat, where it can be found; Yams names the first.
      let repeated = duplicates.first.flatMap {
        YAMLInput.repeatedKeyPosition($0, line: context.mark.line, column: context.mark.column, in: Array(text.utf8))
      }
      (line, column, message) = (repeated?.line ?? context.mark.line, repeated?.column ?? context.mark.column, "a mapping has the key \(keys) twice")
    default:
      (line, column, message) = (nil, nil, "not valid YAML: \(error)")
    }
  }

  /// `path:line:column`, as far as it is known.
  var location: String {
    path + (line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? "")
  }

  var description: String { "\(location): error: \(message)" }
}
