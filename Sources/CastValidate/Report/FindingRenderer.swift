import CastSchema
import Synchronization

/// Renders findings for people: the data position and line with a caret, then the `.cast`
/// declaration that caused it, then a summary line.
public struct FindingRenderer: Sendable {
  public let data: DataSource
  public let registry: ModelRegistry
  public let style: TextStyle
  /// The "declared at" lines and snippet of each declaration, rendered once: the findings of a
  /// large file name the same few declarations over and over.
  private let declarations = DeclarationTexts()

  /// Creates a renderer.
  public init(data: DataSource, registry: ModelRegistry, style: TextStyle) {
    self.data = data
    self.registry = registry
    self.style = style
  }

  /// One finding, ending in a newline.
  public func render(_ finding: Finding) -> String {
    let position = data.position(of: finding)
    var out = style.bold("\(data.name):\(position): ") + style.severity(finding.severity, "\(finding.severity.rawValue)[\(finding.code)]")
      + ": " + style.bold(finding.message) + "\n"
    var context = "  at " + (finding.path.isEmpty ? "(root)" : finding.path)
    if let line = finding.recordLine { context += " in the record on line \(line)" }
    if let related = finding.relatedOffset { context += "; the earlier one is at \(data.position(of: related))" }
    out += style.dim(context) + "\n"
    let (text, caret) = data.lineWindow(around: finding.offset)
    let gutter = String(position.line)
    out += "  " + style.dim("\(gutter) |") + " \(text)\n"
    out += "  " + style.dim(String(repeating: " ", count: gutter.count) + " |") + " "
      + String(repeating: " ", count: max(0, caret - 1)) + style.green("^") + "\n"
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
  public static func summary(_ summary: ValidationSummary, input: String, target: String) -> String {
    var parts = [DiagnosticRenderer.count(summary.errors, "error"), DiagnosticRenderer.count(summary.warnings, "warning")]
    if summary.notes > 0 { parts.append(DiagnosticRenderer.count(summary.notes, "note")) }
    var text = parts.joined(separator: ", ") + " in \(input) (\(target))"
    if summary.records != 1 {
      text += ": \(summary.invalidRecords) of \(summary.records) records invalid"
    }
    return text
  }
}

/// Rendered declaration texts by source range, shared by copies of one renderer.
final class DeclarationTexts: Sendable {
  private let texts = Mutex<[SourceRange: String]>([:])

  /// The text for `range`, rendered by `make` the first time.
  func text(for range: SourceRange, make: () -> String) -> String {
    if let known = texts.withLock({ $0[range] }) { return known }
    let text = make()
    texts.withLock { $0[range] = text }
    return text
  }
}
