#!/bin/sh
# Installs pyspark (and sarif-tools, for the SARIF consumer test) into integrations/spark/.venv.
# Idempotent: does nothing when both are already there.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/.venv"
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import pyspark' 2>/dev/null && [ -x "$venv/bin/sarif" ]; then
  exit 0
fi
# Debian splits venv's pip bootstrap and the JVM Spark needs into packages of their own.
missing=""
python3 -c 'import ensurepip' 2>/dev/null || missing="$missing python3-venv"
command -v java >/dev/null 2>&1 || missing="$missing default-jre-headless"
if [ -n "$missing" ] && command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing$missing" >&2
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check pyspark sarif-tools
