/// What a model's inheritance clause (or its superclass's) says about its JSON: the dialect and
/// whether keys are snake_case; and the clause's names, read once for all of them.
struct ModelTraits {
  var dialect: Dialect
  var usesSnakeCase: Bool
  /// The model's own inheritance clause, as type names.
  var inheritance: [String]
}
