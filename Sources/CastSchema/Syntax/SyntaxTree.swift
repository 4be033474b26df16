/// A name as written, with its range.
public struct NameSyntax: Sendable, Hashable {
  /// The name without backticks.
  public var text: String
  /// Where it is.
  public var range: Range<Int>
}

/// A type as written: `Int`, `[String: [Int]]?`, `Set<URL>`, `Optional<T>`, `T!`.
// NB: only the wrapping cases are indirect: a plain name, most of a schema's types, needs no
// heap box of its own.
public enum TypeSyntax: Sendable, Hashable {
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
  public var range: Range<Int> {
    switch self {
    case .named(_, _, let range), .optional(_, let range), .implicitlyUnwrapped(_, let range),
      .array(_, let range), .dictionary(_, _, let range):
      range
    case .missing(let offset): offset..<offset
    }
  }
}

/// A default value or enum raw value as written: a Swift literal or a simple constructor call.
public indirect enum ExpressionSyntax: Sendable, Hashable {
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
  /// Anything castctl cannot evaluate (a function call with arguments, an operator expression).
  case unsupported(range: Range<Int>)

  /// The range the expression covers.
  public var range: Range<Int> {
    switch self {
    case .integer(_, let range), .float(_, let range), .string(_, let range), .bool(_, let range),
      .nil(let range), .array(_, let range), .dictionary(_, let range), .member(_, let range),
      .construct(_, let range), .unsupported(let range):
      range
    }
  }
}

/// One `key: value` pair of a dictionary literal.
public struct DictionaryElementSyntax: Sendable, Hashable {
  /// The key expression.
  public var key: ExpressionSyntax
  /// The value expression.
  public var value: ExpressionSyntax
}

/// A `//!` comment: its text after `//!` and where it is.
public struct DirectiveSyntax: Sendable, Hashable {
  /// The text after `//!`, untrimmed.
  public var text: String
  /// The whole comment's range.
  public var range: Range<Int>
  /// UTF-8 offset of `text`'s first byte, for positions inside it.
  public var textStart: Int
}

/// `let` / `var` inside a model body.
// NB: stored without a heap block of its own in the common case (a `T?` type, one directive):
// a large schema has thousands of properties, and each block is a `malloc` and fresh memory.
public struct PropertyDeclSyntax: Sendable, Hashable {
  /// `let` or `var` (false also for a property written without either, a warning).
  public var isLet: Bool
  /// Modifiers and attributes seen before the keyword (`lazy`, `private(set)`, `@objc`, `weak`).
  public var modifiers: [String]
  /// The property name.
  public var name: NameSyntax
  /// The annotated type without its outermost `?` or `!` (that is `typeSuffix`), if any.
  public var baseType: TypeSyntax?
  /// The outermost `?` or `!` of the annotated type.
  public var typeSuffix: TypeSuffixSyntax?
  /// The `= default`, if any.
  public var defaultValue: ExpressionSyntax?
  /// A `{ … }` body follows: a computed property, skipped by castctl.
  public var isComputed: Bool
  /// Directives on the property's line, and own-line directives just above it.
  public var directives: DirectiveList
  /// The declaration's range (keyword to end of type/default).
  public var range: Range<Int>

  /// The annotated type, as written.
  public var type: TypeSyntax? {
    guard let baseType else { return nil }
    return typeSuffix?.wrapping(baseType) ?? baseType
  }
}

/// A type's outermost `?` (optional) or `!` (implicitly unwrapped), kept apart from what it wraps.
public struct TypeSuffixSyntax: Sendable, Hashable {
  /// `!` rather than `?`.
  public var isImplicitlyUnwrapped: Bool
  /// The whole type's range, suffix included.
  public var range: Range<Int>

  /// `wrapped` with this suffix: the type as written.
  public func wrapping(_ wrapped: TypeSyntax) -> TypeSyntax {
    isImplicitlyUnwrapped ? .implicitlyUnwrapped(wrapped, range: range) : .optional(wrapped, range: range)
  }
}

/// The directives of one property: nearly always none or one, so the first is stored inline
/// and only further ones take an array.
// NB: `head` is a plain value (an empty directive while `count` is 0), not an optional: an
// optional of it is copied and destroyed through its type's metadata, which cost more than the
// array it replaces.
public struct DirectiveList: RandomAccessCollection, Sendable, Hashable {
  private var head = DirectiveSyntax(text: "", range: 0..<0, textStart: 0)
  private var tail: [DirectiveSyntax] = []
  public private(set) var count = 0

  /// An empty list.
  public init() {}

  /// The given directives, in order.
  public init(_ directives: some Sequence<DirectiveSyntax>) {
    for directive in directives { append(directive) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> DirectiveSyntax {
    position == 0 && count > 0 ? head : tail[position - 1]
  }

  /// Adds a directive at the end.
  public mutating func append(_ directive: DirectiveSyntax) {
    if count == 0 {
      head = directive
    } else {
      tail.append(directive)
    }
    count += 1
  }

  /// Adds directives in front of the present ones (own-line directives above a property).
  public mutating func prepend(_ directives: [DirectiveSyntax]) {
    guard !directives.isEmpty else { return }
    self = DirectiveList(directives + Array(self))
  }
}

/// One `case` element of an enum.
public struct EnumCaseSyntax: Sendable, Hashable {
  /// The case name.
  public var name: NameSyntax
  /// `= raw`, if written.
  public var rawValue: ExpressionSyntax?
  /// `case x(Int)`: associated values, which castctl cannot map.
  public var hasAssociatedValues: Bool
}

/// `enum Name: RawType { case … }`
public struct EnumDeclSyntax: Sendable, Hashable {
  /// The enum's name.
  public var name: NameSyntax
  /// Everything after the `:`, first entry is the raw type if it is one.
  public var inheritance: [TypeSyntax]
  /// Cases in declaration order.
  public var cases: [EnumCaseSyntax]
  /// Whole declaration.
  public var range: Range<Int>
}

/// `class` / `struct` declaration: the models.
public struct ModelDeclSyntax: Sendable, Hashable {
  /// `class` or `struct`.
  public var isStruct: Bool
  /// The model's name.
  public var name: NameSyntax
  /// Superclass and protocols, as written.
  public var inheritance: [TypeSyntax]
  /// Attributes and modifiers before the keyword.
  public var modifiers: [String]
  /// Stored and computed properties, in order.
  public var properties: [PropertyDeclSyntax]
  /// Model-level directives: on the header line, or on lines of their own in the body.
  public var directives: [DirectiveSyntax]
  /// Models and enums declared inside the body.
  public var nested: [DeclSyntax]
  /// Whole declaration.
  public var range: Range<Int>
}

/// `typealias Name = Type`
public struct TypealiasDeclSyntax: Sendable, Hashable {
  /// The alias.
  public var name: NameSyntax
  /// What it stands for.
  public var type: TypeSyntax
  /// Whole declaration.
  public var range: Range<Int>
}

/// A top-level (or nested) declaration.
public enum DeclSyntax: Sendable, Hashable {
  /// `class` or `struct`
  case model(ModelDeclSyntax)
  /// `enum`
  case enumeration(EnumDeclSyntax)
  /// `typealias`
  case `typealias`(TypealiasDeclSyntax)
  /// `import`, `extension`, `protocol`, `func`, … accepted and skipped; the keyword is kept for notes.
  case skipped(keyword: String, range: Range<Int>)
}

/// The tree of one file: always produced, however broken the input.
public struct SourceFileSyntax: Sendable, Hashable {
  /// Declarations in order.
  public var declarations: [DeclSyntax]
  /// Directives at top level, outside any model (misplaced).
  public var strayDirectives: [DirectiveSyntax]
}
