import CastSchema
import Testing

@testable import CastValidate

/// The renderer appends its pieces in place; what it writes must stay what composing them wrote.
@Suite("FindingRenderer text")
struct FindingRendererTests {
  /// The rendering as it was composed before, piece by piece through `TextStyle`.
  static func reference(_ finding: Finding, data: DataSource, registry: ModelRegistry, style: TextStyle) -> String {
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
      let file = registry.files[declaration.file]
      out += "  " + style.cyan("declared at") + " \(file.path):\(file.location(of: declaration.bytes.lowerBound))\n"
        + SourceSnippet.render(file, range: declaration.bytes, style: style, indent: "  ")
    }
    return out
  }

  @Test(
    "each finding renders as composed before, with and without colour",
    arguments: FindingJSONTests.inputs.indices, [false, true])
  func sameText(_ index: Int, _ color: Bool) throws {
    let (json, ndjson) = FindingJSONTests.inputs[index]
    let registry = EngineProbe.registry(FindingJSONTests.schema)
    let run = try EngineProbe.run(registry, json, options: FindingJSONTests.options, build: false, ndjson: ndjson)
    let data = DataSource(name: "t.json", bytes: Array(json.utf8))
    let style = TextStyle(enabled: color)
    let renderer = FindingRenderer(data: data, registry: registry, style: style)
    for finding in run.records.flatMap(\.findings) {
      // Twice: the second time the declaration's text comes from the renderer's cache.
      for _ in 0..<2 {
        #expect(renderer.render(finding) == Self.reference(finding, data: data, registry: registry, style: style))
      }
    }
  }
}
