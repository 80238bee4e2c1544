#!/usr/bin/python3
"""Writes tests/data/print_cases.txt: arrays and the repr JAX gives them, computed by NumPy's own
array2string inside JAX's Array.__repr__ (jax/_src/array.py), for tests/test_print.c.

Each case is two lines:
    CASE <dtype> <weak 0|1> <ndim> <dims...> <hex bit patterns of the elements (complex: re im)>
    WANT <the repr, with \\n for a newline and \\\\ for a backslash>
bfloat16 is left out (NumPy has no bfloat16; JAX prints it through ml_dtypes).

    /usr/bin/python3 tests/data/gen_print.py           rewrite the file
    /usr/bin/python3 tests/data/gen_print.py --check   exit 1 if the file is stale
(without NumPy both say so and exit 0)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "print_cases.txt")


def jax_repr(np, x, weak):
    """jax.Array.__repr__ with NumPy's default print options."""
    prefix = "Array("
    dtype_str = f"dtype={x.dtype.name}" + (", weak_type=True)" if weak else ")")
    line_width = 75
    if x.size == 0:
        s = f"[], shape={x.shape}"
    else:
        s = np.array2string(x, prefix=prefix, suffix=",", separator=", ", max_line_width=line_width)
    last_line_len = len(s) - s.rfind("\n") + 1
    sep = " "
    if last_line_len + len(dtype_str) + 1 > line_width:
        sep = " " * len(prefix)
    return f"{prefix}{s},{sep}{dtype_str}"


def bits(np, x):
    flat = x.reshape(-1)
    if x.dtype.kind == "c":
        flat = flat.view(np.float32 if x.dtype == np.complex64 else np.float64)
    if x.dtype == np.bool_:
        return ["%x" % int(v) for v in flat]
    u = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[flat.dtype.itemsize]
    return ["%x" % int(v) for v in flat.view(u)]


def cases(np):
    rng = np.random.default_rng(9407)
    floats = ["float16", "float32", "float64"]
    out = []

    def add(x, weak=False):
        out.append((x, weak))

    # powers of ten from integer exponents, each correctly rounded by Python: NumPy's own power
    # and exp round differently on different CPUs (SVML on AVX-512), and the cases must not
    def decades(exps):
        e = np.asarray(exps)
        flat = [float(10 ** int(k)) if k >= 0 else 1.0 / float(10 ** -int(k)) for k in e.reshape(-1)]
        return np.array(flat, dtype=np.float64).reshape(e.shape)

    # hand-picked values: positional and scientific switches, padding, specials, rounding at 8 digits
    picks = [[1.0, 0.1, -2.0], [100.0], [10.0, 11.0, 12.0], [16777216.0, 16777218.0], [1e8], [9.9e7, 1.0],
             [1e-4, 1.0], [9.9e-5, 1.0], [1.0, 1000.0], [1.0, 1001.0], [0.0, -0.0, 1.5], [np.nan, np.inf, -np.inf],
             [np.nan, 1.0], [-np.inf, 0.25], [np.nan], [np.inf, np.nan], [0.001953125, 0.005859375, 1.0],
             [1 / 3, 2 / 3], [1e10, 1.5e10, 1e100], [1e-300, 1.0], [123456789.0], [0.1 + 0.2], [5e-324, 1.0],
             [65504.0, -65504.0, 6.1e-5], [3.14159265358979, -2.718281828459045, 1.4142135623730951], [0.0],
             [-1.0], [1234.5678, 0.001], [12345678.9, 0.5]]
    for dt in floats:
        for p in picks:
            add(np.array(p, dtype=dt))
        add(np.array(0.1, dtype=dt))
        add(np.array(2.5, dtype=dt), True)
        add(np.array(1e20, dtype=dt))
        for shape in [(5,), (3, 4), (2, 3, 2), (1, 1)]:
            add((rng.standard_normal(shape) * decades(rng.integers(-6, 9))).astype(dt))
        add(rng.integers(-50, 50, (4, 6)).astype(dt))
        add((np.abs(rng.standard_normal((3, 3))) * decades(rng.integers(-17, 18, (3, 3)))).astype(dt))
    for dt in ["complex64", "complex128"]:
        add(np.array([1 + 2j, 3.5 - 1j, complex(np.nan, np.inf)], dtype=dt))
        add(np.array(1 - 2j, dtype=dt), True)
        add(np.array([0j, -0.5j, 1e10 + 1j], dtype=dt))
        add(np.array([complex(-np.inf, np.nan), 2 + 0j], dtype=dt))
        add((rng.standard_normal((3, 3)) + 1j * rng.standard_normal((3, 3))).astype(dt))
        add((rng.standard_normal(12) * 1e5 + 1j * rng.standard_normal(12) * 1e-3).astype(dt))
    for dt in ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]:
        info = np.iinfo(dt)
        add(np.array([info.min, 0, info.max], dtype=dt))
        add(np.array([1, 2, 3, 255 % (int(info.max) + 1)], dtype=dt).reshape(2, 2))
        add(np.array(7, dtype=dt), dt == "int32")
        add(rng.integers(int(info.min) // 2, int(info.max) // 2, (4, 7), dtype=dt, endpoint=True))
    add(np.array([True, False]))
    add(np.array(True))
    add(np.array([[True, True], [False, True]]))
    # wrapping, summarising, the dtype on a line of its own
    add(np.arange(30, dtype=np.int64))
    add(np.arange(2000.0))
    add(np.arange(2000.0).reshape(40, 50))
    add(np.arange(1200, dtype=np.int32).reshape(2, 3, 200))
    add(np.arange(1001, dtype=np.float32) / 7)
    add(np.linspace(0, 1, 14).astype(np.float32))
    add(rng.standard_normal(40))
    add((rng.standard_normal((2, 2, 2, 2)) * 100).astype(np.float16))
    add(np.arange(1500).astype(np.uint16).reshape(3, 500))
    add(np.array([1e-3 + 1j, 2.5e4 - 7j] * 20, dtype=np.complex64))
    # random arrays: shapes up to 3-d, magnitudes from 1e-6 to 1e9, some nan, inf and zeros
    for _ in range(80):
        dt = rng.choice(["float16", "float32", "float64", "complex64", "complex128"])
        shape = tuple(int(k) for k in rng.integers(1, 8, rng.integers(1, 4)))
        x = rng.standard_normal(shape) * decades(rng.integers(-6, 10, shape))
        if dt.startswith("complex"):
            x = x + 1j * rng.standard_normal(shape) * decades(rng.integers(-6, 10, shape))
        flat = x.reshape(-1)
        for k in rng.integers(0, flat.size, rng.integers(0, 3)):
            flat[k] = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0])
        add(flat.reshape(shape).astype(dt))
    add(np.zeros((2, 0), np.float32))
    add(np.zeros((0,), np.int32))
    add(np.zeros((0, 3, 2), np.uint16))
    return out


def render(np):
    lines = []
    with np.errstate(all="ignore"):  # (float16 overflows to inf on purpose)
        made = cases(np)
    for x, weak in made:
        head = ["CASE", x.dtype.name, "1" if weak else "0", str(x.ndim)] + [str(d) for d in x.shape] + bits(np, x)
        lines.append(" ".join(head))
        want = jax_repr(np, x, weak).replace("\\", "\\\\").replace("\n", "\\n")
        lines.append("WANT " + want)
    return "".join(line + "\n" for line in lines)


def main():
    try:
        import numpy as np
    except ImportError:
        print("gen_print.py: NumPy is not installed: nothing checked")
        return 0
    text = render(np)
    if "--check" in sys.argv:
        with open(TARGET) as f:
            if f.read() != text:
                print("tests/data/print_cases.txt is stale: run tests/data/gen_print.py")
                return 1
        return 0
    with open(TARGET, "w") as f:
        f.write(text)
    print("wrote %s (%d cases)" % (TARGET, text.count("CASE ")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
