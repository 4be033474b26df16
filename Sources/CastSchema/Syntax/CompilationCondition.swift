/// An `#if` condition evaluated as swiftc evaluates it for the machine castctl runs on, whose
/// `JSONDecoder` castctl emulates: `os()`, `arch()`, `canImport()` of the modules it knows,
/// `swift()` and `compiler()` (6.3), `targetEnvironment()`, `true`, `false`, and `!`, `&&`, `||`
/// and parentheses over them. A build flag (`DEBUG`) or a module it does not know has no value
/// here: nil, and so has any condition that needs one.
struct CompilationCondition {
  private let words: [String]
  private var index = 0

  /// The condition's value; nil when it depends on what castctl cannot know.
  static func evaluate(_ tokens: ArraySlice<Token>, in source: SourceFile) -> Bool? {
    var condition = CompilationCondition(words: tokens.map { source.text($0.range) })
    guard let value = condition.disjunction(), condition.index == condition.words.count else { return nil }
    return value.known
  }

  private init(words: [String]) {
    self.words = words
  }

  /// A condition's value, nil where it is unknown.
  private struct Value {
    var known: Bool?
  }

  private var next: String? { index < words.count ? words[index] : nil }

  private mutating func take(_ word: String) -> Bool {
    guard next == word else { return false }
    index += 1
    return true
  }

  /// `&&` or `||`, lexed as one token or two.
  private mutating func takeOperator(_ character: String) -> Bool {
    if take(character + character) { return true }
    guard next == character, index + 1 < words.count, words[index + 1] == character else { return false }
    index += 2
    return true
  }

  private mutating func disjunction() -> Value? {
    guard var value = conjunction() else { return nil }
    while takeOperator("|") {
      guard let right = conjunction() else { return nil }
      if value.known == true || right.known == true {
        value.known = true
      } else if value.known == false, right.known == false {
        value.known = false
      } else {
        value.known = nil
      }
    }
    return value
  }

  private mutating func conjunction() -> Value? {
    guard var value = unary() else { return nil }
    while takeOperator("&") {
      guard let right = unary() else { return nil }
      if value.known == false || right.known == false {
        value.known = false
      } else if value.known == true, right.known == true {
        value.known = true
      } else {
        value.known = nil
      }
    }
    return value
  }

  private mutating func unary() -> Value? {
    if take("!") {
      guard let value = unary() else { return nil }
      return Value(known: value.known.map { !$0 })
    }
    if take("(") {
      guard let value = disjunction(), take(")") else { return nil }
      return value
    }
    guard let word = next else { return nil }
    index += 1
    switch word {
    case "true": return Value(known: true)
    case "false": return Value(known: false)
    default: break
    }
    guard take("(") else { return Value(known: nil) }
    var argument = ""
    while let part = next, part != ")" {
      argument += part
      index += 1
    }
    guard take(")") else { return nil }
    switch word {
    case "os": return Value(known: argument == Self.os)
    case "arch": return Value(known: argument == Self.arch)
    case "canImport": return Value(known: Self.importable[argument])
    case "swift", "compiler": return Value(known: Self.versionCondition(argument))
    case "targetEnvironment": return Value(known: Self.os == "Linux" ? false : nil)
    default: return Value(known: nil)
    }
  }

  /// `>=5.9` or `<6` against the Swift this castctl reads models as (6.3.1).
  private static func versionCondition(_ text: String) -> Bool? {
    let atLeast = text.hasPrefix(">=")
    guard atLeast || text.hasPrefix("<") else { return nil }
    let parts = text.dropFirst(atLeast ? 2 : 1).split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
    let wanted = parts.compactMap { $0 } + Array(repeating: 0, count: 3 - parts.count)
    let reaches = !swiftVersion.lexicographicallyPrecedes(wanted)
    return atLeast ? reaches : !reaches
  }

  private static let swiftVersion = [6, 3, 1]

  #if os(Linux)
    static let os = "Linux"
  #elseif os(macOS)
    static let os = "macOS"
  #elseif os(Windows)
    static let os = "Windows"
  #else
    static let os = "unknown"
  #endif

  #if arch(x86_64)
    static let arch = "x86_64"
  #elseif arch(arm64)
    static let arch = "arm64"
  #else
    static let arch = "unknown"
  #endif

  /// Modules whose `canImport` castctl knows for its own platform; any other is unknown.
  static let importable: [String: Bool] = {
    var table: [String: Bool] = ["Foundation": true, "Swift": true, "Dispatch": true]
    #if canImport(Glibc)
      table["Glibc"] = true
    #else
      table["Glibc"] = false
    #endif
    #if canImport(Darwin)
      table["Darwin"] = true
    #else
      table["Darwin"] = false
    #endif
    #if canImport(FoundationNetworking)
      table["FoundationNetworking"] = true
    #else
      table["FoundationNetworking"] = false
    #endif
    #if canImport(FoundationEssentials)
      table["FoundationEssentials"] = true
    #else
      table["FoundationEssentials"] = false
    #endif
    #if canImport(Observation)
      table["Observation"] = true
    #else
      table["Observation"] = false
    #endif
    #if os(Linux)
      // Apple's frameworks, which no Linux has.
      for name in ["UIKit", "AppKit", "SwiftUI", "Combine", "WatchKit", "Cocoa", "CoreData", "CoreGraphics", "CoreLocation", "MapKit", "CryptoKit", "ObjectiveC", "os"] {
        table[name] = false
      }
    #endif
    return table
  }()
}
