/// One change `castctl infer --seed` made to the seed model, and the data that needed it.
package struct SeedChange: Sendable, Equatable {
  /// Where in the data: `/friends/[]/age` (`[]` an array's elements, `*` a map's values).
  package var path: String
  /// What changed in the seed: `Friend.age`, `enum Status`.
  package var subject: String
  package var before: String
  package var after: String
  /// Why, in a few words.
  package var reason: String
  /// The first value (or, for a key made optional, the first object without it) that needed it.
  package var example: ValueExample?
}
