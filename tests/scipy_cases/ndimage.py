"""Fake-CUDA cases of torchnp.scipy.ndimage (tests/scipy_cases/__init__.py). Parameter arrays
(weights, footprints, structures) are Python data here, created on the device."""

from fake_cuda import A, Arr, C, IA, c

U8 = Arr((5, 6), "uint8")
F32 = Arr((5, 6), "float32")
V = Arr((9,))
FP = [[1, 0, 1], [0, 1, 1]]
BM = Arr((5, 6), "bool")
LB = Arr((3, 4), "int64")  # labels 0..2



def _d2(inp, axis, output, mode, cval):  # a user's derivative (torchnp.scipy's: SciPy's on host data)
    import torchnp.scipy.ndimage as ndi

    return ndi.correlate1d(inp, [1.0, -2.0, 1.0], axis, output, mode, cval)


def _d1(inp, axis, output, mode, cval):
    import torchnp.scipy.ndimage as ndi

    return ndi.sobel(inp, axis, output, mode, cval)


CASES = {
    "scipy.ndimage.correlate1d": c(A, [1.0, 2.0, 0.5], mode="wrap", origin=1),
    "scipy.ndimage.convolve1d": c(IA, [1, 2, -3, 4], axis=0, mode="mirror"),
    "scipy.ndimage.correlate": c(A, [[1.0, 2.0], [0.5, -1.0]], mode="constant", cval=1.5),
    "scipy.ndimage.convolve": c(U8, [[1, 2, 1], [0, 1, 0]], mode="nearest"),
    "scipy.ndimage.gaussian_filter1d": c(F32, 1.5, order=1),
    "scipy.ndimage.gaussian_filter": c(A, 1.0, mode="reflect"),
    "scipy.ndimage.uniform_filter1d": c(U8, 3, axis=0),
    "scipy.ndimage.uniform_filter": c(A, (2, 3), mode="wrap"),
    "scipy.ndimage.minimum_filter1d": c(IA, 3, mode="constant", cval=-1),
    "scipy.ndimage.maximum_filter1d": c(A, 2),
    "scipy.ndimage.minimum_filter": c(A, 3),
    "scipy.ndimage.maximum_filter": c(U8, footprint=FP, mode="mirror"),
    "scipy.ndimage.rank_filter": c(A, 2, size=(2, 3)),
    "scipy.ndimage.median_filter": c(U8, footprint=FP),
    "scipy.ndimage.percentile_filter": c(V, 30, size=4),
    "scipy.ndimage.sobel": c(A, 0),
    "scipy.ndimage.prewitt": c(U8),
    "scipy.ndimage.laplace": c(F32),
    "scipy.ndimage.gaussian_laplace": c(A, 1.2),
    "scipy.ndimage.gaussian_gradient_magnitude": c(A, 1.0, mode="nearest"),
    # iterations < 1 (until nothing changes) reads "changed" on the host (docs/devices.md)
    "scipy.ndimage.binary_erosion": c(BM, iterations=0),
    "scipy.ndimage.binary_dilation": c(BM, [[1, 1], [0, 1]], iterations=-1),
    "scipy.ndimage.binary_opening": c(BM, iterations=0),
    "scipy.ndimage.binary_closing": c(BM, iterations=0, border_value=1),
    "scipy.ndimage.binary_fill_holes": c(BM),
    "scipy.ndimage.grey_erosion": c(A, size=(2, 3)),
    "scipy.ndimage.grey_dilation": c(U8, footprint=FP, mode="constant"),
    "scipy.ndimage.grey_opening": c(A, structure=[[0.0, 1.0], [2.0, 0.5]]),
    "scipy.ndimage.grey_closing": c(IA, size=2),
    "scipy.ndimage.morphological_gradient": c(A, size=(2, 3)),
    "scipy.ndimage.morphological_laplace": c(IA, footprint=FP),
    "scipy.ndimage.white_tophat": c(U8, size=3),
    "scipy.ndimage.black_tophat": c(BM, size=2),
    "scipy.ndimage.spline_filter1d": c(A, 3, axis=0, mode="reflect"),
    "scipy.ndimage.spline_filter": c(F32, 2, mode="grid-wrap"),
    "scipy.ndimage.map_coordinates": c(A, [[0.5, 1.7, 2.0], [3.2, -0.4, 1.0]], order=3, mode="nearest"),
    "scipy.ndimage.affine_transform": c(U8, [[0.9, 0.2], [-0.1, 1.1]], offset=(0.5, -0.3), order=1),
    "scipy.ndimage.shift": c(A, (0.5, -1.25), mode="wrap"),
    "scipy.ndimage.zoom": c(F32, (1.5, 0.7), order=3, mode="grid-constant", grid_mode=True),
    "scipy.ndimage.rotate": c(A, 30.0, mode="mirror"),
    "scipy.ndimage.label": c(BM),  # the count and the propagation's end are read (docs/devices.md)
    "scipy.ndimage.sum_labels": c(A, LB, [0, 2, 5]),
    "scipy.ndimage.sum": c(IA, LB, 1),
    "scipy.ndimage.mean": c(A, LB, [1, 2]),
    "scipy.ndimage.center_of_mass": c(A, LB, [1, 2]),
    "scipy.ndimage.minimum": c(A, LB, [0, 2]),
    "scipy.ndimage.maximum": c(U8, None, None),
    "scipy.ndimage.variance": c(A, LB, 1),
    "scipy.ndimage.standard_deviation": c(IA, LB, [1, 2, 3]),
    "scipy.ndimage.fourier_gaussian": c(C, 1.5),
    "scipy.ndimage.fourier_uniform": c(A, (2.0, 3.0), n=7, axis=0),
    "scipy.ndimage.fourier_shift": c(C, (0.5, -1.5)),
    "scipy.ndimage.generic_laplace": c(A, _d2),
    "scipy.ndimage.generic_gradient_magnitude": c(F32, _d1, mode="nearest"),
}
