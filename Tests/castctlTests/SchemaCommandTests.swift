import CastSchema
import Testing

/// One `castctl schema …` run (in `schemas/`) and what it must print and return.
struct SchemaCommandCase: Sendable, CustomTestStringConvertible {
  let arguments: [String]
  let status: Int32
  /// Texts standard output must contain.
  var stdout: [String] = []
  /// Texts standard output must not contain.
  var absent: [String] = []
  /// Texts standard error must contain.
  var stderr: [String] = []

  var testDescription: String { "castctl " + arguments.joined(separator: " ") + " → \(status)" }
}

extension SchemaCommandCase {
  /// The last argument, when it is not an existing file, names what to show, as `:show` does.
  static let lastArgument: [SchemaCommandCase] = [
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "User.userName"], status: 0,
      stdout: ["struct User", "userName  String  \"user_name\"  required"], absent: ["email"]),
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "User.userName", "--format", "json"], status: 0,
      stdout: [#""name": "userName""#], absent: [#""name": "email""#]),
    SchemaCommandCase(arguments: ["schema", "users.cast", "Role"], status: 0, stdout: ["enum Role: String"]),
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "User.usrName"], status: 64,
      stderr: ["castctl: error: User has no property 'usrName'; did you mean 'userName'?"]),
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "User."], status: 64, stderr: ["castctl: error: name a property: User.PROPERTY"]),
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "Usr"], status: 64,
      stderr: ["castctl: error: no model named 'Usr'; did you mean 'User'?"]),
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "Nope.userName"], status: 64,
      stderr: ["castctl: error: no model named 'Nope.userName'"]),
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "missing.cast"], status: 66,
      stderr: ["castctl: error: cannot read schema missing.cast: no such file"]),
    SchemaCommandCase(
      arguments: ["schema", "users.cast", "seeds/missing"], status: 66,
      stderr: ["castctl: error: cannot read schema seeds/missing: no such file"]),
  ]
}

@Suite("castctl schema, end to end", .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"))
struct SchemaCommandTests {
  @Test(
    "the last argument names a model, an enum or Model.property unless it is a file",
    arguments: SchemaCommandCase.lastArgument)
  func lastArgument(_ run: SchemaCommandCase) throws {
    let output = try CastctlProcess.run(run.arguments)
    #expect(output.status == run.status, "stderr: \(output.stderr)")
    for text in run.stdout { #expect(output.stdout.contains(text), "\(output.stdout)") }
    for text in run.absent { #expect(!output.stdout.contains(text), "\(output.stdout)") }
    for text in run.stderr { #expect(output.stderr.contains(text), "\(output.stderr)") }
  }

  @Test("a nested type's dotted name picks that type, and one more part a property of it")
  func dottedNames() throws {
    let schema = try CastctlProcess.temporaryFile(
      "nested.swift",
      "struct User: Codable { struct Address: Codable { let street: String }; let address: Address }\n"
        + "struct Company: Codable { struct Address: Codable { let zip: Int; let city: String }; let address: Address }\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let type = try CastctlProcess.run(["schema", schema, "Company.Address"])
    #expect(type.status == 0 && type.stdout.hasPrefix("struct Company.Address") && type.stdout.contains("zip"), "\(type.stdout)\(type.stderr)")
    let property = try CastctlProcess.run(["schema", schema, "Company.Address.city"])
    #expect(property.status == 0 && property.stdout.contains("city") && !property.stdout.contains("zip"), "\(property.stdout)\(property.stderr)")
    let model = try CastctlProcess.run(["schema", schema, "Company.address"])
    #expect(model.status == 0 && model.stdout.contains("Company.Address"), "\(model.stdout)\(model.stderr)")
  }

  /// JsonObject's snake_case rule folds every key before comparing it, so `user_id` and `userID`
  /// are one key of `userID` (of both in one object the later wins): the table and the JSON show
  /// the key written, not `??` alternatives, which would say the first present wins.
  @Test(
    "a JsonObject snake_case property shows the one key validate reads, acronyms too",
    arguments: [
      ("userID", #""user_id" "#), ("htmlURL", #""html_url" "#), ("firstName", #""first_name" "#),
      ("myURLProperty", #""my_url_property" "#), ("explicit", #""given_key" "#),
    ])
  func jsonObjectSnakeKeys(_ property: String, _ key: String) throws {
    let schema = try CastctlProcess.temporaryFile(
      "acronyms.swift",
      "class User: JsonObject, MapsUnderscoreCaseToCamelCase {\n  var userID: String?\n  var htmlURL: URL?\n"
        + "  var firstName: String?\n  var myURLProperty: Int = 0\n  var explicit: Int = 0 //! \"given_key\"\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let table = try CastctlProcess.run(["schema", schema, "User." + property])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains(key) && !table.stdout.contains("??"), "\(table.stdout)")
    #expect(table.stdout.contains("snake_case keys, read through the JSON → property rule"), "\(table.stdout)")
    let json = try CastctlProcess.run(["schema", schema, "User." + property, "--format", "json"])
    let compact = json.stdout.filter { !$0.isWhitespace }
    #expect(compact.contains(#""keys":["# + key.filter { !$0.isWhitespace } + "]"), "\(json.stdout)")
  }

  @Test("table columns line up in a terminal when keys hold wide characters (CJK, emoji)")
  func wideCharactersAlign() throws {
    let schema = try CastctlProcess.temporaryFile(
      "wide.cast", "struct M {\n  var a: Int //! \"日本\"\n  var bb: Int //! \"x\"\n  var c: Int //! \"😀😀\"\n}\n")
    defer { CastctlProcess.removeTemporaryFile(schema) }
    let output = try CastctlProcess.run(["schema", schema])
    #expect(output.status == 0, "\(output.stderr)")
    let rows = output.stdout.split(separator: "\n").filter { $0.contains("required") }
    #expect(rows.count == 3)
    let columns = Set(rows.map { row in DisplayWidth.of(row[..<(row.range(of: "required")?.lowerBound ?? row.endIndex)]) })
    #expect(columns.count == 1, "\(output.stdout)")
  }
}
