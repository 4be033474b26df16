import CastValidate

/// libFuzzer entry for the byte-level JSON reader: the tree parser and the non-recursive
/// `skipValue` must agree on every input (accepted, or rejected at the same offset), an
/// accepted document must survive write → parse unchanged, and NDJSON splitting must not trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  var treeError: JSONSyntaxError?
  var tree: JSONValue?
  do throws(JSONSyntaxError) {
    tree = try JSONValue.parse(bytes, maxDepth: 64)
  } catch {
    treeError = error
  }
  var skipError: JSONSyntaxError?
  var scanner = JSONScanner(bytes, maxDepth: 64)
  scanner.skipByteOrderMark()
  do throws(JSONSyntaxError) {
    try scanner.skipValue()
    try scanner.expectEnd()
  } catch {
    skipError = error
  }
  // A disagreement is a bug in one of the two readers: stop here so libFuzzer keeps the input.
  guard treeError == skipError else { fatalError("tree: \(String(describing: treeError)), skip: \(String(describing: skipError))") }
  if let offset = treeError?.offset, !(0...size).contains(offset) { fatalError("error offset \(offset) outside 0...\(size)") }
  if let tree {
    for style in [JSONWriter.Style.compact, .pretty(indent: 2)] {
      var output: [UInt8] = []
      JSONWriter(style: style).write(tree, into: &output)
      guard (try? JSONValue.parse(output, maxDepth: 64)) == tree else { fatalError("write → parse changed the value") }
    }
    // The pointer index reads what the tree reader reads.
    guard (try? JSONPointerIndex.offsets(of: bytes, maxDepth: 64)) != nil else { fatalError("the pointer index refused a document") }
  }
  return 0
}
