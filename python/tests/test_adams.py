"""Tests of the Python bindings against the project's reference Ext tables (tests/data/ext,
provenance in tests/data/README.md: Lin's archive for S_2, an independent resolver for
S_3 and tmf2), their errors, and Ctrl-C with a save directory."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy
import pytest

import adams

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "tests" / "data" / "ext"


def reference(name, max_stem, max_s):
    """{(n, s): dim} of tests/data/ext/NAME.csv within the range (zeros omitted)."""
    table = {}
    for line in (TABLES / f"{name}.csv").read_text().splitlines():
        if line.startswith("#") or line.startswith("stem"):
            continue
        n, s, _t, d = (int(x) for x in line.split(","))
        if n <= max_stem and s <= max_s and d:
            table[(n, s)] = d
    return table


@pytest.mark.parametrize(
    "module, algebra, table, max_stem, max_s",
    [
        ("S_2", None, "S_2", 40, 20),
        ("S_3", None, "S_3", 60, 20),
        ("S_2", "A(2)", "tmf2", 40, 20),
    ],
)
def test_tables(module, algebra, table, max_stem, max_s):
    res = adams.resolve(
        adams.Module.bundled(module), max_stem, max_s, algebra=algebra, progress=False
    )
    want = reference(table, max_stem, max_s)
    assert res.ext_dict() == want
    array = res.ext()
    assert array.shape == (max_s + 1, max_stem + 1)
    for (n, s), d in want.items():
        assert array[s, n] == d
        assert res.dim(n, s) == d
    assert int(array.sum()) == sum(want.values())
    assert res.dim(15, 1) == want.get((15, 1), 0)
    assert res.classes(0, 0) == [(0, 0, 0)]


def test_classical_agrees_and_certifies():
    nassau = adams.resolve(adams.Module.bundled("S_2"), 20, 10, progress=False)
    classical = adams.resolve(
        adams.Module.bundled("S_2"), 20, 10, algorithm="classical", progress=False
    )
    assert classical.algorithm == "classical" and nassau.algorithm == "nassau"
    assert classical.ext_dict() == nassau.ext_dict() == reference("S_2", 20, 10)
    certificate = nassau.certify()
    assert certificate["bidegrees"] == 11 * 21


def test_module_sources(tmp_path):
    c2 = ROOT / "modules" / "C2.json"
    from_file = adams.Module.from_file(c2)
    import json

    from_dict = adams.Module.from_json(json.loads(c2.read_text()))
    assert from_file.prime == from_dict.prime == 2
    want = reference("C2", 20, 10)
    for m in (adams.Module.bundled("C2"), from_file, from_dict):
        assert adams.resolve(m, 20, 10, progress=False).ext_dict() == want
    assert adams.Module.bundled("S_3").prime == 3
    assert "S_2" in adams.bundled_names()


def test_extend(tmp_path):
    small = adams.resolve(adams.Module.bundled("S_2"), 10, 5, save_dir=tmp_path / "s", progress=False)
    big = small.extend(30, 12, progress=False)
    assert big.ext_dict() == reference("S_2", 30, 12)
    with pytest.raises(adams.BadInput, match="must contain"):
        big.extend(5, 5)


def test_bad_input(tmp_path):
    with pytest.raises(adams.BadInput, match="no module named nosuch.*bundled"):
        adams.Module.bundled("nosuch")
    with pytest.raises(adams.BadInput, match="no such file"):
        adams.Module.from_file(tmp_path / "missing.json")
    with pytest.raises(adams.BadInput, match="is a folder"):
        adams.Module.from_file(str(tmp_path) + "/")
    bad = tmp_path / "bad.json"
    bad.write_text('{"p": 2, "gens": {"x0": "zero"}}')
    with pytest.raises(adams.BadInput, match="bad.json"):
        adams.Module.from_file(bad)
    with pytest.raises(adams.BadInput):
        adams.Module.from_json({"p": 2, "gens": {"x0": 0}, "actions": ["Sq1 x0 = y"]})
    with pytest.raises(TypeError):
        adams.Module.from_json("S_2")
    s2 = adams.Module.bundled("S_2")
    with pytest.raises(adams.BadInput, match="algorithm"):
        adams.resolve(s2, 10, 5, algorithm="fast")
    with pytest.raises(adams.BadInput, match="nassau"):
        adams.resolve(adams.Module.bundled("S_3"), 10, 5, algorithm="nassau")
    # ko's file names its algebra A(1): classical by default, Nassau's refused.
    ko = adams.Module.bundled("ko")
    assert adams.resolve(ko, 10, 5, progress=False).algorithm == "classical"
    with pytest.raises(adams.BadInput, match="nassau"):
        adams.resolve(ko, 10, 5, algorithm="nassau")
    with pytest.raises(adams.BadInput, match="A\\(n\\)"):
        adams.resolve(s2, 10, 5, algebra="B(2)")
    with pytest.raises(adams.BadInput, match="max_s"):
        adams.resolve(s2, 10, -1)
    with pytest.raises(adams.BadInput, match="S_2"):
        adams.resolve(s2, 100000, 5)
    # A save directory made for another module is refused, nothing in it changed.
    adams.resolve(s2, 5, 3, save_dir=tmp_path / "save", progress=False)
    with pytest.raises(adams.BadInput, match="save directory"):
        adams.resolve(adams.Module.bundled("C2"), 5, 3, save_dir=tmp_path / "save", progress=False)


def test_check_failed_and_compute_error_are_typed():
    assert issubclass(adams.CheckFailed, adams.AdamsError)
    assert issubclass(adams.ComputeError, adams.AdamsError)
    assert issubclass(adams.BadInput, adams.AdamsError)


INTERRUPTED = textwrap.dedent(
    """
    import sys, adams
    print("started", flush=True)
    try:
        adams.resolve(adams.Module.bundled("S_2"), 90, 40, save_dir=sys.argv[1], progress=False)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(7)
    print("finished", flush=True)
    """
)


def test_interrupt_and_resume(tmp_path):
    save = tmp_path / "save"
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED, str(save)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout.readline().strip() == "started"
    # The signal goes once the run has written its first records (a fixed sleep raced a
    # fast machine: the range finished before the signal came).
    started = time.monotonic()
    while not any(save.glob("s000/*")):
        assert child.poll() is None, "the run ended before it wrote a record"
        assert time.monotonic() - started < 60, "no record written in 60 s"
        time.sleep(0.01)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    stopped_after = time.monotonic() - sent
    assert child.returncode == 7, out
    assert "interrupted" in out
    assert stopped_after < 2.0, f"stopped {stopped_after:.2f} s after SIGINT"
    # The save directory resumes: the same module, a smaller range read back from it.
    res = adams.resolve(adams.Module.bundled("S_2"), 90, 40, save_dir=save, progress=False)
    assert res.ext_dict() == reference("S_2", 90, 40)
