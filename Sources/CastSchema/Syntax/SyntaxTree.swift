/// An attribute on a stored property that may be a property wrapper, and the property.
package struct PropertyWrapperSyntax: Sendable, Hashable {
  /// `@Name`, arguments left out.
  package var wrapper: NameSyntax
  /// The property it wraps.
  package var property: NameSyntax
}

/// A name as written, with its range.
package struct NameSyntax: Sendable, Hashable {
  /// The name without backticks.
  package var text: String
  /// Where it is.
  package var range: Range<Int>
}

/// A type as written: `Int`, `[String: [Int]]?`, `Set<URL>`, `Optional<T>`, `T!`.
// NB: only the wrapping cases are indirect: a plain name, most of a schema's types, needs no
// heap box of its own.
package enum TypeSyntax: Sendable, Hashable {
  /// A (possibly dotted) name with generic arguments: `Int`, `Swift.Int`, `Array<T>`.
  case named(NameSyntax, arguments: [TypeSyntax], range: Range<Int>)
  /// `T?`
  indirect case optional(TypeSyntax, range: Range<Int>)
  /// `T!`
  indirect case implicitlyUnwrapped(TypeSyntax, range: Range<Int>)
  /// `[T]`
  indirect case array(TypeSyntax, range: Range<Int>)
  /// `[K: V]`
  indirect case dictionary(key: TypeSyntax, value: TypeSyntax, range: Range<Int>)
  /// A type was expected but not found.
  case missing(at: Int)

  /// The range the type covers.
  package var range: Range<Int> {
    switch self {
    case .named(_, _, let range), .optional(_, let range), .implicitlyUnwrapped(_, let range),
      .array(_, let range), .dictionary(_, _, let range):
      range
    case .missing(let offset): offset..<offset
    }
  }

  /// The type a plain name spells (`PropertyDeclSyntax.plainTypeName`, backticks included),
  /// read from `source`, the file it is in.
  static func plainName(at range: Range<Int>, in source: SourceFile) -> TypeSyntax {
    .named(NameSyntax(text: source.name(at: range), range: range), arguments: [], range: range)
  }
}

/// A default value or enum raw value as written: a Swift literal or a simple constructor call.
package indirect enum ExpressionSyntax: Sendable, Hashable {
  /// `42`, `-7`, `0x1F`: literal text, sign included.
  case integer(String, range: Range<Int>)
  /// `3.5`, `-1e3`
  case float(String, range: Range<Int>)
  /// `"text"`, with escapes resolved.
  case string(String, range: Range<Int>)
  /// `true` / `false`
  case bool(Bool, range: Range<Int>)
  /// `nil`
  case `nil`(range: Range<Int>)
  /// `[a, b]`
  case array([ExpressionSyntax], range: Range<Int>)
  /// `[k: v]`, `[:]`
  case dictionary([DictionaryElementSyntax], range: Range<Int>)
  /// `.case`
  case member(NameSyntax, range: Range<Int>)
  /// `Model()`, `[T]()`, `[K: V]()`, `Set<T>()`: a call with no arguments of a type.
  case construct(TypeSyntax, range: Range<Int>)
  /// `"id-\(n)"`: a `String` whose value only running the code gives.
  case interpolatedString(range: Range<Int>)
  /// `Status.active`, `Double.pi`, `Double(3)`, `60 * 60`: an expression castctl does not
  /// evaluate whole but whose type it can tell, as Swift infers it.
  case typed(TypeHintSyntax, range: Range<Int>)
  /// Anything castctl cannot evaluate (a function call with arguments, an operator expression).
  case unsupported(range: Range<Int>)

  /// The range the expression covers.
  package var range: Range<Int> {
    switch self {
    case .integer(_, let range), .float(_, let range), .string(_, let range), .bool(_, let range),
      .nil(let range), .array(_, let range), .dictionary(_, let range), .member(_, let range),
      .construct(_, let range), .interpolatedString(let range), .typed(_, let range), .unsupported(let range):
      range
    }
  }
}

/// What an expression castctl does not evaluate whole says of its type (`ExpressionSyntax.typed`).
package enum TypeHintSyntax: Sendable, Hashable {
  /// `Status.active`, `Double.pi`, `Int.max`: a static member of a type.
  case member(TypeSyntax, String)
  /// `Double(3)`, `Date(timeIntervalSince1970: 0)`: a call of an initialiser that always gives
  /// the type (a number from a number, a date from an interval), not a failable one; or another
  /// value of the type that only running the code tells (`-Double.pi`).
  case call(TypeSyntax)
  /// `60 * 60`, `1.5 * 2`: arithmetic on number literals; `isFloat` when one of them has a
  /// fraction or an exponent.
  case arithmetic(isFloat: Bool)
  /// `true && !false`, `1 < 2`: a condition on literals.
  case condition
  /// `"base" + "/path"`: string literals joined.
  case concatenation
}

/// One `key: value` pair of a dictionary literal.
package struct DictionaryElementSyntax: Sendable, Hashable {
  /// The key expression.
  package var key: ExpressionSyntax
  /// The value expression.
  package var value: ExpressionSyntax
}

/// A `//!` comment: where it is. Its text is read from the source (`text(in:)`) by whoever
/// needs it.
// NB: 8 bytes rather than a String and two ranges: a large schema has a directive on nearly every
// property, and decoding each one's text while parsing was a tenth of the parse.
package struct DirectiveSyntax: Sendable, Hashable {
  private var start: UInt32
  private var end: UInt32

  /// The comment from `//!` to `range.upperBound`.
  package init(range: Range<Int>) {
    start = UInt32(truncatingIfNeeded: range.lowerBound)
    end = UInt32(truncatingIfNeeded: range.upperBound)
  }

  /// The whole comment's range.
  package var range: Range<Int> { Int(start)..<Int(end) }
  /// UTF-8 offset of the text after `//!`.
  package var textStart: Int { min(Int(start) + 3, Int(end)) }
  /// The bytes after `//!`.
  package var textRange: Range<Int> { textStart..<Int(end) }

  /// The text after `//!`, untrimmed.
  package func text(in source: SourceFile) -> String { source.text(textRange) }
}

/// `let` / `var` inside a model body: a row of plain values. Its type, default and directives are
/// kept in its file's tables (`SourceFileSyntax.typeAnnotation(of:in:)` and the others), and its
/// name and a plain type name are read from the source (`SourceFile.name(at:)`).
// NB: a large schema has thousands of properties. A row without strings, arrays or enum payloads
// is copied as plain bytes, and its 48 bytes sit next to its neighbours' in one array per file;
// a row holding its own name, type and directives (200 bytes, copied through type metadata with
// a retain per field) was the largest part of parsing and of fresh memory. Most types are a plain
// name: a 56-byte `TypeSyntax` with a String each was the next largest.
package struct PropertyDeclSyntax: Sendable, Hashable {
  private var start: UInt32
  private var end: UInt32
  private var nameStart: UInt32
  private var nameEnd: UInt32
  /// The annotated type's range, suffix included; set for a plain name or a suffix.
  private var typeStart: UInt32 = 0
  private var typeEnd: UInt32 = 0
  /// End of a plain type name, which starts at `typeStart`.
  private var typeNameEnd: UInt32 = 0
  /// Index in the file's table of types, or one of `noType` and `plainName`.
  private var typeIndex: Int32 = Self.noType
  private var defaultIndex: Int32 = -1
  private var firstDirective: UInt32
  private var directiveCount: UInt32 = 0
  /// `let` or `var` (false also for a property written without either, a warning).
  package var isLet: Bool
  /// A `{ … }` body follows: a computed property, skipped by castctl.
  package var isComputed = false
  private var suffix = Suffix.none

  private enum Suffix: UInt8 { case none, optional, implicitlyUnwrapped }
  private static let noType: Int32 = -1
  private static let plainName: Int32 = -2

  /// A property named at `name` (its token, backticks included), declared from `start`; its
  /// directives begin at index `firstDirective` of its file's table.
  init(isLet: Bool, name: Range<Int>, start: Int, firstDirective: Int) {
    self.isLet = isLet
    self.start = UInt32(truncatingIfNeeded: start)
    self.end = self.start
    self.nameStart = UInt32(truncatingIfNeeded: name.lowerBound)
    self.nameEnd = UInt32(truncatingIfNeeded: name.upperBound)
    self.firstDirective = UInt32(truncatingIfNeeded: firstDirective)
  }

  /// The declaration's range (keyword to end of type/default).
  package var range: Range<Int> {
    get { Int(start)..<Int(end) }
    set {
      start = UInt32(truncatingIfNeeded: newValue.lowerBound)
      end = UInt32(truncatingIfNeeded: newValue.upperBound)
    }
  }

  /// The name's token, backticks included; empty where the name is missing.
  package var nameRange: Range<Int> { Int(nameStart)..<Int(nameEnd) }

  /// The outermost `?` or `!` of the annotated type.
  package var typeSuffix: TypeSuffixSyntax? {
    switch suffix {
    case .none: nil
    case .optional: TypeSuffixSyntax(isImplicitlyUnwrapped: false, range: Int(typeStart)..<Int(typeEnd))
    case .implicitlyUnwrapped: TypeSuffixSyntax(isImplicitlyUnwrapped: true, range: Int(typeStart)..<Int(typeEnd))
    }
  }

  /// Index of the annotated type (without its outermost `?` or `!`) in the file's table.
  var baseTypeIndex: Int? { typeIndex < 0 ? nil : Int(typeIndex) }
  /// The annotated type's name (backticks included) when it is a plain one: `Int`, `Model`.
  /// Such a type is kept in the row, not in the file's table.
  package var plainTypeName: Range<Int>? {
    typeIndex == Self.plainName ? Int(typeStart)..<Int(typeNameEnd) : nil
  }
  /// Index of the `= default` in the file's table.
  var defaultValueIndex: Int? { defaultIndex < 0 ? nil : Int(defaultIndex) }
  /// Indices of its directives in the file's table.
  var directiveIndices: Range<Int> { Int(firstDirective)..<Int(firstDirective + directiveCount) }

  /// Records the annotated type: the index of what the outermost suffix wraps, and the suffix.
  mutating func setType(index: Int, suffix: TypeSuffixSyntax?) {
    typeIndex = Int32(truncatingIfNeeded: index)
    guard let suffix else { return }
    setSuffix(suffix)
  }

  /// Records a plain type name (`name` is its token) and the suffix after it, if any.
  mutating func setPlainType(name: Range<Int>, suffix: TypeSuffixSyntax?) {
    typeIndex = Self.plainName
    typeStart = UInt32(truncatingIfNeeded: name.lowerBound)
    typeNameEnd = UInt32(truncatingIfNeeded: name.upperBound)
    typeEnd = typeNameEnd
    if let suffix { setSuffix(suffix) }
  }

  private mutating func setSuffix(_ suffix: TypeSuffixSyntax) {
    self.suffix = suffix.isImplicitlyUnwrapped ? .implicitlyUnwrapped : .optional
    typeStart = UInt32(truncatingIfNeeded: suffix.range.lowerBound)
    typeEnd = UInt32(truncatingIfNeeded: suffix.range.upperBound)
  }

  /// Records the index of the `= default`.
  mutating func setDefaultValue(index: Int) {
    defaultIndex = Int32(truncatingIfNeeded: index)
  }

  /// Counts one more directive, appended to the file's table right after the others.
  mutating func addDirective() {
    directiveCount += 1
  }

  /// Whether a type is annotated.
  var hasType: Bool { typeIndex != Self.noType }

  /// Takes `other`'s annotated type: `p` in `var p, q: Int`.
  mutating func takeType(of other: PropertyDeclSyntax) {
    (typeIndex, typeStart, typeEnd, typeNameEnd, suffix) = (other.typeIndex, other.typeStart, other.typeEnd, other.typeNameEnd, other.suffix)
  }

  /// Reads `other`'s directives as its own: one declaration's properties share them.
  mutating func shareDirectives(of other: PropertyDeclSyntax) {
    (firstDirective, directiveCount) = (other.firstDirective, other.directiveCount)
  }
}

/// A type's outermost `?` (optional) or `!` (implicitly unwrapped), kept apart from what it wraps.
package struct TypeSuffixSyntax: Sendable, Hashable {
  /// `!` rather than `?`.
  package var isImplicitlyUnwrapped: Bool
  /// The whole type's range, suffix included.
  package var range: Range<Int>

  /// `wrapped` with this suffix: the type as written.
  package func wrapping(_ wrapped: TypeSyntax) -> TypeSyntax {
    isImplicitlyUnwrapped ? .implicitlyUnwrapped(wrapped, range: range) : .optional(wrapped, range: range)
  }
}

/// One `case` element of an enum.
package struct EnumCaseSyntax: Sendable, Hashable {
  /// The case name.
  package var name: NameSyntax
  /// `= raw`, if written.
  package var rawValue: ExpressionSyntax?
  /// `case x(Int, name: String)`: the associated values, nil when the case has none.
  package var associatedValues: [AssociatedValueSyntax]?
  /// `indirect case`: its associated values are boxed, so they may hold the enum itself.
  package var isIndirect = false

  /// Whether the case has a parenthesised list of associated values.
  package var hasAssociatedValues: Bool { associatedValues != nil }
}

/// One associated value of an enum case: `name: String`, `Int`, `count: Int = 3`.
package struct AssociatedValueSyntax: Sendable, Hashable {
  /// The label, when written (`_` is no label).
  package var label: NameSyntax?
  /// The type as written.
  package var type: TypeSyntax
  /// `= value`, if written (the synthesized `init(from:)` ignores it).
  package var defaultValue: ExpressionSyntax?
  /// From the label (or the type) to the end of the value.
  package var range: Range<Int>
}

/// `enum Name: RawType { case … }`
package struct EnumDeclSyntax: Sendable, Hashable {
  /// The enum's name.
  package var name: NameSyntax
  /// Everything after the `:`, first entry is the raw type if it is one.
  package var inheritance: [TypeSyntax]
  /// Cases in declaration order.
  package var cases: [EnumCaseSyntax]
  /// Whole declaration.
  package var range: Range<Int>
  /// Types declared inside the body (a `Codable` enum's `CodingKeys` and `<Case>CodingKeys`).
  package var nested: [DeclSyntax] = []
  /// A hand-written `init(from:)` or `encode(to:)`, by its keyword: code castctl cannot run.
  package var customCoding: [NameSyntax] = []
  /// A `CodingKey` enum's own `var stringValue` (the keys of its cases), if it has one.
  package var stringValue: StringValueSyntax?
  /// `indirect enum`: every case's associated values are boxed.
  package var isIndirect = false
}

/// A `CodingKey` enum's `var stringValue: String { switch self { case .a: return "A" … } }`.
package struct StringValueSyntax: Sendable, Hashable {
  /// The `stringValue` name, for diagnostics.
  package var name: NameSyntax
  /// Each case's key, when the body is a `switch self` of string literals castctl reads; nil for
  /// a body it cannot (code it does not run).
  package var keys: [String: String]?
  /// The key of a `default:` branch.
  package var defaultKey: String?
}

/// `class` / `struct` declaration: the models.
package struct ModelDeclSyntax: Sendable, Hashable {
  /// `class` or `struct`.
  package var isStruct: Bool
  /// The model's name.
  package var name: NameSyntax
  /// Superclass and protocols, as written.
  package var inheritance: [TypeSyntax]
  /// Attributes and modifiers before the keyword.
  package var modifiers: [String]
  /// Stored and computed properties, in order: indices in the file's table.
  package var properties: Range<Int>
  /// Model-level directives: on the header line, or on lines of their own in the body.
  package var directives: [DirectiveSyntax]
  /// Models and enums declared inside the body.
  package var nested: [DeclSyntax]
  /// Whole declaration.
  package var range: Range<Int>
  /// `extension Name: P { … }` rather than a declaration: it adds conformances and members to
  /// the model of that name.
  package var isExtension = false
  /// `extension Outer.Inner`: the dotted name it extends (nil when it names one type).
  package var extendedPath: String?
  /// A hand-written `init(from:)` or `encode(to:)`, by its keyword: code castctl cannot run.
  package var customCoding: [NameSyntax] = []
  /// Attributes on stored properties that may be property wrappers (`@Published`), each with
  /// the property's name: code castctl cannot run either.
  package var propertyWrappers: [PropertyWrapperSyntax] = []
  /// The names of its `lazy var`s, which the synthesized `Codable` conformance leaves out.
  package var lazyProperties: [NameSyntax] = []
  /// `struct Page<T: Codable>`: the generic parameters' names, in order; empty for most models.
  package var genericParameters: [NameSyntax] = []
  /// Those of `genericParameters` that are parameter packs (`struct Tuple<each T>`), which take
  /// any number of types: castctl cannot specialize such a model.
  package var parameterPacks: [NameSyntax] = []

  /// Whether it declares generic parameters: a template, lowered once per specialization.
  package var isGeneric: Bool { !genericParameters.isEmpty }
}

/// `protocol Name: Inherited, …`, its requirements left out.
package struct ProtocolDeclSyntax: Sendable, Hashable {
  package var name: NameSyntax
  /// The protocols after its `:`, a composition's one by one.
  package var inheritance: [TypeSyntax]
  /// Whole declaration.
  package var range: Range<Int>
}

/// `typealias Name = Type`
package struct TypealiasDeclSyntax: Sendable, Hashable {
  /// The alias.
  package var name: NameSyntax
  /// What it stands for.
  package var type: TypeSyntax
  /// Whole declaration.
  package var range: Range<Int>
  /// The protocols after `type` in `A & B & C`.
  package var composition: [TypeSyntax] = []
  /// `typealias PU<T> = Page<T>`: the parameters a use fills (`PU<User>`), empty for a plain alias.
  package var genericParameters: [NameSyntax] = []

  /// Whether a use names it with type arguments, as a generic model.
  package var isGeneric: Bool { !genericParameters.isEmpty }

  /// The protocol names it stands for, when it names a protocol castctl knows a dialect by
  /// (`Codable`, `Codable & Sendable`); nil for a type alias.
  package var protocolNames: [String]? {
    let names = ([type] + composition).map { type -> String in
      if case .named(let name, _, _) = type { return name.text.split(separator: ".").last.map(String.init) ?? "" }
      return ""
    }
    return names.contains(where: { ["Codable", "Decodable", "Encodable"].contains($0) }) ? names : nil
  }
}

/// A top-level (or nested) declaration.
package enum DeclSyntax: Sendable, Hashable {
  /// `class` or `struct`
  case model(ModelDeclSyntax)
  /// `enum`
  case enumeration(EnumDeclSyntax)
  /// `typealias`
  case `typealias`(TypealiasDeclSyntax)
  /// `protocol`, for what it inherits.
  case `protocol`(ProtocolDeclSyntax)
  /// `import`, `func`, … accepted and skipped; the keyword is kept for notes.
  case skipped(keyword: String, range: Range<Int>)
}

/// The tree of one file: always produced, however broken the input.
package struct SourceFileSyntax: Sendable, Hashable {
  /// Declarations in order.
  package var declarations: [DeclSyntax]
  /// Directives at top level, outside any model (misplaced).
  package var strayDirectives: [DirectiveSyntax]
  /// Every model's properties, each model's together (`ModelDeclSyntax.properties`).
  package var properties: [PropertyDeclSyntax] = []
  /// The properties' annotated types, without their outermost `?` or `!`, except plain names
  /// (`PropertyDeclSyntax.plainTypeName`).
  var propertyTypes: [TypeSyntax] = []
  /// The properties' defaults.
  var propertyDefaults: [ExpressionSyntax] = []
  /// The properties' directives, each property's together.
  var propertyDirectives: [DirectiveSyntax] = []

  /// A file of these declarations and stray directives, without properties.
  package init(declarations: [DeclSyntax], strayDirectives: [DirectiveSyntax]) {
    self.declarations = declarations
    self.strayDirectives = strayDirectives
  }

  /// A model's properties.
  package func properties(of model: ModelDeclSyntax) -> ArraySlice<PropertyDeclSyntax> {
    properties[model.properties]
  }

  /// A property's annotated type without its outermost `?` or `!` (`typeSuffix`), if any; a plain
  /// name is read from `source`, the file this tree was parsed from.
  package func baseType(of property: PropertyDeclSyntax, in source: SourceFile) -> TypeSyntax? {
    if let name = property.plainTypeName {
      return .plainName(at: name, in: source)
    }
    return property.baseTypeIndex.map { propertyTypes[$0] }
  }

  /// A property's annotated type, as written.
  package func typeAnnotation(of property: PropertyDeclSyntax, in source: SourceFile) -> TypeSyntax? {
    guard let base = baseType(of: property, in: source) else { return nil }
    return property.typeSuffix?.wrapping(base) ?? base
  }

  /// A property's `= default`, if any.
  package func defaultValue(of property: PropertyDeclSyntax) -> ExpressionSyntax? {
    property.defaultValueIndex.map { propertyDefaults[$0] }
  }

  /// A property's directives: on its line, and own-line directives just above it.
  package func directives(of property: PropertyDeclSyntax) -> ArraySlice<DirectiveSyntax> {
    propertyDirectives[property.directiveIndices]
  }
}
