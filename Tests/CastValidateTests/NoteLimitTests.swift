import CastSchema
import Testing

@testable import CastValidate

/// `ValidationOptions.notes`: once the records before have handed out a note (one code from one
/// declaration) that many times, a record's such notes are counted, not built; the verdicts, the
/// summary and what is built are those of a run that keeps every note.
@Suite("Notes past NoteReporting.each: counted, not built")
struct NoteLimitTests {
  /// Models that make a note on every record, some beside warnings and errors, and a record.
  static let rows: [(name: String, schema: String, options: RegistryOptions, record: String)] = [
    ("an //! ignore'd key in the data", "struct M {\n  let a: Int //! ignore\n  let b: Int\n}", RegistryOptions(), #"{"a": 1, "b": 2}"#),
    ("two //! custom values and a coerced one", "class M: JsonObject {\n  var a: Int = 0 //! custom\n  var b: Int = 0 //! custom\n  var c: Int = 0\n}", RegistryOptions(),
     #"{"a": 1, "b": [2], "c": "3"}"#),
    ("a Codable let with an initial value", "struct M: Codable {\n  let v: Int = 3\n  let a: Int\n}", RegistryOptions(), #"{"v": 5, "a": 1}"#),
    ("-n: empty strings read as absent, which changes what is written", "struct M {\n  var a: String?\n  var b: String?\n}",
     RegistryOptions(emptyStringIsAbsent: true), #"{"a": "", "b": ""}"#),
    ("a note beside an error in an invalid record", "struct M {\n  let a: Int //! ignore\n  let n: Int\n}", RegistryOptions(), #"{"a": 1, "n": "x"}"#),
  ]

  @Test("the summary, verdicts and instances are those of every note kept; each note's first ones are kept", arguments: [1, 2, 5])
  func countsEveryNote(limit: Int) throws {
    for row in Self.rows {
      let registry = EngineProbe.registry(row.schema, options: row.options)
      let ndjson = Array(repeating: row.record, count: 12).joined(separator: "\n") + "\n"
      for build in [false, true] {
        let limited = try EngineProbe.run(registry, ndjson, options: ValidationOptions(notes: .each(limit)), build: build, ndjson: true)
        let unlimited = try EngineProbe.run(registry, ndjson, options: ValidationOptions(notes: .all), build: build, ndjson: true)
        #expect(limited.summary == unlimited.summary, "\(row.name)")
        #expect(limited.records.map(\.isValid) == unlimited.records.map(\.isValid), "\(row.name)")
        if build {
          #expect((0..<12).map(limited.instance) == (0..<12).map(unlimited.instance), "\(row.name)")
          #expect(limited.records.map(\.encoded) == unlimited.records.map(\.encoded), "\(row.name)")
        }
        let notes = unlimited.record.findings.filter { $0.severity == .note }
        try #require(!notes.isEmpty, "the row must make notes: \(row.name)")
        // Every note of a record here is of a different declaration, or the same one's.
        let perKind = Dictionary(grouping: notes) { "\($0.code) \(String(describing: $0.declaration))" }.mapValues(\.count)
        for index in 0..<12 {
          let kept = limited.records[index].findings.filter { $0.severity == .note }
          let all = unlimited.records[index].findings.filter { $0.severity == .note }
          // A kind is kept whole in the records before its limit was handed out, and then not at all.
          let expected = all.filter { note in
            let each = perKind["\(note.code) \(String(describing: note.declaration))"] ?? 1
            return index * each < limit
          }
          #expect(kept.map(EngineProbe.describe) == expected.map(EngineProbe.describe), "\(row.name), record \(index)")
          let others = { (findings: [Finding]) in findings.filter { $0.severity != .note }.map(EngineProbe.describe) }
          #expect(others(limited.records[index].findings) == others(unlimited.records[index].findings), "\(row.name), record \(index)")
        }
      }
    }
  }

  @Test("NoteReporting.none builds no note and counts every one")
  func noNotes() throws {
    for row in Self.rows {
      let registry = EngineProbe.registry(row.schema, options: row.options)
      let ndjson = Array(repeating: row.record, count: 3).joined(separator: "\n") + "\n"
      let none = try EngineProbe.run(registry, ndjson, options: ValidationOptions(notes: .none), ndjson: true)
      let all = try EngineProbe.run(registry, ndjson, options: ValidationOptions(notes: .all), ndjson: true)
      #expect(none.summary == all.summary && none.summary.notes > 0, "\(row.name)")
      #expect(!none.records.contains { $0.findings.contains { $0.severity == .note } }, "\(row.name)")
      #expect((0..<3).map(none.instance) == (0..<3).map(all.instance), "\(row.name)")
    }
  }

  /// A note left out takes its place among the record's findings (`maxRecordFindings`), so what
  /// else a record keeps, its `too-many-errors` note and the summary do not depend on the notes shown.
  @Test("under a per-record limit, the summary and each record's other findings are those of every note shown",
    arguments: [NoteReporting.each(1), .each(3), .none])
  func recordLimitUnchanged(_ notes: NoteReporting) throws {
    let registry = EngineProbe.registry("struct M {\n  let a: Int //! ignore\n  var c: Int //! custom\n  let n: Int\n}")
    let ndjson = String(repeating: #"{"a": 1, "c": 2, "n": "x", "u": 3}"# + "\n", count: 8)
    for limit in [1, 2, 3] {
      func run(_ notes: NoteReporting) throws -> EngineProbe.Run {
        try EngineProbe.run(
          registry, ndjson, options: ValidationOptions(unknownKeys: .warn, maxRecordFindings: limit, notes: notes), build: false, ndjson: true)
      }
      let limited = try run(notes)
      let all = try run(.all)
      #expect(limited.summary == all.summary, "limit \(limit)")
      try #require(limited.records.count == 8 && all.records.count == 8)
      let others = { (result: RecordResult) in
        result.findings.filter { $0.severity != .note || $0.code == FindingCode.tooManyErrors.rawValue }.map(EngineProbe.describe)
      }
      for index in 0..<8 { #expect(others(limited.records[index]) == others(all.records[index]), "limit \(limit), record \(index)") }
    }
  }

  @Test("notes are told apart by code and declaration: each kind has its own count")
  func kindsCountedApart() throws {
    let registry = EngineProbe.registry("struct M {\n  let a: Int //! ignore\n  let b: Int //! ignore\n  var c: Int //! custom\n}")
    let ndjson = String(repeating: #"{"a": 1, "b": 2, "c": 3}"# + "\n", count: 4)
    let run = try EngineProbe.run(registry, ndjson, options: ValidationOptions(notes: .each(2)), build: false, ndjson: true)
    let kept = run.records.map { $0.findings.map(EngineProbe.describe) }
    #expect(kept[0] == kept[1] && kept[0].count == 3, "\(kept)")
    #expect(kept[2].isEmpty && kept[3].isEmpty, "\(kept)")
    #expect(run.summary.notes == 12)
  }
}
