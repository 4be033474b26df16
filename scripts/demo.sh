#!/usr/bin/env bash
# `make demo`: castctl on the shipped examples (check, schema, validate, convert, roundtrip).
# Each step prints the command it runs and its exit status.
set -uo pipefail
BIN=${1:-.build/debug/castctl}
cd "$(dirname "$0")/../schemas"
run() {
  echo
  echo "\$ castctl $*"
  "../$BIN" "$@"
  echo "(exit $?)"
}
run check users.cast classy.cast
run schema users.cast User
run validate users.cast users.json
run validate users.cast users-invalid.json
run validate users.cast users.ndjson --strict
run validate -c classy.cast classy.json --model Classz
run convert users.cast users.json --to yaml
run roundtrip users.cast users.json
exit 0
