import Foundation

/// A temporary folder holding copies of `schemas/` files, for runs that write files.
struct ScratchFolder {
  let url: URL

  /// Creates the folder and copies `names` from `schemas/` into it.
  init(copying names: [String]) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("castctl-scratch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(
        at: CastctlProcess.schemas.appendingPathComponent(name), to: url.appendingPathComponent(name))
    }
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func bytes(_ name: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(name)) }

  func text(_ name: String) throws -> String { String(decoding: try bytes(name), as: UTF8.self) }

  func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

  /// Permission bits of a file.
  func mode(_ name: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path(name))[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// Sets permission bits.
  func setMode(_ name: String, _ mode: Int) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path(name))
  }

  /// Every file in the folder, sorted (temporary files of an interrupted or failed write included).
  var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
