/// The five declaration styles castctl speaks; each is a preset of policies (semantics §3).
public enum Dialect: String, Sendable, Hashable, CaseIterable {
  case jsoncast, jsonobject, convertible, nosce, dson
}
