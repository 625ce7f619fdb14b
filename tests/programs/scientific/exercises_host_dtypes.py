"""Exercises in the style of the public "100 NumPy exercises" that use str, object,
datetime64 and structured dtypes."""
import numpy as np

# Q: all the dates of July 2016
Z = np.arange("2016-07", "2016-08", dtype="datetime64[D]")
print(Z[:5], Z.size)
# Q: yesterday, today, tomorrow
today = np.datetime64("2016-07-14", "D")
yesterday, tomorrow = today - np.timedelta64(1), today + np.timedelta64(1)
print(yesterday, today, tomorrow)

# Q: a structured array representing a position (x,y) and a color (r,g,b)
Z = np.zeros(10, [("position", [("x", float), ("y", float)]),
                  ("color", [("r", float), ("g", float), ("b", float)])])
Z["position"]["x"] = np.linspace(0, 1, 10)
Z["color"]["g"] = 0.5
print(Z.dtype.names, Z[3])
# Q: a structured array with named fields, sorted by a field
people = np.array([("Ann", 31, 1.62), ("Bob", 25, 1.80), ("Cid", 35, 1.75)],
                  dtype=[("name", "U10"), ("age", "i4"), ("height", "f8")])
print(np.sort(people, order="age")["name"], people["height"].mean())

# Q: convert a float (32 bits) array into an integer (32 bits) in place
np.random.seed(100)
Z = (np.random.rand(10) * 100).astype(np.float32)
Y = Z.view(np.int32)
Y[:] = Z
print(Y.dtype, Y.shape, Y[:4])

# Q: read a string array and count words
words = np.array(["apple", "banana", "cherry", "apple", "date", "banana", "apple"])
vals, counts = np.unique(words, return_counts=True)
print(vals[np.argsort(-counts, kind="stable")], np.sort(counts)[::-1])
print(np.char.add(np.char.capitalize(words[:3]), "!"), np.char.count(words, "a"))
# Q: an object array of Python lists
O = np.empty(3, dtype=object)
O[0], O[1], O[2] = [1, 2], [3], [4, 5, 6]
print([len(o) for o in O], O.dtype)
lengths = np.array([len(o) for o in O])
print(lengths, lengths.sum(), np.vectorize(len)(O))
# Q: numpy array of strings with their length as sort key
print(words[np.argsort(np.char.str_len(words), kind="stable")])
# Q: weekdays of some dates
dates = np.array(["2024-03-01", "2024-03-02", "2024-03-04"], dtype="datetime64[D]")
print(np.is_busday(dates), np.busday_offset(dates, 1, roll="forward"))
print(np.datetime_as_string(dates, unit="D"), (dates - dates[0]).astype(int))

# Q: extract the unique rows of a 2-D array (through a void view of each row)
from io import StringIO

Z = np.random.randint(0, 2, (6, 3))
T = np.ascontiguousarray(Z).view(np.dtype((np.void, Z.dtype.itemsize * Z.shape[1])))
_, idx = np.unique(T, return_index=True)
uZ = Z[np.sort(idx)]
print(uZ)
# Q: read a file with named columns
table = np.genfromtxt(StringIO("name,age,score\nann,31,7.5\nbob,25,9.0\ncid,40,6.0\n"),
                      delimiter=",", names=True, dtype=None, encoding="utf-8")
print(table.dtype.names, table["name"][table["score"] > 6.5], table["age"].mean())
# Q: a record array from a string table
S = np.array([("Hello", 2.5, 3), ("World", 3.6, 2)])
R = np.rec.fromarrays(S.T, names="col1, col2, col3", formats="S8, f8, i8")
print(R.col2.sum(), R.col1)
