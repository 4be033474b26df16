import CastSchema
import CastValidate
import Foundation

/// Data commands: `:validate`, `:convert`, `:roundtrip`, `:type`, and bare JSON.
extension ReplInterpreter {
  /// `--ndjson` and `--from json|yaml` after a document, as the commands take them.
  struct ReadOptions {
    var ndjson = false
    var from: DataFormat?
    /// `--max-depth N`: nil keeps the default.
    var maxDepth: Int?

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
        } else if let (option, head) = ReplInterpreter.splitLastWord(before), option == "--max-depth" {
          guard let depth = Int(last), (1...JSONScanner.maxDepthLimit).contains(depth) else {
            return .failure(TargetError(message: "--max-depth must be 1…\(JSONScanner.maxDepthLimit), not '\(last)'"))
          }
          options.maxDepth = depth
          text = head
        } else if last.hasPrefix("--") {
          // NB: a document never ends with `--…`; a file named so is `@./--x`.
          return .failure(TargetError(message: "unknown option \(last) (a document or @file takes --ndjson, --from json|yaml, --max-depth N)"))
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
    case .success(let (model, document, read)): return runValidate(model: model, document: document, maxDepth: read.maxDepth)
    }
  }

  private func runValidate(model: String, document: DataDocument, maxDepth: Int? = nil) -> String {
    let schema = session.compiled(for: .model(model), maxDepth: maxDepth)
    guard var validator = DocumentValidator(schema: schema, target: .model(model)) else { return unknownModel(model) }
    validator.isCancelled = { CommandInterrupt.requested }
    let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
    do {
      let summary = try DataRun(validator: validator, document: document).run { output.write($0.findings.map(renderer.render).joined()) }
      if summary.isCancelled { return Self.cancelled(summary) }
      let line = FindingRenderer.summary(summary, input: document.source.name, target: "model \(model)")
      return (summary.isValid ? style.green("valid") : style.severity(.error, "invalid")) + ": " + line + "\n"
    } catch {
      return problem(error)
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
      if let (option, head) = Self.splitLastWord(before), option == "--from" || option == "--max-depth" {
        // How the document is read: handed on to `target`.
        words = head
        suffix = " \(option) \(last)" + suffix
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
      case "--without-escaping-slashes":
        options.withoutEscapingSlashes = true
        words = before
      case "--ndjson":
        words = before
        suffix = " --ndjson" + suffix
      case "--to", "--keys":
        return error("\(last) needs a value")
      default:
        return error("unknown option \(last) for :convert (--to, --keys, --compact, --without-escaping-slashes, --ndjson, --from, --max-depth)")
      }
    }
    switch target(words + suffix) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, read)): return runConvert(model: model, document: document, options: options, maxDepth: read.maxDepth)
    }
  }

  /// The last whitespace-separated word of `text` and what comes before it, trimmed.
  static func splitLastWord(_ text: String) -> (last: String, before: String)? {
    let trimmed = text.trimmed
    guard !trimmed.isEmpty else { return nil }
    guard let space = trimmed.lastIndex(where: \.isWhitespace) else { return (trimmed, "") }
    return (String(trimmed[trimmed.index(after: space)...]), String(trimmed[..<space]).trimmed)
  }

  /// What `:convert` writes: `--to`, `--keys`, `--compact`, `--without-escaping-slashes`.
  struct ConvertOptions {
    var to = OutputKind.json
    var keys: KeyStyle
    var compact = false
    /// `--without-escaping-slashes`: `/` as it is in a Codable model's JSON.
    var withoutEscapingSlashes = false
  }

  /// Converts as `castctl convert` does: NDJSON a line (or YAML document) per valid record as it
  /// comes, invalid ones left out; any other input one document, written once it is known valid
  /// (its records wait in a spool, not in memory), or not at all.
  private func runConvert(model: String, document: DataDocument, options: ConvertOptions, maxDepth: Int?) -> String {
    let schema = session.compiled(for: .model(model), maxDepth: maxDepth)
    let collisions = options.keys.collisions(in: schema, target: .model(model))
    guard collisions.isEmpty else { return render(collisions, files: session.registry.files) }
    if document.recordsPerLine, options.to == .plist { return error("NDJSON converts to JSON lines or YAML documents, not a property list") }
    guard var validator = DocumentValidator(schema: schema, target: .model(model), build: true) else { return unknownModel(model) }
    validator.isCancelled = { CommandInterrupt.requested }
    let encoder = ModelEncoder(schema: schema, keys: options.keys)
    let formatting = EncoderFormatting(
      schema: schema, target: .model(model), sortedKeys: false, withoutEscapingSlashes: options.withoutEscapingSlashes)
    let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
    let json = ConvertedDocument<[UInt8]>(.json(options.compact ? .compact : .pretty(indent: 2)))
    let yaml = ConvertedDocument<JSONValue>(.yaml)
    // A property list is written from the instances, as `castctl convert` writes it.
    var items: [PropertyListItem] = []
    var lines: [UInt8] = []
    var failure: Error?
    do {
      let summary = try DataRun(validator: validator, document: document).run { result in
        if !result.findings.isEmpty {
          // NB: the lines of the records before come first: one output holds both.
          lines.withUnsafeBytes { output.write(bytes: $0) }
          lines.removeAll(keepingCapacity: true)
          output.write(result.findings.map(renderer.render).joined())
        }
        guard failure == nil, result.isValid, let instance = result.instance else { return }
        do {
          switch (options.to, document.recordsPerLine) {
          case (.json, true):
            lines += formatting.compactLine(encoded: nil, instance: instance, encoder: encoder) ?? []
            lines.append(UInt8(ascii: "\n"))
          case (.yaml, true): lines += Array(("---\n" + (try YAMLOutput.write(formatting.sorted(encoder.encode(instance))))).utf8)
          case (.json, false): try json.add(formatting.compactLine(encoded: nil, instance: instance, encoder: encoder) ?? [])
          case (.yaml, false): try yaml.add(formatting.sorted(encoder.encode(instance)))
          case (.plist, _): items.append(encoder.propertyListItem(instance, target: .model(model)))
          }
        } catch {
          failure = error
        }
        if lines.count >= 1 << 16 {
          lines.withUnsafeBytes { output.write(bytes: $0) }
          lines.removeAll(keepingCapacity: true)
        }
      }
      lines.withUnsafeBytes { output.write(bytes: $0) }
      if summary.isCancelled { return Self.cancelled(summary) + (document.recordsPerLine ? "" : "nothing was converted\n") }
      if let failure { return error("cannot write \(options.to.rawValue): \(failure)") }
      let counts = FindingRenderer.summary(summary, input: document.source.name, target: "model \(model)")
      guard summary.isValid else {
        // NDJSON leaves its invalid records out; any other input is one document, not written at all.
        return style.severity(.error, document.recordsPerLine ? "invalid records left out" : "not converted") + ": " + counts + "\n"
      }
      switch (options.to, document.recordsPerLine) {
      case (_, true): break
      case (.json, false): try json.write(isArray: summary.isArray, nothing: Array("null".utf8)) { output.write(bytes: $0) }
      case (.yaml, false): try yaml.write(isArray: summary.isArray, nothing: .null) { output.write(bytes: $0) }
      case (.plist, false):
        let item = summary.isArray ? PropertyListItem.array(items) : (items.first ?? .null)
        let written = try PropertyListOutput.write(item, binary: false, marksNulls: formatting.writesPropertyListsAsEncoder).data
        written.withUnsafeBytes { output.write(bytes: $0) }
      }
      return ""
    } catch let problem as DataProblem {
      lines.withUnsafeBytes { output.write(bytes: $0) }
      return self.problem(problem)
    } catch {
      return self.error("cannot write \(options.to.rawValue): \(error)")
    }
  }

  func roundtrip(_ rest: String) -> String {
    switch target(rest) {
    case .failure(let failure): return failure.message
    case .success(let (model, document, read)):
      let schema = session.compiled(for: .model(model), maxDepth: read.maxDepth)
      guard var validator = DocumentValidator(schema: schema, target: .model(model)) else { return unknownModel(model) }
      validator.isCancelled = { CommandInterrupt.requested }
      let renderer = FindingRenderer(data: document.source, registry: session.registry, style: style)
      // NB: as `castctl roundtrip`, the ledger waits in a spool (its kinds come in order), not in memory.
      let ledger = LedgerSpool(json: false, source: document.source, registry: session.registry, style: style, allowed: [])
      do {
        let summary = try RoundTripRun(validator).run(document) { entries, rejected in
          ledger.add(entries)
          output.write(rejected.map(renderer.render).joined())
        }
        if summary.isCancelled { return Self.cancelled(summary) }
        ledger.write(summary: summary, input: document.source.name, target: "model \(model)") { output.write(bytes: $0) }
        return ""
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
  private func target(_ rest: String) -> Result<(String, DataDocument, ReadOptions), TargetError> {
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
        guard !path.isEmpty else { return .failure(TargetError(message: error("give a file's name after @"))) }
        document = try DataDocument.open(resolve(path), name: path, reading: reading)
      } else {
        document = try DataDocument.inline(Array(text.utf8), name: "<input>", reading: reading)
      }
      return .success((model, document, read))
    } catch {
      return .failure(TargetError(message: problem(error)))
    }
  }

  /// What stopped a read, as the REPL shows it: a malformed input drawn as the commands draw it.
  func problem(_ problem: DataProblem) -> String {
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
