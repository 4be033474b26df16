/// One change `castctl infer --seed` made to the seed model, and the data that needed it.
public struct SeedChange: Sendable, Equatable {
  /// Where in the data: `/friends/[]/age` (`[]` an array's elements, `*` a map's values).
  public var path: String
  /// What changed in the seed: `Friend.age`, `enum Status`.
  public var subject: String
  public var before: String
  public var after: String
  /// Why, in a few words.
  public var reason: String
  /// The first value (or, for a key made optional, the first object without it) that needed it.
  public var example: ValueExample?
}
