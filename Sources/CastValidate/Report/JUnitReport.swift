import CastSchema

/// `--format junit`: JUnit XML for CI dashboards. A test suite for the data file, a test case per
/// record; an invalid record fails with its errors, warnings and notes go to its `system-out`.
/// When the model files have errors, a suite per model file instead, a failing case per error.
package enum JUnitReport {
  /// The whole document when the model files have errors and no data was checked.
  package static func modelFailureDocument(_ sites: [DiagnosticSite]) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" + modelSuites(sites) + "</testsuites>\n"
  }

  /// A `testsuite` per model file with diagnostics, in the order the files first appear: a
  /// failing test case per error, named by its place and code; the warnings and notes in the
  /// suite's `system-out`.
  package static func modelSuites(_ sites: [DiagnosticSite]) -> String {
    var files: [String] = []
    var byFile: [String: [DiagnosticSite]] = [:]
    for site in sites {
      let file = site.place?.file ?? ""
      if byFile[file] == nil { files.append(file) }
      byFile[file, default: []].append(site)
    }
    var text = ""
    for file in files {
      let found = byFile[file] ?? []
      let errors = found.filter { $0.severity == .error }
      let name = escape(ControlCharacters.escaped(file))
      text += "  <testsuite name=\"\(name)\" tests=\"\(errors.count)\" failures=\"\(errors.count)\" errors=\"0\" skipped=\"0\">\n"
      for site in errors {
        let place = site.place.map { "\($0.line):\($0.column) " } ?? ""
        text += "    <testcase classname=\"castctl.model\" name=\"\(escape(place + site.code))\">\n"
        text += "      <failure type=\"\(escape(site.code))\" message=\"\(escape(ControlCharacters.escaped(site.text)))\">"
        text += escape(describe(site)) + "</failure>\n    </testcase>\n"
      }
      let others = found.filter { $0.severity != .error }
      if !others.isEmpty {
        text += "    <system-out>" + escape(others.map(describe).joined(separator: "\n")) + "</system-out>\n"
      }
      text += "  </testsuite>\n"
    }
    return text
  }

  /// `file:line:column: severity [code]: message`, one line.
  private static func describe(_ site: DiagnosticSite) -> String {
    let place = site.place.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
    return ControlCharacters.escaped("\(place)\(site.severity.rawValue) [\(site.code)]: \(site.text)")
  }

  /// The test case of record `index` (0-based), an NDJSON record on `line`, whose findings are
  /// `found`, in order.
  static func testCase(_ index: Int, line: Int?, _ found: [FindingSite], target: String) -> String {
    let name = "record \(index + 1)" + (line.map { " (line \($0))" } ?? "")
    var text = "    <testcase classname=\"\(escape("castctl." + target))\" name=\"\(escape(name))\""
    guard !found.isEmpty else { return text + "/>\n" }
    text += ">\n"
    let errors = found.filter { $0.finding.severity == .error }
    if let first = errors.first {
      text += "      <failure type=\"\(escape(first.finding.code))\" message=\"\(escape(ControlCharacters.escaped(first.finding.message)))\">"
      text += escape(errors.map(describe).joined(separator: "\n")) + "</failure>\n"
    }
    let others = found.filter { $0.finding.severity != .error }
    if !others.isEmpty {
      text += "      <system-out>" + escape(others.map(describe).joined(separator: "\n")) + "</system-out>\n"
    }
    return text + "    </testcase>\n"
  }

  private static func describe(_ site: FindingSite) -> String {
    let finding = site.finding
    // NB: the data's control characters escaped as in the text format: a raw carriage return in
    // an attribute reads back as a line feed, and findings are one per line here.
    let path = finding.path.isEmpty ? "/" : ControlCharacters.escaped(finding.path)
    return "\(site.position.line):\(site.position.column): \(finding.severity.rawValue) [\(finding.code)] \(path): \(ControlCharacters.escaped(finding.message))"
  }

  /// Text for XML attributes and content: the line breaks and tabs the report puts there kept,
  /// other control characters escaped as `ControlCharacters` writes them (a carriage return would
  /// read back as a line feed), and U+FFFE and U+FFFF, which XML 1.0 cannot hold, U+FFFD.
  package static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): escaped += ControlCharacters.escaped(String(scalar))
      default: escaped.unicodeScalars.append(scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
      }
    }
    return escaped
  }
}

/// `--format junit` written as records are reported: each record's test case joins a spool when
/// the record is reported, the suite's counts head the document at the end.
package struct JUnitLog {
  private let cases = ByteSpool()
  /// The first record without a test case yet.
  private var nextRecord = 0
  private let target: String

  /// An empty log of records checked against `target`.
  package init(target: String) {
    self.target = target
  }

  /// Adds record `index`'s test case (an NDJSON record on `line`), and the findingless ones of
  /// the records before it not added (a run that hands on only the records with findings).
  package mutating func add(record index: Int, line: Int?, _ sites: [FindingSite]) {
    let target = target
    Self.findingless(from: nextRecord, to: index, target: target) { cases.append(contentsOf: Array($0.utf8)) }
    cases.append(contentsOf: Array(JUnitReport.testCase(index, line: line, sites, target: target).utf8))
    nextRecord = max(nextRecord, index + 1)
  }

  /// Hands the whole document to `body` a piece at a time: the suite of `counts.records` test
  /// cases for `dataPath`.
  package func write(counts: ValidationSummary, dataPath: String, _ body: (UnsafeRawBufferPointer) -> Void) {
    var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
    head += "  <testsuite name=\"\(JUnitReport.escape(ControlCharacters.escaped(dataPath)))\" tests=\"\(counts.records)\" failures=\"\(counts.invalidRecords)\" errors=\"0\" skipped=\"0\">\n"
    Self.hand(head, body)
    cases.forEachPiece(body)
    // The records after the last one handed on.
    Self.findingless(from: nextRecord, to: counts.records, target: target) { Self.hand($0, body) }
    Self.hand("  </testsuite>\n</testsuites>\n", body)
  }

  /// The test cases of records `start..<end`, none with findings, in pieces of about 64 KB.
  private static func findingless(from start: Int, to end: Int, target: String, _ piece: (String) -> Void) {
    var record = start
    while record < end {
      var text = ""
      while record < end, text.utf8.count < 1 << 16 {
        text += JUnitReport.testCase(record, line: nil, [], target: target)
        record += 1
      }
      piece(text)
    }
  }

  private static func hand(_ text: String, _ body: (UnsafeRawBufferPointer) -> Void) {
    var text = text
    text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }
}
