import CastSchema
import CastValidate
import Foundation

/// Schema commands: `:load`, `:models`, `:show`, `:keys`, `:use`, `:set`, and typed declarations.
extension ReplInterpreter {
  /// `:load` (replacing the files loaded before) and `:add` (keeping them).
  mutating func load(_ rest: String, adding: Bool = false) -> String {
    let paths = ReplArguments.split(rest)
    let command = adding ? ":add" : ":load"
    guard !paths.isEmpty else { return error("\(command) needs at least one file") }
    // Kept: with :add, the files loaded before that are not loaded again.
    let kept = adding ? session.files.filter { !paths.contains($0.path) } : []
    let replaced = adding ? [] : session.files.map(\.path).filter { !paths.contains($0) }
    var files: [SourceFile] = []
    for path in paths {
      do {
        let file = try SourceFile.read(path: resolve(path))
        files.append(SourceFile(path: path, bytes: file.bytes))
      } catch {
        return self.error("cannot read \(path): \(error.reason); the registry is unchanged")
      }
    }
    files = kept + files
    let (registry, diagnostics) = session.build(files: files, typed: session.typed)
    var out = render(diagnostics.filter { $0.severity > .note }, files: registry.files)
    if diagnostics.contains(where: { $0.severity == .error }) {
      return out + error("not loaded: \(DiagnosticRenderer.summary(of: diagnostics)); the previous registry stays")
    }
    session.adopt(files: files, typed: session.typed, registry: registry, diagnostics: diagnostics)
    // Counts what the files declare; declarations typed earlier come first (see `build`).
    let typedCount = session.typed.count
    // NB: as `check` counts them: a generic model once, not once per specialization.
    let modelCount = registry.models.values.count { $0.range.file >= typedCount && !$0.name.contains("<") }
      + registry.genericModels.count { $0.range.file >= typedCount }
    let enumCount = registry.enums.values.filter { $0.range.file >= typedCount }.count
    out += "loaded \(DiagnosticRenderer.count(files.count, "file")): \(DiagnosticRenderer.count(modelCount, "model")), "
      + "\(DiagnosticRenderer.count(enumCount, "enum"))"
      + (replaced.isEmpty ? "" : ", replacing \(replaced.joined(separator: ", ")) (:add keeps loaded files)")
      + (session.currentModel.map { "; using \($0)" }
        ?? (registry.models.isEmpty ? "" : "; :use MODEL picks the current model")) + "\n"
    return out
  }

  func models() -> String {
    let registry = session.registry
    guard !registry.models.isEmpty || !registry.enums.isEmpty || !registry.genericModels.isEmpty else {
      return "no models yet: :load a file or type a declaration\n"
    }
    var table = TextTable(header: ["name", "kind", "dialect", "properties", "declared"])
    // NB: a specialization (`Page<User>`) is the generic model's, listed once by its parameters.
    for model in registry.models.values where !model.name.contains("<") {
      let marker = model.name == session.currentModel ? " *" : ""
      table.rows.append([
        model.name + marker, model.isStruct ? "struct" : "class", model.dialect.rawValue,
        String(model.mappedProperties.count), location(model.range),
      ])
    }
    for generic in registry.genericModels {
      table.rows.append([
        "\(generic.name)<\(generic.parameters.joined(separator: ", "))>", generic.isStruct ? "generic struct" : "generic class", "", "",
        location(generic.range),
      ])
    }
    for enumType in registry.enums.values {
      table.rows.append([enumType.name, "enum", "", "\(enumType.cases.count) cases", location(enumType.range)])
    }
    return table.render(style: style)
  }

  func show(_ rest: String) -> String {
    let name = rest.isEmpty ? (session.currentModel ?? "") : rest
    if name.isEmpty { return unknownModel(name) }
    if let generic = session.registry.genericModels.first(where: { $0.name == name }) {
      let use = GenericModelUse(name: name, parameters: generic.parameters, example: session.registry.rootModels.first ?? "String")
      return error(use.message { ":show \($0)" })
    }
    // `Page<User>`: a generic model's specialization, lowered to be shown.
    let specialized = name.contains("<") ? modelName(name) : nil
    let registry = specialized.map { session.registry.including(.model($0)) } ?? session.registry
    switch SchemaSelection.named(specialized ?? name, in: registry, usage: ":show ") {
    case .success(let selection): return SchemaTable(registry: registry, style: style).render(selection)
    case .failure(let failure): return error(failure.message)
    }
  }

  func keys(_ rest: String) -> String {
    let words = ReplArguments.split(rest)
    let name = words.first ?? session.currentModel ?? ""
    // `Page<User>`: a generic model's specialization, lowered to be listed.
    guard let found = modelName(name), let model = session.registry.including(.model(found)).models[found] else { return unknownModel(name) }
    var style = session.settings.keys
    if words.count > 1 {
      guard let chosen = KeyStyle(rawValue: words[1]) else {
        return error("key styles are \(KeyStyle.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      style = chosen
    }
    var table = TextTable(header: ["property", "reads", "writes (\(style.rawValue))"])
    for property in model.properties {
      let writes = property.isMapped
        ? style.path(for: property).map { component in component.index.map { "\(component.key)[\($0)]" } ?? component.key }
          .joined(separator: "/") : "—"
      table.rows.append([property.name, SchemaTable.keyText(property, of: model, registry: session.registry), writes])
    }
    return table.render(style: self.style)
  }

  mutating func use(_ rest: String) -> String {
    guard let name = modelName(rest) else { return unknownModel(rest) }
    session.currentModel = name
    return "using \(name)\n"
  }

  func unknownModel(_ name: String) -> String {
    if name.isEmpty { return error("name a model (:models lists them)") }
    if session.registry.enums[name] != nil { return error("'\(name)' is an enum, not a model; to read values of it, use :type \(name) JSON") }
    if let generic = session.registry.genericModels.first(where: { $0.name == name }) {
      let use = GenericModelUse(name: name, parameters: generic.parameters, example: session.registry.rootModels.first ?? "String")
      return error(use.message { $0 })
    }
    let hint = session.registry.suggestModel(for: name).map { "; did you mean '\($0)'?" } ?? ""
    return error("no model named '\(name)'\(hint)")
  }

  mutating func declare(_ text: String) -> String {
    let names = ReplInput.declaredNames(text)
    var typed = session.typed.filter { Set($0.names).isDisjoint(with: names) }
    let before = session.registry
    typed.append((names: names.isEmpty ? ["?"] : names, text: text))
    let (registry, diagnostics) = session.build(files: session.files, typed: typed)
    // The new declaration's warnings, and every error, wherever it is: an error elsewhere (in a
    // model that uses a replaced one) is what keeps the declaration out.
    let shown = diagnostics.filter {
      $0.severity == .error || ($0.severity > .note && $0.range.file == typed.count - 1)
    }
    var out = render(shown, files: registry.files)
    if shown.contains(where: { $0.severity == .error }) {
      return out + error("declaration not added: \(DiagnosticRenderer.summary(of: shown))")
    }
    session.adopt(files: session.files, typed: typed, registry: registry, diagnostics: diagnostics)
    // What the declaration holds, nested types included, as the registry names them: replaced
    // where the session had that name before.
    let file = typed.count - 1
    for (name, model) in registry.models where model.range.file == file {
      let verb = before.models[name] != nil ? "replaced" : "added"
      out += "\(verb) \(model.isStruct ? "struct" : "class") \(name) "
        + "(\(model.dialect.rawValue), \(model.mappedProperties.count) \(model.mappedProperties.count == 1 ? "property" : "properties"))\n"
    }
    for (name, enumType) in registry.enums where enumType.range.file == file {
      out += "\(before.enums[name] != nil ? "replaced" : "added") enum \(name) (\(DiagnosticRenderer.count(enumType.cases.count, "case")))\n"
    }
    for name in names where registry.aliases[name] != nil {
      out += "added typealias \(name)\n"
    }
    return out
  }

  mutating func set(_ rest: String) -> String {
    let words = ReplArguments.split(rest)
    guard let key = words.first else { return settingsText() }
    let value = words.dropFirst().first
    if key != "flags", words.count > 2 { return error("\(key) takes one value, not \(words.dropFirst().joined(separator: " "))") }
    var settings = session.settings
    switch (key, value) {
    case ("strict", "on"?), ("strict", "true"?): settings.strict = true
    case ("strict", "off"?), ("strict", "false"?): settings.strict = false
    case ("dialect", "auto"?): settings.dialect = nil
    case ("dialect", let name?) where Dialect(rawValue: name) != nil: settings.dialect = Dialect(rawValue: name)
    case ("unknown", let rule?) where UnknownKeyRule(rawValue: rule) != nil: settings.unknownKeys = UnknownKeyRule(rawValue: rule) ?? .ignore
    case ("keys", let style?) where KeyStyle(rawValue: style) != nil: settings.keys = KeyStyle(rawValue: style) ?? .json
    case ("key-decoding", let name?) where CodableKeyDecoding(spelling: name) != nil:
      settings.strategies.keyDecoding = CodableKeyDecoding(spelling: name)
    case ("date-decoding", let name?) where DateStrategy(argument: name) != nil: settings.strategies.dateDecoding = DateStrategy(argument: name)
    case ("key-encoding", let name?) where CodableKeyEncoding(spelling: name) != nil:
      settings.strategies.keyEncoding = CodableKeyEncoding(spelling: name)
    // NB: `throw` is the default: the files' own strategy lines apply again.
    case ("non-conforming-floats", "throw"?): settings.strategies.nonConformingFloats = nil
    case ("non-conforming-floats", let strings?) where NonConformingFloats(option: strings) != nil:
      settings.strategies.nonConformingFloats = FloatStrategy(argument: strings)
    case ("flags", _):
      let flags = Set(words.dropFirst())
      guard flags.isSubset(of: ["-c", "-i", "-n", "-m"]) else { return error("flags are -c, -i, -n (and -m, which does nothing)") }
      settings.capitalizeKeys = flags.contains("-c")
      settings.ignoreCase = flags.contains("-i")
      settings.nullEmpty = flags.contains("-n")
    default:
      if let values = ReplSession.Settings.choices.first(where: { $0.name == key })?.values {
        return error("\(key) is one of \(values.joined(separator: ", "))")
      }
      return error("usage: \(ReplCommandInfo.named(":set")?.usage ?? ":set")")
    }
    let needsRebuild = settings.registryOptions != session.settings.registryOptions
    let previous = session.settings
    session.settings = settings
    var out = ""
    if needsRebuild {
      // NB: the warnings the models had before were shown when they came; those the change
      // brings are what the user needs to see now (a warning that went and came back is new).
      let before = Set(session.diagnostics)
      let rebuilt = session.rebuild()
      let shown = rebuilt.filter { $0.severity == .error || ($0.severity == .warning && !before.contains($0)) }
      out += render(shown, files: session.registry.files)
      // The models keep their reading; a setting that says otherwise would apply at the next
      // :load without a word.
      if rebuilt.contains(where: { $0.severity == .error }) {
        session.settings = previous
        return out + error("\(key) not changed: the models do not load so (\(DiagnosticRenderer.summary(of: rebuilt))); the previous registry stays")
      }
    }
    return out + settingsText()
  }

  private func settingsText() -> String {
    let settings = session.settings
    let strategies = settings.strategies
    let flags = [settings.capitalizeKeys ? "-c" : nil, settings.ignoreCase ? "-i" : nil, settings.nullEmpty ? "-n" : nil]
      .compactMap { $0 }
    return "strict \(settings.strict ? "on" : "off"), dialect \(settings.dialect?.rawValue ?? "auto"), "
      + "unknown \(settings.unknownKeys.rawValue), keys \(settings.keys.rawValue), flags \(flags.isEmpty ? "none" : flags.joined(separator: " "))"
      + (strategies.keyDecoding.map { ", key-decoding \($0.rawValue)" } ?? "") + (strategies.dateDecoding.map { ", date-decoding \($0.text)" } ?? "")
      + (strategies.keyEncoding.map { ", key-encoding \($0.rawValue)" } ?? "")
      + (strategies.nonConformingFloats.map { ", non-conforming-floats \($0.text)" } ?? "") + "\n"
  }

  private func location(_ range: SourceRange) -> String {
    guard session.registry.files.indices.contains(range.file) else { return "" }
    let file = session.registry.files[range.file]
    return "\(file.path):\(file.location(of: range.bytes.lowerBound))"
  }
}

/// Splits a command's arguments on spaces, keeping double-quoted words together.
enum ReplArguments {
  static func split(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    for character in text {
      if character == "\"" {
        quoted.toggle()
      } else if character.isWhitespace, !quoted {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }
}
