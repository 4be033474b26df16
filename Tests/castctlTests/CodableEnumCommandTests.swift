import Foundation
import Testing

/// A `Codable` enum with associated values through schema, validate and convert.
@Suite("Codable enums with associated values end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct CodableEnumCommandTests {
  static let source = """
    import Foundation

    enum Shape: Codable {
      case none
      case circle(radius: URL)
      case pair(Int, name: String?)
    }
    struct Drawing: Codable { let shape: Shape }

    """

  @Test("schema shows each case as the object JSONDecoder reads")
  func schema() throws {
    let file = try CastctlProcess.temporaryFile("shape.swift", Self.source)
    defer { CastctlProcess.removeTemporaryFile(file) }
    let output = try CastctlProcess.run(["schema", file, "Shape"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains(#"{"pair": {"_0": Int, "name": String?}}"#), "\(output.stdout)")
    #expect(output.stdout.contains(#"{"none": {}}"#), "\(output.stdout)")
  }

  @Test("a wrong payload value is found at its place in the data and at the case's declaration")
  func validate() throws {
    let file = try CastctlProcess.temporaryFile("shape.swift", Self.source)
    defer { CastctlProcess.removeTemporaryFile(file) }
    let good = try CastctlProcess.run(["validate", file, "-"], stdin: #"{"shape": {"circle": {"radius": "https://x.org"}}}"#)
    #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
    let bad = try CastctlProcess.run(["validate", file, "-"], stdin: #"{"shape": {"circle": {"radius": 5}}}"#)
    #expect(bad.status == 1)
    #expect(bad.stdout.contains("<stdin>:1:33: error[type-mismatch]: expected URL, found the number 5"), "\(bad.stdout)")
    #expect(bad.stdout.contains("at /shape/circle/radius"), "\(bad.stdout)")
    #expect(bad.stdout.contains("shape.swift:5:15"), "\(bad.stdout)")
    #expect(bad.stdout.contains("typeMismatch(String, codingPath: shape.circle.radius)"), "\(bad.stdout)")
  }

  @Test("convert writes the case as JSONEncoder does: nil values omitted, unknown keys gone")
  func convert() throws {
    let file = try CastctlProcess.temporaryFile("shape.swift", Self.source)
    defer { CastctlProcess.removeTemporaryFile(file) }
    let output = try CastctlProcess.run(
      ["convert", file, "-", "--format", "jsonl"],
      stdin: #"{"shape": {"pair": {"name": null, "_0": 3, "x": 1}}, "zz": 0}"# + "\n")
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.contains(#"{"shape":{"pair":{"_0":3}}}"#), "\(output.stdout)")
  }

  @Test("infer --seed keeps an enum with associated values that holds the data's objects")
  func inferSeed() throws {
    let file = try CastctlProcess.temporaryFile("shape.swift", Self.source)
    defer { CastctlProcess.removeTemporaryFile(file) }
    let data = try CastctlProcess.temporaryFile(
      "drawings.ndjson", #"{"shape": {"pair": {"_0": 3, "name": "x"}}}"# + "\n" + #"{"shape": {"none": {}}}"# + "\n")
    defer { CastctlProcess.removeTemporaryFile(data) }
    let output = try CastctlProcess.run(["infer", data, "--seed", file])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stderr.contains("the data fits"), "\(output.stderr)")
    #expect(output.stdout.contains("let shape: Shape"), "\(output.stdout)")
  }
}
