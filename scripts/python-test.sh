#!/usr/bin/env bash
# The Python bindings (python/): a virtual environment in target/python-venv (made when
# missing), maturin, pytest, numpy and blake3 (the tests rewrite a save record's checksum)
# installed there from PyPI, the package installed
# from the clone with `pip install ./python` (as the README says, in a cheaper profile), then its pytest suite
# and the README's Python example run as written.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 >/dev/null 2>&1; then
    echo "error: python3 not found: the Python bindings' tests need it (Debian: python3 python3-venv)" >&2
    exit 2
fi
venv=target/python-venv
# A fresh venv; a half-made one (Debian without python3-venv leaves one without pip) is
# made again.
make_venv() {
    rm -rf "$venv"
    python3 -m venv "$venv" >/dev/null 2>&1 && [ -x "$venv/bin/pip" ]
}
if [ ! -x "$venv/bin/pip" ] && ! make_venv; then
    # Debian ships `venv`'s pip bootstrap in its own package: install it, as the browser
    # stage installs chromium.
    echo "installing python3-venv (apt-get) for the Python tests" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    if ! { $sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv; } || ! make_venv; then
        echo "error: python3 -m venv failed and python3-venv could not be installed; install it and rerun" >&2
        exit 2
    fi
fi
"$venv/bin/pip" install -q --upgrade maturin pytest numpy blake3
# The package as the README installs it, built in the profile `pytest` of python/Cargo.toml
# (opt-level 1: the tests' ranges are small; the release build is most of this stage's time).
MATURIN_PEP517_ARGS="--profile pytest" "$venv/bin/pip" install -q ./python
# From the repository root, so that the source folder python/adams does not shadow the
# installed package.
"$venv/bin/pytest" -q python/tests
# The README's Python section, as written: its first python block.
readme_example=$(awk '/^## Python/{f=1} f&&/^```python/{g=1;next} g&&/^```/{exit} g' README.md)
out=$(cd /tmp && "$OLDPWD/$venv/bin/python" -c "$readme_example")
echo "$out"
[ "$(echo "$out" | head -1)" = "1" ] || { echo "error: README's Python example printed $out, expected 1 first" >&2; exit 1; }
# The guide's Python page: its python blocks in order, from the repository root.
guide=$(awk '/^```python/{g=1;next} g&&/^```/{g=0;next} g' docs/guide/14-python.md)
(cd python/.. && "$venv/bin/python" -c "import sys; sys.path.pop(0) if sys.path and sys.path[0] in ('', '.') else None; exec(sys.stdin.read())" <<<"$guide")
