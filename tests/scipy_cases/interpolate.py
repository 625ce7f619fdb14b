"""Fake-CUDA cases of torchnp.scipy.interpolate (tests/scipy_cases/__init__.py): the classes are
built on the device and called (``.via``), so the case checks both steps."""

from fake_cuda import Arr, V, c  # noqa: F401

X = Arr((6,), kind="inc")  # nodes
Y = Arr((6, 2))  # values along axis 0
XI = Arr((4,))  # points


def _call(**kw):
    return lambda f, x, y, xi: f(x, y, **kw)(xi)


CASES = {
    "scipy.interpolate.interp1d": c(X, V, XI).via(_call(bounds_error=False)),
    "scipy.interpolate.interp1d[cubic, axis 0]": c(X, Y, XI).via(_call(kind="cubic", axis=0, bounds_error=False)),
    "scipy.interpolate.interp1d[previous]": c(X, V, XI).via(_call(kind="previous", fill_value="extrapolate")),
    "scipy.interpolate.CubicSpline": c(X, Y, XI).via(_call()),
    "scipy.interpolate.CubicSpline[natural, nu=1]": c(X, V, XI).via(
        lambda f, x, y, xi: f(x, y, bc_type="natural")(xi, 1)),
    "scipy.interpolate.CubicSpline[integrate]": c(X, V).via(lambda f, x, y: f(x, y).integrate(0.2, 0.7)),
    "scipy.interpolate.CubicSpline[antiderivative]": c(X, V, XI).via(
        lambda f, x, y, xi: f(x, y).antiderivative()(xi)),
    "scipy.interpolate.PchipInterpolator": c(X, Y, XI).via(_call()),
    "scipy.interpolate.Akima1DInterpolator": c(X, V, XI).via(_call(method="makima")),
    "scipy.interpolate.PPoly": c(Arr((4, 5)), X, XI).via(lambda f, cc, x, xi: f(cc, x)(xi)),
    "scipy.interpolate.BSpline": c(Arr((8,), kind="inc"), Arr((4,)), XI).via(lambda f, t, cc, xi: f(t, cc, 3)(xi)),
    "scipy.interpolate.BSpline[antiderivative, integrate]": c(Arr((8,), kind="inc"), Arr((4,)), XI).via(
        lambda f, t, cc, xi: (f(t, cc, 3).antiderivative()(xi), f(t, cc, 3).integrate(0.2, 0.6))),
    "scipy.interpolate.make_interp_spline": c(X, Y, XI).via(lambda f, x, y, xi: f(x, y)(xi)),
    "scipy.interpolate.make_interp_spline[clamped]": c(X, V, XI).via(lambda f, x, y, xi: f(x, y, bc_type="clamped")(xi)),
    "scipy.interpolate.RegularGridInterpolator": c((Arr((4,), kind="inc"), Arr((3,), kind="inc")), Arr((4, 3)),
                                                   Arr((5, 2))).via(
        lambda f, p, v, xi: f(p, v, bounds_error=False)(xi)),
    "scipy.interpolate.interpn": c((Arr((4,), kind="inc"), Arr((3,), kind="inc")), Arr((4, 3)), Arr((5, 2)),
                                   bounds_error=False),
}
