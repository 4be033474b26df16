/// The declaration styles castctl speaks: the five seed libraries' and Swift's `Codable`; each is
/// a preset of policies (semantics §3).
public enum Dialect: String, Sendable, Hashable, CaseIterable {
  case jsoncast, jsonobject, convertible, nosce, dson
  /// The synthesized `Codable` conformance, as `JSONDecoder` / `JSONEncoder` run it.
  case codable
}
