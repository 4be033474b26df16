import Foundation

/// How a data command's file arguments divide into schemas and data, and whether the run is
/// today's one data file or a many-file run.
///
/// One data file after the schemas is read exactly as before many-file runs existed (every
/// argument but the last a schema, whatever its name). A run is a many-file run when a data file
/// or a directory comes before the last argument, the last is a directory, `--data` or `--` name
/// data, no file is given, or every file is data (then `castctl.yaml` maps them). There, `.cast`
/// and `.swift` files are schemas and everything else is data.
struct FileArguments: Equatable {
  var schemas: [String]
  var data: [String]
  var isBatch: Bool

  static let schemaExtensions = ["cast", "swift"]

  /// `files` as parsed, `forced` from `--data`, and how many of `files` came after `--`.
  init(files: [String], forced: [String], afterTerminator: Int, typeGiven: Bool) {
    let free = Array(files.dropLast(min(afterTerminator, files.count)))
    let isSchema = { (path: String) in Self.schemaExtensions.contains(DataFileWalk.fileExtension(path)) }
    let isData = { (path: String) in
      path == "-" || DataFileWalk.dataExtensions.contains(DataFileWalk.fileExtension(path)) || DataFileWalk.isDirectory(path)
    }
    let batch =
      !forced.isEmpty || afterTerminator > 0 || files.isEmpty
      // NB: `-` before the last argument is a schema read from standard input, as it always was.
      || files.dropLast().contains { $0 != "-" && isData($0) }
      || files.last.map(DataFileWalk.isDirectory) == true
      || (!typeGiven && files.allSatisfy { isData($0) && !isSchema($0) } && !files.contains("-"))
    guard batch else {
      schemas = Array(files.dropLast())
      data = files.last.map { [$0] } ?? []
      isBatch = false
      return
    }
    // `-` among the schemas, before the first data file, is a schema from standard input; after
    // one, it is data.
    let firstData = free.firstIndex { $0 != "-" && !isSchema($0) } ?? free.count
    let isSchemaHere = { (index: Int) in isSchema(free[index]) || (free[index] == "-" && index < firstData) }
    schemas = free.indices.filter(isSchemaHere).map { free[$0] }
    data = free.indices.filter { !isSchemaHere($0) }.map { free[$0] } + files.suffix(min(afterTerminator, files.count)) + forced
    isBatch = true
  }

  /// How many arguments follow `--` on this process's command line.
  static var afterTerminator: Int {
    guard let index = CommandLine.arguments.firstIndex(of: "--") else { return 0 }
    return CommandLine.arguments.count - index - 1
  }
}
