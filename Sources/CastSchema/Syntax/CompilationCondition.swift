/// An `#if` condition evaluated as swiftc evaluates it for the machine castctl runs on, whose
/// `JSONDecoder` castctl emulates: `os()`, `arch()`, `canImport()` of the modules it knows,
/// `compiler()` (6.3.1), `swift()` where language modes 5 and 6 agree, `targetEnvironment()`,
/// `_endian()`, `_pointerBitWidth()`, `true`, `false`, and `!`, `&&`, `||` and parentheses over them. A build flag (`DEBUG`) or a module it does not know has no value
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
    // NB: `swift()` asks the language mode, 5 (5.10) or 6 (6.3.1) as the build chooses (plain
    // `swiftc` takes 5): known only where both agree; `compiler()` asks the compiler, 6.3.1.
    case "swift":
      let five = Self.versionCondition(argument, of: [5, 10, 0]), six = Self.versionCondition(argument, of: Self.swiftVersion)
      return Value(known: five == six ? five : nil)
    case "compiler": return Value(known: Self.versionCondition(argument, of: Self.swiftVersion))
    case "_endian": return Value(known: argument == Self.endian)
    case "_pointerBitWidth": return Value(known: argument == "_\(Int.bitWidth)")
    case "targetEnvironment": return Value(known: Self.os == "Linux" ? false : nil)
    default: return Value(known: nil)
    }
  }

  /// `>=5.9` or `<6` against `version`.
  private static func versionCondition(_ text: String, of version: [Int]) -> Bool? {
    let atLeast = text.hasPrefix(">=")
    guard atLeast || text.hasPrefix("<") else { return nil }
    let parts = text.dropFirst(atLeast ? 2 : 1).split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
    let wanted = parts.compactMap { $0 } + Array(repeating: 0, count: 3 - parts.count)
    let reaches = !version.lexicographicallyPrecedes(wanted)
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

  static let endian = 1.littleEndian == 1 ? "little" : "big"

  /// Modules whose `canImport` castctl knows for its own platform; any other is unknown.
  static let importable: [String: Bool] = {
    // NB: each module named once here, set where this platform has it (`canImport` takes a
    // literal name, so each needs its own `#if`).
    var table = Dictionary(
      uniqueKeysWithValues: ["Glibc", "Darwin", "Musl", "Android", "WinSDK", "FoundationNetworking", "FoundationEssentials", "Observation"]
        .map { ($0, false) })
    for name in ["Foundation", "Swift", "Dispatch"] { table[name] = true }
    #if canImport(Glibc)
      table["Glibc"] = true
    #endif
    #if canImport(Darwin)
      table["Darwin"] = true
    #endif
    #if canImport(Musl)
      table["Musl"] = true
    #endif
    #if canImport(Android)
      table["Android"] = true
    #endif
    #if canImport(WinSDK)
      table["WinSDK"] = true
    #endif
    #if canImport(FoundationNetworking)
      table["FoundationNetworking"] = true
    #endif
    #if canImport(FoundationEssentials)
      table["FoundationEssentials"] = true
    #endif
    #if canImport(Observation)
      table["Observation"] = true
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
