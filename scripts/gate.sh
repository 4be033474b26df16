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
FUZZ_SECONDS=60 FUZZ_PARALLEL=1 scripts/fuzz.sh

if ! wait "$spark_setup"; then
  echo "gate: installing pyspark failed:" >&2
  cat "$spark_log" >&2
  exit 1
fi
CASTCTL_BIN="$root/.build-asan/debug/castctl" CASTCTL_SPARK_REQUIRED=1 integrations/spark/run-tests.sh
# The SARIF consumer test skipped in the suite above if sarif-tools was still installing.
CASTCTL_SARIF_REQUIRED=1 scripts/sanitize.sh asan --filter 'CIFormatCommandTests/sarifToolsReadsIt'
