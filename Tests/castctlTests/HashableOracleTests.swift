import Foundation
import Testing

/// A `Set`'s element and a dictionary's key must be `Hashable`: castctl refuses
/// (`unsupported-type`) exactly the ones swiftc on this machine refuses.
@Suite("Hashable Set elements and dictionary keys, checked with swiftc")
struct HashableOracleTests {
  static let declarations = """
    import Foundation
    enum E: String, Codable { case a }
    enum A: Codable { case x(Int) }
    enum AH: Codable, Hashable { case x(Int) }
    struct S: Codable { var x: Int }
    struct H: Codable, Hashable { var x: Int }
    protocol Keyed: Hashable {}
    struct K: Codable, Keyed { var x: Int }
    struct X: Codable { var x: Int }
    extension X: Hashable {}
    class C: Codable { var x: Int? }
    class Sub: C {}
    class HC: Codable, Hashable {
      var x: Int?
      static func == (a: HC, b: HC) -> Bool { a.x == b.x }
      func hash(into hasher: inout Hasher) { hasher.combine(x) }
    }
    class HSub: HC {}
    class N: NSObject, Codable { var x: Int? }
    typealias JA = [Any]
    typealias Pair<T> = [T]

    """

  /// The types tried, each as one property of one model.
  static let types = [
    "Set<Any>", "Set<AnyObject>", "Set<Any?>", "Set<[Any]>", "Set<[String: Any]>", "Set<Optional<Any>>",
    "Set<Array<AnyObject>>", "Set<Dictionary<String, Any>>", "Set<JA>", "Set<Pair<Any>>", "Set<Pair<Int>>",
    "Set<AnyHashable>", "Set<[Int]>", "Set<Set<Int>>", "Set<Int?>", "Set<[String: Int]>", "Set<[Int?]>", "Set<E>",
    "Set<A>", "Set<AH>", "Set<S>", "Set<[S]>", "Set<H>", "Set<K>", "Set<X>", "Set<C>", "Set<Sub>", "Set<HC>",
    "Set<HSub>", "Set<N>", "Set<NSDictionary>", "Set<NSArray>", "Set<Decimal>", "Set<URL>", "Set<UUID>",
    "[Any: Int]", "[AnyObject: Int]", "[Any?: Int]", "[AnyHashable: Int]", "[S: Int]", "[H: Int]", "[[Int]: Int]",
    "[[Any]: Int]", "[Set<Int>: Int]", "[Bool: Int]", "[E: Int]", "[A: Int]", "[AH: Int]", "[C: Int]", "[N: Int]",
    "[String: Set<Any>]", "[Set<S>]",
  ]

  @Test(
    "unsupported-type names exactly the properties whose Set element or dictionary key swiftc finds not Hashable",
    .enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func agreesWithSwiftc() throws {
    let swiftc = try #require(Oracle.swiftc)
    let properties = Self.types.enumerated().map { "  var p\($0.offset): \($0.element)?" }
    let source = Self.declarations + "struct T: Codable {\n" + properties.joined(separator: "\n") + "\n}\n"
    let firstLine = Self.declarations.split(separator: "\n", omittingEmptySubsequences: false).count + 1
    /// The types on the lines a diagnostic of `pattern` names.
    func types(_ text: String, _ pattern: Regex<(Substring, Substring)>) -> Set<String> {
      Set(text.matches(of: pattern).compactMap { Int($0.output.1) }.compactMap { line in
        Self.types.indices.contains(line - firstLine) ? Self.types[line - firstLine] : nil
      })
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hashable-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("models.swift")
    try Data(source.utf8).write(to: file)
    let swiftcSays = try ChildProcess(swiftc, ["-typecheck", file.path], in: folder).finish(timeout: 300).stderr
    let refused = types(swiftcSays, /models\.swift:(\d+):\d+: error: type '[^']+' does not conform to protocol 'Hashable'/)
    #expect(refused.contains("Set<Any>") && refused.contains("[S: Int]") && !refused.contains("Set<H>"), "\(swiftcSays)")
    let output = try CastctlProcess.run(["check", file.path])
    let said = output.stdout + output.stderr
    #expect(types(said, /models\.swift:(\d+):\d+: error\[unsupported-type\]/) == refused, "\(said)")
    // Nothing else is refused: every other type is one castctl reads.
    #expect(!said.contains("error[") || said.components(separatedBy: "error[").count - 1 == refused.count, "\(said)")
  }
}
