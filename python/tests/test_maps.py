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
    with pytest.raises(adams.BadInput, match="a p = 2 module, but the resolution is at p = 3"):
        odd.map(MAPS / "C2-pinch.json")


def rank_mod(rows, p):
    """The rank over F_p of rows given as (index, c) terms."""
    dim = 1 + max((k for r in rows for k, _ in r), default=-1)
    matrix = []
    for r in rows:
        v = [0] * dim
        for k, c in r:
            v[k] = c % p
        matrix.append(v)
    rank = 0
    for col in range(dim):
        pivot = next((i for i in range(rank, len(matrix)) if matrix[i][col]), None)
        if pivot is None:
            continue
        matrix[rank], matrix[pivot] = matrix[pivot], matrix[rank]
        inverse = pow(matrix[rank][col], p - 2, p)
        matrix[rank] = [x * inverse % p for x in matrix[rank]]
        for i in range(len(matrix)):
            if i != rank and matrix[i][col]:
                c = matrix[i][col]
                matrix[i] = [(x - c * y) % p for x, y in zip(matrix[i], matrix[rank])]
        rank += 1
    return rank


def test_bottom_cell_and_pinch_are_exact_at_every_class_of_c3_at_p3():
    """At p = 3 the long exact sequence of ``S -> S -> C3 -> S^1`` (the bottom cell and the
    pinch of the mod 3 Moore spectrum; Adams, loc. cit.) is exact at every bidegree of
    ``Ext(C3)`` in range, from ``Resolution.map`` with coefficients mod 3."""
    p = 3
    sphere = adams.resolve(adams.Module.bundled("S_3"), 30, 8, progress=False)
    bottom = sphere.map(MAPS / "C3-bottom-cell.json")
    pinch = sphere.map(MAPS / "C3-pinch.json")
    assert (bottom.source, bottom.target, bottom.prime) == ("C3", "S_3", 3)
    assert bottom[(0, 0, 0)] == [(0, 1)], "1 goes to the bottom class"
    c3 = adams.resolve(adams.Module.bundled("C3"), 30, 8, progress=False)
    checked = 0
    for (n, s), q in pinch.rows.items():
        dim = c3.dim(n, s)
        assert len(q) == dim
        b = bottom.rows.get((n, s), [])
        for row in b:
            image = {}
            for c, a in row:
                for k, e in q[c]:
                    image[k] = (image.get(k, 0) + a * e) % p
            assert not any(image.values()), f"pinch after bottom cell != 0 at ({n}, {s})"
        assert rank_mod(b, p) + rank_mod(q, p) == dim, f"not exact at (stem {n}, s {s})"
        checked += 1
    assert checked > 20, f"only {checked} bidegrees of Ext(C3)"


def test_products_over_c2_commute_with_the_bottom_cell(sphere):
    """The bottom cell's ``f* : Ext(S) -> Ext(C2)`` is a map of ``Ext(S)``-modules
    (Adams, loc. cit.: induced by a map of spectra), so ``f*(h y) = h f*(y)`` for every
    ``h`` and ``y``: the products over C2 (lifts of C2's classes into the sphere) against the
    sphere's products (lifts of ``h``) carried by the chain map of the bottom cell."""
    bottom = sphere.map(MAPS / "C2-bottom-cell.json")
    c2 = adams.resolve(adams.Module.bundled("C2"), 20, 8, progress=False)

    def image(n, s, coordinates):
        out = [0] * c2.dim(n, s)
        for k, c in enumerate(coordinates):
            if c:
                for j in bottom[(n, s, k)]:
                    out[j] ^= 1
        return adams.Element(n, s, out)

    nonzero = 0
    for h, (hn, hs) in (("h0", (0, 1)), ("h1", (1, 1)), ("h2", (3, 1))):
        for n in range(0, 12):
            for s in range(0, 5):
                for y in sphere.classes(n, s):
                    lhs = image(n + hn, s + hs, sphere.product(y, by=h).coordinates)
                    one = [int(i == y[2]) for i in range(sphere.dim(n, s))]
                    rhs = c2.product(image(n, s, one), by=h)
                    assert lhs == rhs, f"{h} times {y}"
                    nonzero += bool(rhs)
    assert nonzero > 5, f"only {nonzero} nonzero products"
    assert c2.product((0, 0, 0), by="h1"), "h1 on the bottom class of C2 is not 0"
    with pytest.raises(adams.BadInput, match="basis class"):
        c2.product("h1", by="h0")


def test_massey_products_over_c2_are_natural_in_the_module(sphere):
    """Massey products are natural in the module variable (J. P. May, "Matric Massey
    products", J. Algebra 12 (1969), §2): ``f*<a, b, c>`` lies in ``<a, b, f* c>`` for the
    bottom cell's ``f*``; here with ``c0 = <h1, h0, h2^2>`` and ``Ph1 = <h3, h0^4, h1>``
    (Isaksen, "Stable stems", Table 4) carried to ``Ext(C2)``."""
    bottom = sphere.map(MAPS / "C2-bottom-cell.json")
    c2 = adams.resolve(adams.Module.bundled("C2"), 20, 8, progress=False)

    def image(x):
        out = [0] * c2.dim(x.stem, x.s)
        for k, c in enumerate(x.coordinates):
            if c:
                for j in bottom[(x.stem, x.s, k)]:
                    out[j] ^= 1
        return adams.Element(x.stem, x.s, out)

    for a, b, c in (("h1", "h0", "h2^2"), ("h3", "h0^4", "h1")):
        over_sphere = sphere.massey(a, b, c)
        over_c2 = c2.massey(a, b, image(sphere.cls(c)))
        assert image(over_sphere.value) in over_c2, f"<{a}, {b}, {c}>"
    with pytest.raises(adams.BadInput, match="basis class"):
        c2.massey("h1", "h0", "h2^2")
