#!/bin/sh
# Installs pyspark (and sarif-tools, for the SARIF consumer test) into integrations/spark/.venv.
# Idempotent: does nothing when both are already there.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/.venv"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import pyspark' 2>/dev/null && [ -x "$venv/bin/sarif" ]; then
  exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check pyspark sarif-tools
