import CastSchema

/// `--format sarif` written as records are reported: each result joins a spool as its finding
/// comes, and the log is the same bytes `SARIFReport.value` of every site would be written as,
/// without a tree of every finding held until the end.
package struct SARIFLog {
  private var results: FindingJSONArray
  private let dataPath: String
  private let version: String
  private let writer = JSONWriter(style: .pretty(indent: 2))
  /// Why castctl could not do its work (the model files have errors), as the run's notifications.
  private var failures: [JSONValue] = []

  /// An empty log for `dataPath`, made by castctl `version`; its results past `memoryLimit`
  /// bytes go to a temporary file.
  package init(dataPath: String, version: String, memoryLimit: Int = 8 << 20) {
    self.dataPath = dataPath
    self.version = version
    // NB: `results` is a member of the run, the one element of the top-level object's `runs`.
    results = FindingJSONArray(level: 3, writer: writer, memoryLimit: memoryLimit)
  }

  /// Adds a finding's result.
  package mutating func add(_ site: FindingSite) {
    results.append(SARIFReport.result(site, dataPath: dataPath))
  }

  /// Adds a model-file diagnostic's result, located in the model file.
  package mutating func add(_ site: DiagnosticSite) {
    results.append(SARIFReport.result(site))
  }

  /// Marks the run as not successful, for `reason` (at `file`, when it names one): its
  /// `invocations` say so.
  package mutating func fail(_ reason: String, file: String? = nil) {
    failures.append(SARIFReport.notification(reason, file: file))
  }

  /// Hands the whole log to `body` a piece at a time.
  package func write(_ body: (UnsafeRawBufferPointer) -> Void) {
    var head: [UInt8] = [JSONByte.openBrace]
    member("$schema", .string(SARIFReport.schemaURI), level: 1, into: &head)
    member("version", .string("2.1.0"), level: 1, into: &head)
    writer.lineBreak(level: 1, into: &head)
    writer.key("runs", into: &head)
    head.append(JSONByte.openBracket)
    writer.lineBreak(level: 2, into: &head)
    head.append(JSONByte.openBrace)
    member("tool", SARIFReport.tool(version: version), level: 3, into: &head)
    member("columnKind", .string(SARIFReport.columnKind), level: 3, into: &head)
    writer.lineBreak(level: 3, into: &head)
    writer.key("results", into: &head)
    head.withUnsafeBytes(body)
    results.write(body)
    var tail: [UInt8] = []
    if !failures.isEmpty {
      tail.append(JSONByte.comma)
      writer.lineBreak(level: 3, into: &tail)
      writer.key("invocations", into: &tail)
      writer.write(SARIFReport.failedInvocations(failures), level: 3, into: &tail)
    }
    writer.lineBreak(level: 2, into: &tail)
    tail.append(JSONByte.closeBrace)
    writer.lineBreak(level: 1, into: &tail)
    tail.append(JSONByte.closeBracket)
    writer.lineBreak(level: 0, into: &tail)
    tail.append(JSONByte.closeBrace)
    tail.withUnsafeBytes(body)
  }

  /// `"key": value,` on its own line at `level`.
  private func member(_ key: String, _ value: JSONValue, level: Int, into output: inout [UInt8]) {
    writer.lineBreak(level: level, into: &output)
    writer.key(key, into: &output)
    writer.write(value, level: level, into: &output)
    output.append(JSONByte.comma)
  }
}
