"""Maps of modules from Python (``Resolution.map``): the bottom cell ``S -> C2`` and the pinch
``C2 -> S^1`` (the project's ``maps/``) induce maps on Ext that make
``Ext(S) -> Ext(C2) -> Ext(S^1)`` exact at every bidegree of ``Ext(C2)`` in range: the long
exact sequence of the cofibration ``S -> S -> C2 -> S^1`` (J. F. Adams, "Stable homotopy and
generalised homology" (1974), III.15); the bottom cell sends ``1`` in ``Ext^{0,0}(S)`` to the
bottom class of ``Ext(C2)``. Bad map files raise ``BadInput`` with ``adams map``'s message.
"""

from pathlib import Path

import pytest

import adams

MAPS = Path(__file__).resolve().parents[2] / "maps"


def rank(rows):
    """The rank over F_2 of rows given as lists of column indices."""
    basis = []
    for r in rows:
        v = 0
        for c in r:
            v ^= 1 << c
        for b in basis:
            v = min(v, v ^ b)
        if v:
            basis.append(v)
            basis.sort(reverse=True)
    return len(basis)


@pytest.fixture(scope="module")
def sphere():
    return adams.resolve(adams.Module.bundled("S_2"), 20, 8, progress=False)


def test_bottom_cell_and_pinch_are_exact_at_every_class_of_c2(sphere):
    bottom = sphere.map(MAPS / "C2-bottom-cell.json")
    pinch = sphere.map(MAPS / "C2-pinch.json")
    assert (bottom.source, bottom.target, bottom.shift) == ("C2", "S_2", 0)
    assert pinch.shift == 1
    assert bottom[(0, 0, 0)] == [0], "1 goes to the bottom class"
    c2 = adams.resolve(adams.Module.bundled("C2"), 20, 8, progress=False)
    checked = 0
    for (n, s), p in pinch.rows.items():
        assert len(p) == c2.dim(n, s)
        q = bottom.rows.get((n, s), [])
        for row in q:
            image = 0
            for c in row:
                for k in p[c]:
                    image ^= 1 << k
            assert image == 0, f"pinch after bottom cell != 0 at (stem {n}, s {s})"
        assert rank(q) + rank(p) == c2.dim(n, s), f"not exact at (stem {n}, s {s})"
        checked += 1
    assert checked > 20, f"only {checked} bidegrees of Ext(C2)"


def test_a_bad_map_file_is_bad_input(sphere, tmp_path):
    cases = [
        (
            '{"type": "module map", "source": "C2", "target": "C2", "images": {"x0": ["x0"]}}',
            'images "x0": the map does not commute with Sq1 on x0',
        ),
        (
            '{"type": "module map", "source": "C2", "target": "S_2", "images": {}, "sift": 1}',
            'unknown key "sift"',
        ),
        ('{"type": "module map", "source": "NoSuch", "target": "S_2", "images": {}}', "NoSuch"),
    ]
    for k, (text, expected) in enumerate(cases):
        path = tmp_path / f"bad{k}.json"
        path.write_text(text)
        with pytest.raises(adams.BadInput, match=expected):
            sphere.map(path)
    odd = adams.resolve(adams.Module.bundled("S_3"), 10, 3, progress=False)
    with pytest.raises(adams.BadInput, match="p = 2 only"):
        odd.map(MAPS / "C2-pinch.json")
