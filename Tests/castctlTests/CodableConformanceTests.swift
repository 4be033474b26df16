import Foundation
import Testing

/// `codable-not-codable` against swiftc on this machine: castctl warns about exactly the models
/// whose synthesized conformance swiftc refuses, for a property whose type lacks the half of
/// `Codable` the model needs.
@Suite("Codable conformance, checked with swiftc")
struct CodableConformanceTests {
  static let sources: [String] = [
    "struct E: Encodable { var x: Int }\nstruct D: Decodable { var e: E; var es: [String: E]? }\n",
    "struct P { var y: Int }\nstruct C: Codable { var p: [P] }\n",
    "struct D: Decodable { var x: Int }\nstruct W: Encodable { var d: D? }\nstruct R: Decodable { var d: D }\n",
    "class B: Codable { var z: Int = 0 }\nclass S: B {}\nenum Lvl: Int, Codable { case a }\nstruct OK: Codable { var s: S; var l: Set<Lvl> }\n",
    "enum Bad: String { case q }\nstruct W: Encodable { var b: Bad }\nenum Good: String, Decodable { case q }\nstruct R: Decodable { var g: Good }\n",
    "protocol Model: Codable {}\nstruct A: Model { var x: Int }\nstruct B: Codable { var a: A; var m: [String: A] }\n",
  ]

  /// What `swiftc -typecheck` says of `source` on standard error.
  static func typecheck(_ source: String, swiftc: URL) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("models.swift")
    try Data(("import Foundation\n" + source).utf8).write(to: file)
    return try ChildProcess(swiftc, ["-typecheck", file.path], in: folder).finish(timeout: 300).stderr
  }

  /// The types swiftc says do not conform to a protocol of Codable.
  static func refused(_ source: String, swiftc: URL) throws -> Set<String> {
    let pattern = /type '(\w+)' does not conform to protocol '(?:Decodable|Encodable)'/
    return Set(try typecheck(source, swiftc: swiftc).matches(of: pattern).map { String($0.output.1) })
  }

  /// Structs and enums holding themselves by value, directly, in a cycle, or by holding one that
  /// does; and the ways that compile: an array, a dictionary, a class, `indirect`. The sources
  /// that compile start with `final class` or `indirect`.
  static let recursive: [String] = [
    "struct Node: Codable { let n: Int; let next: Node? }\n",
    "struct A: Codable { var b: B? }\nstruct B: Codable { var a: A? }\nstruct E: Codable { var x: Int; var a: A? }\n",
    "struct F: Codable { var g: G }\nstruct G: Codable { var f: F?; var x: Int }\nstruct H: Codable { var h: [H]; var d: [String: H]? }\n",
    "final class K: Codable { var k: K? }\nstruct S: Codable { var k: K?; var s: [S] }\nstruct T: Codable { var s: S; var t: Set<Int> }\n",
    "enum Shape: Codable { case none; case nested(inner: Shape?) }\nstruct W: Codable { let s: Shape }\n",
    "struct S: Codable { let e: E? }\nenum E: Codable { case none; case s(S) }\nenum L: Codable { case none; case b(x: Int, y: L) }\n",
    "enum A: Codable { case none; case b(B) }\nenum B: Codable { case none; case a(A) }\nstruct C: Codable { var a: [A] }\n",
    "indirect enum T: Codable { case leaf(Int); case node(T, T) }\nenum U: Codable { case none; indirect case u(U?) }\n"
      + "enum V: Codable { case none; case v([V]); case w([String: V]) }\nenum A: Codable { case none; case b(B) }\n"
      + "indirect enum B: Codable { case none; case a(A) }\nstruct S: Codable { let e: E? }\n"
      + "enum E: Codable { case none; indirect case s(S) }\nstruct W: Codable { var t: T; var u: U; var a: A }\n",
  ]

  /// The value types swiftc refuses for holding themselves, or for having infinite size, and the
  /// enums it refuses for holding themselves without `indirect`.
  static func recursiveRefused(_ source: String, swiftc: URL) throws -> Set<String> {
    let said = try typecheck(source, swiftc: swiftc)
    let valueType = /value type '(\w+)' (?:cannot have a stored property that recursively contains it|has infinite size)/
    let recursiveEnum = /recursive enum '(\w+)' is not marked 'indirect'/
    return Set(said.matches(of: valueType).map { String($0.output.1) } + said.matches(of: recursiveEnum).map { String($0.output.1) })
  }

  @Test(
    "codable-recursive-value names exactly the structs and enums swiftc refuses for holding themselves",
    .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"), arguments: recursive)
  func recursiveAgreesWithSwiftc(_ source: String) throws {
    let swiftc = try #require(Oracle.swiftc)
    let expected = try Self.recursiveRefused(source, swiftc: swiftc)
    #expect(expected.isEmpty == (source.hasPrefix("final class K") || source.hasPrefix("indirect")), "swiftc: \(expected)")
    let schema = try CastctlProcess.temporaryFile("models.swift", source)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run(["check", schema])
    #expect(output.status == 0, "\(output.stderr)")
    let pattern = /warning\[codable-recursive-value\]: (?:'\w+' is|case '\w+' holds) [^:]+: '(\w+)'/
    let warned = Set((output.stdout + output.stderr).matches(of: pattern).map { String($0.output.1) })
    #expect(warned == expected, "\(output.stdout)\(output.stderr)")
  }

  @Test(
    "codable-not-codable names exactly the models swiftc refuses", .enabled(if: Oracle.swiftc != nil, "swiftc is not on PATH"),
    arguments: sources)
  func agreesWithSwiftc(_ source: String) throws {
    let swiftc = try #require(Oracle.swiftc)
    let expected = try Self.refused(source, swiftc: swiftc)
    // The sources that compile are the ones whose models are all `OK`, `A` and `B`.
    #expect(expected.isEmpty == (source.contains("struct OK") || source.contains("protocol Model")), "swiftc: \(expected)")
    let schema = try CastctlProcess.temporaryFile("models.swift", source)
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run(["check", schema])
    let pattern = /warning\[codable-not-codable\]: .* for '(\w+)'/
    let warned = Set((output.stdout + output.stderr).matches(of: pattern).map { String($0.output.1) })
    #expect(warned == expected, "\(output.stdout)\(output.stderr)")
  }
}
