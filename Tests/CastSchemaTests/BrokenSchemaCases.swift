import CastSchema

/// The broken inputs of `BrokenSchemaTests`, one behaviour each. `1️⃣` marks where the primary
/// diagnostic must point; `2️⃣` where its note must point.
extension BrokenCase {
  static let syntax: [BrokenCase] = [
    BrokenCase(
      "missing closing brace of a class", "class A {\n  var x: Int\n1️⃣", "missing-brace",
      note: "'A' starts here"),
    BrokenCase("missing closing brace of an enum", "enum E: Int {\n  case a\n1️⃣", "missing-brace"),
    BrokenCase("unterminated string default", "class A {\n  var s: String = 1️⃣\"abc\n}\n", "unterminated-string"),
    BrokenCase(
      "unterminated string in a directive", "class A {\n  var s: String //! 1️⃣\"abc\n}\n", "unterminated-string"),
    BrokenCase(
      "unknown escape in a default", "class A {\n  var s: String = \"x1️⃣\\qy\"\n}\n", "invalid-escape", message: "'\\q' is not an escape"),
    BrokenCase(
      "unknown escape in a directive's pattern", "class A {\n  var s: String //! pattern \"^1️⃣\\d+$\"\n}\n", "invalid-escape",
      message: "'\\d' is not an escape"),
    BrokenCase("a surrogate escape", "class A {\n  var s: String = \"1️⃣\\u{D800}\"\n}\n", "invalid-escape", message: "not a Unicode scalar"),
    BrokenCase("\\u without braces", "class A {\n  var s: String = \"1️⃣\\u41\"\n}\n", "invalid-escape", message: "in braces"),
    BrokenCase("\\u{} without digits", "class A {\n  var s: String = \"1️⃣\\u{}\"\n}\n", "invalid-escape", message: "one to eight"),
    BrokenCase(
      "\\u{ without its brace in a directive's key", "class A {\n  var s: String? //! \"k1️⃣\\u{zz}\"\n}\n", "invalid-escape",
      message: "closing '}'"),
    BrokenCase("unterminated block comment", "class A {\n}\n1️⃣/* never closed\nclass B {}\n", "unterminated-comment"),
    BrokenCase("unexpected token at top level", "1️⃣42\nclass A {\n}\n", "unexpected-token"),
    BrokenCase("unexpected '}' at top level", "class A {\n}\n1️⃣}\n", "unexpected-token", message: "'}'"),
    BrokenCase("unexpected token in a body", "class A {\n  var x: Int\n  1️⃣+ 3\n}\n", "unexpected-token"),
    BrokenCase("'case' in a class body", "class A {\n  1️⃣case a\n}\n", "unexpected-token"),
    BrokenCase("junk after a property", "class A {\n  var x: Int 1️⃣junk\n}\n", "unexpected-token"),
    BrokenCase(
      "missing type after ':' at end of line", "class A {\n  var x:1️⃣\n}\n", "expected-token", message: "a type"),
    BrokenCase("missing type after ':' before '='", "class A {\n  var x: 1️⃣= 5\n}\n", "expected-token"),
    BrokenCase("missing property name", "class A {\n  var 1️⃣: Int\n}\n", "expected-token", message: "property name"),
    BrokenCase(
      "missing '{' after a class header", "class A1️⃣\n  var x: Int\n}\n", "expected-token",
      codes: ["expected-token", "unexpected-token"], message: "'{'"),
    BrokenCase("missing class name", "class 1️⃣{\n}\n", "expected-token", message: "a name"),
    BrokenCase("unclosed array type", "class A {\n  var a: [Int1️⃣\n}\n", "expected-token", message: "']'"),
    BrokenCase("property without 'var'", "class A {\n  1️⃣name: String\n}\n", "missing-var", .warning),
    BrokenCase(
      "a name whose next binding's type comes with a value", "class A {\n  let 1️⃣a, b: Double = 1\n}\n", "expected-token",
      message: "a type annotation"),
    BrokenCase(
      "'#endif' with no '#if'", "class A {\n  var x: Int\n  1️⃣#endif\n}\n", "unexpected-token", message: "'#endif'"),
    BrokenCase(
      "'#else' with no '#if'", "class A {\n  var x: Int\n  1️⃣#else\n}\n", "unexpected-token", message: "'#else'"),
    BrokenCase(
      "'#if' never closed", "class A {\n  1️⃣#if DEBUG\n  var x: Int\n}\n", "expected-token", message: "'#endif'"),
  ]

  static let names: [BrokenCase] = [
    BrokenCase(
      "unknown type with a did-you-mean", "class A {\n  var s: 1️⃣Strin\n}\n", "unknown-type",
      note: "did you mean 'String'?"),
    BrokenCase(
      "unknown model name with a did-you-mean", "class User {\n}\nclass A {\n  var u: [1️⃣Usr]\n}\n", "unknown-type",
      note: "did you mean 'User'?"),
    BrokenCase("unknown type in a generic argument", "class A {\n  var s: Set<1️⃣Strng>\n}\n", "unknown-type"),
    BrokenCase(
      "unknown directive with a did-you-mean", "class A {\n  var x: Int //! 1️⃣ignor\n}\n", "unknown-directive",
      .warning, note: "did you mean 'ignore'?"),
    BrokenCase(
      "unknown directive 'custon'", "class A {\n  var x: Int //! 1️⃣custon\n}\n", "unknown-directive", .warning,
      note: "did you mean 'custom'?"),
    BrokenCase(
      "duplicate model across two files", files: ["class 2️⃣User {\n}\n", "// b\nclass 1️⃣User {\n}\n"],
      "duplicate-model", note: "first declared here", noteMarker: "2️⃣"),
    BrokenCase(
      "enum and class with one name", files: ["enum 2️⃣E {\n  case a\n}\nclass 1️⃣E {\n}\n"], "duplicate-model",
      noteMarker: "2️⃣"),
    BrokenCase(
      "duplicate property", files: ["class A {\n  var 2️⃣x: Int\n  var 1️⃣x: String\n}\n"], "duplicate-property",
      noteMarker: "2️⃣"),
    BrokenCase(
      "a Convertible configuration name declared twice",
      files: ["class A: Convertible, RequiredKeys {\n  var 2️⃣requiredKeys: Int?\n  var 1️⃣requiredKeys = [\"a\"]\n  var a: Int?\n}\n"],
      "duplicate-property", noteMarker: "2️⃣"),
    BrokenCase(
      "own property duplicates an inherited one",
      files: ["class A {\n  var 2️⃣x: Int\n}\nclass B: A {\n  var 1️⃣x: Int\n}\n"], "duplicate-property",
      note: "inherited from 'A'", noteMarker: "2️⃣"),
    BrokenCase("duplicate enum case", "enum E {\n  case a, 1️⃣a\n}\n", "duplicate-case"),
    BrokenCase("self inheritance", "class 1️⃣A: A {\n}\n", "inheritance-cycle"),
    BrokenCase(
      "inheritance cycle of two", "class 1️⃣A: B {\n}\nclass B: A {\n}\n", "inheritance-cycle",
      message: "A → B → A"),
    BrokenCase(
      "inheritance cycle of three", "class 1️⃣C: A {\n}\nclass A: B {\n}\nclass B: C {\n}\n", "inheritance-cycle",
      message: "C → A → B → C"),
    BrokenCase("typealias refers to itself", "typealias 1️⃣A = A\n", "typealias-cycle", message: "'A' refers to itself"),
    BrokenCase("typealias through an array of itself", "typealias 1️⃣A = [A]\n", "typealias-cycle"),
    BrokenCase(
      "mutual typealiases, reported once", "typealias 1️⃣A = B\ntypealias B = A\n", "typealias-cycle",
      message: "A → B → A"),
    BrokenCase(
      "typealias cycle of three, reported once", "typealias C = A\ntypealias 1️⃣A = B\ntypealias B = C\n",
      "typealias-cycle", message: "A → B → C → A"),
    BrokenCase(
      "property typed with a cyclic alias", "typealias 1️⃣A = A\nclass M {\n  var x: A\n}\n", "typealias-cycle"),
  ]
}
