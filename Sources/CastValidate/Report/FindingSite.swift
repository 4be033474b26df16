import CastSchema

/// Where a finding is: its position in the data, and the declaration in the schema it was
/// checked against. The CI formats (SARIF, GitHub, JUnit) all locate findings through this.
package struct FindingSite: Sendable {
  package var finding: Finding
  /// 0-based index of the finding's record.
  package var record: Int
  /// 1-based line and column in the data.
  package var position: TextPosition
  /// The schema file, line and column (1-based) of the declaration, when there is one.
  package var schema: (file: String, line: Int, column: Int)?

  /// Locates a finding of record `record` of `data`, checked against `registry`'s declarations.
  package init(_ finding: Finding, record: Int, data: DataSource, registry: ModelRegistry) {
    self.finding = finding
    self.record = record
    position = data.position(of: finding)
    schema = Self.declaration(of: finding, registry: registry)
  }

  /// The declaration's file and position, as `--format json`'s `schema` member gives it.
  package static func declaration(of finding: Finding, registry: ModelRegistry) -> (file: String, line: Int, column: Int)? {
    guard let declaration = finding.declaration, registry.files.indices.contains(declaration.file) else { return nil }
    let file = registry.files[declaration.file]
    let location = file.location(of: declaration.bytes.lowerBound)
    return (file.path, location.line, location.column)
  }
}
