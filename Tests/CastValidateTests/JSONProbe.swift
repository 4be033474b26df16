import Testing

@testable import CastValidate

/// Shared drivers for the JSON tests: walk a document with the pull API, or skip it, and report the outcome.
enum JSONProbe {
  /// Walks a whole document with the pull API and names each token, so tables can state expected sequences.
  static func tokens(_ bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError) -> [String] {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONSyntaxError) -> [String] in
        var scanner = JSONScanner(buffer, maxDepth: maxDepth)
        var out: [String] = []
        try walk(&scanner, into: &out)
        try scanner.expectEnd()
        return out
      }
    }
    return try result.get()
  }

  /// Names one value's tokens.
  static func walk(_ scanner: inout JSONScanner, into out: inout [String]) throws(JSONSyntaxError) {
    switch try scanner.peekKind() {
    case .object:
      try scanner.beginObject()
      out.append("{")
      var first = true
      while let key = try scanner.nextKey(&first) {
        out.append("k:" + scanner.string(key))
        try walk(&scanner, into: &out)
      }
      out.append("}")
    case .array:
      try scanner.beginArray()
      out.append("[")
      var first = true
      while try scanner.nextElement(&first) { try walk(&scanner, into: &out) }
      out.append("]")
    case .string: out.append("s:" + scanner.string(try scanner.readString()))
    case .number: out.append("n:" + scanner.literal(try scanner.readNumber()))
    case .bool: out.append(try scanner.readBool() ? "true" : "false")
    case .null:
      try scanner.readNull()
      out.append("null")
    }
  }

  /// The error a document raises, from the pull walk.
  static func pullError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
    do throws(JSONSyntaxError) {
      _ = try tokens(bytes, maxDepth: maxDepth)
      return nil
    } catch {
      return error
    }
  }

  /// The error `skipValue` + `expectEnd` raise.
  static func skipError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
    bytes.withUnsafeBytes { buffer -> JSONSyntaxError? in
      var scanner = JSONScanner(buffer, maxDepth: maxDepth)
      scanner.skipByteOrderMark()
      do throws(JSONSyntaxError) {
        try scanner.skipValue()
        try scanner.expectEnd()
        return nil
      } catch {
        return error
      }
    }
  }

  /// `count` nested arrays around `inner`.
  static func nestedArrays(_ count: Int, inner: String = "") -> [UInt8] {
    Array((String(repeating: "[", count: count) + inner + String(repeating: "]", count: count)).utf8)
  }

  /// Runs `body` with a scanner that has just read `literal` as a number.
  static func withNumber<R>(_ literal: String, _ body: (JSONScanner, JSONNumberToken) -> R) throws -> R {
    try Array(literal.utf8).withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      let token = try scanner.readNumber()
      try scanner.expectEnd()
      return body(scanner, token)
    }
  }

  /// Runs `body` with a scanner that has just read `json` (one string literal) as a string.
  static func withString<R>(_ json: [UInt8], _ body: (JSONScanner, JSONStringToken) -> R) throws -> R {
    try json.withUnsafeBytes { buffer in
      var scanner = JSONScanner(buffer)
      let token = try scanner.readString()
      try scanner.expectEnd()
      return body(scanner, token)
    }
  }
}
