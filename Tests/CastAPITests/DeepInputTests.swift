import CastValidate
import Foundation
import Testing

/// Deep documents through the library on the caller's thread, whatever its stack: the engine
/// recurses per nesting level, and a program's thread may have 512 KiB (a secondary thread on
/// Apple platforms) where the command line has 1 GiB.
@Suite("Deep input on small stacks")
struct DeepInputTests {
  /// A model that nests, and documents of `levels` of it.
  static let node = "struct Node {\n  var kids: [Node] = []\n  var tags: [String: Node] = [:]\n}\n"

  static func nested(_ levels: Int, innermost: String = "{}") -> String {
    String(repeating: #"{"kids": ["#, count: levels) + innermost + String(repeating: "]}", count: levels)
  }

  /// What `body` returns, run on a thread whose stack is `stackBytes`.
  static func onThread(stackBytes: Int, _ body: @escaping @Sendable () -> [UInt8]) -> [UInt8] {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = stackBytes
    thread.start()
    done.wait()
    return box.value
  }

  /// The result of the other thread, read once it has signalled.
  final class ResultBox: @unchecked Sendable {
    var value: [UInt8] = []
  }

  /// Every operation, as a line of text to compare.
  static func everything(_ validator: Validator, _ document: String) -> String {
    let report = validator.validate(document)
    var lines = ["valid \(report.isValid)"] + report.findings.map { "\($0.code) \($0.path) \(report.position(of: $0))" }
    do {
      let value = try validator.decode(document)
      for format in [OutputFormat.json(pretty: false), .yaml, .binaryPropertyList] {
        lines.append("\(format) \(try value.encoded(as: format).count) bytes")
      }
      lines.append("ledger \(try validator.roundtrip(document).count)")
    } catch {
      lines.append("\(error)")
    }
    return lines.joined(separator: "\n")
  }

  static let cases: [(stackBytes: Int, maxDepth: Int, levels: Int, innermost: String, valid: Bool)] = [
    (512 << 10, 512, 200, "{}", true),  // 401 levels on a 512 KiB thread, within the default limit
    (512 << 10, 512, 300, "{}", false),  // past it: malformed at level 513
    (512 << 10, 10_000, 4_000, "{}", true),
    (512 << 10, 10_000, 4_000, #"{"kids": 5}"#, true),  // the full walk: a bad value, its default kept
    (8 << 20, 10_000, 4_900, #"{"tags": {"a": {"kids": []}}}"#, true),
    (256 << 10, 512, 3, "{}", true),  // shallow: no thread needed
  ]

  @Test("validate, decode, encode and roundtrip give the same answers on a small stack as on the test's own", arguments: cases)
  func smallStack(_ stackBytes: Int, _ maxDepth: Int, _ levels: Int, _ innermost: String, _ valid: Bool) throws {
    let validator = try Schema(source: Self.node, path: "node.cast").validator(for: "Node", options: ValidationOptions(maxDepth: maxDepth))
    let document = Self.nested(levels, innermost: innermost)
    let expected = Self.everything(validator, document)
    #expect(String(decoding: Self.onThread(stackBytes: stackBytes) { Array(Self.everything(validator, document).utf8) }, as: UTF8.self) == expected)
    #expect(expected.hasPrefix("valid \(valid)"), "\(expected.prefix(300))")
  }

  @Test("an Any value nested to the limit is read and written on a 512 KiB stack")
  func anyValue() throws {
    let validator = try Schema(source: Self.node, path: "node.cast").validator(forType: "Any", options: ValidationOptions(maxDepth: 10_000))
    let document = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let written = Self.onThread(stackBytes: 512 << 10) { (try? validator.decode(document).encoded(as: .json(pretty: false))) ?? [] }
    #expect(written == Array(document.utf8))
  }

  /// `JSONValue`'s description writes where the stack has room, as `.json` does: 1,000 levels
  /// printed on a 512 KiB thread had crashed.
  @Test("a deep JSON value prints on a 512 KiB stack")
  func printsDeepValue() throws {
    let validator = try Schema(source: Self.node, path: "node.cast").validator(forType: "Any", options: ValidationOptions(maxDepth: 10_000))
    let document = String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
    let printed = Self.onThread(stackBytes: 512 << 10) { Array(((try? validator.decode(document).json).map { "\($0)" } ?? "").utf8) }
    #expect(printed == Array(document.utf8))
  }

  @Test("a depth limit past 10,000 is read as 10,000, as castctl's --max-depth allows no more")
  func depthLimit() {
    #expect(ValidationOptions(maxDepth: 1_000_000).maxDepth == 10_000)
  }
}
