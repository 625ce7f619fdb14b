"""``numpy.polynomial`` on torchnp arrays (mirrors ``numpy.polynomial``).

The power, Chebyshev, Legendre, Laguerre, Hermite and HermiteE series -- module functions
(``polyfit``, ``chebval``, ``leggauss``, ...) and the convenience classes (``Polynomial``,
``Chebyshev``, ...) -- are NumPy's own pure-Python code, loaded from the installed NumPy
with torchnp as its array module: ``import numpy as np`` in those files reads
``import torchnp as np`` (rewritten on the syntax tree when the module is loaded; nothing
is copied into torchnp). So the API, the algorithms and the errors are NumPy's, and the
arithmetic runs through torchnp on the arrays' device.
"""

import ast
import os
import sys
import types

import numpy.polynomial as _numpy_polynomial

__all__ = ["set_default_printstyle", "polynomial", "Polynomial", "chebyshev", "Chebyshev", "legendre",
           "Legendre", "hermite", "Hermite", "hermite_e", "HermiteE", "laguerre", "Laguerre"]

#: NumPy's modules, in dependency order (each imports the ones before it relatively)
_MODULES = ("polyutils", "_polybase", "polynomial", "chebyshev", "legendre", "laguerre", "hermite", "hermite_e")


class _ToTorchnp(ast.NodeTransformer):
    """``import numpy as np`` -> ``import torchnp as np``. ``array_function_dispatch`` (NumPy's
    protocol decorator, meaningless here) becomes the identity."""

    def visit_Import(self, node):
        for alias in node.names:
            if alias.name == "numpy":
                alias.name = "torchnp"
        return node

    def visit_ImportFrom(self, node):
        if node.module == "numpy._core.overrides":
            names = [a.asname or a.name for a in node.names]
            return ast.parse("\n".join(f"{n} = lambda *a, **k: (lambda f: f)" for n in names)).body
        return node


def _load(name):
    path = os.path.join(os.path.dirname(_numpy_polynomial.__file__), name + ".py")
    with open(path, encoding="utf-8") as f:
        tree = ast.fix_missing_locations(_ToTorchnp().visit(ast.parse(f.read(), path)))
    module = types.ModuleType(f"{__name__}.{name}")
    module.__file__ = path
    module.__package__ = __name__
    sys.modules[module.__name__] = module
    exec(compile(tree, path, "exec"), module.__dict__)  # noqa: S102 - NumPy's installed source
    return module


for _name in _MODULES:
    globals()[_name] = _load(_name)

_mapdomain = polyutils.mapdomain  # noqa: F821 - loaded above


def _map_series_domain(x, old, new):
    """``polyutils.mapdomain``, also for a series argument (``convert`` composes series):
    NumPy goes through a 0-d object array there, which torch cannot hold."""
    if isinstance(x, _polybase.ABCPolyBase):  # noqa: F821
        off, scl = polyutils.mapparms(old, new)  # noqa: F821
        return off + scl * x
    return _mapdomain(x, old, new)


polyutils.mapdomain = _map_series_domain  # noqa: F821

Polynomial = polynomial.Polynomial  # noqa: F821
Chebyshev = chebyshev.Chebyshev  # noqa: F821
Legendre = legendre.Legendre  # noqa: F821
Laguerre = laguerre.Laguerre  # noqa: F821
Hermite = hermite.Hermite  # noqa: F821
HermiteE = hermite_e.HermiteE  # noqa: F821


def set_default_printstyle(style):
    """Default format of the string form of the series classes (mirrors
    ``numpy.polynomial.set_default_printstyle``): ``'unicode'`` or ``'ascii'``."""
    if style not in ("unicode", "ascii"):
        raise ValueError(f"Unsupported format string '{style}'. Valid options are 'ascii' and 'unicode'")
    _polybase.ABCPolyBase._use_unicode = style == "unicode"  # noqa: F821


def _series_repr(self):
    """NumPy's ``ABCPolyBase.__repr__``, with the device of arrays off the CPU said once, at the end
    (§1.4), where NumPy's text would repeat it after each of ``coef``, ``domain`` and ``window``."""
    def body(a):
        text, dev = repr(a), a._t.device
        if dev.type != "cpu":
            text = text[:-len(f", device='{dev}')")] + ")"
        return text[6:-1]

    dev = self.coef._t.device
    where = f", device='{dev}'" if dev.type != "cpu" else ""
    return (f"{self.__class__.__name__}({body(self.coef)}, domain={body(self.domain)}, "
            f"window={body(self.window)}, symbol='{self.symbol}'{where})")


_polybase.ABCPolyBase.__repr__ = _series_repr  # noqa: F821
