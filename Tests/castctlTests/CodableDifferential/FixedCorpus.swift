/// The corpus models written by hand: one per row of the issue's table (with the row's document),
/// and the seed libraries' example models (`schemas/*.cast`) rewritten as `Codable` structs.
enum FixedCorpus {
  static var models: [CorpusModel] { tableRows + seeds }

  static let tableRows: [CorpusModel] = [
    CorpusModel(
      root: "RowFraction", types: [.structure(name: "RowFraction", properties: [PropertyShape(name: "id", type: .integer(.int))], codingKeys: false)],
      handWritten: [("1.5 for Int", #"{"id": 1.5}"#), ("1.0 for Int", #"{"id": 1.0}"#), ("1e2 for Int", #"{"id": 1e2}"#)], origin: "table"),
    CorpusModel(
      root: "RowOverflow", types: [.structure(name: "RowOverflow", properties: [PropertyShape(name: "small", type: .integer(.int8))], codingKeys: false)],
      handWritten: [("300 for Int8", #"{"small": 300}"#), ("-129 for Int8", #"{"small": -129}"#), ("127 for Int8", #"{"small": 127}"#)],
      origin: "table"),
    CorpusModel(
      root: "RowSnake", types: [.structure(name: "RowSnake", properties: [PropertyShape(name: "myURL", type: .string)], codingKeys: false)],
      strategies: [.snakeCase],
      handWritten: [("my_url under convertFromSnakeCase", #"{"my_url": "x"}"#), ("myURL under convertFromSnakeCase", #"{"myURL": "x"}"#)],
      origin: "table"),
    CorpusModel(
      root: "RowDefault",
      types: [.structure(name: "RowDefault", properties: [PropertyShape(name: "name", type: .string, isLet: false, initial: "\"x\"")], codingKeys: false)],
      handWritten: [("default, key absent", "{}"), ("default, null", #"{"name": null}"#)], origin: "table"),
    CorpusModel(
      root: "RowElement", types: [.structure(name: "RowElement", properties: [PropertyShape(name: "tags", type: .array(.string))], codingKeys: false)],
      handWritten: [("bad element", #"{"tags": ["a", 2]}"#), ("null element", #"{"tags": ["a", null]}"#)], origin: "table"),
    CorpusModel(
      root: "RowLetInitial",
      types: [.structure(name: "RowLetInitial", properties: [
        PropertyShape(name: "id", type: .integer(.int)), PropertyShape(name: "kind", type: .string, initial: "\"fixed\""),
      ], codingKeys: false)],
      handWritten: [("let with initial value, key given", #"{"id": 1, "kind": "other"}"#), ("let with initial value, key absent", #"{"id": 1}"#)],
      origin: "table"),
    // A set's elements are equal as their type's values, whatever their spelling.
    CorpusModel(
      root: "RowSetNumbers",
      types: [.structure(name: "RowSetNumbers", properties: [
        PropertyShape(name: "ints", type: .optional(.set(.integer(.int))), isLet: false),
        PropertyShape(name: "doubles", type: .optional(.set(.double)), isLet: false),
        PropertyShape(name: "floats", type: .optional(.set(.float)), isLet: false),
        PropertyShape(name: "decimals", type: .optional(.set(.decimal)), isLet: false),
      ], codingKeys: false)],
      handWritten: [
        // NB: one distinct element per set, as in the generated documents: a Set's encoding order is not defined.
        ("0 and -0 in a Set<Int>", #"{"ints": [0, -0]}"#),
        ("1, 1.0 and 1e0 in a Set<Double>", #"{"doubles": [1, 1.0, 1e0]}"#),
        ("0 and -0.0 in a Set<Double>", #"{"doubles": [0, -0.0]}"#),
        ("-0.0 and 0 in a Set<Double>", #"{"doubles": [-0.0, 0]}"#),
        ("one Double spelt two ways", #"{"doubles": [0.1, 0.10000000000000001]}"#),
        ("1.5 and 15e-1 in a Set<Double>", #"{"doubles": [1.5, 15e-1]}"#),
        ("two Doubles, one Float", #"{"floats": [0.1, 0.10000000001]}"#),
        ("1 and 1.0 in a Set<Decimal>", #"{"decimals": [1, 1.0]}"#),
        ("1.50 and 1.5 in a Set<Decimal>", #"{"decimals": [1.50, 1.5]}"#),
        ("one number each", #"{"ints": [1], "doubles": [0.1], "floats": [2], "decimals": [0.01]}"#),
      ],
      origin: "table"),
    // A Set's nils, and collections in a Set, are equal as their values are, in any order.
    CorpusModel(
      root: "RowSetNested",
      types: [.structure(name: "RowSetNested", properties: [
        PropertyShape(name: "names", type: .optional(.set(.optional(.string))), isLet: false),
        PropertyShape(name: "lists", type: .optional(.set(.array(.double))), isLet: false),
        PropertyShape(name: "maps", type: .optional(.set(.stringMap(.integer(.int)))), isLet: false),
        PropertyShape(name: "sets", type: .optional(.set(.set(.integer(.int)))), isLet: false),
      ], codingKeys: false)],
      handWritten: [
        // NB: one distinct element per set, and per set inside: a Set's encoding order is not defined.
        ("two nils in a Set<String?>", #"{"names": [null, null]}"#),
        ("1, 1.0 and 1e0 as [Double]s in a Set", #"{"lists": [[1], [1.0], [1e0]]}"#),
        ("one dictionary in two key orders in a Set", #"{"maps": [{"a": 1, "b": 2}, {"b": 2, "a": 1}]}"#),
        ("1 and 1.0 as Set<Int>s in a Set", #"{"sets": [[1], [1.0]]}"#),
      ],
      origin: "table"),
    // `init(rawValue:)` compares Strings: another normal form of a raw value is that case.
    CorpusModel(
      root: "RowEnumForms",
      types: [
        .rawEnum(name: "RowMood", rawType: "String", cases: [("caf\u{E9}", nil), ("plain", nil)]),
        .structure(name: "RowEnumForms", properties: [PropertyShape(name: "mood", type: .named("RowMood"))], codingKeys: false),
      ],
      handWritten: [
        ("a raw value decomposed", "{\"mood\": \"cafe\u{301}\"}"),
        ("a raw value decomposed, escaped", #"{"mood": "cafe\u0301"}"#),
        ("a raw value with an escape", #"{"mood": "\u0070lain"}"#),
      ],
      origin: "table"),
    // Keys are Swift Strings: one in another Unicode normal form, escaped or not, is the same key.
    CorpusModel(
      root: "RowKeyForms",
      types: [.structure(name: "RowKeyForms", properties: [
        PropertyShape(name: "caf\u{E9}", type: .integer(.int)),
        PropertyShape(name: "names", type: .optional(.stringMap(.integer(.int))), isLet: false),
      ], codingKeys: false)],
      handWritten: [
        ("a property's key decomposed", "{\"cafe\u{301}\": 1}"),
        ("a property's key decomposed, escaped", #"{"cafe\u0301": 1}"#),
        ("a property's key twice, composed then decomposed", "{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}"),
        // NB: other values than the row above's, which would be the same String (the corpus drops repeats).
        ("a property's key twice, decomposed then composed", "{\"cafe\u{301}\": 3, \"caf\u{E9}\": 4}"),
        ("a dictionary key in two normal forms", "{\"caf\u{E9}\": 1, \"names\": {\"\u{E9}\": 1, \"e\u{301}\": 2}}"),
        ("a dictionary key in two normal forms, escaped", #"{"caf\u00e9": 1, "names": {"\u00e9": 1, "e\u0301": 2}}"#),
        ("K and the Kelvin sign as dictionary keys", "{\"caf\u{E9}\": 1, \"names\": {\"K\": 1, \"\u{212A}\": 2}}"),
        ("two different keys that are not ASCII", "{\"caf\u{E9}\": 1, \"names\": {\"\u{E9}\": 1, \"\u{E8}\": 2}}"),
      ],
      origin: "table"),
    // A dictionary keyed by anything but String, Int or a CodingKeyRepresentable type is an
    // array of alternating keys and values; a repeated key's last value wins.
    CorpusModel(
      root: "RowPairs",
      types: [
        .rawEnum(name: "RowShade", rawType: "String", cases: [("red", nil), ("green", nil)]),
        .rawEnum(name: "RowLevel", rawType: "Int", cases: [("low", "1"), ("high", "2")]),
        .structure(name: "RowPairs", properties: [
          PropertyShape(name: "shades", type: .optional(.pairMap(key: .named("RowShade"), value: .integer(.int))), isLet: false),
          PropertyShape(name: "bytes", type: .optional(.pairMap(key: .integer(.uint8), value: .optional(.string))), isLet: false),
          PropertyShape(name: "levels", type: .optional(.pairMap(key: .named("RowLevel"), value: .array(.double))), isLet: false),
        ], codingKeys: false),
      ],
      handWritten: [
        ("an object where key-value pairs belong", #"{"shades": {"red": 1}}"#),
        ("one pair", #"{"shades": ["red", 1]}"#),
        ("a repeated key, the last value wins", #"{"shades": ["red", 1, "red", 2]}"#),
        ("an odd number of elements", #"{"shades": ["red", 1, "green"]}"#),
        ("a null key", #"{"shades": [null, 1]}"#),
        ("a null value", #"{"shades": ["red", null]}"#),
        ("an unknown key", #"{"shades": ["blue", 1]}"#),
        ("a key out of range", #"{"bytes": [300, "x"]}"#),
        ("a null optional value", #"{"bytes": [7, null]}"#),
        ("integer keys spelt two ways", #"{"bytes": [7, "a", 7.0, "b"]}"#),
        ("an Int raw value key", #"{"levels": [2, [1.5]]}"#),
        ("an object of Int raw values", #"{"levels": {"2": [1.5]}}"#),
        ("empty", #"{"shades": [], "bytes": [], "levels": []}"#),
      ],
      origin: "table"),
  ]

  static let seeds: [CorpusModel] = [
    CorpusModel(root: "SeedUser", types: [
      .rawEnum(name: "SeedRole", rawType: "String", cases: [("admin", nil), ("editor", nil), ("viewer", nil)]),
      .structure(name: "SeedGeo", properties: [PropertyShape(name: "lat", type: .double), PropertyShape(name: "lon", type: .double)], codingKeys: false),
      .structure(name: "SeedAddress", properties: [
        PropertyShape(name: "street", type: .string), PropertyShape(name: "city", type: .string), PropertyShape(name: "zip", type: .string),
        PropertyShape(name: "geo", type: .optional(.named("SeedGeo"))),
      ], codingKeys: false),
      .structure(name: "SeedUser", properties: [
        PropertyShape(name: "id", type: .integer(.int)), PropertyShape(name: "userName", type: .string),
        PropertyShape(name: "email", type: .string), PropertyShape(name: "isActive", type: .bool, isLet: false, initial: "true"),
        PropertyShape(name: "role", type: .named("SeedRole")), PropertyShape(name: "createdAt", type: .date),
        PropertyShape(name: "tags", type: .array(.string), isLet: false, initial: "[]"),
        PropertyShape(name: "address", type: .named("SeedAddress")),
        PropertyShape(name: "nickname", type: .optional(.string), isLet: false), PropertyShape(name: "homepage", type: .optional(.url), isLet: false),
      ], codingKeys: false),
    ], strategies: [.defaults, .snakeCase, .iso8601], origin: "seed"),
    CorpusModel(root: "SeedPerson", types: [
      .structure(name: "SeedPerson", properties: [
        PropertyShape(name: "id", type: .integer(.int), isLet: false, initial: "0"),
        PropertyShape(name: "firstName", type: .optional(.string), isLet: false),
        PropertyShape(name: "lastName", type: .optional(.string), isLet: false),
        PropertyShape(name: "isPublic", type: .bool, key: "public", isLet: false, initial: "false"),
        PropertyShape(name: "friends", type: .optional(.array(.named("SeedPerson"))), isLet: false),
      ], codingKeys: true),
    ], origin: "seed"),
    CorpusModel(root: "SeedFish", types: [
      .structure(name: "SeedFish", properties: [
        PropertyShape(name: "str", type: .optional(.string)), PropertyShape(name: "int", type: .optional(.integer(.int))),
        PropertyShape(name: "bool", type: .optional(.bool)), PropertyShape(name: "float", type: .optional(.float)),
        PropertyShape(name: "double", type: .optional(.double)),
      ], codingKeys: false),
    ], origin: "seed"),
    CorpusModel(root: "SeedAccount", types: [
      .structure(name: "SeedAccount", properties: [
        PropertyShape(name: "id", type: .integer(.int64)), PropertyShape(name: "name", type: .string),
        PropertyShape(name: "isPublic", type: .bool, isLet: false, initial: "true"),
        PropertyShape(name: "accountBalance", type: .float, isLet: false, initial: "0.0"),
        PropertyShape(name: "metadata", type: .optional(.stringMap(.array(.integer(.int)))), isLet: false),
      ], codingKeys: false),
    ], strategies: [.defaults, .snakeCase], origin: "seed"),
    CorpusModel(root: "SeedCompany", types: [
      .structure(name: "SeedEmployee", properties: [
        PropertyShape(name: "name", type: .optional(.string), isLet: false), PropertyShape(name: "age", type: .optional(.integer(.uint8)), isLet: false),
        PropertyShape(name: "isActive", type: .bool, isLet: false, initial: "false"), PropertyShape(name: "trusted", type: .optional(.bool), isLet: false),
      ], codingKeys: false),
      .structure(name: "SeedCompany", properties: [
        PropertyShape(name: "name", type: .optional(.string), isLet: false),
        PropertyShape(name: "employees", type: .array(.named("SeedEmployee")), isLet: false, initial: "[]"),
        PropertyShape(name: "seniors", type: .set(.string), isLet: false, initial: "[]"),
      ], codingKeys: false),
    ], origin: "seed"),
    CorpusModel(root: "SeedOrder", types: [
      .rawEnum(name: "SeedStatus", rawType: "String", cases: [("paid", nil), ("shipped", nil)]),
      .structure(name: "SeedCustomer", properties: [
        PropertyShape(name: "name", type: .string), PropertyShape(name: "eMail", type: .string, key: "e-mail"),
      ], codingKeys: true),
      .structure(name: "SeedOrder", properties: [
        PropertyShape(name: "orderId", type: .integer(.int)), PropertyShape(name: "status", type: .named("SeedStatus")),
        PropertyShape(name: "total", type: .decimal), PropertyShape(name: "customer", type: .named("SeedCustomer")),
        PropertyShape(name: "note", type: .string), PropertyShape(name: "ref", type: .uuid), PropertyShape(name: "blob", type: .optional(.data)),
      ], codingKeys: false),
    ], strategies: [.defaults, .snakeCase], origin: "seed"),
    CorpusModel(root: "SeedEvent", types: [
      .structure(name: "SeedEvent", properties: [
        PropertyShape(name: "at", type: .date), PropertyShape(name: "until", type: .optional(.date)),
        PropertyShape(name: "history", type: .array(.date)),
      ], codingKeys: false),
    ], strategies: [.defaults, .secondsSince1970, .millisecondsSince1970, .iso8601], origin: "seed"),
  ]
}
