/// The UTF-8 byte-order mark, which castctl reads past at the start of model and data files
/// (swiftc and JSON readers do) and does not count as a column.
package enum ByteOrderMark {
  /// Its bytes.
  package static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Whether `bytes` begin with it.
  package static func begins(_ bytes: some Sequence<UInt8>) -> Bool { bytes.starts(with: utf8) }
}
