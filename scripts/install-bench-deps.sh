#!/usr/bin/env bash
# Installs what `make bench` needs beyond castctl's own dependencies: simdjson's headers and
# library (the DOM and On-Demand peers are built from ../shared/bench/peers/simdjson), from Debian,
# and GenSON (the `castctl infer` peer), from PyPI into a virtual environment under .build.
# Safe to run repeatedly; does nothing when everything is there. Prints the Python to run with.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/.build/bench-venv"

have_simdjson() {
  echo '#include <simdjson.h>' | "${CXX:-g++}" -std=c++17 -fsyntax-only -x c++ - >/dev/null 2>&1
}

source "$ROOT/scripts/apt-install.sh"
if ! have_simdjson; then apt_install "the benchmark's simdjson peers" libsimdjson-dev g++; fi

if ! "$VENV/bin/python" -c 'import genson' >/dev/null 2>&1; then
  echo "castctl bench: installing GenSON (the infer peer) into $VENV..." >&2
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check genson >&2
fi
echo "$VENV/bin/python"
