import CastSchema
import Testing

/// Every broken input yields its diagnostic, at the marked position, with its severity, and no
/// other error or warning.
@Suite("Broken schemas: codes, positions, severities")
struct BrokenSchemaTests {
  @Test("syntax errors", arguments: BrokenCase.syntax)
  func syntaxErrors(_ broken: BrokenCase) { check(broken) }

  @Test("unknown, duplicate and cyclic names", arguments: BrokenCase.names)
  func names(_ broken: BrokenCase) { check(broken) }

  @Test("JSON key clashes and invalid keys", arguments: BrokenCase.keys)
  func keys(_ broken: BrokenCase) { check(broken) }

  @Test("defaults that do not fit their types", arguments: BrokenCase.defaults)
  func defaults(_ broken: BrokenCase) { check(broken) }

  @Test("enum raw values", arguments: BrokenCase.enums)
  func enumRawValues(_ broken: BrokenCase) { check(broken) }

  @Test("what Swift rejects: raw values past their type, overlapping keys, Model()", arguments: BrokenCase.fidelity)
  func fidelity(_ broken: BrokenCase) { check(broken) }

  @Test("a Set default's repeated element is a warning: Swift keeps it once", arguments: BrokenCase.repeatedSetElements)
  func repeatedSetElements(_ broken: BrokenCase) { check(broken) }

  @Test("Codable traps: CodingKeys without a property and the reverse, ignored defaults", arguments: BrokenCase.codable)
  func codable(_ broken: BrokenCase) { check(broken) }

  @Test("misplaced, malformed and invalid directives and types", arguments: BrokenCase.directives)
  func directives(_ broken: BrokenCase) { check(broken) }

  /// In a bad line, `#` is the line number and `@` where the marker goes on line 51.
  @Test(
    "a file of 200 bad lines stops at the 51st error with too-many-errors",
    arguments: [("unexpected-token", "@+ 1"), ("unterminated-string", "var s#: String = @\"open")])
  func tooManyErrors(code: String, badLine: String) {
    var marked = "class A {\n"
    for line in 1...200 {
      marked += "  " + badLine.replacing("#", with: "\(line)").replacing("@", with: line == 51 ? "1️⃣" : "") + "\n"
    }
    marked += "}\n"
    check(
      BrokenCase(
        "200 bad lines", marked, "too-many-errors", codes: Array(repeating: code, count: 50) + ["too-many-errors"]))
  }

  private func check(_ broken: BrokenCase, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let sources = broken.files.map(MarkedSource.init)
    let files = sources.enumerated().map { index, source in SourceFile(path: Loading.fileName(index), text: source.text)
    }
    let (_, diagnostics) = SchemaLoader.load(files, options: broken.options)
    let rendered = DiagnosticRenderer(files: files).render(diagnostics)

    #expect(Loading.problemCodes(diagnostics) == broken.codes.sorted(), "\(rendered)", sourceLocation: sourceLocation)
    guard let fileIndex = sources.firstIndex(where: { $0.offsets[broken.marker] != nil }) else {
      Issue.record("no marker \(broken.marker)", sourceLocation: sourceLocation)
      return
    }
    let expected = sources[fileIndex].location(broken.marker)
    let primary = diagnostics.first { $0.code == broken.code }
    guard let primary else {
      Issue.record("no \(broken.code) diagnostic:\n\(rendered)", sourceLocation: sourceLocation)
      return
    }
    #expect(primary.range.file == fileIndex, sourceLocation: sourceLocation)
    #expect(
      files[fileIndex].location(of: primary.range.bytes.lowerBound) == expected, "\(rendered)",
      sourceLocation: sourceLocation)
    #expect(primary.severity == broken.severity, sourceLocation: sourceLocation)
    if let message = broken.message {
      #expect(primary.message.contains(message), "\(primary.message)", sourceLocation: sourceLocation)
    }
    if let note = broken.note {
      #expect(primary.notes.contains { $0.message.contains(note) }, "\(rendered)", sourceLocation: sourceLocation)
    }
    if let noteMarker = broken.noteMarker {
      let target = sources.indices.first { sources[$0].offsets[noteMarker] != nil }
      let pointed = primary.notes.compactMap(\.range)
      #expect(
        pointed.contains {
          $0.file == target && $0.bytes.lowerBound == target.flatMap { sources[$0].offsets[noteMarker] }
        },
        "\(rendered)", sourceLocation: sourceLocation)
    }
  }
}
