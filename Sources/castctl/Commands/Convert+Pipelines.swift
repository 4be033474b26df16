import CastSchema
import CastValidate

/// `convert`'s pipeline outputs: the pipe mode and `--split`.
extension Convert {
  /// The pipe mode: per input line the converted record or its verdict, on standard output or
  /// `-o`, or `--split`'s two files. Findings never change the exit status here.
  func runPipe(
    _ validator: DocumentValidator, path: String, encoder: ModelEncoder, formatting: EncoderFormatting, registry: ModelRegistry
  ) throws {
    let hidesNotes = quiet
    let keep: (Finding) -> Bool = { !hidesNotes || $0.severity > .note }
    let pipe = PipeRun(validator: validator, path: path, options: data)
    /// A valid record's converted line, without its newline.
    func converted(_ result: RecordResult) -> [UInt8]? {
      guard result.isValid else { return nil }
      return formatting.compactLine(encoded: result.encoded, instance: result.instance, encoder: encoder)
    }
    guard split.count == 2 else {
      let sink = try OutputSink(path: output, force: force)
      var lines: [UInt8] = []
      do {
        try pipe.run { source, verdicts in
          for verdict in verdicts {
            if case .record(let result) = verdict, let line = converted(result) {
              lines.append(contentsOf: line)
              lines.append(UInt8(ascii: "\n"))
            } else {
              VerdictJSON.write(verdict, data: source, registry: registry, keep: keep, into: &lines)
            }
          }
          try sink.write(lines)
          lines.removeAll(keepingCapacity: true)
        }
        try sink.commit()
      } catch {
        sink.discard()
        throw error
      }
      return
    }
    let files = try SplitOutput(valid: split[0], rejects: split[1], force: force)
    do {
      try pipe.run { source, verdicts in
        for verdict in verdicts {
          if case .record(let result) = verdict, let line = converted(result) {
            try files.addValid(line)
          } else if let reject = VerdictJSON.reject(verdict, data: source, registry: registry, keep: keep) {
            try files.addReject(reject)
          }
        }
      }
      try files.commit()
    } catch {
      files.discard()
      throw error
    }
    Terminal.writeError("castctl: \(files.validCount) converted to \(split[0]), \(files.rejectCount) rejected to \(split[1])\n")
  }
}
