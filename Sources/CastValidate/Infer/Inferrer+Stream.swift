import Foundation

/// A top-level array read from a file in chunks, one element at a time, so the memory of
/// inferring from a large array is the chunk and the evidence, not the file.
extension Inferrer {
  /// Reads the array from `descriptor` (from its current position); false, with nothing
  /// observed, when the input is not a top-level array (the caller then reads it whole).
  package func observeArray(
    descriptor: Int32, input: Int = 0, chunkSize: Int = 4 << 20, maxBytes: Int? = nil
  ) throws(StreamError) -> Bool {
    let reader = ChunkReader(descriptor: descriptor, chunkSize: chunkSize, limit: maxBytes)
    do { _ = try reader.fill() } catch { throw .read(error) }
    guard reader.pending.first(where: { !ArraySplitter.isWhitespace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF })
      == UInt8(ascii: "[")
    else { return false }
    var splitter = ArraySplitter()
    while true {
      let pending = reader.pending
      let base = reader.pendingOffset
      var position = 0
      elements: while true {
        switch splitter.next(pending, base: base, index: &position) {
        case .needMore:
          break elements
        case .error(let offset, let message):
          throw .syntax(JSONSyntaxError(offset: offset, message: message), readBefore: ValidationSummary())
        case .element(let start):
          // NB: the element is read only once it is whole in the bytes: a cut one would leave
          // half its evidence behind before the throw, and be counted again on the next read.
          if !reader.atEnd, ArraySplitter.elementEnd(pending, from: start) == nil {
            position = start
            break elements
          }
          var scanner = JSONScanner(
            UnsafeRawBufferPointer(rebasing: pending[start...]), baseOffset: base + start, maxDepth: options.maxDepth, depth: 1)
          var trail = PointerTrail()
          do {
            try root.observe(scanner: &scanner, input: input, offset: base + start, trail: &trail, options: options)
          } catch {
            throw .syntax(error, readBefore: ValidationSummary())
          }
          position = scanner.offset - base
          splitter.elementDone()
        }
      }
      reader.consume(position)
      if reader.atEnd { break }
      do { _ = try reader.fill() } catch { throw .read(error) }
    }
    guard splitter.isComplete else {
      throw .syntax(JSONSyntaxError(offset: reader.pendingOffset + reader.pending.count, message: "unexpected end of input: expected ']' to end the array"), readBefore: ValidationSummary())
    }
    return true
  }
}
