/// A generic model named alone where a type is wanted (`--model Page`, `:show Page`, the
/// library's `validator(for: "Page")`): what to write instead, said the same way everywhere.
package struct GenericModelUse: Sendable, Hashable {
  package var name: String
  package var parameters: [String]
  /// The type shown in place of each parameter.
  package var example: String

  package init(name: String, parameters: [String], example: String) {
    self.name = name
    self.parameters = parameters
    self.example = example
  }

  /// `'Page' is generic (Page<T>): name a type for each parameter, as in …`, the example
  /// (`Page<User>`) written as the place it is used reads it (`spelled`).
  package func message(spelled: (String) -> String) -> String {
    let filled = "\(name)<\(Array(repeating: example, count: parameters.count).joined(separator: ", "))>"
    return "'\(name)' is generic (\(name)<\(parameters.joined(separator: ", "))>): name a type for each parameter, as in \(spelled(filled))"
  }
}
