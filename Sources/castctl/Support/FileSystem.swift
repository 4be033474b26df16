import Foundation

/// Small file-system questions the command line asks.
enum FileSystem {
  /// Whether something exists at `path`.
  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }
}
