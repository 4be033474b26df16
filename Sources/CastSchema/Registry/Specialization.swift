/// A generic model with a type for each of its parameters (`Page<User>`): an ordinary model once
/// lowered, named as Swift spells the type.
struct Specialization: Sendable, Hashable {
  /// `Page<User>`.
  var name: String
  /// The generic model's name: `Page`.
  var generic: String
  /// A type for each generic parameter, in order.
  var arguments: [TypeRef]
  /// 1 when a declared model or a use site names it; one more for each specialization between.
  var depth: Int

  /// The name of `generic` specialized with `arguments`: `Page<User>`, `Response<Page<[Int]>>`.
  // NB: spelled from the resolved arguments, so every spelling of one type (`Swift.Int`, an alias)
  // gives one model, and the name reads back as the same type.
  static func name(_ generic: String, arguments: [TypeRef]) -> String {
    "\(generic)<\(arguments.map(\.description).joined(separator: ", "))>"
  }
}
