import Foundation
import Testing

/// Literals of zero against the real `JSONDecoder`, which refuses some of them as non-zero
/// numbers rounded to zero (its scan for a non-zero digit reads an exponent's digit first in the
/// last bytes): castctl's codable dialect says the same of every one, for `Double` and `Float`.
@Suite("JSONDecoder's zero literals: castctl agrees on each")
struct ZeroLiteralOracleTests {
  /// Every zero of up to 8 characters that JSON allows, in the forms that matter: a sign, `0`,
  /// none to three fraction zeros, and an exponent of either case and sign with one or two digits.
  static let literals: [String] = {
    var all: [String] = []
    for sign in ["", "-"] {
      for fraction in ["", ".0", ".00", ".000"] {
        all.append(sign + "0" + fraction)
        for e in ["e", "E"] {
          for exponentSign in ["", "+", "-"] {
            for digits in ["0", "1", "5", "9", "05", "10", "99"] {
              let literal = sign + "0" + fraction + e + exponentSign + digits
              if literal.count <= 9 { all.append(literal) }
            }
          }
        }
      }
    }
    return all
  }()

  @Test(.enabled(if: Oracle.swiftc != nil && CastctlProcess.isAvailable, "needs swiftc and the castctl binary"))
  func zeroLiteralsAsJSONDecoderReadsThem() throws {
    guard let swiftc = Oracle.swiftc else { return }
    let declarations = ["struct ZeroD: Codable { let v: Double }", "struct ZeroF: Codable { let v: Float }"]
    let oracle = try Oracle(source: OracleProgram.source(declarations: declarations, roots: ["ZeroD", "ZeroF"]), swiftc: swiftc)
    let folder = try ScratchFolder(copying: [])
    defer { folder.remove() }
    try folder.write("zero.swift", declarations.joined(separator: "\n") + "\n")
    try folder.write("data.ndjson", Self.literals.map { #"{"v": \#($0)}"# }.joined(separator: "\n") + "\n")
    for model in ["ZeroD", "ZeroF"] {
      let answers = try oracle.answers(Self.literals.map { (model, .defaults, #"{"v": \#($0)}"#) })
      let run = try CastctlProcess.run(["validate", "zero.swift", "data.ndjson", "--model", model, "--format", "jsonl"], in: folder.url)
      let verdicts = run.stdout.split(separator: "\n").map { line in
        ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["valid"] as? Bool
      }
      #expect(verdicts.count == Self.literals.count, "\(run.stderr)")
      // Both kinds are there: `0e5` refused, `0e10` taken.
      #expect(answers.contains { !$0.ok } && answers.contains(where: \.ok))
      for (index, literal) in Self.literals.enumerated() where index < verdicts.count {
        #expect(verdicts[index] == answers[index].ok, "\(model) \(literal): castctl \(String(describing: verdicts[index])), JSONDecoder \(answers[index].ok)")
      }
    }
  }
}
