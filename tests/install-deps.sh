#!/usr/bin/env bash
# Install what the tests need on a fresh Debian machine (run as root): GNU Go, Node.js with
# the npm package @sabaki/gtp, and the package itself with pytest, hypothesis and ruff.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export DEBIAN_FRONTEND=noninteractive
export PIP_DISABLE_PIP_VERSION_CHECK=1

missing=()
command -v gnugo >/dev/null || [ -x /usr/games/gnugo ] || missing+=(gnugo)
command -v npm >/dev/null || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python -m pip install -q -e '.[test]'
(cd tests/node && npm ci --no-audit --no-fund --loglevel=error)
