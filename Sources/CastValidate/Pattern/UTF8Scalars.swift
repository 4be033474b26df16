/// The scalars of well-formed UTF-8 bytes, decoded where they lie: a pattern reads text beyond
/// ASCII without a `String` being made of it.
struct UTF8Scalars: IteratorProtocol {
  private var bytes: UnsafeRawBufferPointer.Iterator
  private var parser = Unicode.UTF8.ForwardParser()

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes.makeIterator()
  }

  mutating func next() -> Unicode.Scalar? {
    switch parser.parseScalar(from: &bytes) {
    case .valid(let encoded): Unicode.UTF8.decode(encoded)
    // NB: the scanner has checked the text; a stray byte reads as `String(decoding:)` repairs it.
    case .error: "\u{FFFD}"
    case .emptyInput: nil
    }
  }
}
