import Foundation

/// The formats a decoded value can be written in.
public enum OutputFormat: Sendable, Hashable {
  /// JSON: indented by two spaces like `python -m json.tool`, or compact on one line.
  case json(pretty: Bool = true)
  /// YAML 1.2, block style.
  case yaml
  /// An XML property list; `nil`s are left out, as a property list cannot hold them (a Codable
  /// model's `nil` elements and dictionary values are the string `$null`, as
  /// `PropertyListEncoder` writes them).
  case propertyList
  /// A binary property list.
  case binaryPropertyList
}

/// Why a value could not be written in a format (a property list holds no `null` document and
/// no number beyond a `Double`).
public struct EncodingFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong, with the JSON Pointer of the value when it is one value.
  public let description: String
}

extension DecodedValue {
  /// The value written in `format` with the model's JSON keys, as `castctl convert` writes it
  /// (with `options`, as its flags of those names).
  public func encoded(as format: OutputFormat = .json(), options: EncodingOptions = EncodingOptions()) throws(EncodingFailure) -> [UInt8] {
    // NB: encoding and writing recurse once per nesting level.
    try StackRoom.run(depth: depth) { () throws(EncodingFailure) in try write(format, options) }
  }

  private func write(_ format: OutputFormat, _ options: EncodingOptions) throws(EncodingFailure) -> [UInt8] {
    let policy = if case .model(let model) = instance { schema.plans[model.plan].policy } else { schema.basePolicy }
    var formatting = EncoderFormatting(escapesSlashes: policy.escapesSlashes && !options.withoutEscapingSlashes)
    formatting.sortsKeys = options.sortedKeys
    let value = formatting.sorted(ModelEncoder(schema: schema).encode(instance))
    switch format {
    case .json(let pretty):
      var output: [UInt8] = []
      JSONWriter(style: pretty ? .pretty(indent: 2) : .compact).write(value, into: &output)
      return formatting.finish(output)
    case .yaml:
      do {
        return Array(try YAMLOutput.write(value).utf8)
      } catch {
        throw EncodingFailure(description: "cannot write YAML: \(error)")
      }
    case .propertyList, .binaryPropertyList:
      do {
        let item =
          if case .model(let model) = instance, policy.writesPropertyListsAsEncoder {
            ModelEncoder(schema: schema).propertyListItem(instance, .model(model.plan))
          } else {
            PropertyListItem(value)
          }
        return Array(
          try PropertyListOutput.write(
            item, binary: format == .binaryPropertyList, marksNulls: policy.writesPropertyListsAsEncoder, spelling: .library
          ).data)
      } catch {
        throw EncodingFailure(description: error.description)
      }
    }
  }
}
