import CastValidate

/// libFuzzer entry for YAML input (`--from yaml`): whatever the bytes, reading them ends in time
/// (aliases are bounded before they are expanded) and either gives well-formed JSON whose
/// position map stays inside both texts, or an error whose offset is inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let yaml = Array(UnsafeBufferPointer(start: data, count: size))
  do throws(YAMLInputError) {
    let (json, map, documents) = try YAMLInput.json(from: yaml)
    guard documents >= 1 else { fatalError("no document, yet no error") }
    // One JSON line per document: every line must parse (libyaml nests at most 1,000 deep).
    for line in json.split(separator: UInt8(ascii: "\n")) {
      do throws(JSONSyntaxError) {
        _ = try JSONValue.parse(Array(line), maxDepth: 2_048)
      } catch {
        fatalError("YAML became malformed JSON: \(error)")
      }
    }
    var last = -1
    for entry in map {
      guard entry.json >= last, entry.json <= json.count, (0...size).contains(entry.yaml) else {
        fatalError("position map entry \(entry) out of order or range (json \(json.count), yaml \(size))")
      }
      last = entry.json
    }
    guard json.count <= YAMLInput.aliasExpansionLimit + 64 * size + 64 else {
      fatalError("\(size) bytes of YAML became \(json.count) bytes of JSON")
    }
  } catch {
    guard (0...size).contains(error.offset) else { fatalError("error offset \(error.offset) outside 0...\(size)") }
  }
  return 0
}
