#!/usr/bin/env bash
# Install what the tests need on a fresh Debian machine (run as root): GNU Go, Leela Zero
# (the tests write its network), Node.js with the npm package @sabaki/gtp, a CJK font and
# librsvg (the pictures' Chinese lines, a second SVG renderer with cairo), and the package
# itself with its test extra (pytest, hypothesis, ruff, mypy, Pillow, CairoSVG and the png extra)
# and its Dask extra (the cluster tests start a scheduler and workers on 127.0.0.1); GoGui
# and KataGo builds when they are at hand (below).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# the package and its test tools go into the Python that `python` runs (the README's test
# line runs `python -m pytest` there): a virtual environment, say, on a system whose own
# Python refuses pip installs
if ! command -v python >/dev/null; then
    echo "install-deps.sh: no 'python' on PATH; run it where 'python' is the Python 3.10 or" \
        "later the tests should use (python3 -m venv .venv && . .venv/bin/activate, say)" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
export PIP_DISABLE_PIP_VERSION_CHECK=1

missing=()
command -v gnugo >/dev/null || [ -x /usr/games/gnugo ] || missing+=(gnugo)
command -v leelaz >/dev/null || [ -x /usr/lib/leelaz/bin/leelaz ] || missing+=(leela-zero)
command -v node >/dev/null || missing+=(nodejs)
[ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
command -v rsvg-convert >/dev/null || missing+=(librsvg2-bin)
# the real GUI clients' tests: kigo, Lizzie, GoGui and cgoban under Xvfb, driven by xdotool,
# seen through ImageMagick
[ -x /usr/games/kigo ] || missing+=(kigo)
[ -x /usr/games/cgoban ] || missing+=(cgoban)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
command -v import >/dev/null || missing+=(imagemagick)
command -v dbus-run-session >/dev/null || missing+=(dbus-x11)
[ -f /usr/share/java/lizzie.jar ] || missing+=(liblizzie-java)
command -v java >/dev/null || missing+=(default-jre)
# KataGo's run-time library (the KataGo build below links it)
dpkg -s libzip4 >/dev/null 2>&1 || missing+=(libzip4)
updated=
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq && updated=1
    apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# npm after Node.js: a Node.js from NodeSource carries its own npm and conflicts with
# Debian's, so Debian's npm is installed only where the Node.js installed has none
if ! command -v npm >/dev/null; then
    [ -n "$updated" ] || apt-get update -qq
    apt-get install -y -qq npm >/dev/null
fi

# GoGui 1.6 (gogui-regress, gogui-twogtp) for the GoGui tests, when a build is at hand:
# GOGUI_TARBALL names it (default: the shared tools folder beside the checkout).  The tests
# find it there (or wherever GOGUI_HOME names); without one they are skipped.
gogui_tarball="${GOGUI_TARBALL:-../shared/tools/gogui-build.tar.gz}"
if [ -z "${GOGUI_HOME:-}" ] && [ -f "$gogui_tarball" ] && ! [ -d /opt/gogui ]; then
    mkdir -p /opt/gogui.part && tar -xzf "$gogui_tarball" -C /opt/gogui.part
    mv /opt/gogui.part /opt/gogui
fi

# KataGo 1.17 (CPU build with a small trained network) for the tests that put it behind the
# proxy, when a build is at hand: KATAGO_TARBALL names it (default: the shared tools folder
# beside the checkout); it unpacks to /opt/katago/katago (bin/katago, models/, gtp-test.cfg).
# The tests find it there (or wherever KATAGO_HOME names); without one they are skipped.
katago_tarball="${KATAGO_TARBALL:-../shared/tools/katago-build.tar.gz}"
if [ -z "${KATAGO_HOME:-}" ] && [ -f "$katago_tarball" ] && ! [ -d /opt/katago ]; then
    mkdir -p /opt/katago.part && tar -xzf "$katago_tarball" -C /opt/katago.part
    mv /opt/katago.part /opt/katago
fi

python -m pip install -q -e '.[test,dask]'
(cd tests/node && npm ci --no-audit --no-fund --loglevel=error)
