import Foundation

/// The data files a many-file run reads: each argument as given, a directory replaced by the
/// data files under it.
enum DataFileWalk {
  /// The extensions a directory walk picks up.
  static let dataExtensions = ["json", "ndjson", "jsonl", "yaml", "yml"]

  /// One data file of the run, and where it came from.
  struct Entry: Equatable, Sendable {
    /// The path to read (`-` for standard input).
    var path: String
    /// Its path below the directory argument it was found in, or its file name when it was
    /// given itself; `convert -o DIR` writes it there.
    var relative: String
    /// Why the entry cannot be read without trying: a directory holding no data files.
    var failure: String?
  }

  /// `arguments` with every directory walked (recursively, by extension, sorted). Entries whose
  /// name starts with `.` are skipped: version-control folders and castctl's own temporary files.
  /// A directory's symbolic links to files are followed, links to directories are not (a loop
  /// would never end). A directory holding no data files stands as an entry that fails, as a
  /// missing file does: most likely a mistyped path, which must not pass as "nothing invalid".
  /// So do a data file that cannot be read as one (a link to nothing, a pipe) and a folder that
  /// cannot be listed: a walk never leaves out silently what it was asked to cover. A folder that
  /// is `skipping` (`convert -o DIR`'s output, which a later run would read as input) is not
  /// walked.
  static func expand(_ arguments: [String], skipping: String? = nil) -> [Entry] {
    let skipped = skipping.flatMap(resolved)
    var entries: [Entry] = []
    for argument in arguments {
      guard argument != "-", isDirectory(argument) else {
        entries.append(Entry(path: argument, relative: argument == "-" ? "stdin" : fileName(argument)))
        continue
      }
      let found = walk(argument, skipping: skipped).filter { $0.isFolder || dataExtensions.contains(fileExtension($0.path)) }
      if let root = found.first, root.path.isEmpty {
        entries.append(Entry(path: argument, relative: fileName(argument), failure: root.failure))
        continue
      }
      if found.isEmpty {
        let failure = "it is a directory with no " + dataExtensions.map { "." + $0 }.joined(separator: ", ") + " files"
        entries.append(Entry(path: argument, relative: fileName(argument), failure: failure))
      }
      let base = argument.hasSuffix("/") ? argument : argument + "/"
      entries += found.map { Entry(path: base + $0.path, relative: $0.path, failure: $0.failure) }
    }
    return entries
  }

  /// A file a walk found, by its path relative to the directory walked, or one it could not read.
  struct Found: Equatable {
    var path: String
    /// Why it cannot be read, known without trying: a link to nothing, not a regular file, a
    /// folder that cannot be listed (the directory walked itself when `path` is empty).
    var failure: String?
    /// A folder that could not be listed (which has no extension to pick it by).
    var isFolder = false
  }

  /// Every regular file under `directory` and every entry that cannot be read as one (`Found`),
  /// sorted by bytes (the same order on every machine, whatever the locale); not below a folder
  /// whose resolved path is `skipping`.
  static func walk(_ directory: String, skipping: String? = nil) -> [Found] {
    var found: [Found] = []
    var pending = [""]
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? directory : directory + "/" + relative
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        found.append(Found(path: relative, failure: "cannot list the directory: \(listingFailure(folder))", isFolder: true))
        continue
      }
      for name in names where !name.hasPrefix(".") {
        let path = relative.isEmpty ? name : relative + "/" + name
        var info = stat()
        guard lstat(directory + "/" + path, &info) == 0 else {
          // NB: named, not left out: a path past PATH_MAX, or a name that is not UTF-8 (listed
          // with U+FFFD in it, so that the name castctl has leads nowhere).
          let reason = errno == ENOENT ? "no file has this name any more (or its name is not UTF-8)" : String(cString: strerror(errno))
          // NB: what it is cannot be known; without a data extension it may be a folder of them.
          found.append(Found(path: path, failure: reason, isFolder: !dataExtensions.contains(fileExtension(path))))
          continue
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: if skipping == nil || resolved(directory + "/" + path) != skipping { pending.append(path) }
        case S_IFREG: found.append(Found(path: path))
        case S_IFLNK:
          if stat(directory + "/" + path, &info) != 0 {
            let reason = errno == ENOENT ? "to a file that does not exist" : "that cannot be followed (\(String(cString: strerror(errno))))"
            found.append(Found(path: path, failure: "it is a symbolic link " + reason))
          } else if (info.st_mode & S_IFMT) == S_IFREG {
            found.append(Found(path: path))
          } else if (info.st_mode & S_IFMT) != S_IFDIR {
            found.append(Found(path: path, failure: "it is a symbolic link to something that is not a regular file"))
          }
        default: found.append(Found(path: path, failure: "it is not a regular file"))
        }
      }
    }
    return found.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
  }

  /// `path` with every link and `..` resolved, or nil when it does not exist.
  static func resolved(_ path: String) -> String? {
    guard let full = realpath(path, nil) else { return nil }
    defer { free(full) }
    return String(cString: full)
  }

  /// Why `folder` cannot be listed, as the system says it.
  private static func listingFailure(_ folder: String) -> String {
    guard let handle = opendir(folder) else { return String(cString: strerror(errno)) }
    closedir(handle)
    return "it could not be read"
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  static func fileName(_ path: String) -> String {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
  }

  static func fileExtension(_ path: String) -> String {
    let name = fileName(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...]).lowercased()
  }
}
