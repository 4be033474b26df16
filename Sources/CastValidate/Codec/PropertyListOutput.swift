import Foundation

/// JSON values as a property list (XML or binary), NSCoding's nearest equivalent in Foundation.
/// Property lists have no null: null members and elements are left out, and counted.
public enum PropertyListOutput {
  /// The property list bytes, and how many nulls had to be left out.
  public static func write(_ value: JSONValue, binary: Bool) throws -> (data: Data, droppedNulls: Int) {
    var dropped = 0
    let object = plistObject(value, dropped: &dropped) ?? NSDictionary()
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: binary ? .binary : .xml, options: 0)
    return (data, dropped)
  }

  private static func plistObject(_ value: JSONValue, dropped: inout Int) -> Any? {
    switch value {
    case .null:
      dropped += 1
      return nil
    case .bool(let flag): return NSNumber(value: flag)
    case .number(let literal):
      if let integer = Int64(literal) { return NSNumber(value: integer) }
      if let unsigned = UInt64(literal) { return NSNumber(value: unsigned) }
      return NSNumber(value: Double(literal) ?? 0)
    case .string(let text): return text
    case .array(let items): return items.compactMap { plistObject($0, dropped: &dropped) }
    case .object(let members):
      let dictionary = NSMutableDictionary()
      for member in members {
        if let object = plistObject(member.value, dropped: &dropped) { dictionary[member.key] = object }
      }
      return dictionary
    }
  }
}
