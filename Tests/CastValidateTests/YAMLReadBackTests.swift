import Foundation
import Testing

@testable import CastValidate

/// The seeded random documents of the differential (`TrickyJSON`), written by castctl's YAML
/// writer and read back by the readers that matter: Yams (castctl's own reader and `roundtrip`'s)
/// and PyYAML (most YAML a JSON model's data meets), both of which must read the values written.
@Suite("Random YAML documents read back as the values written")
struct YAMLReadBackTests {
  /// The value a reader should find: each key once (`lastOfEachKey`), exponents as written (`floatText`).
  static func written(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let literal) where literal.contains(where: { $0 == "e" || $0 == "E" }): return .number(YAMLOutput.floatText(literal))
    case .array(let items): return .array(items.map(written))
    case .object(let members):
      return .object(YAMLOutput.lastOfEachKey(members).map { JSONMember(key: $0.key, value: written($0.value)) })
    default: return value
    }
  }

  static func corpus(seed: UInt64, count: Int) -> [JSONValue] {
    var generator = TrickyJSON(seed: seed)
    return (0..<count).map { _ in generator.value(depth: 4) } + (0..<12).map { generator.deep(levels: $0 * 3) }
  }

  // NB: Yams's reader drops a byte-order mark that begins a scalar (`FormatRoundTripTests`), so
  // documents with one are left to PyYAML.
  @Test("Yams reads each document back as the value written")
  func yams() throws {
    var differing: [String] = []
    var read = 0
    for value in Self.corpus(seed: 31, count: 600) where !"\(value)".contains("\u{FEFF}") {
      let yaml = try YAMLOutput.write(value)
      if try FormatReader.yaml(yaml) != Self.written(value) { differing.append(yaml) }
      read += 1
    }
    #expect(differing == [])
    #expect(read > 500)
  }

  /// A Python with PyYAML: pre-commit's (`.tools/`), else the system's; nil when neither has it.
  static let python: URL? = {
    let candidates = [SampleFiles.packageRoot.appendingPathComponent(".tools/pre-commit/bin/python").path, "/usr/bin/python3"]
    return candidates.lazy.map(URL.init(fileURLWithPath:)).first { (try? run($0, ["-c", "import yaml"], input: Data()))?.status == 0 }
  }()

  /// Reads pairs `[yaml, json]` on standard input and prints, for each, `ok` when PyYAML's
  /// `safe_load` (the pure-Python reader, and libyaml's where PyYAML has it) reads the YAML as
  /// the JSON's value, ints, floats and booleans kept apart; else what it read.
  static let judge = """
    import json, sys, yaml
    def same(a, b):
        if isinstance(a, (bool, int, float)) or isinstance(b, (bool, int, float)): return type(a) is type(b) and a == b
        if isinstance(a, list) and isinstance(b, list): return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        if isinstance(a, dict) and isinstance(b, dict):
            return list(a.keys()) == list(b.keys()) and all(same(a[k], b[k]) for k in a)
        return type(a) is type(b) and a == b
    loaders = [yaml.SafeLoader] + ([yaml.CSafeLoader] if yaml.__with_libyaml__ else [])
    for text, expected in json.load(sys.stdin):
        for loader in loaders:
            value = yaml.load(text, Loader=loader)
            if not same(value, json.loads(expected)):
                print("%s read %r" % (loader.__name__, value))
                break
        else:
            print("ok")
    """

  @Test("PyYAML reads each document back as the value written", .enabled(if: python != nil, "no Python with PyYAML"))
  func pyYAML() throws {
    let python = try #require(Self.python)
    let values = Self.corpus(seed: 32, count: 600)
    let pairs = try values.map { [try YAMLOutput.write($0), "\(Self.written($0))"] }
    let ending = try Self.run(python, ["-c", Self.judge], input: try JSONSerialization.data(withJSONObject: pairs))
    try #require(ending.status == 0, "\(ending.output)")
    let verdicts = ending.output.split(separator: "\n")
    try #require(verdicts.count == pairs.count, "\(ending.output)")
    for (pair, verdict) in zip(pairs, verdicts) where verdict != "ok" {
      Issue.record("\(pair[0].debugDescription) → \(verdict)")
    }
  }

  /// Runs `executable` with `input` on its standard input: its exit status and standard output.
  static func run(_ executable: URL, _ arguments: [String], input: Data) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    // NB: written on another thread: a large input would fill the pipe while the child's output
    // fills the other.
    let writer = Thread {
      stdin.fileHandleForWriting.write(input)
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
