/// Swift standard library and Foundation types a program that decodes the models is likely to
/// name: an inferred model of the same name would shadow them in that program (a
/// `struct JSONDecoder: Codable` and `JSONDecoder().decode(…)` no longer compiles), so no
/// inferred model takes one.
enum SwiftTypeNames {
  /// The names, beside the types castctl declares itself (`ScalarType`), which
  /// `InferredSchema.reserved` adds.
  static let shadowable: Set<String> = [
    // The modules, which qualify a shadowed name (`Swift.Result`): a type of their name hides them too.
    "Swift", "Foundation",
    // The standard library's basics.
    "Any", "AnyObject", "AnyHashable", "AnyClass", "Never", "Void", "Self", "Type", "Protocol",
    "Optional", "Result", "Error", "Array", "ArraySlice", "ContiguousArray", "Dictionary", "Set", "Range", "ClosedRange",
    "Substring", "Unicode", "StaticString", "Float80", "Float16", "Int128", "UInt128",
    "Equatable", "Hashable", "Comparable", "Identifiable", "Sendable", "Sequence", "Collection", "Encoder", "Decoder",
    "CustomStringConvertible", "CustomDebugStringConvertible", "RawRepresentable", "CaseIterable",
    // Coding, Codable's own names among them (a model's `CodingKeys` would hide one named so).
    "Codable", "Decodable", "Encodable", "CodingKey", "CodingKeys", "CodingKeyRepresentable", "CodingUserInfoKey",
    "DecodingError", "EncodingError", "KeyedDecodingContainer", "KeyedEncodingContainer",
    "SingleValueDecodingContainer", "SingleValueEncodingContainer", "UnkeyedDecodingContainer", "UnkeyedEncodingContainer",
    "JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder", "JSONSerialization",
    // Foundation's values and what reads and writes them.
    "Calendar", "DateComponents", "DateFormatter", "DateInterval", "ISO8601DateFormatter", "Locale", "TimeZone", "TimeInterval",
    "NumberFormatter", "URLComponents", "URLQueryItem", "URLRequest", "URLSession", "CharacterSet", "IndexPath", "IndexSet",
    "NSString", "NSNumber", "NSDecimalNumber", "NSDate", "NSURL", "NSData", "NSArray", "NSDictionary", "NSNull", "NSObject", "NSError",
  ]
}
