"""Elements of Ext, Massey products and the Adams d2 as Python values (the Rust half computes
them: ``adams::classes``, ``resolution::chain_map::massey``, ``resolution::secondary``)."""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple, Union


class Element:
    """An element of ``Ext^{s, stem+s}`` over F_p: its ``coordinates`` in the basis of
    generators ``(stem, s, index)`` of the resolution (the basis ``Resolution.classes``
    lists). Elements compare equal when their bidegree and coordinates are."""

    __slots__ = ("stem", "s", "coordinates", "prime")

    def __init__(self, stem: int, s: int, coordinates: Sequence[int], prime: int = 2):
        self.stem = int(stem)
        self.s = int(s)
        self.prime = int(prime)
        self.coordinates = tuple(int(c) % self.prime for c in coordinates)

    @property
    def t(self) -> int:
        """The internal degree ``t = stem + s``."""
        return self.stem + self.s

    def is_zero(self) -> bool:
        return not any(self.coordinates)

    def __bool__(self) -> bool:
        return not self.is_zero()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Element):
            return NotImplemented
        return (self.stem, self.s, self.coordinates) == (other.stem, other.s, other.coordinates)

    def __hash__(self) -> int:
        return hash((self.stem, self.s, self.coordinates))

    def __repr__(self) -> str:
        """The command line's form: ``(8,3,0) + (8,3,1)``, ``2·(10,2,0)`` at odd p, ``0``."""
        terms = []
        for k, c in enumerate(self.coordinates):
            if c:
                basis = f"({self.stem},{self.s},{k})"
                terms.append(basis if c == 1 else f"{c}·{basis}")
        body = " + ".join(terms) if terms else "0"
        return f"{body} at (stem {self.stem}, s {self.s})"


ClassLike = Union[str, Element, Tuple[int, int, int]]


def class_arg(x: ClassLike):
    """What the Rust half takes: a class spec (``"h1^2"``, ``"c0"``, ``"(8,3,0)"``) or
    ``(stem, s, coordinates)``. A tuple ``(stem, s, index)`` is a basis class."""
    if isinstance(x, Element):
        return (x.stem, x.s, list(x.coordinates))
    if isinstance(x, str):
        return x
    if isinstance(x, tuple) and len(x) == 3 and all(isinstance(v, int) for v in x):
        return f"({x[0]},{x[1]},{x[2]})"
    raise TypeError(
        f"a class is a name ('h1^2', 'c0', '(8,3,0)'), an adams.Element or (stem, s, index), not {x!r}"
    )


class MasseyProduct:
    """``⟨a, b, c⟩``: ``value`` (one element of it) and ``indeterminacy`` (a basis of the
    subspace ``a·Ext + Ext·c`` at the value's bidegree, as elements). The Massey product is
    the coset ``value + span(indeterminacy)``; ``x in m`` tests membership."""

    def __init__(self, value: Element, indeterminacy: List[Element]):
        self.value = value
        self.indeterminacy = indeterminacy

    def __contains__(self, x: Element) -> bool:
        if (x.stem, x.s) != (self.value.stem, self.value.s):
            return False
        p = self.value.prime
        target = [(a - b) % p for a, b in zip(x.coordinates, self.value.coordinates)]
        return _in_span(target, [list(v.coordinates) for v in self.indeterminacy], p)

    def __repr__(self) -> str:
        ind = ", ".join(repr(v).split(" at ")[0] for v in self.indeterminacy) or "0"
        return f"MasseyProduct({self.value!r}; indeterminacy {ind})"


def _in_span(target: List[int], basis: List[List[int]], p: int) -> bool:
    """Whether ``target`` is an F_p-combination of ``basis`` (Gaussian elimination)."""
    rows = [list(r) for r in basis] + [list(target)]
    n = len(target)
    rank_without = _rank([list(r) for r in basis], n, p)
    return _rank(rows, n, p) == rank_without


def _rank(rows: List[List[int]], n: int, p: int) -> int:
    rank = 0
    for col in range(n):
        pivot = next((i for i in range(rank, len(rows)) if rows[i][col] % p), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][col], p - 2, p)
        rows[rank] = [(v * inverse) % p for v in rows[rank]]
        for i in range(len(rows)):
            if i != rank and rows[i][col] % p:
                c = rows[i][col]
                rows[i] = [(a - c * b) % p for a, b in zip(rows[i], rows[rank])]
        rank += 1
    return rank


class D2:
    """The Adams ``d2`` of a module at p = 2 over the range, from the secondary Steenrod
    algebra (docs/design/d2.md): ``d2[(stem, s, index)]`` is the element ``d2`` of that
    basis class at ``(stem - 1, s + 2)``; ``nonzero()`` the classes with ``d2 != 0``;
    ``rank`` the total rank; ``e3`` the E3 page ``{(stem, s): dim}`` (nonzero entries) over
    ``e3_range`` ``(max_stem, max_s)``, where d2 into and out of each bidegree is known."""

    def __init__(self, rows, e3, e3_range, rank: int, dims):
        self._rows: Dict[Tuple[int, int, int], Element] = {}
        for n, s, k, targets in rows:
            dim = dims(n - 1, s + 2)
            coordinates = [0] * dim
            for j in targets:
                coordinates[j] = 1
            self._rows[(n, s, k)] = Element(n - 1, s + 2, coordinates)
        self.e3: Dict[Tuple[int, int], int] = {(n, s): d for n, s, d in e3 if d}
        self.e3_range: "Tuple[int, int] | None" = None if e3_range is None else tuple(e3_range)
        self.rank = rank

    def __getitem__(self, cls: Tuple[int, int, int]) -> Element:
        return self._rows[tuple(cls)]

    def __iter__(self):
        return iter(self._rows.items())

    def __len__(self) -> int:
        return len(self._rows)

    def nonzero(self) -> Dict[Tuple[int, int, int], Element]:
        return {k: v for k, v in self._rows.items() if not v.is_zero()}

    def __repr__(self) -> str:
        return f"D2({len(self.nonzero())} classes with d2 != 0, total rank {self.rank})"


class InducedMap:
    """The map ``f* : Ext(N) -> Ext(M)`` a map of modules ``f : M -> N`` of degree ``shift``
    induces (``adams map``'s map.json), at the prime ``prime``: ``f*[(stem, s, k)]`` is the
    image of the ``k``-th class of ``N`` at ``(stem, s)`` over the classes of ``M`` at
    ``(stem - shift, s)``: at p = 2 the list of the indices whose sum it is, at odd p the
    list of its nonzero terms ``(index, c)``, ``c`` in ``1..p`` (as in map.json); ``rows``
    maps each bidegree ``(stem, s)`` of ``Ext(N)`` the lift reached to those lists, one per
    class; ``rank`` is the total rank of ``f*``."""

    def __init__(
        self, source: str, target: str, shift: int, matrices, rank: int, prime: int = 2
    ):
        self.source = source
        self.target = target
        self.shift = shift
        self.prime = prime

        def row(r):
            return [k for k, _ in r] if prime == 2 else [(k, c) for k, c in r]

        self.rows: Dict[Tuple[int, int], List[list]] = {
            (n, s): [row(r) for r in rows] for n, s, rows in matrices
        }
        self.rank = rank

    def __getitem__(self, cls: Tuple[int, int, int]) -> List[int]:
        n, s, k = cls
        return self.rows[(n, s)][k]

    def __repr__(self) -> str:
        return (
            f"InducedMap(Ext({self.target}) -> Ext({self.source}), shift {self.shift}, "
            f"{len(self.rows)} bidegrees, total rank {self.rank})"
        )


class Chart:
    """The Adams chart of a resolution, as ``adams resolve`` draws it (classes with their
    products by ``h0``, ``h1``, ``h2``, ... at p = 2, ``a0``, ``h0`` at odd p; no names).
    In Jupyter it displays itself: ``_repr_html_`` the interactive chart (one
    self-contained page, chart.html), ``_repr_svg_`` the static one (chart.svg).
    ``json``, ``svg``, ``html``: the texts of chart.json, chart.svg and chart.html."""

    def __init__(self, json_text: str, svg: str, html: str):
        self.json = json_text
        self.svg = svg
        self.html = html

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return self.html

    def save(self, path) -> None:
        """Writes the chart to ``path``: chart.svg's text for a name ending in ``.svg``,
        the interactive page for ``.html``, chart.json for ``.json``; ``ValueError`` for
        any other suffix."""
        import os

        path = os.fspath(path)
        texts = {".svg": self.svg, ".html": self.html, ".json": self.json}
        suffix = os.path.splitext(path)[1].lower()
        if suffix not in texts:
            raise ValueError(f"Chart.save({path!r}): the name must end in .svg, .html or .json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(texts[suffix])

    def __repr__(self) -> str:
        return f"Chart({len(self.svg)} bytes of SVG, {len(self.html)} bytes of HTML)"
