import OrderedCollections

/// Every model and enum of the loaded files, resolved and immutable.
package struct ModelRegistry: Sendable {
  /// The loaded files; `SourceRange.file` indexes this array.
  package let files: [SourceFile]
  /// Models by name, in declaration order.
  package let models: OrderedDictionary<String, Model>
  /// Enums by name, in declaration order.
  package let enums: OrderedDictionary<String, EnumType>
  /// Typealiases, resolved.
  package let aliases: [String: TypeRef]
  /// The flags the keys were computed with.
  package let options: RegistryOptions
  /// The syntax trees the registry was built from, unused once it is built.
  // NB: held so that they are freed with the registry rather than at the end of loading: tens of
  // thousands of nodes for a large schema, released one by one, where castctl keeps the registry
  // until it exits and never frees it.
  let syntax: [SourceFileSyntax]
  /// With generic models: what specializes them for a type named later (`including(_:)`); nil
  /// for most schemas, which have none.
  let specializer: Specializer?

  init(
    files: [SourceFile], models: OrderedDictionary<String, Model>, enums: OrderedDictionary<String, EnumType>,
    aliases: [String: TypeRef], options: RegistryOptions, syntax: [SourceFileSyntax] = [],
    specializer: Specializer? = nil
  ) {
    self.files = files
    self.models = models
    self.enums = enums
    self.aliases = aliases
    self.options = options
    self.syntax = syntax
    self.specializer = specializer
  }

  /// An empty registry (no files).
  package static let empty = ModelRegistry(files: [], models: [:], enums: [:], aliases: [:], options: RegistryOptions())

  /// Models that no other model references (as a property type or superclass): the candidates
  /// for a default `--model`.
  package var rootModels: [String] {
    var referenced: Set<String> = []
    for model in models.values {
      if let superclass = model.superclass { referenced.insert(superclass) }
      for property in model.properties where property.declaredIn == model.name {
        referenced.formUnion(property.type.referencedNames.filter { $0 != model.name })
      }
    }
    return models.keys.filter { !referenced.contains($0) }
  }

  /// The dialect of values outside any model: `--dialect`, else the one every model shares (a
  /// schema of `Codable` structs reads `--type '[Int]'` as `JSONDecoder` does), in a schema
  /// without models the codable one when every enum is `Codable`, else JSON Cast's.
  package var baseDialect: Dialect {
    if let dialect = options.dialect { return dialect }
    if models.isEmpty {
      return !enums.isEmpty && enums.values.allSatisfy(\.isCodable) ? .codable : .jsoncast
    }
    let dialects = Set(models.values.map(\.dialect))
    return dialects.count == 1 ? dialects.first ?? .jsoncast : .jsoncast
  }

  /// How a `Date` outside any model (`--type '[String: Date]'`) is read and written: as the
  /// base dialect reads a `Date` property without a `//! date` directive.
  package var baseDateFormat: DateFormat {
    DialectRules.defaultDateFormat(baseDialect, options: options)
  }

  /// The closest model name, for "did you mean".
  package func suggestModel(for name: String) -> String? {
    let candidates = Array(models.keys) + genericModels.map(\.name)
    // NB: `User.Adress` is closest to `Address` by its last part, as nested types are looked up.
    return NameSuggestion.closest(to: name, in: candidates)
      ?? (QualifiedName.hasDot(name) ? NameSuggestion.closest(to: QualifiedName.lastPart(of: name), in: candidates) : nil)
  }
}
