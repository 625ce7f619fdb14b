"""Bar chart of grouped means with error bars, saved to PNG (matplotlib, Agg)."""
import os
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

values = np.array([[4.1, 3.9, 4.4, 4.0], [5.2, 5.0, 5.5, 4.9], [3.1, 3.6, 3.3, 3.0]])
means = values.mean(axis=1)
errs = values.std(axis=1, ddof=1) / np.sqrt(values.shape[1])
print(means.round(3), errs.round(4))
idx = np.arange(len(means))
fig, ax = plt.subplots(figsize=(3, 2))
bars = ax.bar(idx, means, yerr=errs, color="C0")
ax.barh(idx, np.array([1, 2, 3]), left=0.5)
heights = np.array([b.get_height() for b in bars])
print(heights.round(3))
out = os.path.join(tempfile.mkdtemp(), "bars.png")
fig.savefig(out, dpi=40)
plt.close(fig)
print(os.path.getsize(out) > 0)

RESULTS = {"means": means, "errs": errs}
