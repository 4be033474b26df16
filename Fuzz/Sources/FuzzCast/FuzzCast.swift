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

/// Every diagnostic points inside the one file: a position in it (a range outside any loaded file
/// would have no position, line 0), at most one line past its last newline.
private func check(_ diagnostics: [SchemaDiagnostic], size: Int) {
  for diagnostic in diagnostics
  where diagnostic.file != "fuzz.cast" || diagnostic.position.line < 1 || diagnostic.position.column < 1
    || diagnostic.position.column > size + 1
  {
    fatalError("\(diagnostic.code) points outside the file: \(diagnostic)")
  }
}
