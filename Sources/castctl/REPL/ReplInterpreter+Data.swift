import CastSchema
import CastValidate
import Foundation

/// Data commands: `:validate`, `:convert`, `:roundtrip`, `:type`, and bare JSON.
extension ReplInterpreter {
  /// `--ndjson` and `--from json|yaml` after a document, as the commands take them.
  struct ReadOptions {
    var ndjson = false
    var from: DataFormat?

    /// Takes these options off the end of `text`; nil with an error message when one is wrong.
    static func strip(_ text: inout String) -> Result<ReadOptions, TargetError> {
      var options = ReadOptions()
      while let (last, before) = ReplInterpreter.splitLastWord(text) {
        if last == "--ndjson" {
          options.ndjson = true
          text = before
        } else if let (option, head) = ReplInterpreter.splitLastWord(before), option == "--from" {
          guard let format = DataFormat(rawValue: last) else {
            return .failure(TargetError(message: "--from takes json or yaml, not '\(last)'"))
          }
          options.from = format
          text = head
        } else {
          break
        }
      }
      return .success(options)
    }
  }

  func validateBare(_ text: String) -> String {
    guard let model = session.currentModel else {
      return error("no current model: :use MODEL first (or :validate MODEL JSON)")
    }
    return runValidate(model: model, document: DataDocument(source: DataSource(name: "<input>", bytes: Array(text.utf8)), recordsPerLine: false))
  }

  func validate(_ rest: String) -> String {
    switch target(rest) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, _)): return runValidate(model: model, document: document)
    }
  }

  private func runValidate(model: String, document: DataDocument) -> String {
    let schema = session.compiled(for: .model(model))
    guard var validator = DocumentValidator(schema: schema, target: .model(model)) else { return unknownModel(model) }
    validator.isCancelled = { CommandInterrupt.requested }
    let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
    var out = ""
    do {
      let summary = try DataRun(validator: validator, document: document).run { out += $0.findings.map(renderer.render).joined() }
      if summary.isCancelled { return out + Self.cancelled(summary) }
      let line = FindingRenderer.summary(summary, input: document.source.name, target: "model \(model)")
      return out + (summary.isValid ? style.green("valid") : style.severity(.error, "invalid")) + ": " + line + "\n"
    } catch {
      return out + problem(error)
    }
  }

  func convert(_ rest: String) -> String {
    var words = rest.trimmed
    var options = ConvertOptions(keys: session.settings.keys)
    // The reading options found among the others, handed on to `target`.
    var suffix = ""
    // Options come last: `--to yaml`, `--keys snake`, `--compact`. A word that looks like an
    // option is one: a document never ends with `--…`, and a file named so must be `@./--x`.
    while let (last, before) = Self.splitLastWord(words) {
      if let (option, head) = Self.splitLastWord(before), option == "--from" {
        // How the document is read: handed on to `target`.
        words = head
        suffix = " --from \(last)" + suffix
        continue
      }
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
      case "--ndjson":
        words = before
        suffix = " --ndjson" + suffix
      case "--to", "--keys":
        return error("\(last) needs a value")
      default:
        return error("unknown option \(last) for :convert (--to, --keys, --compact, --ndjson, --from)")
      }
    }
    switch target(words + suffix) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, _)): return runConvert(model: model, document: document, options: options)
    }
  }

  /// The last whitespace-separated word of `text` and what comes before it, trimmed.
  static func splitLastWord(_ text: String) -> (last: String, before: String)? {
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

  private func runConvert(model: String, document: DataDocument, options: ConvertOptions) -> String {
    let schema = session.compiled(for: .model(model))
    let collisions = options.keys.collisions(in: schema, target: .model(model))
    guard collisions.isEmpty else { return render(collisions, files: session.registry.files) }
    guard var validator = DocumentValidator(schema: schema, target: .model(model), build: true) else { return unknownModel(model) }
    validator.isCancelled = { CommandInterrupt.requested }
    let encoder = ModelEncoder(schema: schema, keys: options.keys)
    let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
    var out = ""
    var values: [JSONValue] = []
    // A property list is written from the instances, as `castctl convert` writes it.
    var items: [PropertyListItem] = []
    do {
      let summary = try DataRun(validator: validator, document: document).run { result in
        out += result.findings.map(renderer.render).joined()
        guard let instance = result.instance else { return }
        if options.to == .plist {
          items.append(encoder.propertyListItem(instance, target: .model(model)))
        } else {
          values.append(encoder.encode(instance))
        }
      }
      if summary.isCancelled { return out + Self.cancelled(summary) + "nothing was converted\n" }
      guard summary.isValid else {
        return out + style.severity(.error, "not converted") + ": " + FindingRenderer.summary(summary, input: document.source.name, target: "model \(model)") + "\n"
      }
      if document.recordsPerLine {
        // One line (or YAML document) per record, as `castctl convert` writes NDJSON.
        switch options.to {
        case .json: return out + values.map { JSONWriter(style: .compact).write($0) + "\n" }.joined()
        case .yaml: return out + values.map { "---\n" + ((try? YAMLOutput.write($0)) ?? "") }.joined()
        case .plist: return out + error("NDJSON converts to JSON lines or YAML documents, not a property list")
        }
      }
      let value = summary.isArray ? JSONValue.array(values) : (values.first ?? .null)
      switch options.to {
      case .json: return out + JSONWriter(style: options.compact ? .compact : .pretty(indent: 2)).write(value) + "\n"
      case .yaml: return out + ((try? YAMLOutput.write(value)) ?? "")
      case .plist:
        do {
          let item = summary.isArray ? PropertyListItem.array(items) : (items.first ?? .null)
          let marksNulls = schema.targetPolicy(.model(model)).writesPropertyListsAsEncoder
          return out + String(decoding: try PropertyListOutput.write(item, binary: false, marksNulls: marksNulls).data, as: UTF8.self)
        } catch {
          return out + self.error("cannot write a property list: \(error)")
        }
      }
    } catch {
      return out + problem(error)
    }
  }

  func roundtrip(_ rest: String) -> String {
    switch target(rest) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, _)):
      let schema = session.compiled(for: .model(model))
      guard let validator = DocumentValidator(schema: schema, target: .model(model)) else { return unknownModel(model) }
      do {
        let report = try RoundTripRun(validator).run(document)
        let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
        return report.rejected.map(renderer.render).joined()
          + LedgerText.render(report.entries, source: document.source, style: style)
          + LedgerText.summary(
            report.summary, counts: LedgerText.counts(report.entries), input: document.source.name, target: "model \(model)") + "\n"
      } catch {
        return problem(error)
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
    let full: TypeRef = parsed.optional ? .optional(type) : type
    let schema = session.compiled(for: .type(full))
    let collisions = session.settings.keys.collisions(in: schema, target: .type(full))
    guard collisions.isEmpty else { return render(collisions, files: session.registry.files) }
    guard let validator = DocumentValidator(schema: schema, target: .type(full), build: true) else { return error("cannot use \(typeText)") }
    let source = DataSource(name: "<input>", bytes: Array(json.utf8))
    let renderer = FindingRenderer(data: source, registry: session.registry, style: style)
    let encoder = ModelEncoder(schema: schema, keys: session.settings.keys)
    var out = ""
    var value: JSONValue?
    do {
      let summary = try DataRun(validator: validator, document: DataDocument(source: source, recordsPerLine: false)).run { result in
        out += result.findings.map(renderer.render).joined()
        value = result.instance.map(encoder.encode)
      }
      guard summary.isValid, let value else {
        return out + style.severity(.error, "cannot convert") + " to \(typeText)\n"
      }
      return out + "\(typeText): " + JSONWriter(style: .compact).write(value) + "\n"
    } catch {
      return out + problem(error)
    }
  }

  /// The model `text` names: a declared one, or a generic model's specialization (`Page<User>`),
  /// which compiling it lowers.
  func modelName(_ text: String) -> String? {
    if session.registry.models[text] != nil { return text }
    guard text.contains("<"), case .model(let name)? = SchemaLoader.parseType(text, in: session.registry).type else { return nil }
    return name
  }

  /// `[MODEL] JSON|@file` → the model (named or current) and the document, read by the
  /// library's reader as the commands read their data argument.
  private func target(_ rest: String) -> Result<(String, DataDocument, String), TargetError> {
    var text = rest.trimmed
    var model = session.currentModel
    let first = String(text.prefix { !$0.isWhitespace })
    if !first.isEmpty, !first.hasPrefix("@"), !ReplInput.isJSON(first) {
      guard let name = modelName(first) else { return .failure(TargetError(message: unknownModel(first))) }
      model = name
      text = String(text.dropFirst(first.count)).trimmed
    }
    guard let model else {
      return .failure(TargetError(message: error("no current model: name one, or :use MODEL first")))
    }
    let read: ReadOptions
    switch ReadOptions.strip(&text) {
    case .failure(let failure): return .failure(TargetError(message: error(failure.message)))
    case .success(let options): read = options
    }
    guard !text.isEmpty else { return .failure(TargetError(message: error("give a JSON document or @file"))) }
    let reading = DataReading(format: read.from, ndjson: read.ndjson)
    do {
      let document: DataDocument
      if text.hasPrefix("@") {
        let path = String(text.dropFirst()).trimmed
        document = try DataDocument.open(resolve(path), name: path, reading: reading)
      } else {
        document = try DataDocument.inline(Array(text.utf8), name: "<input>", reading: reading)
      }
      return .success((model, document, text))
    } catch {
      return .failure(TargetError(message: problem(error)))
    }
  }

  /// What stopped a read, as the REPL shows it: a malformed input drawn as the commands draw it.
  private func problem(_ problem: DataProblem) -> String {
    switch problem {
    case .malformed(let syntaxError, let source, let isYAML, _):
      SyntaxErrorText.render(syntaxError, in: source, style: style, code: DataProblem.malformedCode(isYAML: isYAML))
    case .unreadable, .tooLarge:
      error(problem.readMessage ?? "")
    }
  }

  /// What a command interrupted by Ctrl-C says: how far it got.
  static func cancelled(_ summary: ValidationSummary) -> String {
    "cancelled (Ctrl-C) after \(DiagnosticRenderer.count(summary.records, "record")), "
      + "\(summary.invalidRecords) invalid so far\n"
  }
}

/// A command's target could not be resolved; the message is ready to print.
struct TargetError: Error {
  let message: String
}
