"""NumPy's figures for the rows of bench_ops, in the same GB/s convention (bytes read + written).
Run with Debian's python3-numpy: /usr/bin/python3 bench/numpy_ops.py [min_log2 max_log2]
Two paths, as for jaxc: `into` (out= a reused buffer) and `alloc` (a fresh result)."""
import sys
import time

try:
    import numpy as np
except ImportError:
    print("# numpy not available: skipping NumPy figures")
    sys.exit(0)

lo, hi = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (10, 26)


def inputs(dt, n, seed):
    return ((np.arange(n, dtype=np.uint64) * 2654435761 + seed) % 97 + 1).astype(dt)


CASES = [
    ("i8+f32->f32", np.add, np.int8, np.float32, np.float32),
    ("f16+f32->f32", np.add, np.float16, np.float32, np.float32),
    ("u8+i8->i16", np.add, np.uint8, np.int8, np.int16),
    ("i32/i32->f32", np.true_divide, np.int32, np.int32, np.float32),
    ("f32<f32->bool", np.less, np.float32, np.float32, np.bool_),
    ("c64*c64->c64", np.multiply, np.complex64, np.complex64, np.complex64),
    ("astype f32->bf16", None, np.float32, None, None),
]


def best_time(fn, reps, inner):
    """Best of reps, as bench_ops measures jaxc."""
    best = 1e30
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        best = min(best, (time.perf_counter() - t0) / inner)
    return best


print("# numpy %s; bf16 has no NumPy dtype (rows skipped)" % np.__version__)
print("%-18s %6s %10s %9s %9s" % ("op", "log2n", "time_us", "into", "alloc"))
for name, fn, ta, tb, to in CASES:
    if fn is None:
        continue  # no bfloat16 in NumPy
    for lg in range(lo, hi + 1, 2):
        n = 1 << lg
        a, b = inputs(ta, n, 1), inputs(tb, n, 7)
        out = np.empty(n, dtype=to)
        kw = {"dtype": np.float32} if fn is np.true_divide else {}
        nbytes = n * (a.itemsize + b.itemsize + out.itemsize)
        reps = 31 if lg <= 16 else 11 if lg <= 22 else 7
        inner = 64 if lg <= 14 else 1
        t_into = best_time(lambda: fn(a, b, out=out, **kw), reps, inner)
        t_alloc = best_time(lambda: fn(a, b, **kw), reps, inner)
        print("%-18s %6d %10.1f %9.1f %9.1f" % (name, lg, t_into * 1e6, nbytes / t_into / 1e9, nbytes / t_alloc / 1e9))
        sys.stdout.flush()

# the outer sum of bench_ops ("outer-f32+f32"): (2^(lg/2), 1) + (1, 2^(lg/2)) in float32, broadcast by NumPy
for lg in range(lo, hi + 1, 2):
    side = 1 << (lg // 2)
    a, b = inputs(np.float32, side, 1).reshape(side, 1), inputs(np.float32, side, 7).reshape(1, side)
    out = np.empty((side, side), dtype=np.float32)
    nbytes = 4 * (2 * side + side * side)
    reps = 31 if lg <= 16 else 11 if lg <= 22 else 7
    inner = 64 if lg <= 14 else 1
    t_into = best_time(lambda: np.add(a, b, out=out), reps, inner)
    t_alloc = best_time(lambda: np.add(a, b), reps, inner)
    print("%-18s %6d %10.1f %9.1f %9.1f" % ("outer-f32+f32", lg, t_into * 1e6, nbytes / t_into / 1e9, nbytes / t_alloc / 1e9))
    sys.stdout.flush()

# where(c, x, y) over float32 ("where-f32"): np.where has no out=, so both columns are its alloc
for lg in range(lo, hi + 1, 2):
    n = 1 << lg
    c = inputs(np.uint8, n, 3) % 2 == 0
    x, y = inputs(np.float32, n, 1), inputs(np.float32, n, 7)
    nbytes = 13 * n
    reps = 31 if lg <= 16 else 11 if lg <= 22 else 7
    inner = 64 if lg <= 14 else 1
    t_alloc = best_time(lambda: np.where(c, x, y), reps, inner)
    print("%-18s %6d %10.1f %9.1f %9.1f" % ("where-f32", lg, t_alloc * 1e6, nbytes / t_alloc / 1e9, nbytes / t_alloc / 1e9))
    sys.stdout.flush()
