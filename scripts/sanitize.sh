#!/usr/bin/env bash
# Runs the tests under a sanitizer, each in its own build folder so the normal build is untouched.
#   scripts/sanitize.sh asan   the whole suite under AddressSanitizer (.build-asan)
#   scripts/sanitize.sh tsan   the parallel suites under ThreadSanitizer (.build-tsan): in-process
#                              StreamValidator with 2 workers, castctl --jobs 2, and infer's
#                              threads (inferring and verifying NDJSON with 4), a Validator
#                              shared by tasks from its first use, `Locked`, and a batch's
#                              reporting thread woken by a worker
# Extra arguments go to `swift test` (e.g. --filter Fault). Exits non-zero on any report.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mode=${1:?usage: scripts/sanitize.sh asan|tsan [swift test arguments…]}
shift

# The Swift runtime's backtracer would hold a crash for up to 30 s; the sanitizer prints the stack.
export SWIFT_BACKTRACE=enable=no
case $mode in
  asan)
    # NB: LeakSanitizer is off by default through castctl's __asan_default_options hook
    # (Sources/castctl/Support/SanitizerDefaults.swift), for the test runner and every castctl
    # it starts: Swift packs bits into some pointers, so LSan reports live objects as leaked.
    # NB: ld.gold warns once per ASan report function that it "cannot export local symbol"; the
    # warning is about the runtime, not castctl, and would bury the log, so it is filtered out.
    swift test --disable-xctest --scratch-path .build-asan --sanitize=address "$@" 2>&1 \
      | sed "/ld.gold: warning: Cannot export local symbol '__asan/d"
    ;;
  tsan)
    export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
    swift test --disable-xctest --scratch-path .build-tsan --sanitize=thread \
      --filter 'ParallelNDJSON|BatchPiecesWakeup|InferOrderTests/(threads|verifyThreads)|SharedValidatorTests|LockedTests' "$@"
    ;;
  *)
    echo "usage: scripts/sanitize.sh asan|tsan [swift test arguments…]" >&2
    exit 64
    ;;
esac
