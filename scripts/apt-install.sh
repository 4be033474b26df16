# Sourced by castctl's install scripts: `apt_install WHY PACKAGE…` installs Debian packages (as
# root, or through sudo), or says what to install where there is no apt-get.
apt_install() {
  local why="$1"
  shift
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "castctl: $* missing ($why); install them with your system's package manager." >&2
    return 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "castctl: installing $* ($why)..." >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
