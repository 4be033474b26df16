import CastSchema
import CastValidate

/// libFuzzer entry for the `.cast` front end: any bytes load (lexer, parser, registry), every
/// diagnostic points inside the file, and rendering them does not trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCast(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // NB: through the public front door, which loads, renders diagnostics and compiles.
  let schema: Schema
  do {
    schema = try Schema(source: bytes, path: "fuzz.cast")
    check(schema.diagnostics, size: size)
  } catch {
    check(error.diagnostics, size: size)
    _ = error.description
    return 0
  }
  for name in schema.modelNames.sorted().prefix(4) {
    _ = try? schema.validator(for: name)
    _ = try? schema.validator(forType: "[String: \(name)?]")
  }
  return 0
}

/// Every diagnostic points inside the one file.
private func check(_ diagnostics: [Diagnostic], size: Int) {
  for diagnostic in diagnostics {
    let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
    for range in ranges where range.file != 0 || range.bytes.lowerBound < 0 || range.bytes.upperBound > size {
      fatalError("\(diagnostic.code) points outside the file: \(range)")
    }
  }
}
