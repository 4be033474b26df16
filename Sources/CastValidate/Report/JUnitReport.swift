import CastSchema

/// `--format junit`: JUnit XML for CI dashboards. A test suite for the data file, a test case per
/// record; an invalid record fails with its errors, warnings and notes go to its `system-out`.
package enum JUnitReport {
  /// The document. `sites` are in record order; `records` counts every record, with findings or
  /// not.
  package static func xml(_ sites: [FindingSite], counts: ValidationSummary, dataPath: String, target: String) -> String {
    var byRecord: [Int: [FindingSite]] = [:]
    for site in sites { byRecord[site.record, default: []].append(site) }
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
    text += "  <testsuite name=\"\(escape(dataPath))\" tests=\"\(counts.records)\" failures=\"\(counts.invalidRecords)\" errors=\"0\" skipped=\"0\">\n"
    for index in 0..<counts.records {
      let found = byRecord[index] ?? []
      let line = found.first.flatMap { $0.finding.recordLine }.map { " (line \($0))" } ?? ""
      let name = "record \(index + 1)\(line)"
      text += "    <testcase classname=\"\(escape("castctl." + target))\" name=\"\(escape(name))\""
      guard !found.isEmpty else {
        text += "/>\n"
        continue
      }
      text += ">\n"
      let errors = found.filter { $0.finding.severity == .error }
      if let first = errors.first {
        text += "      <failure type=\"\(escape(first.finding.code))\" message=\"\(escape(first.finding.message))\">"
        text += escape(errors.map(describe).joined(separator: "\n")) + "</failure>\n"
      }
      let others = found.filter { $0.finding.severity != .error }
      if !others.isEmpty {
        text += "      <system-out>" + escape(others.map(describe).joined(separator: "\n")) + "</system-out>\n"
      }
      text += "    </testcase>\n"
    }
    return text + "  </testsuite>\n</testsuites>\n"
  }

  private static func describe(_ site: FindingSite) -> String {
    let finding = site.finding
    return "\(site.position.line):\(site.position.column): \(finding.severity.rawValue) [\(finding.code)] \(finding.path.isEmpty ? "/" : finding.path): \(finding.message)"
  }

  /// Text for XML attributes and content; characters XML 1.0 cannot hold become U+FFFD.
  package static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
      default:
        escaped.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
      }
    }
    return escaped
  }
}
