"""adams: Ext over the mod p Steenrod algebra (the Adams E2 page) by minimal resolutions.

Coordinates are the field's: stem ``n = t - s``, Adams filtration ``s``, internal degree
``t``. The engine is the Rust library of the ``adams`` command line (one engine for every
prime: Nassau's algorithm over A at p = 2 by default, the classical one at odd primes and
over sub-Hopf algebras ``A(n)``).

    >>> import adams
    >>> res = adams.resolve(adams.Module.bundled("S_2"), 40, 20)
    >>> res.dim(15, 1)    # h_4
    1

Errors: ``BadInput`` (what the command line exits 2 for), ``CheckFailed`` (exit 1),
``ComputeError`` (exit 3; an internal error too: no panic reaches Python), each with the
command line's one-line message; all derive from ``AdamsError``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Dict, List, Optional, Sequence, Tuple

from . import _adams
from ._adams import AdamsError, BadInput, CheckFailed, ComputeError
from ._ext import D2, Chart, ClassLike, Element, InducedMap, MasseyProduct, class_arg

__all__ = [
    "AdamsError",
    "Algebra",
    "BadInput",
    "Chart",
    "CheckFailed",
    "ComputeError",
    "D2",
    "Element",
    "InducedMap",
    "MasseyProduct",
    "Module",
    "Resolution",
    "bundled_names",
    "resolve",
]


def bundled_names() -> List[str]:
    """The names of the modules bundled with adams (``Module.bundled`` takes them)."""
    return list(_adams.bundled_names())


class Module:
    """A module over the Steenrod algebra (the field's JSON module format).

    Build one with ``Module.bundled(name)``, ``Module.from_file(path)`` or
    ``Module.from_json(dict)``. ``name`` and ``prime`` (2, 3, 5, ...) are read off the file.
    """

    def __init__(self, raw: "_adams.Module"):
        self._raw = raw

    @staticmethod
    def bundled(name: str, shift: int = 0) -> "Module":
        """A module bundled with adams (``S_2``, ``S_3``, ``C2``, ``tmf2``, ...; see
        ``bundled_names()``), with the command line's syntax ``NAME[k]`` (shifted by k) and
        ``dual:NAME`` (Spanier–Whitehead dual, p = 2). ``shift``: the module shifted up by
        that many degrees (``M[k]``). Raises ``BadInput`` for an unknown name (the message
        lists the bundled ones)."""
        module = Module(_adams.Module.lookup(str(name)))
        return module.shift(shift) if shift else module

    @staticmethod
    def from_file(path: "os.PathLike[str] | str") -> "Module":
        """The module of a JSON module file. Raises ``BadInput`` naming the file, the
        field and the reason when it is missing, a folder or malformed."""
        path = os.fspath(path)
        if not os.path.exists(path):
            raise BadInput(f"module file {path}: no such file")
        return Module(_adams.Module.lookup(path))

    @staticmethod
    def from_json(module: dict, name: Optional[str] = None) -> "Module":
        """The module of a dict in the JSON module format (``"p"``, ``"gens"``,
        ``"actions"``, ...). ``name`` names it in errors (default: its ``"name"`` field).
        Raises ``BadInput`` (a field missing or malformed) or ``TypeError`` (not a dict)."""
        if not isinstance(module, dict):
            raise TypeError(f"Module.from_json expects a dict, not {type(module).__name__}")
        label = name or str(module.get("name", "module"))
        return Module(_adams.Module.from_json_text(label, json.dumps(module)))

    def shift(self, k: int) -> "Module":
        """The module shifted up by ``k`` degrees, ``M[k]`` (every cell's degree plus
        ``k``; Ext shifts by ``k`` stems)."""
        if isinstance(k, bool) or not isinstance(k, int):
            raise BadInput(f"shift={k!r}: expected a whole number")
        return Module(self._raw.shifted(k))

    def dual(self) -> "Module":
        """The Spanier–Whitehead dual ``DM`` (p = 2; a module found by name or path)."""
        return Module(self._raw.dual())

    def smash(self, other: "Module") -> "Module":
        """The smash product ``M ∧ N`` (p = 2; modules found by name or path)."""
        if not isinstance(other, Module):
            raise TypeError(f"smash expects an adams.Module, not {type(other).__name__}")
        return Module(self._raw.smash(other._raw))

    @property
    def name(self) -> str:
        """The module's name, as the command line prints it."""
        return self._raw.name

    @property
    def prime(self) -> int:
        """The prime p of the Steenrod algebra the module is over."""
        return self._raw.prime

    def __repr__(self) -> str:
        return f"Module({self.name!r}, p={self.prime})"


class _Progress:
    """A progress line on stderr (redrawn in place on a terminal or in a notebook)."""

    def __init__(self, name: str, enabled: bool):
        self.name = name
        self.enabled = enabled
        self.shown = False
        self.started = time.monotonic()

    def __call__(self, done: int, total: int, stem_front: int) -> None:
        if not self.enabled or total == 0:
            return
        width = 30
        filled = width * done // total
        bar = "#" * filled + "-" * (width - filled)
        elapsed = time.monotonic() - self.started
        sys.stderr.write(
            f"\r{self.name}: [{bar}] {done}/{total} bidegrees, stem {stem_front}, {elapsed:.1f} s"
        )
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


class Algebra:
    """A sub-Hopf algebra of the mod 2 Steenrod algebra to resolve over: ``Algebra("A")``
    (the whole algebra), ``Algebra("A(n)")`` (0 <= n <= 7: ``A(1)`` gives ko, ``A(2)``
    tmf), or a profile ``Algebra(profile=[h1, h2, ...])`` (also the text ``"3,2,1"``, as
    ``adams resolve --profile`` takes it): the exponents of the Milnor generators
    ``ξ_i^(2^h_i)`` that vanish, zero beyond the list (Adams–Margolis; ``A(n)`` is
    ``[n+1, n, ..., 1]``). Raises ``BadInput`` naming what is refused."""

    def __init__(self, name: "str | None" = "A", profile: "Optional[Sequence[int]]" = None):
        if profile is None and name is not None and "," in str(name):
            parts = [x.strip() for x in str(name).split(",")]
            if not all(x.isdigit() for x in parts):
                raise BadInput(f"algebra profile {name!r}: expected whole numbers, e.g. '3,2,1'")
            profile, name = [int(x) for x in parts], None
        if profile is not None:
            values = list(profile)
            if not values or any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in values):
                raise BadInput(f"algebra profile {profile!r}: expected whole numbers >= 0, e.g. [3, 2, 1]")
            self.profile: "Optional[Tuple[int, ...]]" = tuple(values)
            n = len(values) - 1
            self.name = f"A({n})" if values == list(range(n + 1, 0, -1)) else f"profile {list(values)}"
            return
        text = "A" if name is None else str(name).strip()
        if text == "A":
            self.profile, self.name = None, "A"
            return
        if text.startswith("A(") and text.endswith(")"):
            inner = text[2:-1].strip()
            if inner.isdigit() and int(inner) <= 7:
                n = int(inner)
                self.profile, self.name = tuple(range(n + 1, 0, -1)), f"A({n})"
                return
        raise BadInput(
            f"algebra={name!r}: expected 'A' or A(n) with 0 <= n <= 7, e.g. 'A(1)' (ko) or 'A(2)' (tmf), or a profile"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Algebra) and self.profile == other.profile

    def __repr__(self) -> str:
        if self.profile is None or self.name.startswith("A("):
            return f"Algebra({self.name!r})"
        return f"Algebra(profile={list(self.profile)})"


def _algebra(algebra: "str | Algebra | None") -> Algebra:
    if isinstance(algebra, Algebra):
        return algebra
    return Algebra(algebra)


def _check_range(max_stem: int, max_s: int, threads: int) -> None:
    for label, value in (("max_stem", max_stem), ("max_s", max_s), ("threads", threads)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(f"{label}={value!r}: expected a whole number")
    if max_s < 0:
        raise BadInput(f"max_s={max_s}: the filtration s is at least 0")
    if threads < 0:
        raise BadInput(f"threads={threads}: expected 0 (every core) or more")
    if max_s > 2**31 or abs(max_stem) > 2**31:
        raise BadInput(f"max_stem={max_stem}, max_s={max_s}: out of range")


def resolve(
    module: Module,
    max_stem: int,
    max_s: int,
    algorithm: Optional[str] = None,
    threads: int = 0,
    save_dir: "os.PathLike[str] | str | None" = None,
    progress: bool = True,
    algebra: "str | Algebra | None" = None,
) -> "Resolution":
    """Resolves ``module`` through stem ``max_stem`` and filtration ``max_s``.

    ``algorithm``: ``"nassau"`` (the default over A at p = 2) or ``"classical"`` (the only
    one at odd primes and over ``algebra="A(n)"``). ``threads``: worker threads (0: every
    core). ``save_dir``: a save directory (created if missing, resumed if it holds a run of
    the same module and algorithm). ``progress``: a progress line on stderr. ``algebra``:
    ``"A"``, a sub-Hopf algebra ``"A(n)"`` of the mod 2 Steenrod algebra, or an
    ``Algebra`` (a profile).

    The GIL is released while the engine runs. Ctrl-C (``KeyboardInterrupt``) stops the run
    at its next completed bidegree (within a second in practice); the save directory keeps
    every bidegree written and a later call with the same ``save_dir`` resumes from it.

    Raises ``BadInput`` (a range the module cannot have, an algorithm or algebra refused, a
    save directory made for another run), ``ComputeError`` (a failure of the computation).
    """
    if not isinstance(module, Module):
        raise TypeError(f"resolve expects an adams.Module, not {type(module).__name__}")
    _check_range(max_stem, max_s, threads)
    algebra = _algebra(algebra)
    directory = None if save_dir is None else os.fspath(save_dir)
    bar = _Progress(module.name, progress)
    try:
        raw = _adams.resolve(
            module._raw,
            max_stem,
            max_s,
            None if algebra.profile is None else list(algebra.profile),
            algorithm,
            threads,
            directory,
            bar,
        )
    finally:
        bar.close()
    return Resolution(module, raw, threads=threads, save_dir=directory, algebra=algebra)


class Resolution:
    """A minimal resolution through stem ``max_stem``, filtration ``max_s``: its Ext.

    ``dim(n, s)``, ``ext()`` (a NumPy array), ``ext_dict()``, ``classes(n, s)``,
    ``extend(max_stem, max_s)``, ``certify()``; of the sphere, the Ext algebra:
    ``cls(name)``, ``product(x, by)``, ``massey(a, b, c)``, ``d2()``, ``e3()``; ``map(file)``;
    ``chart()``.

    A class ``x`` is given as a name (``"h1^2"``, ``"h0^3 h3"``, ``"a0"`` at odd p, a name
    of the bundled table ``"c0"``, ``"Ph1"``: crates/chart/data/names-S_2.csv), a basis
    class ``(stem, s, index)`` (or ``"(8,3,0)"``), or an ``Element``.
    """

    def __init__(self, module: Module, raw, threads: int, save_dir, algebra):
        self.module = module
        self._raw = raw
        self._threads = threads
        self._save_dir = save_dir
        self._algebra = algebra
        self._d2: Optional[D2] = None

    @property
    def max_stem(self) -> int:
        return self._raw.max_stem

    @property
    def max_s(self) -> int:
        return self._raw.max_s

    @property
    def prime(self) -> int:
        return self._raw.prime

    @property
    def algorithm(self) -> str:
        """The algorithm that ran: ``"nassau"`` or ``"classical"``."""
        return self._raw.algorithm

    def dim(self, n: int, s: int) -> int:
        """``dim Ext^{s, n+s}`` over F_p at stem ``n``, filtration ``s`` (0 outside the
        range)."""
        return self._raw.dim(int(n), int(s))

    def ext(self, as_dict: bool = False):
        """Ext over the range. Default: a NumPy integer array of shape
        ``(max_s + 1, max_stem - min_stem + 1)``, entry ``[s, n - min_stem]`` the dimension
        at stem ``n``, filtration ``s`` (``min_stem``: the module's bottom cell, 0 for a
        sphere). With ``as_dict=True``: ``{(n, s): dim}`` over the nonzero bidegrees."""
        if as_dict:
            return self.ext_dict()
        import numpy

        entries = self._raw.ext()
        low = self.module._raw.min_degree
        table = numpy.zeros((self.max_s + 1, self.max_stem - low + 1), dtype=numpy.int64)
        for n, s, d in entries:
            table[s, n - low] = d
        return table

    def ext_dict(self) -> Dict[Tuple[int, int], int]:
        """``{(n, s): dim}`` over the nonzero bidegrees of the range."""
        return {(n, s): d for n, s, d in self._raw.ext()}

    def classes(self, n: int, s: int) -> List[Tuple[int, int, int]]:
        """The basis of ``Ext^{s, n+s}``: the generators ``(n, s, i)``, ``i`` from 0 (the
        index the command line's products and Massey products take)."""
        return [(n, s, i) for i in range(self.dim(n, s))]

    def extend(self, max_stem: int, max_s: int, progress: bool = True) -> "Resolution":
        """A resolution of the same module through a larger range (resumed from the save
        directory when this one had one; otherwise computed again). Raises ``BadInput`` for a
        range smaller than this one's."""
        if max_stem < self.max_stem or max_s < self.max_s:
            raise BadInput(
                f"extend({max_stem}, {max_s}): the range must contain this one's (stem <= {self.max_stem}, s <= {self.max_s})"
            )
        return resolve(
            self.module,
            max_stem,
            max_s,
            algorithm=self.algorithm,
            threads=self._threads,
            save_dir=self._save_dir,
            progress=progress,
            algebra=self._algebra,
        )

    def certify(self) -> Dict[str, float]:
        """The exactness certificate: rebuilds the matrix of ``d_s`` in every bidegree and
        checks ``d∘d = 0``, exactness by ranks and minimality. Returns ``{"bidegrees": k,
        "seconds": t}``; raises ``CheckFailed`` naming the bidegree where a check fails."""
        bidegrees, seconds = self._raw.certify(self._threads)
        return {"bidegrees": bidegrees, "seconds": seconds}

    def _element(self, raw) -> Element:
        n, s, coordinates = raw
        return Element(n, s, coordinates, prime=self.prime)

    def cls(self, x: ClassLike) -> Element:
        """The element of ``Ext(F_p)`` a name gives (``"c0"``, ``"h1^2"``, ``"(8,3,0)"``):
        a monomial in the ``h_i`` (``a0`` at odd p) multiplied out, a name of the bundled
        table evaluated by its definition (p = 2, over A). Sphere only. Raises ``BadInput``
        for a name that is not a class (``a0`` at p = 2, ``h2`` over A(1), an unknown name)
        or lies outside the range."""
        return self._element(_adams.class_of(self._raw, class_arg(x)))

    def product(self, x: ClassLike, by: ClassLike) -> Element:
        """The product ``by · x`` in ``Ext(F_p)`` (the sphere's resolution), as ``adams
        products --by BY`` gives it: the Yoneda composite with the chain map lifting ``by``
        (at odd p, ``x · by = (-1)^(s s' + t t') by · x``, Ravenel's green book §A1.2).
        Over another module ``M`` (over A): ``x`` a class of ``Ext(M)`` (a basis class
        ``(stem, s, index)`` or an ``Element``), ``by`` a class of ``Ext(F_p)``; ``x`` is
        lifted into the sphere's resolution over the same range (resolved once, on the first
        product), as ``adams products M --by BY`` does. Raises ``BadInput`` when the
        product's bidegree is outside the range, or for ``x`` given by name over a module."""
        return self._element(_adams.product(self._raw, class_arg(x), class_arg(by)))

    def massey(self, a: ClassLike, b: ClassLike, c: ClassLike) -> MasseyProduct:
        """The Massey product ``⟨a, b, c⟩`` with its indeterminacy ``a·Ext + Ext·c``, from a
        null-homotopy of the chain map of ``b`` composed with ``c`` (``adams massey``); at odd
        p up to the sign convention ``a∘H`` with ``dH + Hd = B∘C``. Over another module
        ``M`` (over A): ``a``, ``b`` classes of ``Ext(F_p)``, ``c`` one of ``Ext(M)`` (a
        basis class ``(stem, s, index)`` or an ``Element``), as ``adams massey M A B C``.
        Raises ``BadInput`` when ``ab ≠ 0`` or ``bc ≠ 0`` or the product is outside the
        range."""
        value, basis = _adams.massey(self._raw, class_arg(a), class_arg(b), class_arg(c))
        v = self._element(value)
        return MasseyProduct(v, [Element(v.stem, v.s, k, prime=self.prime) for k in basis])

    def d2(self) -> D2:
        """The Adams ``d2`` of the module (the sphere, C2, a file, …) at p = 2 over A
        (``adams d2``): from the
        secondary Steenrod algebra, after the self-checks ``d2∘d2 = 0`` and ``d2(h_i x) =
        h_i d2(x)`` (``CheckFailed`` if one fails). Complete for ``s <= max_s - 2``.
        Raises ``BadInput`` at an odd prime, over a sub-Hopf algebra, or where the
        module's secondary lift is obstructed (naming the bidegree). Computed once."""
        if self._d2 is None:
            rows, e3, e3_range, rank = _adams.d2(self._raw, self._threads)
            self._d2 = D2(rows, e3, e3_range, rank, self.dim)
        return self._d2

    def map(self, file) -> InducedMap:
        """The map on Ext a map of modules ``f : M -> N`` induces, ``f* : Ext(N) -> Ext(M)``,
        as ``adams map FILE`` computes it: ``file`` a map file (crates/steenrod/MAP-FORMAT.md;
        its modules found beside it or bundled), ``M`` and ``N`` resolved over this
        resolution's range, ``f`` lifted to a chain map, at this resolution's prime, over A.
        Raises ``BadInput`` (the file, its modules or the map refused; a module at another
        prime), ``ComputeError`` (the lift failed)."""
        return InducedMap(*_adams.map(self._raw, os.fspath(file), self._threads))

    def chart(self) -> Chart:
        """The Adams chart (``adams resolve``'s chart.svg and chart.html): displays itself
        in Jupyter; ``.save("chart.svg")`` / ``.save("chart.html")`` writes it."""
        return Chart(*_adams.chart(self._raw))

    def e3(self) -> Dict[Tuple[int, int], int]:
        """The E3 page ``{(stem, s): dim}`` (nonzero entries) over the range where ``d2``
        into and out of each bidegree is known, ``D2.e3_range`` (``adams d2``'s
        ``e3.csv``)."""
        return dict(self.d2().e3)

    def __repr__(self) -> str:
        return (
            f"Resolution({self.module.name!r}, p={self.prime}, stem <= {self.max_stem}, "
            f"s <= {self.max_s}, {self.algorithm})"
        )
