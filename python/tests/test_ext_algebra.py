"""The Ext algebra from Python: classes by name, products, Massey products, d2 and E3, each
value checked against the literature (bidegrees as (stem, s)):

- J. F. Adams, "On the non-existence of elements of Hopf invariant one", Ann. of Math. 72
  (1960), §4: in Ext_A(F_2, F_2), h_i h_{i+1} = 0, h_{i+1}^3 = h_i^2 h_{i+2} (so h1^3 =
  h0^2 h2 != 0 at (3, 3)), h_i^2 != 0; d2(h4) = h0 h3^2 in the Adams spectral sequence.
- D. C. Isaksen, "Stable stems", Mem. AMS 262 (2019), Table 4 (Massey products) and the
  chart: c0 = <h1, h0, h2^2> at (8, 3) and Ph1 = <h3, h0^4, h1> at (9, 5), each with zero
  indeterminacy; h1 c0 != 0 at (9, 4); the table of Adams d2: d2(e0) = h1^2 d0, d2(c0) = 0.
- J. P. May, "Matric Massey products", J. Algebra 12 (1969): <h0, h1, h0> = h1^2 and
  <h1, h0, h1> = h0 h2 (zero indeterminacy in these bidegrees).
- D. C. Ravenel, "Complex Cobordism", 2nd ed., Theorem 4.4.3 and §A1.2: at p = 3, a0 h1
  != 0 at (11, 2) (h1 in stem 2(p - 1)p - 1 = 11), h0 h0 = 0 (h0 has odd s and even t: graded commutativity).
- The number of classes in a bidegree: tests/data/ext (Lin's archive, tests/data/README.md).
"""

import pytest

import adams
from adams._ext import _rank


@pytest.fixture(scope="module")
def sphere():
    return adams.resolve(adams.Module.bundled("S_2"), 20, 10, progress=False)


def one_class(res, n, s):
    """The one basis class at (n, s) (the table has dim 1 there)."""
    assert res.dim(n, s) == 1
    return adams.Element(n, s, [1])


def test_products_of_the_sphere(sphere):
    zero_at = lambda n, s: adams.Element(n, s, [0] * sphere.dim(n, s))
    assert sphere.product("h0", "h1") == zero_at(1, 2)
    assert sphere.product("h1", "h0") == zero_at(1, 2)
    h1_cubed = sphere.product("h1^2", "h1")
    assert h1_cubed == one_class(sphere, 3, 3)
    assert h1_cubed == sphere.product("h0 h2", "h0") == sphere.cls("h0^2 h2")
    assert sphere.product("h2", "h2") == one_class(sphere, 6, 2)  # h2^2 != 0
    assert sphere.product("c0", "h1") == one_class(sphere, 9, 4)  # h1 c0 != 0
    # A basis class (stem, s, index) and an Element are the same argument.
    assert sphere.product((1, 1, 0), (1, 1, 0)) == sphere.cls("h1^2")
    assert sphere.cls(sphere.cls("h1")) == sphere.cls("(1,1,0)")
    assert not sphere.product("h0", "h1")
    assert "(3,3,0)" in repr(h1_cubed)


def test_massey_products_of_the_sphere(sphere):
    c0 = sphere.massey("h1", "h0", "h2^2")
    assert c0.value == one_class(sphere, 8, 3) == sphere.cls("c0")
    assert c0.indeterminacy == []
    assert sphere.cls("c0") in c0
    ph1 = sphere.massey("h3", "h0^4", "h1")
    assert ph1.value == one_class(sphere, 9, 5) == sphere.cls("Ph1")
    assert ph1.indeterminacy == []
    assert sphere.massey("h0", "h1", "h0").value == sphere.cls("h1^2")
    assert sphere.massey("h1", "h0", "h1").value == sphere.cls("h0 h2")
    with pytest.raises(adams.BadInput, match="a·b is not zero"):
        sphere.massey("h0", "h0", "h1")


def test_odd_prime_products():
    s3 = adams.resolve(adams.Module.bundled("S_3"), 12, 4, progress=False)
    a0h1 = s3.product("h1", "a0")
    assert a0h1.prime == 3 and (a0h1.stem, a0h1.s) == (11, 2) and not a0h1.is_zero()
    assert s3.product("h0", "h0").is_zero()
    with pytest.raises(adams.BadInput, match="a0 is a class at odd primes"):
        adams.resolve(adams.Module.bundled("S_2"), 5, 3, progress=False).cls("a0")


def test_d2_and_e3():
    res = adams.resolve(adams.Module.bundled("S_2"), 18, 8, progress=False)
    d2 = res.d2()
    h4, e0, c0 = (res.cls(name) for name in ("h4", "e0", "c0"))
    assert d2[(15, 1, 0)] == res.cls("h0 h3^2") and not d2[(15, 1, 0)].is_zero()
    (e0_index,) = [k for k, c in enumerate(e0.coordinates) if c]
    assert d2[(17, 4, e0_index)] == res.cls("h1^2 d0")
    assert d2[(8, 3, 0)].is_zero()
    assert h4 == adams.Element(15, 1, [1]) and c0 == adams.Element(8, 3, [1])
    # E3 is E2 less the rank of d2 out of and into each bidegree (ranks over F_2 here).
    out_of, into = {}, {}
    for (n, s, _), target in d2:
        out_of.setdefault((n, s), []).append(list(target.coordinates))
        into.setdefault((n - 1, s + 2), []).append(list(target.coordinates))
    rank = lambda rows: _rank([list(r) for r in rows], len(rows[0]) if rows else 0, 2)
    e2, e3 = res.ext_dict(), res.e3()
    assert d2.e3_range == (17, 6)  # d2 out of (n, s) lands at (n - 1, s + 2) <= (17, 8)
    assert (15, 1) not in e3 and e2[(15, 1)] == 1 and e3[(8, 3)] == 1
    for n in range(18):
        for s in range(7):
            out, inn = rank(out_of.get((n, s), [])), rank(into.get((n, s), []))
            assert e3.get((n, s), 0) == e2.get((n, s), 0) - out - inn, (n, s)
    assert d2.rank == sum(rank(rows) for rows in out_of.values())
    # A module lifts as the sphere does: C2 through stem 20 has d2 of rank 1 at (17, 4)
    # and (19, 5), as the independent resolver's table tests/data/d2/C2.csv says.
    c2 = adams.resolve(adams.Module.bundled("C2"), 20, 8, progress=False).d2()
    assert c2.rank == 2
    assert sorted((n, s) for n, s, _ in c2.nonzero()) == [(17, 4), (19, 5)]
    with pytest.raises(adams.BadInput, match="sub-Hopf algebra"):
        adams.resolve(adams.Module.bundled("ko"), 10, 5, progress=False).d2()


def test_class_errors(sphere):
    with pytest.raises(adams.BadInput, match="outside the resolved range"):
        sphere.product("h4", "h3")
    with pytest.raises(adams.BadInput, match="class nosuch"):
        sphere.cls("nosuch")
    with pytest.raises(adams.BadInput, match="coordinates"):
        sphere.cls(adams.Element(1, 1, [1, 1]))
    with pytest.raises(TypeError):
        sphere.cls(3.5)
    tmf = adams.resolve(adams.Module.bundled("S_2"), 10, 5, algebra="A(1)", progress=False)
    with pytest.raises(adams.BadInput, match="h2 is not a class over A\\(1\\)"):
        tmf.cls("h2")
    c2 = adams.resolve(adams.Module.bundled("C2"), 10, 5, progress=False)
    with pytest.raises(adams.BadInput, match="a class by name is a class of the sphere's Ext"):
        c2.cls("h1")
    c2_ko = adams.resolve(adams.Module.bundled("C2"), 10, 5, algebra="A(1)", progress=False)
    with pytest.raises(adams.BadInput, match="sub-Hopf algebra are computed for the sphere only"):
        c2_ko.product("(0,0,0)", "h0")


def test_e3_against_the_reference_table():
    """E3 of the sphere against tests/data/ext/E3_S_2.csv (d2 from an independent resolver,
    checked against Adams 1960 and Isaksen 2019; provenance in tests/data/README.md)."""
    from pathlib import Path

    table = Path(__file__).resolve().parents[2] / "tests" / "data" / "ext" / "E3_S_2.csv"
    res = adams.resolve(adams.Module.bundled("S_2"), 30, 14, progress=False)
    top_stem, top_s = res.d2().e3_range
    assert (top_stem, top_s) == (29, 12)
    want = {}
    for line in table.read_text().splitlines():
        if line.startswith("#") or line.startswith("stem"):
            continue
        n, s, _t, d = (int(x) for x in line.split(","))
        if n <= top_stem and s <= top_s and d:
            want[(n, s)] = d
    assert res.e3() == want
