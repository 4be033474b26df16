import CastSchema
import Testing

/// One broken `.cast` input and the diagnostic it must produce, at the position of a marker.
struct BrokenCase: Sendable, CustomTestStringConvertible {
  /// What the case shows; the test's name in reports.
  var name: String
  /// The files, with markers; the primary marker may be in any of them.
  var files: [String]
  /// The expected code of the primary diagnostic.
  var code: String
  /// Its severity.
  var severity: Severity
  /// Every error and warning code the load must report, in any order, duplicates counted.
  var codes: [String]
  /// The marker of the primary location.
  var marker = "1️⃣"
  /// Text the message must contain.
  var message: String?
  /// Text one of the notes must contain.
  var note: String?
  /// The marker that note must point at (`2️⃣`), when it points anywhere.
  var noteMarker: String?
  /// Generator flags.
  var options = RegistryOptions()

  var testDescription: String { name }

  /// A single-file case whose only problem is the primary one.
  init(
    _ name: String, _ source: String, _ code: String, _ severity: Severity = .error,
    codes: [String]? = nil, message: String? = nil, note: String? = nil, options: RegistryOptions = RegistryOptions()
  ) {
    self.init(
      name, files: [source], code, severity, codes: codes, message: message, note: note, options: options)
  }

  /// A case over several files.
  init(
    _ name: String, files: [String], _ code: String, _ severity: Severity = .error, codes: [String]? = nil,
    message: String? = nil, note: String? = nil, noteMarker: String? = nil,
    options: RegistryOptions = RegistryOptions()
  ) {
    self.name = name
    self.files = files
    self.code = code
    self.severity = severity
    self.codes = codes ?? [code]
    self.message = message
    self.note = note
    self.noteMarker = noteMarker
    self.options = options
  }
}
