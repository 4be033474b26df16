/// What a model's inheritance clause (or its superclass's) says about its JSON: the dialect and
/// whether keys are snake_case.
struct ModelTraits {
  var dialect: Dialect
  var usesSnakeCase: Bool
}
