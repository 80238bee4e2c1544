#!/usr/bin/python3
"""Writes tests/data/arange_cases.txt: the length jnp.arange gives (start, stop, step) of Python
scalars, computed as jax/_src/numpy/array_creation.py's _arange computes it, in Python's own
arithmetic (exact ints, int / int correctly rounded to a float), for tests/test_create.c:

    if stop is None: start, stop = 0, start
    if step is not None: size = max(0, int(np.ceil((stop - start) / step)))
    elif start == 0:     size = max(0, int(np.ceil(stop)))
    else:                size = max(0, int(np.ceil(stop - start)))

(np.ceil of a Python int converts it to a float64 first, as float() does.) Each line:
    <start> <stop> <step> <size or the Python exception's name>
with a value as i:<int>, f:<float.hex()> or n (None). Only lengths up to 100000 are kept.

    /usr/bin/python3 tests/data/gen_arange.py           rewrite the file
    /usr/bin/python3 tests/data/gen_arange.py --check   exit 1 if the file is stale
"""
import math
import os
import random

from genlib import write_or_check

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "arange_cases.txt")
I64 = 2**63


def ceil_size(x):
    return max(0, int(math.ceil(float(x))))


def arange_size(start, stop, step):
    if stop is None:
        start, stop = 0, start
    if step is not None:
        return ceil_size((stop - start) / step)
    if start == 0:
        return ceil_size(stop)
    return ceil_size(stop - start)


def fmt(v):
    if v is None:
        return "n"
    if isinstance(v, int):
        return f"i:{v}"
    return f"f:{v.hex()}"


def big_int(r):
    return r.choice([-1, 1]) * r.randrange(0, 2 ** r.randrange(1, 64))


def cases(r):
    out = []
    # ints whose quotient sits a hair from an integer: step * n + delta with tiny delta / step
    for _ in range(1500):
        step = r.choice([-1, 1]) * r.randrange(1, 2 ** r.randrange(1, 63))
        n = r.randrange(0, 3000) if r.random() < 0.9 else r.randrange(0, 100000)
        delta = r.choice([0, 1, -1, 2, -2, r.randrange(-abs(step) + 1, abs(step))])
        start = big_int(r) // 2
        stop = start + step * n + delta
        if -I64 <= stop < 2**64:
            out.append((start, stop, step))
    # (stop - start) / step exactly half an ulp of an integer q above it (a tie: Python rounds to
    # the even q), and a hair above and below: step = +-2^k, q < 100000 of e + 1 bits, 2^-t = half
    # an ulp of q with t = 53 - e
    for _ in range(300):
        q = r.randrange(1, 100000)
        t = 53 - (q.bit_length() - 1)
        k = r.randrange(t, 63)
        sign = r.choice([-1, 1])
        diff = q * 2**k + (2 ** (k - t)) * r.choice([1, 1, 1, 2, 3]) + r.choice([0, 0, 0, 1, -1])
        start = r.randrange(-(2**62), 2**62) if r.random() < 0.5 else 0
        stop = start + sign * diff
        if -(2**63) < stop < 2**64:
            out.append((start, stop, sign * 2**k))
    # floats, and floats mixed with ints
    for _ in range(1200):
        start = r.uniform(-1e6, 1e6) * 10.0 ** r.randrange(-12, 3)
        step = r.choice([-1, 1]) * r.uniform(1e-3, 10) * 10.0 ** r.randrange(-6, 3)
        n = r.randrange(0, 3000)
        stop = start + step * n * (1 + r.choice([0.0, 1e-16, -1e-16, 1e-9, 0.5]))
        kind = r.randrange(4)
        if kind == 1:
            start = int(start)
        elif kind == 2:
            step = int(step) or 1
        elif kind == 3:
            stop = int(stop)
        out.append((start, stop, step))
    for _ in range(300):  # arange(stop) and arange(start, stop)
        a = r.uniform(-100, 3000)
        b = r.uniform(-100, 3000)
        pick = r.randrange(4)
        out.append([(a, None, None), (int(a), None, None), (a, b, None), (int(a), int(b), None)][pick])
    out += [(0, 0, None), (0.0, 5.5, None), (-0.0, 2, None), (3, 3, 1), (5, 1, 0), (5.0, 1, 0), (5, 1, 0.0),
            (float("nan"), None, None), (0, float("nan"), 1), (0, float("inf"), 1.5), (float("-inf"), 0, 1),
            (0, 1, float("inf")), (0, 1e-300, 1e-300 / 3), (1, 2, float("nan")), (2**64 - 1, 2**64 - 1 - 7, -3),
            (-(2**63), 2**63 - 1, 2**62), (-(2**63), 2**64 - 1, 2**63 - 1), (2**63 - 1, -(2**63) + 1, -(2**61)), (2**63 - 1, -(2**63) + 1, -(2**61) - 1),
            (-(2**63), 2**63 + 2048, 2.0**54), (-(2**63), 2**63 + 2049, 2.0**54), (-(2**63), 2**63 + 6144, 2.0**54)]
    return out


def render():
    r = random.Random(20261124)
    lines = []
    for start, stop, step in cases(r):
        try:
            size = arange_size(start, stop, step)
        except (ZeroDivisionError, ValueError, OverflowError) as e:
            lines.append(f"{fmt(start)} {fmt(stop)} {fmt(step)} {type(e).__name__}")
            continue
        if size <= 100000:
            lines.append(f"{fmt(start)} {fmt(stop)} {fmt(step)} {size}")
    return "".join(line + "\n" for line in lines)


if __name__ == "__main__":
    write_or_check(TARGET, render())
