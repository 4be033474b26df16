import CastSchema
import Testing

/// A `Set`'s element and a dictionary's key must be `Hashable` in every dialect, as swiftc asks
/// (`HashableOracleTests` checks the Codable rule against swiftc itself): `Any` and `AnyObject`
/// never are, wherever they sit in the type, and a declared type is when it says so, or names a
/// type castctl cannot see through (`NSObject`, JsonObject's base class).
@Suite("Hashable Set elements and dictionary keys")
struct HashableTypeTests {
  static let declarations = """
    struct S: DictionaryConvertible {
      var x: Int?
    }
    struct H: DictionaryConvertible, Hashable {
      var x: Int?
    }
    class J: JsonObject {
      var x: Int?
    }
    class O: NSObject, DictionaryConvertible {
      var x: Int?
    }
    typealias Anything = Any

    """

  @Test(
    "a Set element or dictionary key that is not Hashable is unsupported-type, at the element or key",
    arguments: [
      "Set<Any>", "Set<AnyObject>", "Set<Any?>", "Set<[Any]>", "Set<[String: Any]>", "Set<Anything>", "Set<S>",
      "[Any: Int]", "[AnyObject: Int]", "[String: Set<Any>]", "[Set<Any>]",
    ])
  func refused(_ type: String) {
    let (_, diagnostics) = Loading.load(Self.declarations + "struct M: DictionaryConvertible {\n  var v: \(type)?\n}\n")
    #expect(Loading.problemCodes(diagnostics) == ["unsupported-type"], "\(diagnostics.map(\.message))")
    #expect(diagnostics.first?.message.contains("must be Hashable, as swiftc requires") == true, "\(diagnostics.map(\.message))")
  }

  @Test(
    "a Hashable Set element or dictionary key loads",
    arguments: [
      "Set<AnyHashable>", "Set<[Int]>", "Set<Set<Int>>", "Set<Int?>", "Set<[String: Int]>", "Set<H>", "Set<J>", "Set<O>",
      "Set<NSDictionary>", "[AnyHashable: Int]", "[String: Any]",
    ])
  func accepted(_ type: String) {
    let (_, diagnostics) = Loading.load(Self.declarations + "struct M: DictionaryConvertible {\n  var v: \(type)?\n}\n")
    #expect(Loading.problemCodes(diagnostics) == [], "\(diagnostics.map(\.message))")
  }
}
