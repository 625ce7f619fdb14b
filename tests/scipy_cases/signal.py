"""Fake-CUDA cases of torchnp.scipy.signal (tests/scipy_cases/__init__.py)."""

from fake_cuda import A, V, Arr, c

X = Arr((64,))  # a signal
X2 = Arr((2, 64))  # two signals along the last axis

CASES = {
    "scipy.signal.convolve": c(A, Arr((2, 3)), "same"),
    "scipy.signal.correlate": c(V, Arr((4,), "int64")),
    "scipy.signal.fftconvolve": c(A, Arr((1, 3)), "valid", axes=1),
    "scipy.signal.oaconvolve": c(X, Arr((5,))),
    "scipy.signal.convolve2d": c(A, Arr((2, 2)), "same", "symm"),
    "scipy.signal.correlate2d": c(A, Arr((2, 3), "complex128"), "full", "wrap"),
    "scipy.signal.get_window": c(("tukey", 0.3), 16),
}
for _n in ("boxcar", "triang", "parzen", "bohman", "blackman", "nuttall", "blackmanharris", "flattop", "bartlett",
           "barthann", "hamming", "hann", "cosine", "lanczos", "tukey"):
    CASES[f"scipy.signal.windows.{_n}"] = c(9)
CASES.update({
    "scipy.signal.windows.general_hamming": c(9, 0.6),
    "scipy.signal.windows.kaiser": c(9, 5.0, False),
    "scipy.signal.windows.gaussian": c(9, 2.0),
    "scipy.signal.windows.general_gaussian": c(9, 1.5, 2.0),
    "scipy.signal.windows.exponential": c(9, tau=3.0),
})

_SOS = [[0.1, 0.2, 0.1, 1.0, -0.5, 0.2], [1.0, -0.3, 0.0, 1.0, 0.3, 0.1]]  # valid sections (a0 = 1), Python data
CASES.update({
    # three poles: the companion matrix's eigenvalues are found on the host (docs/devices.md)
    "scipy.signal.lfilter": c(Arr((4,)), Arr((4,)), X2, -1, Arr((2, 3))),
    "scipy.signal.lfilter_zi": c(Arr((3,)), Arr((3,))),
    "scipy.signal.filtfilt": c(Arr((4,)), Arr((4,)), X2, padtype="even"),  # three poles, as lfilter
    "scipy.signal.sosfilt": c(_SOS, X2, -1, Arr((2, 2, 2))),  # two poles a section: closed form, no read
    "scipy.signal.sosfilt_zi": c(_SOS),
    "scipy.signal.sosfiltfilt": c(_SOS, X2),  # padlen=None counts zero coefficients: a read (docs/devices.md)
})

CASES.update({
    "scipy.signal.periodogram": c(X2, 10.0, "hann"),
    "scipy.signal.welch": c(X2, nperseg=16, average="median"),
    "scipy.signal.csd": c(X2, Arr((2, 64), "complex128"), nperseg=16, return_onesided=False),
    "scipy.signal.coherence": c(X2, X2, nperseg=16),
    "scipy.signal.spectrogram": c(X2, nperseg=16, mode="magnitude"),
    "scipy.signal.stft": c(X2, nperseg=16, detrend="linear"),
    "scipy.signal.detrend": c(X2, bp=[20]),
    "scipy.signal.hilbert": c(X2, 70),
    "scipy.signal.resample": c(X2, 50, axis=1, window="hann"),
    "scipy.signal.resample_poly": c(X2, 2, 3, axis=1, padtype="median"),
    "scipy.signal.decimate": c(X2, 3),
    "scipy.signal.medfilt": c(A, [3, 1]),
    "scipy.signal.savgol_filter": c(X2, 7, 2),
    "scipy.signal.find_peaks": c(X, 0.3, prominence=0.1),  # reads the signal: the peaks' count (docs/devices.md)
})
CASES["scipy.signal.istft"] = c(Arr((2, 9, 5), "complex128"), nperseg=16)
