/// One property of a corpus struct.
struct PropertyShape: Sendable {
  let name: String
  let type: FieldType
  /// The `CodingKeys` raw value when it differs from the name.
  var key: String? = nil
  /// `let` rather than `var`.
  var isLet = true
  /// An initial value, as Swift source (the synthesized init ignores it on a non-optional).
  var initial: String? = nil
  /// Left out of `CodingKeys` (it then has an initial value and is never decoded or encoded).
  var excluded = false

  /// Whether the synthesized conformance decodes it.
  var decoded: Bool { !excluded && !(isLet && initial != nil) }
  var jsonKey: String { key ?? name }
}

/// A type of a corpus model: a struct, a raw-value enum or an enum with associated values.
enum TypeShape: Sendable {
  case structure(name: String, properties: [PropertyShape], codingKeys: Bool)
  case rawEnum(name: String, rawType: String, cases: [(name: String, raw: String?)])
  case associatedEnum(name: String, cases: [(name: String, parameters: [(label: String?, type: FieldType)])])

  var name: String {
    switch self {
    case .structure(let name, _, _), .rawEnum(let name, _, _), .associatedEnum(let name, _): return name
    }
  }

  /// The declaration, as a developer would write it.
  var swift: String {
    switch self {
    case .structure(let name, let properties, let codingKeys):
      var lines = ["struct \(name): Codable {"]
      for property in properties {
        let initial = property.initial.map { " = " + $0 } ?? ""
        lines.append("  \(property.isLet ? "let" : "var") \(property.name): \(property.type.swift)\(initial)")
      }
      if codingKeys {
        let cases = properties.filter { !$0.excluded }.map { property in
          property.key.map { "\(property.name) = \(JSONText.quote($0))" } ?? property.name
        }
        lines.append("  enum CodingKeys: String, CodingKey {")
        lines.append("    case " + cases.joined(separator: ", "))
        lines.append("  }")
      }
      return (lines + ["}"]).joined(separator: "\n")
    case .rawEnum(let name, let rawType, let cases):
      let spelled = cases.map { item in
        item.raw.map { rawType == "String" ? "\(item.name) = \(JSONText.quote($0))" : "\(item.name) = \($0)" } ?? item.name
      }
      return "enum \(name): \(rawType), Codable {\n  case \(spelled.joined(separator: ", "))\n}"
    case .associatedEnum(let name, let cases):
      let spelled = cases.map { item -> String in
        if item.parameters.isEmpty { return "  case \(item.name)" }
        let parameters = item.parameters.map { ($0.label.map { $0 + ": " } ?? "") + $0.type.swift }
        return "  case \(item.name)(\(parameters.joined(separator: ", ")))"
      }
      return "enum \(name): Codable {\n\(spelled.joined(separator: "\n"))\n}"
    }
  }
}

/// A model of the corpus: its root type, every type it uses (the root last), the documents
/// written by hand for it, and the decoder strategies it is decoded with.
struct CorpusModel: Sendable {
  let root: String
  let types: [TypeShape]
  var strategies: [DecoderStrategy] = [.defaults]
  /// Documents beyond the generated ones (the issue's table rows), with what each shows.
  var handWritten: [(label: String, json: String)] = []
  /// Where it comes from: "table", "seed" or "generated".
  let origin: String

  var source: String { "import Foundation\n\n" + types.map(\.swift).joined(separator: "\n\n") + "\n" }

  var shapes: [String: TypeShape] { Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }) }

  var containsDate: Bool {
    types.contains { shape in
      switch shape {
      case .structure(_, let properties, _): return properties.contains { $0.type.containsDate }
      case .associatedEnum(_, let cases): return cases.contains { $0.parameters.contains { $0.type.containsDate } }
      case .rawEnum: return false
      }
    }
  }
}
