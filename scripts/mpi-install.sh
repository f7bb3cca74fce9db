#!/usr/bin/env bash
# Installs what the feature `mpi` needs to build and run (Debian's libopenmpi-dev,
# openmpi-bin and libclang-dev, for rsmpi's bindings) when missing; exit 2 with the reason
# when that is impossible. Used by scripts/test.sh (before its one clippy run and its one
# test build, both with the feature) and scripts/mpi-test.sh.
set -euo pipefail
if ! command -v mpirun >/dev/null 2>&1 || ! dpkg -s libopenmpi-dev libclang-dev >/dev/null 2>&1; then
    echo "installing MPI for the mpi feature's tests (libopenmpi-dev openmpi-bin libclang-dev)" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        sudo="sudo"
    fi
    if ! { $sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libopenmpi-dev openmpi-bin libclang-dev; }; then
        echo "error: cannot install libopenmpi-dev openmpi-bin libclang-dev (needed by the mpi tests); install them and rerun" >&2
        exit 2
    fi
fi
