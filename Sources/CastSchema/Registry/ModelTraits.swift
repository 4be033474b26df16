/// What a model's inheritance clause (or its superclass's) says about its JSON: the dialect and
/// whether keys are snake_case; and the clause's names, read once for all of them.
struct ModelTraits {
  var dialect: Dialect
  /// Whether the dialect is named (by the model's clause, a superclass's or `--dialect`), not
  /// the default a model that names none reads in.
  var declaresDialect: Bool
  var usesSnakeCase: Bool
  /// The model's own inheritance clause, as type names.
  var inheritance: [String]
}
