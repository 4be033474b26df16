/// A record that is not an object, where the dialect reads it as an empty object (Nosce, NO-04:
/// `init(jsonString:)` of a number, a string or `null` uses an empty dictionary, so the instance
/// holds every default and the init succeeds). castctl says so with a warning.
extension RecordValidator {
  /// `{}`, read in place of the record.
  private static let emptyObject: [UInt8] = Array("{}".utf8)

  mutating func emptyRecord(
    _ index: Int, _ kind: JSONValueKind, _ scanner: inout JSONScanner, build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    let start = scanner.offset
    try scanner.skipValue()
    let name = schema.plans[index].name
    let found = Excerpt.describe(kind, scanner.bytes(JSONSpan(start: start, end: scanner.offset)))
    report(
      .typeMismatch, .warning, "expected \(name), found \(found); read as an empty object, so every property keeps its default",
      at: start, declaration: nil, expected: name, found: found)
    // NB: at the record's offset, so that anything the empty object gives rise to points there.
    let result: Result<Outcome, JSONSyntaxError> = Self.emptyObject.withUnsafeBytes { raw in
      var empty = JSONScanner(raw, baseOffset: start)
      do throws(JSONSyntaxError) {
        return .success(try model(index, &empty, declaration: nil, build: wantInstance))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
