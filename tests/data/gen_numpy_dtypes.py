#!/usr/bin/python3
"""Writes tests/data/numpy_dtypes.txt: what NumPy says of its own dtypes, for tests/test_promote.c.
JAX answers jnp.can_cast, jnp.finfo, jnp.iinfo and jnp.issubdtype with NumPy (ml_dtypes adds
bfloat16, which this NumPy has not; the test checks bfloat16 against ml_dtypes' source). Lines:
    CAST <from> <to> <no> <equiv> <safe> <same_kind> <unsafe>      np.can_cast per casting, 0|1
    FINFO <dtype> <finfo.dtype> bits nmant nexp iexp maxexp minexp machep negep precision
          eps epsneg max min smallest_normal tiny smallest_subnormal resolution (floats as hex)
    IINFO <dtype> bits min max
    SUBDTYPE <dtype> <class> 0|1                                   np.issubdtype(dtype, np.<class>)

    /usr/bin/python3 tests/data/gen_numpy_dtypes.py           rewrite the file
    /usr/bin/python3 tests/data/gen_numpy_dtypes.py --check   exit 1 if the file is stale
(without NumPy both say so and exit 0)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from genlib import write_or_check  # noqa: E402

TARGET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "numpy_dtypes.txt")
DTYPES = ["bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
          "float16", "float32", "float64", "complex64", "complex128"]
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]
CLASSES = ["generic", "bool_", "number", "integer", "signedinteger", "unsignedinteger", "inexact",
           "floating", "complexfloating"]


def render(np):
    lines = []
    for a in DTYPES:
        for b in DTYPES:
            flags = " ".join(str(int(np.can_cast(a, b, casting=c))) for c in CASTINGS)
            lines.append(f"CAST {a} {b} {flags}")
    for a in DTYPES:
        kind = np.dtype(a).kind
        if kind in "fc":
            f = np.finfo(a)
            ints = [f.bits, f.nmant, f.nexp, f.iexp, f.maxexp, f.minexp, f.machep, f.negep, f.precision]
            floats = [f.eps, f.epsneg, f.max, f.min, f.smallest_normal, f.tiny, f.smallest_subnormal, f.resolution]
            lines.append(f"FINFO {a} {f.dtype.name} " + " ".join(map(str, ints)) + " "
                         + " ".join(float(x).hex() for x in floats))
        if kind in "iu":
            i = np.iinfo(a)
            lines.append(f"IINFO {a} {i.bits} {i.min} {i.max}")
        for c in CLASSES:
            lines.append(f"SUBDTYPE {a} {c} {int(np.issubdtype(np.dtype(a), getattr(np, c)))}")
    return "".join(line + "\n" for line in lines)


if __name__ == "__main__":
    try:
        import numpy
    except ImportError:
        print("gen_numpy_dtypes.py: no NumPy here; nothing checked")
        sys.exit(0)
    write_or_check(TARGET, render(numpy))
