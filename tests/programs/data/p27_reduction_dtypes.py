"""Result dtypes of reductions and accumulations that students print."""
import numpy as np

i32 = np.array([1, 2, 3], dtype=np.int32)
u8 = np.array([200, 100, 250], dtype=np.uint8)
i8 = np.array([100, 100, -50], dtype=np.int8)
b = np.array([True, False, True])
f32 = np.array([0.1, 0.2, 0.7], dtype=np.float32)
f16 = np.array([1.5, 2.5, 1000.0], dtype=np.float16)
for name, a in [("i32", i32), ("u8", u8), ("i8", i8), ("b", b), ("f32", f32), ("f16", f16)]:
    print(name, a.sum(), a.sum().dtype, a.cumsum().dtype, a.prod().dtype, a.mean().dtype,
          a.max().dtype, np.median(a).dtype, a.std().dtype, np.add.reduce(a).dtype)
print(u8.sum(), u8.cumsum(), np.sum(u8, dtype=np.uint8), u8.mean(), i8.sum(), i8.cumsum())
print(np.add.accumulate(u8), np.add.accumulate(u8, dtype=np.int64), u8.astype(int).sum())
print(f32.sum(), f32.mean(), f32.var(), np.float32(1) / 3, f16.sum(), f16.mean(), f16 * 100)
print(b.sum(), b.mean(), np.count_nonzero(b), b.any(), np.logical_and.reduce(b), b.cumsum())
print(np.sum(i32, dtype=np.float32), np.mean(i32, dtype=np.float64), i32.mean(), np.average(i32))
print(np.var(i32), np.std(i32, ddof=1), np.percentile(i32, 50), np.percentile(i32, 50).dtype)
print(np.quantile(f32, 0.5).dtype, np.median(i32).dtype, np.nanmean(f32).dtype, np.ptp(u8), np.ptp(u8).dtype)
print(np.diff(u8), np.diff(u8).dtype, np.abs(i8 - 100), np.negative(u8), -i8)
print(np.argmax(u8).dtype, np.argsort(u8).dtype, np.nonzero(u8)[0].dtype, np.bincount(u8 // 100).dtype)
print(np.unique(u8).dtype, np.where(b, 1, 0).dtype, np.searchsorted(u8, 150).dtype, np.arange(3).dtype)
print(np.linalg.norm(i32).dtype, np.dot(i32, i32), np.dot(i32, i32).dtype, (i32 @ i32).dtype)
print(np.round(f16, 1).dtype, np.floor(i32).dtype, np.sqrt(i32).dtype, np.sqrt(u8).dtype, np.exp(i8).dtype)
print(np.true_divide(i32, 2).dtype, (u8 / 2).dtype, (f16 / 2).dtype, (i8 ** 2).dtype, np.square(u8))
print(np.histogram(u8, bins=2)[0].dtype, np.histogram(f32, bins=2)[1].dtype, np.cov(i32).dtype)
print(np.maximum(u8, 150), np.minimum(i8, np.int8(0)), np.clip(i8, -10, 10).dtype, np.clip(u8, 0, 300).dtype)

RESULTS = {"u8cs": u8.cumsum(), "f32m": f32.mean(), "f16s": f16.sum()}
