import ArgumentParser
import CastValidate
import Foundation

/// One file of a many-file run and what checks it.
struct BatchJob: Sendable {
  var file: DataFileWalk.Entry
  /// The schema files (empty with `--type` alone).
  var schemas: [String]
  /// The `castctl.yaml` entry that mapped the file, whose model, type and strictness apply.
  var check: ProjectCheck?
  /// True when the project file maps no check to the file: it is reported and skipped.
  var unmapped = false
  /// For a `castctl.yaml` check that matches no file (whose `file` is named `castctl.yaml:LINE`):
  /// the project file and the check's line, where CI reports place it.
  var checkLine: (file: String, line: Int)? = nil
}

/// The files of a many-file run: the arguments walked, or mapped through `castctl.yaml`.
enum BatchPlan {
  /// `schemas` and `data` as classified; with no schemas (and no `--type`) every file is mapped
  /// through the project file, and with no arguments at all the project file lists them.
  static func jobs(schemas: [String], data: [String], typeGiven: Bool, skipping: String? = nil) throws -> [BatchJob] {
    if !schemas.isEmpty || typeGiven {
      return DataFileWalk.expand(data, skipping: skipping).map { BatchJob(file: $0, schemas: schemas) }
    }
    let project = try loadProject()
    if data.isEmpty {
      let cwd = FileManager.default.currentDirectoryPath
      let (mapped, unmatched) = project.mappedFiles(skipping: skipping)
      let jobs = mapped.map { check, relative in
        let path = displayPath(project.root + "/" + relative, from: cwd)
        return BatchJob(file: DataFileWalk.Entry(path: path, relative: relative), schemas: check.schemas, check: check)
      }
      // A check whose files match nothing fails as an empty directory does: a mistyped glob
      // must not pass as "nothing invalid".
      return jobs + unmatched.map { check in
        let place = check.place
        let patterns = check.files.map { "\"\($0.pattern)\"" }.joined(separator: ", ")
        let hint = check.files.contains(where: \.namesHidden) ? " (hidden files and folders are not walked)" : ""
        var job = BatchJob(
          file: DataFileWalk.Entry(path: place, relative: place, failure: "the check's files \(patterns) match no file\(hint)"), schemas: [])
        job.checkLine = (check.file, check.line)
        return job
      }
    }
    return DataFileWalk.expand(data, skipping: skipping).map { entry in
      guard entry.failure == nil else { return BatchJob(file: entry, schemas: []) }
      guard let relative = project.relative(entry.path), let check = project.check(for: relative) else {
        return BatchJob(file: entry, schemas: [], unmapped: true)
      }
      return BatchJob(file: entry, schemas: check.schemas, check: check)
    }
  }

  /// Refuses the pipe mode (`--format jsonl`, `--split`, named by `mode`) over many files: it
  /// reads one. A directory given alone is an input that cannot be read (exit 66), as anywhere.
  static func refusePipeMode(_ mode: String, data: [String]) throws -> Never {
    if data.count == 1, let directory = data.first, DataFileWalk.isDirectory(directory) {
      Terminal.writeError("castctl: error: cannot read \(ControlCharacters.escaped(directory)): it is a directory; \(mode) reads one data file\n")
      throw ExitCode.unreadableInput
    }
    throw ValidationError("\(mode) reads one data file; give one (or run castctl once per file)")
  }

  /// Refuses, as a usage error, a run that needs `castctl.yaml` where there is none, and a
  /// schema from standard input, which the run's files, each checked by a castctl of its own,
  /// cannot all read.
  static func requireProject(schemas: [String], data: [String], typeGiven: Bool) throws {
    if schemas.contains("-") {
      throw ValidationError("a schema from standard input (-) goes with one data file; give a many-file run its schemas as files")
    }
    guard schemas.isEmpty, !typeGiven, ProjectFile.find(from: FileManager.default.currentDirectoryPath) == nil else { return }
    let needed =
      data.isEmpty
      ? "with no arguments, castctl validate checks the files castctl.yaml maps"
      : "give the .cast files before the data files, or use --type, or map the files in castctl.yaml"
    throw ValidationError("\(needed) (no \(ProjectFile.fileName) in this folder or above it)")
  }

  /// The project file above the current directory.
  static func loadProject() throws -> ProjectFile {
    guard let path = ProjectFile.find(from: FileManager.default.currentDirectoryPath) else {
      throw ValidationError("no \(ProjectFile.fileName) in this folder or above it")
    }
    do {
      // Named from the current directory: messages and reports give the paths the user types.
      return try ProjectFile.load(displayPath(path, from: FileManager.default.currentDirectoryPath))
    } catch {
      Terminal.writeError("castctl: \(error)\n")
      throw error.unreadable ? ExitCode.unreadableInput : ExitCode.usage
    }
  }

  /// `absolute` from `directory` when it is below it (a report names files as the user sees them).
  static func displayPath(_ absolute: String, from directory: String) -> String {
    let standard = URL(fileURLWithPath: absolute).standardizedFileURL.path
    let base = URL(fileURLWithPath: directory).standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return standard.hasPrefix(prefix) ? String(standard.dropFirst(prefix.count)) : standard
  }
}
