"""Integer algorithms: sieve of Eratosthenes, gcd/lcm, Collatz, digit sums, overflow."""
import numpy as np

N = 10_000
is_prime = np.ones(N + 1, dtype=bool)
is_prime[:2] = False
for p in range(2, int(N**0.5) + 1):
    if is_prime[p]:
        is_prime[p * p::p] = False
primes = np.flatnonzero(is_prime)
print("number of primes below", N, ":", primes.size)
print("last five:", primes[-5:])
gaps = np.diff(primes)
print("largest gap:", gaps.max(), "after", primes[np.argmax(gaps)])
twin = primes[:-1][gaps == 2]
print("twin prime pairs:", twin.size, "first:", twin[:6])
print("pi(x) / (x / ln x) at 10^4: %.4f" % (primes.size / (N / np.log(N))))
residues = np.bincount(primes[primes > 5] % 10, minlength=10)
print("last digits 1,3,7,9:", residues[[1, 3, 7, 9]])
freq = {}
for d in primes[primes > 5] % 10:
    freq[d] = freq.get(d, 0) + 1
print("last digit tally:", {int(k): v for k, v in sorted(freq.items())}, "most common:", max(freq, key=freq.get))

a = np.arange(1, 13)
print("gcd with 12:", np.gcd(a, 12))
print("lcm with 12:", np.lcm(a, 12))
print("reduce lcm 1..12:", np.lcm.reduce(a))
squares = [k for k in range(1, 200) if np.sqrt(k).is_integer()]
triangular = [k for k in range(1, 200) if ((np.sqrt(8 * k + 1) - 1) / 2).is_integer()]
print("perfect squares:", squares[-4:], "triangular numbers:", triangular[:8])

# Collatz stopping times, vectorised over starting values
n = np.arange(1, 1001, dtype=np.int64)
x = n.copy()
steps = np.zeros_like(n)
active = x != 1
while active.any():
    x = np.where(active, np.where(x % 2 == 0, x // 2, 3 * x + 1), x)
    steps += active
    active = x != 1
print("longest Collatz chain below 1000:", n[np.argmax(steps)], "with", steps.max(), "steps")
print("mean stopping time: %.3f" % steps.mean())

# Digit sums and palindromes with integer division
m = np.arange(100, 1000)
digits = np.stack([m // 100, (m // 10) % 10, m % 10])
print("numbers equal to the sum of cubes of digits:", m[(digits**3).sum(axis=0) == m])
pal = m[digits[0] == digits[2]]
print("three-digit palindromes:", pal.size, "divisible by 11:", np.count_nonzero(pal % 11 == 0))

# Integer overflow wraps like C, floor division and modulo follow Python's sign rules
fact = np.cumprod(np.arange(1, 25, dtype=np.int64))
print("20! =", fact[19], "wrapped 21! =", fact[20])
small = np.array([100, 120, 127], dtype=np.int8)
print("int8 wrap:", small + np.int8(10), (small * 2).dtype)
print("floor div / mod:", np.array([-7, 7, -7]) // np.array([2, -2, -2]), np.array([-7, 7, -7]) % np.array([2, -2, -2]))
print("divmod:", np.divmod(np.arange(-5, 6), 3))
print("bit counts:", np.bitwise_count(np.array([0, 1, 7, 255], dtype=np.uint8)))
print("powers of two:", np.left_shift(1, np.arange(10)), np.right_shift(1024, np.arange(4)))
binom = np.ones(11, dtype=np.int64)
for k in range(1, 11):
    binom[k] = binom[k - 1] * (10 - k + 1) // k
print("binomial row 10:", binom, "sum:", binom.sum())
