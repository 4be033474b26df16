import CastSchema

/// Renders findings for people: the data position and line with a caret, then the `.cast`
/// declaration that caused it, then a summary line.
package struct FindingRenderer: Sendable {
  package let data: DataSource
  package let registry: ModelRegistry
  package let style: TextStyle
  /// The "declared at" lines and snippet of each declaration, rendered once: the findings of a
  /// large file name the same few declarations over and over.
  private let declarations = DeclarationTexts()
  /// The style's escape codes, for appending styled pieces in place.
  private let marks: StyleMarks

  /// Creates a renderer.
  package init(data: DataSource, registry: ModelRegistry, style: TextStyle) {
    self.data = data
    self.registry = registry
    self.style = style
    marks = StyleMarks(style)
  }

  /// One finding, ending in a newline.
  package func render(_ finding: Finding) -> String {
    let position = data.position(of: finding)
    // NB: appended piece by piece into one string: building each line from temporaries cost
    // more than everything else about an invalid record.
    var out = ""
    out.reserveCapacity(640)
    DataSnippet.appendHeader(
      name: data.name, position: position, severity: finding.severity, code: finding.code, message: finding.message, marks: marks,
      to: &out)
    out += marks.dim.open
    out += "  at "
    out += finding.path.isEmpty ? "(root)" : ControlCharacters.escaped(finding.path)
    if let line = data.recordLine(of: finding) {
      out += " in the record on line "
      out += String(line)
    }
    if let related = finding.relatedOffset {
      out += "; the earlier one is at "
      out += data.position(of: related).description
    }
    out += marks.dim.close
    out += "\n"
    DataSnippet.appendLine(finding.offset, line: position.line, in: data, marks: marks, to: &out)
    if let declaration = finding.declaration, registry.files.indices.contains(declaration.file) {
      out += declarations.text(for: declaration) {
        let file = registry.files[declaration.file]
        return "  " + style.cyan("declared at") + " \(file.path):\(file.location(of: declaration.bytes.lowerBound))\n"
          + SourceSnippet.render(file, range: declaration.bytes, style: style, indent: "  ")
      }
    }
    return out
  }

  /// `2 errors, 1 warning in users.json (model User)`, with record counts for many records.
  package static func summary(_ summary: ValidationSummary, input: String, target: String) -> String {
    var parts = [DiagnosticRenderer.count(summary.errors, "error"), DiagnosticRenderer.count(summary.warnings, "warning")]
    if summary.notes > 0 { parts.append(DiagnosticRenderer.count(summary.notes, "note")) }
    var text = parts.joined(separator: ", ") + " in \(input) (\(target))"
    if summary.records != 1 {
      text += ": \(summary.invalidRecords) of \(summary.records) records invalid"
    }
    // What a lenient dialect accepted by changing it: said in the summary, not only in warnings.
    var changes: [String] = []
    if summary.droppedElements > 0 { changes.append("\(DiagnosticRenderer.count(summary.droppedElements, "element")) dropped") }
    if summary.defaultedValues > 0 { changes.append("\(DiagnosticRenderer.count(summary.defaultedValues, "value")) defaulted") }
    if !changes.isEmpty {
      text += "; " + changes.joined(separator: ", ")
      if summary.changedRecords > 0 {
        text += " in \(DiagnosticRenderer.count(summary.changedRecords, "valid record"))"
      }
      // Many: a tenth of the records or more.
      if summary.changedRecords > 0, summary.changedRecords * 10 >= summary.records {
        text += " (--strict rejects such records)"
      }
    }
    return text
  }
}

/// Rendered declaration texts by source range, shared by copies of one renderer.
final class DeclarationTexts: Sendable {
  private let texts = Locked<[SourceRange: String]>([:])

  /// The text for `range`, rendered by `make` the first time.
  func text(for range: SourceRange, make: () -> String) -> String {
    if let known = texts.withLock({ $0[range] }) { return known }
    let text = make()
    texts.withLock { $0[range] = text }
    return text
  }
}
