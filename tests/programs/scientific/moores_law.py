"""Moore's law: exponential fit on a log scale, prediction, and saving results (after the NumPy tutorial)."""
import io
import os
import tempfile

import numpy as np

csv = io.StringIO("""# processor, transistors, year
Intel 4004,2250,1971
Intel 8008,3500,1972
Intel 8080,4500,1974
Motorola 6800,4100,1974
Intel 8086,29000,1978
Motorola 68000,68000,1979
Intel 80286,134000,1982
Intel 80386,275000,1985
Intel 80486,1180235,1989
Pentium,3100000,1993
Pentium II,7500000,1997
Pentium 4,42000000,2000
Itanium 2,220000000,2003
Core 2 Duo,291000000,2006
Core i7,731000000,2008
Six-core Xeon,2270000000,2010
Xeon Phi,5000000000,2012
Apple M1,16000000000,2020
""")
data = np.loadtxt(csv, delimiter=",", usecols=[1, 2], skiprows=1)
transistor_count = data[:, 0]
year = data[:, 1]
print("loaded", data.shape, "years", year.min(), "-", year.max())

yi = np.log(transistor_count)
Z = year[:, np.newaxis] ** [1, 0]
coef, res, rank, sv = np.linalg.lstsq(Z, yi, rcond=None)
A, B = coef
print(f"rate = {A:.5f} per year, doubling every {np.log(2) / A:.3f} years")
AB = np.exp(A)
print("growth factor per year: %.4f" % AB)
residuals = yi - Z @ coef
sigma = np.sqrt(np.sum(residuals**2) / (len(year) - 2))
cov = sigma**2 * np.linalg.inv(Z.T @ Z)
print("std error of the rate: %.5f" % np.sqrt(cov[0, 0]))
p = np.polyfit(year, yi, 1)
print("polyfit agrees:", np.allclose(p, coef))

y_pred = np.exp(Z @ coef)
print("predicted 2017 count: %.3e" % np.exp(A * 2017 + B))
ratio = transistor_count / y_pred
print("observed / predicted:", np.round(ratio[::3], 3))
decades = (year // 10 * 10).astype(int)
for d in np.unique(decades):
    sel = decades == d
    print(f"{d}s: {sel.sum()} chips, median {np.median(transistor_count[sel]):.3g} transistors")

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "mooreslaw_regression.npz")
    np.savez(path, transistor_count=transistor_count, year=year, coef=coef, residuals=residuals)
    results = np.load(path)
    print("saved arrays:", sorted(results.files))
    print("round trip exact:", all(np.array_equal(results[k], v) for k, v in
                                   [("year", year), ("coef", coef), ("residuals", residuals)]))
    head = "year,transistor_count,predicted"
    out = np.column_stack([year, transistor_count, y_pred])
    np.savetxt(os.path.join(tmp, "table.csv"), out, delimiter=",", header=head, fmt=["%d", "%.0f", "%.4e"])
    with open(os.path.join(tmp, "table.csv")) as f:
        lines = f.read().splitlines()
    print(lines[0])
    print(lines[1])
    print(lines[-1])
