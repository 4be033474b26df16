import Testing

@testable import CastSchema

/// `codable-recursive-value` over long chains of structs: each struct that reaches a cycle by
/// value is told so, found in one pass over the chain.
@Suite("codable-recursive-value: chains of structs, boxed enums")
struct RecursiveValueTests {
  /// `count` structs, each holding the next by value; the last holds the one before it when
  /// `closed` (a cycle of two at the end), else an `Int`.
  static func chain(_ count: Int, closed: Bool) -> String {
    var text = ""
    for index in 0..<count { text += "struct S\(index): Codable { var next: S\(index + 1)? }\n" }
    text += closed ? "struct S\(count): Codable { var back: S\(count - 1)? }\n" : "struct S\(count): Codable { var x: Int }\n"
    return text
  }

  @Test("every struct of a chain that ends in a cycle is warned; of one that does not, none", arguments: [false, true])
  func chains(_ closed: Bool) {
    let (_, diagnostics) = SchemaLoader.load([SourceFile(path: "chain.swift", text: Self.chain(3_000, closed: closed))])
    let warned = diagnostics.filter { $0.code == "codable-recursive-value" }
    #expect(warned.count == (closed ? 3_001 : 0))
    // The two of the cycle hold themselves; the others have infinite size, reaching one of them.
    #expect(warned.filter { $0.message.contains("has infinite size") }.count == (closed ? 2_999 : 0))
  }

  /// Enums whose values are boxed, by `indirect` on the enum or on the case, or held in a
  /// collection: swiftc compiles them, so no warning.
  @Test(
    "an indirect enum, an indirect case and a collection of the enum itself are not recursive values",
    arguments: [
      "indirect enum T: Codable { case leaf(Int); case node(T, T?) }\n", "enum U: Codable { case none; indirect case u(U?) }\n",
      "enum V: Codable { case none; case v([V]); case w([String: V]?) }\n",
      "struct S: Codable { let e: E? }\nenum E: Codable { case none; indirect case s(S) }\n",
      "enum A: Codable { case none; case b(B) }\nindirect enum B: Codable { case none; case a(A) }\n",
    ])
  func boxedEnums(_ text: String) {
    let (_, diagnostics) = SchemaLoader.load([SourceFile(path: "boxed.swift", text: text)])
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
  }
}
