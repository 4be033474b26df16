import Foundation

/// Writes an XML property list as Foundation does (the Apple DTD, tab indentation, keys sorted;
/// a real by its shortest text, a date to the second, data in base64 lines of at most 76 columns),
/// escaping what an XML reader would otherwise change: `&`, `<`, `>` and the carriage return,
/// which every XML reader turns into a line feed unless it is written `&#13;`.
struct PropertyListXMLWriter {
  private(set) var output: [UInt8] = []

  /// The characters XML 1.0 has no form for, not even a character reference: the C0 controls
  /// other than tab, line feed and carriage return, and U+FFFE / U+FFFF.
  static func cannotCarry(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// The whole document: header, value, footer.
  mutating func write(document value: PropertyListItem) {
    append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """)
    write(value, depth: 0)
    append("</plist>\n")
  }

  private mutating func write(_ value: PropertyListItem, depth: Int) {
    indent(depth)
    switch value {
    case .null:
      append("<dict/>\n")
    case .bool(let flag):
      append(flag ? "<true/>\n" : "<false/>\n")
    case .number(let literal):
      switch PropertyListNumber(literal) {
      case .integer(let value): append("<integer>\(value)</integer>\n")
      case .unsigned(let value): append("<integer>\(value)</integer>\n")
      case .real(let value): append("<real>\(NumberText.literal(value))</real>\n")
      case nil: append("<real>\(NumberText.literal(Double(literal) ?? 0))</real>\n")
      }
    case .real(let real):
      append("<real>\(EncoderNumberText.double(real))</real>\n")
    case .string(let text):
      element("string", text)
    case .date(let seconds):
      // NB: Foundation's own text, which counts whole seconds down and years past 9999 and
      // before 1 as it does.
      append("<date>\(Date(timeIntervalSinceReferenceDate: seconds).ISO8601Format())</date>\n")
    case .data(let bytes):
      data(bytes, depth: depth)
    case .array(let items):
      let kept = items.filter { !$0.isNull }
      guard !kept.isEmpty else { return append("<array/>\n") }
      append("<array>\n")
      for item in kept { write(item, depth: depth + 1) }
      indent(depth)
      append("</array>\n")
    case .dictionary(let members):
      // A dictionary holds one value per key: a later duplicate replaces the earlier, as a JSON
      // reader does; Foundation writes the keys sorted.
      var byKey: [String: PropertyListItem] = [:]
      for member in members {
        byKey[member.key] = member.value.isNull ? nil : member.value
      }
      guard !byKey.isEmpty else { return append("<dict/>\n") }
      append("<dict>\n")
      for key in byKey.keys.sorted() {
        indent(depth + 1)
        element("key", key)
        if let member = byKey[key] { write(member, depth: depth + 1) }
      }
      indent(depth)
      append("</dict>\n")
    }
  }

  /// `<data>` as Foundation writes it: base64 in lines indented as the element (at most 8 tabs),
  /// each as long as fits 76 columns with a tab as 8.
  private mutating func data(_ bytes: [UInt8], depth: Int) {
    append("<data>\n")
    let tabs = min(depth, 8)
    let width = 76 - 8 * tabs
    let text = Array(Data(bytes).base64EncodedString().utf8)
    var start = 0
    while start < text.count {
      indent(tabs)
      output.append(contentsOf: text[start..<min(start + width, text.count)])
      output.append(UInt8(ascii: "\n"))
      start += width
    }
    indent(depth)
    append("</data>\n")
  }

  private mutating func element(_ name: String, _ text: String) {
    append("<\(name)>")
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): append("&amp;")
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case 0x0D: append("&#13;")
      default: output.append(byte)
      }
    }
    append("</\(name)>\n")
  }

  private mutating func indent(_ depth: Int) {
    output.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
  }

  private mutating func append(_ text: String) { output.append(contentsOf: text.utf8) }
}
