/// The source of the oracle: every corpus type, and a `main` that reads `model<TAB>strategy<TAB>
/// document` lines and answers each with one JSON line, what Foundation's `JSONDecoder` said
/// (the `DecodingError` case and its coding path as a JSON Pointer) and, for a document that
/// decodes, `JSONEncoder`'s re-encoding.
enum OracleProgram {
  static func source(models: [CorpusModel]) -> String {
    var seen = Set<String>()
    var declarations: [String] = []
    for model in models {
      for type in model.types where seen.insert(type.name).inserted { declarations.append(type.swift) }
    }
    return source(declarations: declarations, roots: models.map(\.root))
  }

  /// The oracle over Swift declarations and the root types the cases name.
  static func source(declarations: [String], roots: [String]) -> String {
    let table = roots.map { "  \(JSONText.quote($0)): { try $2.encode($1.decode(\($0).self, from: $0)) }," }
    let strategies = DecoderStrategy.allCases.map { "  case \(JSONText.quote($0.rawValue)): \($0.oracleSetup.isEmpty ? "break" : $0.oracleSetup)" }
    return """
      import Foundation

      \(declarations.joined(separator: "\n\n"))

      let codecs: [String: (Data, JSONDecoder, JSONEncoder) throws -> Data] = [
      \(table.joined(separator: "\n"))
      ]

      func configure(_ strategy: String, _ decoder: JSONDecoder, _ encoder: JSONEncoder) {
        switch strategy {
      \(strategies.joined(separator: "\n"))
        default: break
        }
      }

      \(mainSource)
      """
  }

  private static let mainSource = """
    func pointer(_ path: [any CodingKey]) -> String {
      path.map { key -> String in
        if let index = key.intValue, key.stringValue == "Index \\(index)" { return "/\\(index)" }
        return "/" + key.stringValue.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
      }.joined()
    }

    func answer(_ error: Error) -> [String: Any] {
      switch error as? DecodingError {
      case .typeMismatch(_, let context)?:
        return ["error": "typeMismatch", "path": pointer(context.codingPath), "message": context.debugDescription]
      case .valueNotFound(_, let context)?:
        return ["error": "valueNotFound", "path": pointer(context.codingPath), "message": context.debugDescription]
      case .keyNotFound(let key, let context)?:
        return ["error": "keyNotFound", "path": pointer(context.codingPath + [key]), "message": context.debugDescription]
      case .dataCorrupted(let context)?:
        return ["error": "dataCorrupted", "path": pointer(context.codingPath), "message": context.debugDescription]
      default:
        return ["error": "other", "path": "", "message": "\\(error)"]
      }
    }

    let input = FileHandle.standardInput.readDataToEndOfFile()
    var out = Data()
    for line in input.split(separator: UInt8(ascii: "\\n"), omittingEmptySubsequences: false) where !line.isEmpty {
      let fields = line.split(separator: UInt8(ascii: "\\t"), maxSplits: 2, omittingEmptySubsequences: false)
      let model = String(decoding: fields[0], as: UTF8.self)
      let strategy = String(decoding: fields[1], as: UTF8.self)
      let decoder = JSONDecoder()
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      configure(strategy, decoder, encoder)
      var result: [String: Any] = ["ok": false]
      if let codec = codecs[model] {
        do {
          let encoded = try codec(Data(fields[2]), decoder, encoder)
          result = ["ok": true, "output": String(decoding: encoded, as: UTF8.self)]
        } catch let error as EncodingError {
          result = ["ok": true, "output": NSNull(), "message": "\\(error)"]
        } catch {
          result = answer(error)
          result["ok"] = false
        }
      } else {
        result = ["ok": false, "error": "other", "path": "", "message": "no model \\(model)"]
      }
      out.append(try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]))
      out.append(UInt8(ascii: "\\n"))
    }
    FileHandle.standardOutput.write(out)
    """
}
