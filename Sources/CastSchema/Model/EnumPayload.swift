/// A `Codable` enum case's associated values read as the struct the synthesized conformance
/// decodes them as: its keyed container is an object whose properties are the values.
extension EnumCase {
  /// The payload as a `codable` struct named `Enum.case`, or nil when the case has none.
  package func payloadModel(of enumName: String) -> Model? {
    guard let associatedValues else { return nil }
    return Model(
      name: enumName + "." + name, isStruct: true, dialect: .codable, superclass: nil, superKey: nil,
      properties: associatedValues, inheritance: [], usesSnakeCase: false, range: range)
  }
}

extension EnumType {
  /// Whether some case has associated values (the enum is read only in the `{"case": {…}}` form).
  package var hasPayloads: Bool { cases.contains { $0.associatedValues != nil } }
}
