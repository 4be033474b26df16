import CastValidate
import Foundation
import Yams

/// Reads `castctl.yaml`'s node tree into checks, naming the position of anything it refuses.
struct ProjectFileReader {
  let path: String
  static let keys: Set<String> = ["files", "exclude", "schema", "model", "type", "strict", "unknown", "ndjson"]

  func checks(in node: Node?) throws(ProjectFileError) -> [ProjectCheck] {
    guard let node else { throw error(nil, "the file is empty; it needs a checks: list") }
    guard let mapping = node.mapping else { throw error(node, "expected a mapping with a checks: list at the top") }
    var checks: [ProjectCheck]?
    for (key, value) in mapping {
      guard key.string == "checks" else { throw error(key, "unknown key '\(key.string ?? "")'; the top level holds checks:") }
      guard let sequence = value.sequence else { throw error(value, "checks: must be a list of entries (- files: …)") }
      var read: [ProjectCheck] = []
      for entry in sequence { read.append(try check(entry)) }
      checks = read
    }
    guard let checks else { throw error(node, "no checks: list") }
    return checks
  }

  private func check(_ node: Node) throws(ProjectFileError) -> ProjectCheck {
    guard let mapping = node.mapping else { throw error(node, "each check is a mapping (files:, schema:, model:, …)") }
    var check = ProjectCheck(files: [], exclude: [], schemas: [], line: node.mark?.line ?? 0)
    check.file = path
    var sawFiles = false
    for (key, value) in mapping {
      let name = key.string ?? ""
      switch name {
      case "files":
        check.files = try globs(value)
        sawFiles = true
      case "exclude": check.exclude = try globs(value)
      case "schema":
        let root = OutputSink.folder(of: path)
        check.schemas = try strings(value, what: "schema").map { $0.hasPrefix("/") ? $0 : (root == "." ? $0 : root + "/" + $0) }
      case "model": check.model = try string(value, what: "model")
      case "type":
        check.type = try string(value, what: "type")
        check.typeLocation = error(value, "").location
      case "strict": check.strict = try bool(value, what: "strict")
      case "ndjson": check.ndjson = try bool(value, what: "ndjson")
      case "unknown":
        let text = try string(value, what: "unknown")
        guard let rule = UnknownKeyRule(rawValue: text) else { throw error(value, "unknown: must be ignore, warn or error, not '\(text)'") }
        check.unknown = rule
      default:
        throw error(key, "unknown key '\(name)' in a check; the keys are \(Self.keys.sorted().joined(separator: ", "))")
      }
    }
    guard sawFiles, !check.files.isEmpty else { throw error(node, "a check needs files: (a glob or a list of globs)") }
    guard !check.schemas.isEmpty || check.type != nil else { throw error(node, "a check needs schema: (the .cast files) or type:") }
    if check.model != nil, check.type != nil { throw error(node, "give model: or type:, not both") }
    return check
  }

  private func globs(_ node: Node) throws(ProjectFileError) -> [Glob] {
    var globs: [Glob] = []
    for text in try strings(node, what: "a glob") {
      guard let glob = Glob(text) else { throw error(node, "cannot read the glob '\(text)' (an unclosed [ or {)") }
      globs.append(glob)
    }
    return globs
  }

  private func strings(_ node: Node, what: String) throws(ProjectFileError) -> [String] {
    if let scalar = node.scalar { return [scalar.string] }
    guard let sequence = node.sequence else { throw error(node, "expected \(what) or a list of them") }
    var values: [String] = []
    for item in sequence {
      guard let scalar = item.scalar else { throw error(item, "expected \(what)") }
      values.append(scalar.string)
    }
    return values
  }

  private func string(_ node: Node, what: String) throws(ProjectFileError) -> String {
    guard let scalar = node.scalar, !scalar.string.isEmpty else { throw error(node, "\(what): must be a single value") }
    return scalar.string
  }

  private func bool(_ node: Node, what: String) throws(ProjectFileError) -> Bool {
    guard let value = node.bool else { throw error(node, "\(what): must be true or false") }
    return value
  }

  private func error(_ node: Node?, _ message: String) -> ProjectFileError {
    ProjectFileError(path: path, line: node?.mark?.line, column: node?.mark?.column, message: message)
  }
}
