import CastValidate
import Foundation
import Testing

/// One `Validator`, made and shared before its first use, by many tasks at once: what a server
/// does. Run under ThreadSanitizer too (`scripts/sanitize.sh tsan`): the schema's caches, filled
/// on first use, are behind locks TSan sees.
@Suite("A Validator shared by concurrent tasks from its first use")
struct SharedValidatorTests {
  static let model = """
    struct Event {
        let id: Int
        let at: Date //! date "dd.MM.yyyy HH:mm"
        let day: Date //! date "yyyy-MM-dd'T'"
        let tag: String //! pattern "^\\\\p{Lu}[a-z]+$"
        var note: String?
    }
    """

  @Test("every task gets the verdict one task alone gets")
  func sharedFromFirstUse() async throws {
    let validator = try Schema(source: Self.model, path: "event.cast").validator(for: "Event")
    let documents = (0..<64).map { index in
      index % 3 == 0
        ? #"{"id": \#(index), "at": "01.02.2024 10:30", "day": "2024-03-01", "tag": "Ok", "note": "x"}"#
        : #"{"id": \#(index), "at": "bad", "day": "2024/03/01", "tag": "no", "note": 1}"#
    }
    let alone = try Schema(source: Self.model, path: "event.cast").validator(for: "Event")
    let expected = documents.map { alone.validate($0).description }
    let verdicts = await withTaskGroup(of: (Int, String).self) { group in
      for (index, document) in documents.enumerated() {
        group.addTask { (index, validator.validate(document).description) }
      }
      var verdicts = [String](repeating: "", count: documents.count)
      for await (index, verdict) in group { verdicts[index] = verdict }
      return verdicts
    }
    #expect(verdicts == expected)
    #expect(expected[0] == "valid" && expected[1] != "valid")
  }
}
