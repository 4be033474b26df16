import CastSchema

/// What the clean-record check does with a record besides vouching for it: nothing when
/// validating (`NoCleanOutput`), its compact JSON when converting (`CleanTranscriptWriter`).
/// The check is generic over it, so each use gets its own specialised walk and validation's
/// keeps none of the writing.
protocol CleanSink {
  /// Whether the sink writes at all; the check reads a member's `null` ahead only then.
  var writes: Bool { get }
  /// A numeric enum's case, found as raw value `raw` (`CleanPlan.numbers`' index), whose output
  /// is its raw value, not always its input text; false when it cannot be written, and the
  /// record is left to the full walk.
  func numericCase(_ raw: Int) -> Bool
  /// A string value (its token; the quotes lie on either side).
  func string(_ token: JSONStringToken, _ scanner: JSONScanner)
  /// A well-formed UUID string without escapes, which is written in capitals
  /// (`RecordValidator.normalForm`).
  func uuid(_ token: JSONStringToken, _ scanner: JSONScanner)
  /// A `Float`, `Double`, `CGFloat` or `Decimal` number where a model writes numbers as
  /// `JSONEncoder` writes the value read (`Policy.numbersWrittenAsStored`): as read when that is
  /// the text, else as `EncoderNumberText` writes it (`1.0` as `1`); false when it cannot be
  /// written (models that write numbers both ways), and the record is left to the full walk.
  func storedNumber(_ span: JSONSpan, as type: ScalarType, _ scanner: JSONScanner) -> Bool
  /// A value written as its input text: a number, a boolean, an enum's string case.
  func literal(_ span: JSONSpan, _ scanner: JSONScanner)
  /// An `Any` value (`null` included), read at `span`.
  func any(_ span: JSONSpan, _ scanner: JSONScanner)
  /// A date at `span` (a string, quotes included, or an epoch number), read as `seconds`, for a
  /// date of format `format` (-1: the plain `Date` scalar); false when it cannot be written.
  func date(_ span: JSONSpan, seconds: Double, format: Int32, _ scanner: JSONScanner) -> Bool
  /// `null` as an array element or a dictionary value.
  func null()
  /// `[` or `{` of an array or a dictionary.
  func open(_ bracket: UInt8)
  /// `]` or `}` of an array, a dictionary or a model.
  func close(_ bracket: UInt8)
  /// An array element is about to be written.
  func element()
  /// A dictionary's key (unescaped) and its colon.
  func key(_ token: JSONStringToken, _ scanner: JSONScanner)
  /// A model's `{`.
  func beginModel()
  /// Field `field` of model `model`, read under `key`, is about to be written, `previous` being
  /// the last field written (-1 at first, and members may come in any order).
  func member(model: Int, field: Int, after previous: Int, key: JSONStringToken, _ scanner: JSONScanner)
  /// Field `field` of model `model`, read under another key than its output key (through key
  /// paths or `??` alternatives, or in another case under `-i`), is about to be written under its
  /// output key, which the table holds.
  func memberUnderOutputKey(model: Int, field: Int, after previous: Int)
  /// Field `field` of model `model` was `null`.
  func nullMember(model: Int, field: Int, after previous: Int)
  /// Ends model `model`'s object, whose last field written was `previous`.
  func endModel(_ model: Int, after previous: Int)
}

/// Validation's sink: writes nothing, takes everything; every call compiles away.
struct NoCleanOutput: CleanSink {
  var writes: Bool {
    @inline(__always) get { false }
  }
  @inline(__always) func string(_ token: JSONStringToken, _ scanner: JSONScanner) {}
  @inline(__always) func uuid(_ token: JSONStringToken, _ scanner: JSONScanner) {}
  @inline(__always) func literal(_ span: JSONSpan, _ scanner: JSONScanner) {}
  @inline(__always) func any(_ span: JSONSpan, _ scanner: JSONScanner) {}
  @inline(__always) func numericCase(_ raw: Int) -> Bool { true }
  @inline(__always) func storedNumber(_ span: JSONSpan, as type: ScalarType, _ scanner: JSONScanner) -> Bool { true }
  @inline(__always) func date(_ span: JSONSpan, seconds: Double, format: Int32, _ scanner: JSONScanner) -> Bool { true }
  @inline(__always) func null() {}
  @inline(__always) func open(_ bracket: UInt8) {}
  @inline(__always) func close(_ bracket: UInt8) {}
  @inline(__always) func element() {}
  @inline(__always) func key(_ token: JSONStringToken, _ scanner: JSONScanner) {}
  @inline(__always) func beginModel() {}
  @inline(__always) func member(model: Int, field: Int, after previous: Int, key: JSONStringToken, _ scanner: JSONScanner) {}
  @inline(__always) func memberUnderOutputKey(model: Int, field: Int, after previous: Int) {}
  @inline(__always) func nullMember(model: Int, field: Int, after previous: Int) {}
  @inline(__always) func endModel(_ model: Int, after previous: Int) {}
}
