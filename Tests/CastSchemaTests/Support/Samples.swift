import Foundation
import Testing

/// Where the promised sample schemas are: the repository's `schemas/`, and the shared folder
/// beside the package (`<packageRoot>/../shared`), which a checkout may not have.
enum Samples {
  /// The package root, found from this file's path (`Tests/CastSchemaTests/Support/`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `<packageRoot>/../shared`.
  static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

  /// Whether the shared samples are there.
  static let sharedExists = FileManager.default.fileExists(
    atPath: shared.appendingPathComponent("samples/JSONCast-Classy.cast").path)

  /// The message of a test skipped for want of the shared folder.
  static let sharedMissing: Comment = "needs the shared samples at \(shared.path), which is missing"

  /// Paths of files in `folder` (relative to `base`) whose names end in `suffix`, sorted; empty
  /// when the folder is missing.
  static func files(_ folder: String, under base: URL, suffix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder + "/" + $0 }
  }

  /// Every sample schema in the shared folder, relative to it.
  static var sharedSchemas: [String] {
    guard sharedExists else { return [] }
    return ["samples/JSONCast-Classy.cast"] + files("samples/derived", under: shared, suffix: ".models.swift")
      + files("samples/history", under: shared, suffix: ".cast")
  }

  /// Every example schema of the repository, relative to the package root.
  static var repositorySchemas: [String] {
    files("schemas", under: packageRoot, suffix: ".cast") + files("schemas/seeds", under: packageRoot, suffix: ".cast")
  }
}
