import CastValidate

/// The README's library example, compiled here; `LibraryAPITests.readmeShowsTheExample` checks
/// that the README holds exactly this text. It reads its model file from the working directory,
/// as a program run in this repository would.
enum ReadmeExample {
  static func run() throws -> String? {
    // readme-example-start
    let models = "schemas/users.cast"             // model files: .cast or .swift
    let schema = try Schema(files: [models])
    let validator = try schema.validator(for: "User", options: ValidationOptions(strict: true))

    let report = validator.validate(#"{"id": 0, "user_name": "ada", "email": "ada@example.org"}"#)
    for finding in report.findings {
      print("\(report.position(of: finding)) \(finding.path): \(finding.message) [\(finding.code)]")
    }

    let user = try validator.decode(Array(#"""
      {"id": 7, "user_name": "grace", "email": "g@example.org", "role": "editor",
       "created_at": "2024-03-01T09:30:00Z", "address": {"street": "1 Main St", "city": "London", "zip": "10001"}}
      """#.utf8))
    let name = user["userName"]?.string          // "grace"
    let active = user["isActive"]?.bool          // true, the declared default
    let yaml = try user.encoded(as: .yaml)       // what `castctl convert --to yaml` writes
    // readme-example-end
    _ = (active, yaml)
    return name
  }
}
