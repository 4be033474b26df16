import CastSchema

/// libFuzzer entry for the `.cast` front end: any bytes load (lexer, parser, registry), every
/// diagnostic points inside the file, and rendering them does not trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCast(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let file = SourceFile(path: "fuzz.cast", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  let (registry, diagnostics) = SchemaLoader.load([file])
  for diagnostic in diagnostics {
    let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
    for range in ranges where range.file != 0 || range.bytes.lowerBound < 0 || range.bytes.upperBound > size {
      fatalError("\(diagnostic.code) points outside the file: \(range)")
    }
  }
  _ = DiagnosticRenderer(files: registry.files).render(diagnostics)
  for name in registry.models.keys.sorted().prefix(4) {
    _ = SchemaLoader.parseType("[String: \(name)?]", in: registry)
  }
  return 0
}
