import CastValidate
import Testing

/// `encoded(as:options:)` with `EncodingOptions`, through a plain import: sorted keys as
/// `castctl convert --sorted-keys` writes them, in JSON and YAML.
@Suite("Encoding options, through a plain import")
struct EncodingOptionsTests {
  /// One value written one way, and the text expected.
  struct Case: Sendable, CustomTestStringConvertible {
    let model: String
    let format: OutputFormat
    let options: EncodingOptions
    let expected: String
    var testDescription: String {
      "\(model) as \(format), sorted keys \(options.sortedKeys), without escaping slashes \(options.withoutEscapingSlashes)"
    }
  }

  static let schema = """
    struct Inner {
        let zeta: Int
        let alpha: Int
    }

    struct Outer {
        let name: String
        let inner: Inner
        let counts: [String: Int]
        let id: Int
    }

    struct Link: Codable {
        let url: String
        let id: Int
    }
    """

  static let documents = [
    "Outer": #"{"name": "x", "inner": {"zeta": 1, "alpha": 2}, "counts": {"b": 1, "a": 2, "B": 3}, "id": 7}"#,
    "Link": #"{"url": "a/b", "id": 1}"#,
  ]

  static let cases: [Case] = [
    Case(
      model: "Outer", format: .json(pretty: false), options: EncodingOptions(),
      expected: #"{"name":"x","inner":{"zeta":1,"alpha":2},"counts":{"b":1,"a":2,"B":3},"id":7}"#),
    // Every object, a dictionary's too, by its keys' UTF-8 bytes: uppercase first.
    Case(
      model: "Outer", format: .json(pretty: false), options: EncodingOptions(sortedKeys: true),
      expected: #"{"counts":{"B":3,"a":2,"b":1},"id":7,"inner":{"alpha":2,"zeta":1},"name":"x"}"#),
    Case(
      model: "Outer", format: .json(), options: EncodingOptions(sortedKeys: true),
      expected: """
        {
          "counts": {
            "B": 3,
            "a": 2,
            "b": 1
          },
          "id": 7,
          "inner": {
            "alpha": 2,
            "zeta": 1
          },
          "name": "x"
        }
        """),
    Case(
      model: "Outer", format: .yaml, options: EncodingOptions(sortedKeys: true),
      expected: "counts:\n  B: 3\n  a: 2\n  b: 1\nid: 7\ninner:\n  alpha: 2\n  zeta: 1\nname: x\n"),
    // JSONEncoder's `[.sortedKeys]`: slashes still escaped.
    Case(
      model: "Link", format: .json(pretty: false), options: EncodingOptions(sortedKeys: true),
      expected: #"{"id":1,"url":"a\/b"}"#),
    // `[.sortedKeys, .withoutEscapingSlashes]`, as JSONEncoder writes it (LibraryEncoderOracleTests).
    Case(
      model: "Link", format: .json(pretty: false), options: EncodingOptions(sortedKeys: true, withoutEscapingSlashes: true),
      expected: #"{"id":1,"url":"a/b"}"#),
    Case(
      model: "Link", format: .json(), options: EncodingOptions(withoutEscapingSlashes: true),
      expected: "{\n  \"url\": \"a/b\",\n  \"id\": 1\n}"),
    Case(model: "Link", format: .yaml, options: EncodingOptions(withoutEscapingSlashes: true), expected: "url: a/b\nid: 1\n"),
    // Other dialects never escape a slash.
    Case(
      model: "Outer", format: .json(pretty: false), options: EncodingOptions(withoutEscapingSlashes: true),
      expected: #"{"name":"x","inner":{"zeta":1,"alpha":2},"counts":{"b":1,"a":2,"B":3},"id":7}"#),
  ]

  @Test("A value written with options", arguments: cases)
  func encoded(_ example: Case) throws {
    let schema = try Schema(source: Self.schema, path: "outer.cast")
    let value = try schema.validator(for: example.model).decode(try #require(Self.documents[example.model]))
    let written = try value.encoded(as: example.format, options: example.options)
    #expect(String(decoding: written, as: UTF8.self) == example.expected)
  }

  /// The default is the model's order, as `encoded(as:)` wrote before the options came.
  @Test("Options default to the model's order")
  func defaults() throws {
    let value = try Schema(source: Self.schema).validator(for: "Inner").decode(#"{"zeta": 1, "alpha": 2}"#)
    #expect(try value.encoded(as: .json(pretty: false)) == value.encoded(as: .json(pretty: false), options: EncodingOptions()))
    #expect(EncodingOptions().sortedKeys == false)
  }
}
