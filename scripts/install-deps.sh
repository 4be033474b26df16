#!/usr/bin/env bash
# Installs what castctl needs beyond the Swift toolchain: libedit (for the REPL), from Debian.
# Safe to run repeatedly; does nothing when everything is there.
set -euo pipefail

if pkg-config --exists libedit 2>/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "castctl: libedit development files are missing; install libedit-dev (Debian/Ubuntu) or libedit-devel." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "castctl: installing libedit-dev (needed by the REPL)..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libedit-dev pkg-config >/dev/null
