import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether two output paths name one file: the same file when both exist (a link, `./x` and
/// `x`), else the same absolute path once `.` and `..` are resolved. `-` (standard output) is
/// only itself.
enum SameFile {
  static func paths(_ a: String, _ b: String) -> Bool {
    if a == "-" || b == "-" { return a == b }
    var first = stat()
    var second = stat()
    if stat(a, &first) == 0, stat(b, &second) == 0 { return first.st_dev == second.st_dev && first.st_ino == second.st_ino }
    return absolute(a) == absolute(b)
  }

  /// The path with its existing folders' links resolved, for a file that may not exist yet.
  private static func absolute(_ path: String) -> String {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
  }
}
