#!/usr/bin/env bash
# The gate CI runs (make test, .ci/run): the whole suite under AddressSanitizer, the parallel
# paths under ThreadSanitizer, a 60-second run of every fuzz target side by side, then the Spark
# integration in local mode against the AddressSanitizer build of castctl, and sarif-tools
# reading castctl's SARIF. pyspark and sarif-tools (a 300 MB download) install in the background
# while the sanitizer builds use the cores.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

mkdir -p .build
spark_log=.build/spark-setup.log
integrations/spark/setup.sh >"$spark_log" 2>&1 &
spark_setup=$!

scripts/sanitize.sh asan
scripts/sanitize.sh tsan
FUZZ_BUILD=only scripts/fuzz.sh

if ! wait "$spark_setup"; then
  echo "gate: installing pyspark failed:" >&2
  cat "$spark_log" >&2
  exit 1
fi
# The fuzz run lasts 60 s whatever else runs, so the Spark and SARIF tests run beside it.
(
  CASTCTL_BIN="$root/.build-asan/debug/castctl" CASTCTL_SPARK_REQUIRED=1 integrations/spark/run-tests.sh
  # The SARIF consumer test skipped in the suite above while sarif-tools was still installing.
  CASTCTL_SARIF_REQUIRED=1 scripts/sanitize.sh asan --skip-build --filter 'CIFormatCommandTests/sarifToolsReadsIt'
) &
integrations=$!
fuzz_status=0
FUZZ_BUILD=skip FUZZ_SECONDS=60 FUZZ_PARALLEL=1 scripts/fuzz.sh || fuzz_status=$?
integration_status=0
wait "$integrations" || integration_status=$?
if [[ $fuzz_status != 0 || $integration_status != 0 ]]; then
  echo "gate: fuzzing ended with $fuzz_status, the Spark and SARIF tests with $integration_status" >&2
  exit 1
fi
