import CastValidate
import Foundation

/// A path pattern of `castctl.yaml`, matched against a whole path relative to the project root:
/// `*` and `?` within one path component, `**` across any number of them (`a/**/b` also matches
/// `a/b`), `[abc]` a character class and `{x,y}` alternatives. Matched by castctl's own pattern
/// machine, in time linear in the path (a backtracking regular expression took time exponential
/// in the number of `*` on some paths).
struct Glob: Sendable {
  let pattern: String
  private let matcher: PatternMatcher

  /// The pattern, or nil when it cannot be read (an unclosed `[` or `{`).
  init?(_ pattern: String) {
    // NB: paths are matched as walked from the project folder, which `./` names: `./a.json` is `a.json`.
    var relative = Substring(pattern)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    guard let expression = Self.regularExpression(String(relative)), let matcher = PatternMatcher("^" + expression + "$")
    else { return nil }
    self.pattern = pattern
    self.matcher = matcher
  }

  /// Whether a component of the pattern names a hidden file or folder (`.cfg/*.json`), which a
  /// project walk skips.
  var namesHidden: Bool {
    pattern.split(separator: "/").contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
  }

  func matches(_ path: String) -> Bool {
    matcher.matches(path)
  }

  private static func regularExpression(_ pattern: String) -> String? {
    let characters = Array(pattern)
    var output = ""
    var index = 0
    var braces = 0
    while index < characters.count {
      let character = characters[index]
      switch character {
      case "*":
        if index + 1 < characters.count, characters[index + 1] == "*" {
          let atComponentStart = index == 0 || characters[index - 1] == "/"
          if atComponentStart, index + 2 < characters.count, characters[index + 2] == "/" {
            output += "(?:[^/]*/)*"
            index += 3
            continue
          }
          output += ".*"
          index += 2
          continue
        }
        output += "[^/]*"
      case "?": output += "[^/]"
      case "[":
        guard let close = characters[(index + 1)...].firstIndex(of: "]") else { return nil }
        var body = String(characters[(index + 1)..<close])
        if body.hasPrefix("!") { body = "^" + body.dropFirst() }
        output += "[" + body.replacingOccurrences(of: "\\", with: "\\\\") + "]"
        index = close
      case "{":
        braces += 1
        output += "(?:"
      case "}" where braces > 0:
        braces -= 1
        output += ")"
      case "," where braces > 0: output += "|"
      default: output += NSRegularExpression.escapedPattern(for: String(character))
      }
      index += 1
    }
    return braces == 0 ? output : nil
  }
}
