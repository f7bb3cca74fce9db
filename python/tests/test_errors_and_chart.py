"""CheckFailed and ComputeError each raised by a real failure (a save directory altered
behind the engine's back; a record that cannot be written), module operations
(shift, smash, dual, algebra profiles), and the chart (chart.json read back against the Ext table)."""

import json
from pathlib import Path

import blake3
import pytest

import adams

ROOT = Path(__file__).resolve().parents[2]


def rewrite_generators(path, edit):
    """Rewrites the generators record of a bidegree file (crates/resolution/SAVE-FORMAT.md:
    52 header bytes, the payload, a BLAKE3 of what precedes it) with its payload changed by
    ``edit`` and its checksum recomputed, so that the record still loads."""
    data = bytearray(path.read_bytes())
    assert data[:8] == b"ADAMSREC" and data[10] == 1 and data[11] == 0  # generators, raw
    length = int.from_bytes(data[44:52], "little")
    payload = bytearray(data[52 : 52 + length])
    edit(payload)
    data[52 : 52 + length] = payload
    data[52 + length : 52 + length + 32] = blake3.blake3(bytes(data[: 52 + length])).digest()
    path.write_bytes(bytes(data))


def test_check_failed_on_a_record_that_loads_but_is_not_exact(tmp_path):
    save = tmp_path / "save"
    s2 = adams.Module.bundled("S_2")
    assert adams.resolve(s2, 20, 8, save_dir=save, progress=False).certify()["bidegrees"] == 189

    def zero_differential(payload):
        # One new generator (h2^2, the one class at (stem 6, s 2)): its d set to 0, which
        # keeps d∘d = 0 but leaves the complex not exact at C_2 in degree 8.
        assert int.from_bytes(payload[0:4], "little") == 1
        payload[12:] = bytes(len(payload) - 12)

    rewrite_generators(save / "s002" / "t008.rec", zero_differential)
    res = adams.resolve(s2, 20, 8, save_dir=save, progress=False)
    with pytest.raises(adams.CheckFailed, match=r"bidegree \(stem 6, s 2, t 8\).*not exact"):
        res.certify()


def test_compute_error_when_a_record_cannot_be_written(tmp_path):
    save = tmp_path / "save"
    s2 = adams.Module.bundled("S_2")
    adams.resolve(s2, 2, 2, save_dir=save, progress=False)
    # The record of (stem 9, s 1) is a non-empty folder: writing it fails (exit 3's kind).
    (save / "s001" / "t010.rec" / "x").mkdir(parents=True)
    with pytest.raises(adams.ComputeError, match=r"save file .*s001/t010.rec: Is a directory"):
        adams.resolve(s2, 10, 3, save_dir=save, progress=False)


def test_shifts_and_algebras():
    c2 = adams.resolve(adams.Module.bundled("C2"), 10, 6, progress=False).ext_dict()
    for module in (adams.Module.bundled("C2", shift=2), adams.Module.bundled("C2").shift(2)):
        assert module.name == "C2[2]"
        shifted = adams.resolve(module, 12, 6, progress=False).ext_dict()
        assert shifted == {(n + 2, s): d for (n, s), d in c2.items()}
    assert adams.Module.bundled("C2[1]").shift(-1).name == "C2"
    # S_2 is the unit of the smash product; the Spanier–Whitehead dual of the Moore
    # spectrum C2 is C2 desuspended once (cells in degrees -1, 0 with Sq^1 between).
    unit = adams.Module.bundled("C2").smash(adams.Module.bundled("S_2"))
    assert adams.resolve(unit, 10, 6, progress=False).ext_dict() == c2
    dual = adams.resolve(adams.Module.bundled("C2").dual(), 9, 6, progress=False).ext_dict()
    assert dual == {(n - 1, s): d for (n, s), d in c2.items()}
    with pytest.raises(adams.BadInput, match="dict"):
        adams.Module.from_json(json.loads((ROOT / "modules" / "C2.json").read_text())).dual()
    a1 = adams.Algebra("A(1)")
    assert a1 == adams.Algebra(profile=[2, 1]) == adams.Algebra("2,1") and a1.name == "A(1)"
    by_name = adams.resolve(adams.Module.bundled("S_2"), 20, 8, algebra="A(1)", progress=False)
    by_profile = adams.resolve(adams.Module.bundled("S_2"), 20, 8, algebra=a1, progress=False)
    assert by_name.ext_dict() == by_profile.ext_dict()
    with pytest.raises(adams.BadInput, match="profile"):
        adams.resolve(adams.Module.bundled("S_2"), 5, 3, algebra=adams.Algebra(profile=[1, 2]))
    with pytest.raises(adams.BadInput, match="expected whole numbers"):
        adams.Algebra("2,x")


def test_chart(tmp_path):
    res = adams.resolve(adams.Module.bundled("S_2"), 20, 8, progress=False)
    chart = res.chart()
    assert "<svg" in chart._repr_svg_() and "</svg>" in chart._repr_svg_()
    assert "<html" in chart._repr_html_().lower()
    classes = json.loads(chart.json)["classes"]
    assert len(classes) == sum(res.ext_dict().values())
    counts = {}
    for c in classes:
        counts[(c["stem"], c["s"])] = counts.get((c["stem"], c["s"]), 0) + 1
    assert counts == res.ext_dict()
    for name in ("chart.svg", "chart.html", "chart.json"):
        chart.save(tmp_path / name)
    assert (tmp_path / "chart.svg").read_text() == chart.svg
    with pytest.raises(ValueError, match=".svg, .html or .json"):
        chart.save(tmp_path / "chart.png")
