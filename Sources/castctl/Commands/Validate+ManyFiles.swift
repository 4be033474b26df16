import ArgumentParser
import Foundation

/// `validate` over many files: data files, directories, or what `castctl.yaml` maps.
extension Validate {
  /// The checks of a many-file run that need no file read.
  func validateMany() throws {
    try data.validate()
    try BatchPlan.requireProject(schemas: arguments.schemas, data: arguments.data, typeGiven: data.typeExpression != nil)
    if format == .jsonl || !split.isEmpty { try BatchPlan.refusePipeMode(format == .jsonl ? "--format jsonl" : "--split", data: arguments.data) }
    try validateReportLimits()
    if data.typeExpression != nil, arguments.data.isEmpty { throw ValidationError("give the data files after --type") }
  }

  /// Each file checked by its own castctl, side by side; the reports in the order given, then
  /// one summary. The exit status is the highest of any file's (see the README).
  func runMany() throws {
    let plan = arguments
    let batch = BatchRun(
      jobs: try BatchPlan.jobs(schemas: plan.schemas, data: plan.data, typeGiven: data.typeExpression != nil),
      data: data, generator: generator)
    try batch.validate()
    let report = BatchReport(format: format)
    // The schemas' warnings and errors go into the formats that write one document; errors end
    // the run with that document alone.
    let modelSites = try batch.checkSchemas(color: Terminal.useColor(colorChoice, fileDescriptor: 2)) { report.finish(modelFailure: $0) }
    report.add(model: modelSites)
    let common = workerOptions(color: Terminal.useColor(colorChoice, fileDescriptor: format == .text ? 1 : 2))
    let (options, generator, threads) = (data, self.generator, batch.threadsPerFile)
    batch.run(
      arguments: { job in
        ["validate"] + job.schemas.map(workerPath) + [workerPath(job.file.path)]
          + BatchRun.options(options, for: job).workerArguments(jobs: threads) + generator.workerArguments + common
      },
      deliver: { job, output in
        if job.unmapped { return report.addUnmapped(job) }
        report.add(job, output, counts: WorkerCounts.read(output.counts))
      })
    let status = report.finish()
    if status != 0 { throw ExitCode(status) }
  }

  /// The reporting options every file's run gets.
  private func workerOptions(color: Bool) -> [String] {
    var options = ["--format", format.rawValue, "--color", color ? "always" : "never"]
    options += ["--max-errors", String(maxErrors), "--max-warnings", String(maxWarnings)]
    options += ["--max-record-findings", String(maxRecordFindings)]
    if let maxNotes { options += ["--max-notes", String(maxNotes)] }
    if summary { options.append("--summary") }
    if quiet { options.append("--quiet") }
    if timing.timings { options.append("--timings") }
    return options + ["--worker-counts", ChildRun.countsPath]
  }
}
