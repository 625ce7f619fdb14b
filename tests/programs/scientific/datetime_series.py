"""NumPy datetime64 series: daily readings, differences, business days, monthly means."""
import numpy as np

days = np.arange("2024-01-01", "2024-03-01", dtype="datetime64[D]")
print(days[:3], days.dtype, len(days))
temps = 5 + 8 * np.sin(2 * np.pi * (np.arange(len(days)) - 20) / 365.25) + np.cos(np.arange(len(days)))
gaps = np.diff(days)
print("steps:", np.unique(gaps), gaps.dtype)
print("span:", days[-1] - days[0], (days[-1] - days[0]).astype(int))

months = days.astype("datetime64[M]")
for m in np.unique(months):
    sel = months == m
    print(m, "mean %.3f" % temps[sel].mean(), "days", sel.sum())

weekday = (days.astype("datetime64[D]").view("int64") - 4) % 7   # 1970-01-01 was a Thursday
weekend = weekday >= 5
print("weekend days", weekend.sum(), "weekday mean %.3f" % temps[~weekend].mean())
print("busdays in Jan:", np.busday_count("2024-01-01", "2024-02-01"))
print("busdays in Feb with holiday:", np.busday_count("2024-02-01", "2024-03-01", holidays=["2024-02-19"]))
print("is busday:", np.is_busday(days[:7]))
print("next busday after", days[5], "is", np.busday_offset(days[5], 0, roll="forward"))

events = np.array(["2024-01-03T08:30", "2024-01-03T12:15", "2024-01-05T09:00", "NaT"], dtype="datetime64[m]")
waits = np.diff(events)
print("waits:", waits, "hours:", waits / np.timedelta64(1, "h"))
print("isnat:", np.isnat(events))
print("latest:", np.max(events[~np.isnat(events)]))
hot = days[temps > np.percentile(temps, 90)]
print("hottest days:", hot)
