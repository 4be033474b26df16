import ArgumentParser

/// `--timings`, for the commands that read data.
struct TimingOptions: ParsableArguments {
  @Flag(help: "Write how long each phase took (loading the schemas, compiling the plans, the data, the output) to standard error.")
  var timings = false
}
