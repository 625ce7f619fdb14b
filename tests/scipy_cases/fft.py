"""Fake-CUDA cases of torchnp.scipy.fft (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, C, Arr, c

CASES = {f"scipy.fft.{n}": c(A) for n in ("ifft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "fftn", "ifftn",
                                          "rfft2", "irfft2", "rfftn", "irfftn", "fftshift", "ifftshift",
                                          "hfft2", "ihfft2", "hfftn", "ihfftn")}
CASES.update({
    "scipy.fft.fft": c(C, 6, axis=0),
    "scipy.fft.rfft": c(Arr((3, 4), "float32")),
    "scipy.fft.fftfreq": c(8, 0.5),
    "scipy.fft.rfftfreq": c(8, 0.5),
    # the four types spread over the eight real transforms (one case per function, tests/test_scipy_dispatch.py)
    "scipy.fft.dct": c(A, 1, norm="ortho"),
    "scipy.fft.idct": c(C, 2),
    "scipy.fft.dst": c(A, 3, n=6),
    "scipy.fft.idst": c(A, 4, axis=0, norm="forward"),
    "scipy.fft.dctn": c(A, 4),
    "scipy.fft.idctn": c(A, 3, axes=(0, 1), norm="ortho"),
    "scipy.fft.dstn": c(A, 2, s=(4, 5)),
    "scipy.fft.idstn": c(Arr((3, 4), "float32"), 1),
})
