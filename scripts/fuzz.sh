#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/Sources with -sanitize=fuzzer,address and runs each in turn.
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_TARGETS   which targets (default: FuzzJSON FuzzCast FuzzValidate FuzzYAML)
#   FUZZ_JOBS      libFuzzer workers per target (default 1, leaving the other cores free)
#   FUZZ_KEEP_GOING=1  carry on after a crash (libFuzzer's fork mode), for long unattended runs
#   FUZZ_BUILD=only|skip  build and stop (the gate builds first and runs beside the Spark
#                      test), or run what was built
#   FUZZ_PARALLEL=1    run the targets at the same time rather than one after another (CI's
#                      smoke run: each still runs FUZZ_SECONDS, sharing the cores)
#   SHARED_DIR     the shared samples and JSONTestSuite (default: ../shared beside the package)
# Corpora grow in Fuzz/.work/corpus/<target> (not committed) and are seeded on every run from
# schemas/, $SHARED_DIR/samples and $SHARED_DIR/data/JSONTestSuite (FuzzYAML: Fuzz/Seeds/yaml, with
# anchors, aliases, tags and several documents, and YAML files; FuzzValidate and FuzzJSON also
# Fuzz/Seeds/json, records of the fuzz schemas' models). A crash, leak or timeout
# leaves its input in Fuzz/.work/artifacts/ and makes the script fail.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-FuzzJSON FuzzCast FuzzValidate FuzzYAML}
jobs=${FUZZ_JOBS:-1}
shared=${SHARED_DIR:-$root/../shared}
work=$root/Fuzz/.work
bin=$root/Fuzz/.build/release

cd "$root"
# NB: the compiler honours only the last -sanitize= flag when compiling (both reach the link),
# and SwiftPM passes --sanitize values as separate flags, so `--sanitize=fuzzer
# --sanitize=address` builds modules with no coverage at all ("no interesting inputs"). SwiftPM
# still needs --sanitize=fuzzer to let libFuzzer supply main; the combined flag comes last.
# CASTCTL_FUZZ=1 adds the targets to the package (Package.swift); each is built as its own
# product, since castctl itself, which has a main, cannot link with libFuzzer's.
if [[ ${FUZZ_BUILD:-} != skip ]]; then
  for target in $targets; do
    CASTCTL_FUZZ=1 swift build --scratch-path Fuzz/.build -c release --sanitize=fuzzer \
      -Xswiftc -sanitize=fuzzer,address --product "$target"
  done
fi
[[ ${FUZZ_BUILD:-} == only ]] && exit 0
# The Swift runtime's backtracer would hold a crash for up to 30 s; libFuzzer prints the stack.
export SWIFT_BACKTRACE=enable=no

# Copies the seed files of one target into a fresh seed folder (the growing corpus is kept).
seed() {
  local target=$1 seeds=$work/seeds/$1
  rm -rf "$seeds"
  mkdir -p "$seeds" "$work/corpus/$target"
  local patterns
  case $target in
    FuzzCast) patterns=("*.cast" "*.swift") ;;
    FuzzYAML) patterns=("*.yaml" "*.yml" "*.json") ;;
    *) patterns=("*.json" "*.ndjson") ;;
  esac
  local folders=("$root/schemas" "$shared/samples")
  [[ $target == FuzzYAML ]] && folders+=("$root/Fuzz/Seeds/yaml")
  [[ $target == FuzzValidate || $target == FuzzJSON ]] && folders+=("$root/Fuzz/Seeds/json")
  [[ $target == FuzzCast || $target == FuzzYAML ]] || folders+=("$shared/data/JSONTestSuite/test_parsing")
  for folder in "${folders[@]}"; do
    [[ -d $folder ]] || { echo "fuzz: $folder not found; seeding without it" >&2; continue; }
    for pattern in "${patterns[@]}"; do
      # Large files slow every iteration down; libFuzzer mutates small inputs best.
      find "$folder" -name "$pattern" -size -64k -exec cp {} "$seeds/" \;
    done
  done
}

mkdir -p "$work/artifacts" "$work/logs"

# Runs one target for $seconds; fails when libFuzzer reports a crash, leak or timeout.
run_target() {
  local target=$1
  local dict=$root/Fuzz/Dictionaries/json.dict
  [[ $target == FuzzCast ]] && dict=$root/Fuzz/Dictionaries/cast.dict
  [[ $target == FuzzYAML ]] && dict=$root/Fuzz/Dictionaries/yaml.dict
  local log=$work/logs/$target.log
  local parallel=()
  [[ $jobs -gt 1 ]] && parallel=(-jobs="$jobs" -workers="$jobs")
  [[ ${FUZZ_KEEP_GOING:-0} == 1 ]] && parallel=(-fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # (cd: with -jobs, libFuzzer writes fuzz-N.log files into the current folder.)
  (cd "$work/logs" && "$bin/$target" "$work/corpus/$target" "$work/seeds/$target" -dict="$dict" \
    -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 "${parallel[@]}" \
    -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 >"$log" 2>&1)
}

# The last status line and the final statistics of a target: executions, coverage, corpus size.
summarize() {
  local log=$work/logs/$1.log
  grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 || true
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
}

status=0
if [[ ${FUZZ_PARALLEL:-0} == 1 ]]; then
  declare -A pids
  for target in $targets; do
    seed "$target"
    echo "fuzz: $target for ${seconds}s (in parallel)"
    run_target "$target" &
    pids[$target]=$!
  done
  for target in $targets; do
    if ! wait "${pids[$target]}"; then
      echo "fuzz: $target FAILED; see $work/logs/$target.log and $work/artifacts/" >&2
      status=1
    fi
    echo "fuzz: $target"
    summarize "$target"
  done
else
  for target in $targets; do
    seed "$target"
    echo "fuzz: $target for ${seconds}s"
    if ! run_target "$target"; then
      echo "fuzz: $target FAILED; see $work/logs/$target.log and $work/artifacts/" >&2
      status=1
    fi
    summarize "$target"
  done
fi
exit $status
