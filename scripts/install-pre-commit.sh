#!/bin/sh
# Installs pre-commit (PyPI) into .tools/pre-commit (ignored by git), for the test of the hooks in
# .pre-commit-hooks.yaml (scripts/test-pre-commit-hooks.sh). Idempotent: does nothing when it is
# there. Prints the path of the pre-commit executable.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.tools/pre-commit"
if ! [ -x "$venv/bin/pre-commit" ]; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check pre-commit >&2
fi
echo "$venv/bin/pre-commit"
