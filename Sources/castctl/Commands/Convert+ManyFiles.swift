import ArgumentParser
import Foundation

/// `convert` over many files into `-o DIR`: a file per input, each written atomically.
extension Convert {
  /// The checks of a many-file run that need no file read.
  func validateMany() throws {
    try data.validate()
    let plan = arguments
    try BatchPlan.requireProject(schemas: plan.schemas, data: plan.data, typeGiven: data.typeExpression != nil)
    guard let output, output != "-" else {
      let first = plan.data.first ?? "a data file"
      let what = plan.data.count == 1 && DataFileWalk.isDirectory(first) ? "\(first) is a directory" : "\(first) looks like data, and so does what follows"
      throw ValidationError(
        "\(what): convert writes one data file to standard output or -o FILE; give -o DIR to convert many files, a file each")
    }
    if format == .jsonl || !split.isEmpty {
      throw ValidationError("\(format == .jsonl ? "--format jsonl" : "--split") reads one data file; give one (or run castctl once per file)")
    }
    if binary, to != .plist { throw ValidationError("--binary goes with --to plist") }
    var info = stat()
    if stat(output, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
      throw ValidationError("-o \(output) is not a directory; converting many files writes a file each into -o DIR")
    }
  }

  /// Each file converted by its own castctl into `-o DIR`, side by side; findings on standard
  /// error in the order given, then one summary line.
  func runMany() throws {
    let plan = arguments
    let folder = output ?? "."
    let batch = BatchRun(
      // NB: not the output folder, where a walked directory holds it: its files are the last run's output.
      jobs: try BatchPlan.jobs(schemas: plan.schemas, data: plan.data, typeGiven: data.typeExpression != nil, skipping: folder),
      data: data, generator: generator)
    try batch.validate()
    let targets = try Self.targets(batch.jobs, in: folder, to: to, options: data)
    try batch.checkSchemas(color: Terminal.useColor(color.color, fileDescriptor: 2))
    // The folders this run makes: those no file was written into are removed at the end.
    var made: Set<String> = []
    for target in targets.values {
      let parent = OutputSink.folder(of: target)
      var missing = parent
      while !missing.isEmpty, missing != "/", missing != ".", !FileManager.default.fileExists(atPath: missing) {
        made.insert(missing)
        missing = (missing as NSString).deletingLastPathComponent
      }
      do {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      } catch {
        Terminal.writeError("castctl: error: cannot create \(parent): \(error.localizedDescription)\n")
        throw ExitCode.outputError
      }
    }
    defer {
      // NB: `rmdir` removes a folder only while it is empty, deepest first.
      for folder in made.sorted(by: { $0.count > $1.count }) { _ = rmdir(folder) }
    }
    var common = ["--to", to.rawValue, "--keys", keys.rawValue, "--color", Terminal.useColor(color.color, fileDescriptor: 2) ? "always" : "never"]
    if compact { common.append("--compact") }
    if binary { common.append("--binary") }
    if sortedKeys { common.append("--sorted-keys") }
    if withoutEscapingSlashes { common.append("--without-escaping-slashes") }
    if force { common.append("--force") }
    if quiet { common.append("--quiet") }
    if let maxNotes { common += ["--max-notes", String(maxNotes)] }
    if timing.timings { common.append("--timings") }
    let (options, generator, threads, fixed) = (data, self.generator, batch.threadsPerFile, common)
    let report = BatchReport(format: .text, command: .convert)
    batch.run(
      arguments: { job in
        ["convert"] + job.schemas.map(workerPath) + [workerPath(job.file.path)]
          + BatchRun.options(options, for: job).workerArguments(jobs: threads) + generator.workerArguments + fixed
          + ["-o", workerPath(targets[job.file.path] ?? "")]
      },
      deliver: { job, output in
        if job.unmapped { return report.addUnmapped(job) }
        report.add(job, output, counts: WorkerCounts())
      })
    let status = report.finish()
    if status != 0 { throw ExitCode(status) }
  }

  /// Where each input is written: its path below its directory argument (or its name) under
  /// `folder`, with the extension of the output. Two inputs with one target are refused before
  /// anything is written.
  static func targets(_ jobs: [BatchJob], in folder: String, to: OutputKind, options: DataOptions) throws -> [String: String] {
    var targets: [String: String] = [:]
    var sources: [String: String] = [:]
    for job in jobs where !job.unmapped && job.file.failure == nil {
      let relative = job.file.relative
      let stem = DataFileWalk.fileExtension(relative).isEmpty ? relative : String(relative.dropLast(DataFileWalk.fileExtension(relative).count + 1))
      let lines = options.isNDJSON(job.file.path) ? DataFileWalk.fileExtension(relative) : nil
      let ext: String
      switch to {
      case .json: ext = lines.flatMap { $0.isEmpty ? nil : $0 } ?? "json"
      case .yaml: ext = "yaml"
      case .plist: ext = "plist"
      }
      let target = (folder.hasSuffix("/") ? folder : folder + "/") + stem + "." + ext
      if let other = sources[target] {
        // NB: the same file given twice too (`u.json u.json`, a folder and a file in it): two
        // writers of one target would race, the later replacing the earlier without --force.
        throw ValidationError(
          other == job.file.path
            ? "\(other) is given twice; it would be written to \(target) twice"
            : "\(other) and \(job.file.path) would both be written to \(target)")
      }
      sources[target] = job.file.path
      targets[job.file.path] = target
    }
    return targets
  }
}
