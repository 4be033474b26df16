/// The text a data input holds: JSON, or YAML read as the JSON it describes.
package enum DataFormat: String, CaseIterable, Sendable {
  case json, yaml
}

/// How data inputs are read: the options given, and otherwise each file's extension.
package struct DataReading: Sendable {
  /// `--from`; nil lets the extension decide (`.yaml`, `.yml`).
  package var format: DataFormat?
  /// `--ndjson`: one record per line whatever the extension (`.ndjson`, `.jsonl` imply it).
  package var ndjson: Bool
  /// `--max-bytes`: larger inputs are refused.
  package var maxBytes: Int?

  package init(format: DataFormat? = nil, ndjson: Bool = false, maxBytes: Int? = nil) {
    self.format = format
    self.ndjson = ndjson
    self.maxBytes = maxBytes
  }

  /// Whether the input named `name` is read as YAML.
  package func isYAML(_ name: String) -> Bool {
    format == .yaml || (format == nil && (name.hasSuffix(".yaml") || name.hasSuffix(".yml")))
  }

  /// Whether the JSON input named `name` holds one record per line.
  package func isNDJSON(_ name: String) -> Bool {
    !isYAML(name) && (ndjson || name.hasSuffix(".ndjson") || name.hasSuffix(".jsonl"))
  }
}
