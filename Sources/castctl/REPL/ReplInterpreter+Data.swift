import CastSchema
import CastValidate
import Foundation

/// Data commands: `:validate`, `:convert`, `:roundtrip`, `:type`, and bare JSON.
extension ReplInterpreter {
  /// A document named in a command: inline JSON, or `@file`.
  struct Document {
    let source: DataSource
  }

  func validateBare(_ text: String) -> String {
    guard let model = session.currentModel else {
      return error("no current model: :use MODEL first (or :validate MODEL JSON)")
    }
    return runValidate(model: model, document: Document(source: DataSource(name: "<input>", bytes: Array(text.utf8))))
  }

  func validate(_ rest: String) -> String {
    switch target(rest) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, _)): return runValidate(model: model, document: document)
    }
  }

  private func runValidate(model: String, document: Document) -> String {
    let schema = session.compiled
    guard let validator = DocumentValidator(schema: schema, target: .model(model)) else { return unknownModel(model) }
    let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
    var out = ""
    do {
      let summary = try document.source.readAll().withUnsafeBytes { raw throws(JSONSyntaxError) in
        try validator.validateDocument(raw) { out += $0.findings.map(renderer.render).joined() }
      }
      let line = FindingRenderer.summary(summary, input: document.source.name, target: "model \(model)")
      return out + (summary.isValid ? style.green("valid") : style.severity(.error, "invalid")) + ": " + line + "\n"
    } catch let syntaxError as JSONSyntaxError {
      return malformed(syntaxError, document.source)
    } catch {
      return self.error("\(error)")
    }
  }

  func convert(_ rest: String) -> String {
    var words = rest.trimmed
    var options = ConvertOptions(keys: session.settings.keys)
    // Options come last: `--to yaml`, `--keys snake`, `--compact`. A word that looks like an
    // option is one: a document never ends with `--…`, and a file named so must be `@./--x`.
    while let (last, before) = Self.splitLastWord(words) {
      if let (option, head) = Self.splitLastWord(before), option == "--to" || option == "--keys" {
        if option == "--to" {
          guard let kind = OutputKind(rawValue: last) else { return error("--to takes json, yaml or plist, not '\(last)'") }
          options.to = kind
        } else {
          guard let style = KeyStyle(rawValue: last) else {
            return error("--keys takes \(KeyStyle.allCases.map(\.rawValue).joined(separator: ", ")), not '\(last)'")
          }
          options.keys = style
        }
        words = head
        continue
      }
      guard last.hasPrefix("--") else { break }
      switch last {
      case "--compact":
        options.compact = true
        words = before
      case "--to", "--keys":
        return error("\(last) needs a value")
      default:
        return error("unknown option \(last) for :convert (--to, --keys, --compact)")
      }
    }
    switch target(words) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, _)): return runConvert(model: model, document: document, options: options)
    }
  }

  /// The last whitespace-separated word of `text` and what comes before it, trimmed.
  private static func splitLastWord(_ text: String) -> (last: String, before: String)? {
    let trimmed = text.trimmed
    guard !trimmed.isEmpty else { return nil }
    guard let space = trimmed.lastIndex(where: \.isWhitespace) else { return (trimmed, "") }
    return (String(trimmed[trimmed.index(after: space)...]), String(trimmed[..<space]).trimmed)
  }

  /// What `:convert` writes: `--to`, `--keys`, `--compact`.
  struct ConvertOptions {
    var to = OutputKind.json
    var keys: KeyStyle
    var compact = false
  }

  private func runConvert(model: String, document: Document, options: ConvertOptions) -> String {
    let schema = session.compiled
    let collisions = options.keys.collisions(in: schema, target: .model(model))
    guard collisions.isEmpty else { return render(collisions, files: session.registry.files) }
    guard let validator = DocumentValidator(schema: schema, target: .model(model), build: true) else { return unknownModel(model) }
    let encoder = ModelEncoder(schema: schema, keys: options.keys)
    let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
    var out = ""
    var values: [JSONValue] = []
    do {
      let summary = try document.source.readAll().withUnsafeBytes { raw throws(JSONSyntaxError) in
        try validator.validateDocument(raw) { result in
          out += result.findings.map(renderer.render).joined()
          if let instance = result.instance { values.append(encoder.encode(instance)) }
        }
      }
      guard summary.isValid else {
        return out + style.severity(.error, "not converted") + ": " + FindingRenderer.summary(summary, input: document.source.name, target: "model \(model)") + "\n"
      }
      let value = summary.isArray ? JSONValue.array(values) : (values.first ?? .null)
      switch options.to {
      case .json: return out + JSONWriter(style: options.compact ? .compact : .pretty(indent: 2)).write(value) + "\n"
      case .yaml: return out + ((try? YAMLOutput.write(value)) ?? "")
      case .plist:
        do {
          return out + String(decoding: try PropertyListOutput.write(value, binary: false).data, as: UTF8.self)
        } catch {
          return out + self.error("cannot write a property list: \(error)")
        }
      }
    } catch let syntaxError as JSONSyntaxError {
      return malformed(syntaxError, document.source)
    } catch {
      return self.error("\(error)")
    }
  }

  func roundtrip(_ rest: String) -> String {
    switch target(rest) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, _)):
      let schema = session.compiled
      do {
        let report = try RoundTripRun(schema: schema, target: .model(model), source: document.source, ndjson: false).run()
        let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
        return report.rejected.map(renderer.render).joined()
          + LedgerText.render(report.entries, source: document.source, style: style)
          + LedgerText.summary(report, counted: report.entries.count, input: document.source.name, target: "model \(model)") + "\n"
      } catch let error as JSONSyntaxError {
        return malformed(error, document.source)
      } catch {
        return self.error("\(error)")
      }
    }
  }

  func typeConvert(_ rest: String) -> String {
    guard let (typeText, json) = ReplInput.splitTypeAndJSON(rest, registry: session.registry) else {
      // Valid JSON at the end means the type is what's wrong: say why.
      if let (typeText, _) = ReplInput.splitBeforeJSON(rest) {
        let parsed = SchemaLoader.parseType(typeText, in: session.registry)
        return render(parsed.diagnostics, files: session.registry.files + [parsed.file])
          + error("cannot read the type \(typeText)")
      }
      return error("usage: :type EXPR JSON, e.g. :type [String: [Int]] {\"a\": [1]}")
    }
    let parsed = SchemaLoader.parseType(typeText, in: session.registry)
    guard let type = parsed.type else { return error("cannot read the type \(typeText)") }
    let schema = session.compiled
    let full: TypeRef = parsed.optional ? .optional(type) : type
    let collisions = session.settings.keys.collisions(in: schema, target: .type(full))
    guard collisions.isEmpty else { return render(collisions, files: session.registry.files) }
    guard let validator = DocumentValidator(schema: schema, target: .type(full), build: true) else { return error("cannot use \(typeText)") }
    let source = DataSource(name: "<input>", bytes: Array(json.utf8))
    let renderer = FindingRenderer(data: source, registry: session.registry, style: style)
    let encoder = ModelEncoder(schema: schema, keys: session.settings.keys)
    var out = ""
    var value: JSONValue?
    do {
      let summary = try source.readAll().withUnsafeBytes { raw throws(JSONSyntaxError) in
        try validator.validateDocument(raw) { result in
          out += result.findings.map(renderer.render).joined()
          value = result.instance.map(encoder.encode)
        }
      }
      guard summary.isValid, let value else {
        return out + style.severity(.error, "cannot convert") + " to \(typeText)\n"
      }
      return out + "\(typeText): " + JSONWriter(style: .compact).write(value) + "\n"
    } catch let syntaxError as JSONSyntaxError {
      return malformed(syntaxError, source)
    } catch {
      return self.error("\(error)")
    }
  }

  /// `[MODEL] JSON|@file` → the model (named or current) and the document.
  private func target(_ rest: String) -> Result<(String, Document, String), TargetError> {
    var text = rest.trimmed
    var model = session.currentModel
    let first = String(text.prefix { !$0.isWhitespace })
    if !first.isEmpty, !first.hasPrefix("@"), !ReplInput.isJSON(first) {
      guard session.registry.models[first] != nil else { return .failure(TargetError(message: unknownModel(first))) }
      model = first
      text = String(text.dropFirst(first.count)).trimmed
    }
    guard let model else {
      return .failure(TargetError(message: error("no current model: name one, or :use MODEL first")))
    }
    guard !text.isEmpty else { return .failure(TargetError(message: error("give a JSON document or @file"))) }
    if text.hasPrefix("@") {
      let path = String(text.dropFirst()).trimmed
      guard let data = FileManager.default.contents(atPath: resolve(path)) else {
        return .failure(TargetError(message: error("cannot read \(path)")))
      }
      return .success((model, Document(source: DataSource(name: path, bytes: Array(data))), text))
    }
    return .success((model, Document(source: DataSource(name: "<input>", bytes: Array(text.utf8))), text))
  }

  private func malformed(_ syntaxError: JSONSyntaxError, _ source: DataSource) -> String {
    let position = source.position(of: syntaxError.offset)
    let (text, caret) = source.lineWindow(around: syntaxError.offset)
    return style.bold("\(source.name):\(position): ") + style.severity(.error, "error[malformed-json]") + ": "
      + syntaxError.message + "\n  " + text + "\n  " + String(repeating: " ", count: max(0, caret - 1)) + style.green("^") + "\n"
  }
}

/// A command's target could not be resolved; the message is ready to print.
struct TargetError: Error {
  let message: String
}
