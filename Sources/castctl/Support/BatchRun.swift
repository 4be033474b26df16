import ArgumentParser
import CastSchema
import CastValidate
import Foundation

/// Runs a many-file run: the schemas checked once, then a castctl per data file (`ChildRun`),
/// side by side on a bounded pool, each file's outcome handed back in the order given.
struct BatchRun {
  let jobs: [BatchJob]
  let data: DataOptions
  let generator: GeneratorOptions

  /// At most this many files at once: one per `--jobs` thread, and no more than the open-file
  /// limit leaves room for (each running file takes three descriptors here, and a result
  /// waiting for its turn may hold one: `ChildOutput`).
  var workers: Int { max(1, min(data.jobs, jobs.count, Self.descriptorRoom / Self.descriptorsPerWorker)) }

  /// Descriptors one worker may hold: three for the running file, four results waiting.
  static let descriptorsPerWorker = 7

  /// The open-file limit less what castctl keeps for itself (standard streams, the schemas, the
  /// spools of the merged report).
  static let descriptorRoom: Int = {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return Int.max / 2 }
    return max(0, Int(clamping: limit.rlim_cur) - 64)
  }()

  /// Threads each file gets: the cores shared out, at least one.
  var threadsPerFile: Int { max(1, data.jobs / workers) }

  /// The data options a job runs with: the command's, with its `castctl.yaml` check's choices.
  static func options(_ data: DataOptions, for job: BatchJob) -> DataOptions {
    guard let check = job.check else { return data }
    var options = data
    if let model = check.model { (options.model, options.typeExpression) = (model, nil) }
    if let type = check.type { (options.model, options.typeExpression) = (nil, type) }
    if let strict = check.strict { options.strict = strict }
    if let unknown = check.unknown { options.unknown = unknown }
    if let ndjson = check.ndjson { options.ndjson = ndjson }
    return options
  }

  /// Loads each distinct schema set once, shows its diagnostics once, and resolves its target:
  /// schema errors end the run with exit 2 and an unknown model with 64 before any file is read.
  /// Returns the warnings of every schema set, located, each once, for the reports that carry
  /// them; before exit 2, hands `failing` those and the errors.
  @discardableResult
  func checkSchemas(color: Bool, failing: ([DiagnosticSite]) -> Void = { _ in }) throws -> [DiagnosticSite] {
    var seen: Set<[String]> = []
    var sites: [DiagnosticSite] = []
    for job in jobs where !job.unmapped && job.file.failure == nil {
      let options = Self.options(data, for: job)
      let key = job.schemas + ["\u{0}", options.model ?? "", options.typeExpression ?? ""]
      guard seen.insert(key).inserted else { continue }
      // A schema that cannot be read, or a model it lacks, was named in castctl.yaml: say where.
      func naming<T>(_ step: () throws -> T) throws -> T {
        do {
          return try step()
        } catch {
          if let check = job.check { Terminal.writeError("castctl: note: in the check at \(check.place)\n") }
          throw error
        }
      }
      let session = try naming { try SchemaSession.load(job.schemas, options: generator) }
      ProcessLifetime.keep(session)
      if let type = job.check?.type, let location = job.check?.typeLocation, !session.hasErrors,
        case .failure(let problem) = session.resolve(type: type, model: nil)
      {
        // A type from castctl.yaml is a mistake in that file: named at its place there first.
        Terminal.writeError(
          "\(location): error: type: '\(ControlCharacters.escaped(type))' cannot be read\n" + problem.render(files: session.registry.files, style: TextStyle(enabled: color)))
        throw ExitCode.usage
      }
      // NB: two schema sets may share a file, whose diagnostics are then said once.
      for site in DiagnosticSite.sites(session.diagnostics, files: session.registry.files, minimum: .warning) where !sites.contains(site) {
        sites.append(site)
      }
      do {
        _ = try naming { try SchemaSession.target(session, options: options, errorColor: color) }
      } catch let exit as ExitCode where exit.rawValue == ExitCode.schemaErrors.rawValue {
        failing(sites)
        throw exit
      }
    }
    return sites
  }

  /// Runs every file (`arguments` gives a file's command line) and delivers each in order.
  func run(arguments: @escaping @Sendable (BatchJob) -> [String], deliver: (BatchJob, ChildRun.Output) throws -> Void) rethrows {
    let jobs = self.jobs
    ChildSignals.install()
    let pool = OrderedPool<ChildRun.Output>(count: jobs.count) { index in
      let job = jobs[index]
      guard !job.unmapped, job.file.failure == nil else { return ChildRun.Output(status: 0, stdout: .empty, stderr: []) }
      return ChildRun(arguments: arguments(job), readsStandardInput: job.file.path == "-").run()
    }
    try pool.run(workers: workers) { index, output in
      let job = jobs[index]
      if let failure = job.file.failure {
        let message = "castctl: error: cannot read \(ControlCharacters.escaped(job.file.path)): \(failure)\n"
        return try deliver(job, ChildRun.Output(status: ExitCode.unreadableInput.rawValue, stdout: .empty, stderr: Array(message.utf8)))
      }
      try deliver(job, output)
    }
  }

  /// Refuses what a many-file run cannot do: standard input twice.
  func validate() throws {
    if jobs.filter({ $0.file.path == "-" }).count > 1 { throw ValidationError("- (standard input) can be read only once") }
  }
}
