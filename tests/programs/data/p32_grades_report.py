"""A student's grade report: weighted scores, letter grades, ranks and a formatted table."""
import numpy as np

names = ["Ana", "Ben", "Chen", "Dia", "Eli", "Fay", "Gus"]
scores = np.array([[78, 85, 92, 88], [65, 70, 58, 72], [91, 95, 89, 97], [55, 62, 70, 48],
                   [88, 79, 85, 90], [72, 88, 64, 81], [95, 91, 99, 93]], dtype=float)
weights = np.array([0.2, 0.2, 0.25, 0.35])
assert np.isclose(weights.sum(), 1.0)
final = scores @ weights
curve = 100 - final.max()
curved = np.minimum(final + curve, 100)
cutoffs = np.array([60, 70, 80, 90])
letter_idx = np.digitize(curved, cutoffs)
letter_names = "FDCBA"
rank = np.empty(len(final), dtype=int)
rank[np.argsort(-final, kind="stable")] = np.arange(1, len(final) + 1)
pct = np.array([(final < f).mean() * 100 for f in final])
print(f"{'name':<6}{'final':>8}{'curved':>8}{'grade':>6}{'rank':>5}{'pctile':>8}")
for i, name in enumerate(names):
    print(f"{name:<6}{final[i]:>8.2f}{curved[i]:>8.2f}{letter_names[letter_idx[i]]:>6}{rank[i]:>5d}{pct[i]:>8.1f}")
print("-" * 41)
print(f"{'mean':<6}{final.mean():>8.2f}{curved.mean():>8.2f}")
print(f"{'std':<6}{final.std(ddof=1):>8.2f}{curved.std(ddof=1):>8.2f}")
print("per exam mean ", np.round(scores.mean(axis=0), 1))
print("per exam best ", [names[i] for i in scores.argmax(axis=0)])
print("grade counts  ", dict(zip(letter_names, np.bincount(letter_idx, minlength=5).tolist())))
fails = np.flatnonzero(scores.min(axis=1) < 60)
print("needs help    ", [names[i] for i in fails])
improved = np.diff(scores, axis=1)
print("improved every exam:", [n for n, row in zip(names, improved) if np.all(row > 0)])
z = (scores - scores.mean(axis=0)) / scores.std(axis=0)
print("z of best exam", np.round(z.max(axis=1), 2))
print("correlation exam1~exam4 %.3f" % np.corrcoef(scores[:, 0], scores[:, 3])[0, 1])
top3 = np.argsort(final)[::-1][:3]
print("podium:", ", ".join(f"{names[i]} ({final[i]:.1f})" for i in top3))
print("median %.1f, IQR %.2f" % (np.median(final), np.subtract(*np.percentile(final, [75, 25]))))

RESULTS = {"final": final, "curved": curved, "rank": rank, "pct": pct}
