#!/usr/bin/env bash
# Installs what castctl needs beyond the Swift toolchain: libedit (for the REPL), from Debian.
# Safe to run repeatedly; does nothing when everything is there.
set -euo pipefail

if pkg-config --exists libedit 2>/dev/null; then
  exit 0
fi
source "$(dirname "$0")/apt-install.sh"
apt_install "the REPL's line editing" libedit-dev pkg-config
