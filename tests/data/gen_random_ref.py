#!/usr/bin/env python3
"""Writes tests/data/random_ref.txt: randint, permutation and bernoulli values DERIVED from JAX's
algorithms, not recorded from JAX. jax/_src/random.py (_randint, _shuffle, _bernoulli, _uniform)
and jax/_src/prng.py (threefry2x32, threefry_seed, the partitionable counter layout) re-implemented
in pure Python, sharing nothing with jaxc.h; tests/test_random.c compares jaxc against the file.
Run: /usr/bin/python3 tests/data/gen_random_ref.py > tests/data/random_ref.txt"""
import struct, math, sys
M32 = 0xFFFFFFFF
def rotl(v, r): return ((v << r) | (v >> (32 - r))) & M32
def threefry(k0, k1, x0, x1):
    ks = [k0, k1, k0 ^ k1 ^ 0x1BD11BDA]
    R = [[13, 15, 26, 6], [17, 29, 16, 24]]
    x0 = (x0 + ks[0]) & M32; x1 = (x1 + ks[1]) & M32
    for g in range(5):
        for r in R[g % 2]:
            x0 = (x0 + x1) & M32; x1 = rotl(x1, r) ^ x0
        x0 = (x0 + ks[(g + 1) % 3]) & M32; x1 = (x1 + ks[(g + 2) % 3] + g + 1) & M32
    return x0, x1
def key(seed, x64):
    s = seed & 0xFFFFFFFFFFFFFFFF
    if not x64:  # jnp.asarray(np.int64(seed)) narrows to int32; int32 >> 32 (logical) is 0
        return (0, s & M32)
    return (s >> 32, s & M32)
def split(k, n=2): return [threefry(k[0], k[1], 0, i) for i in range(n)]
def bits(k, nbits, n):
    out = []
    for i in range(n):
        a, b = threefry(k[0], k[1], i >> 32, i & M32)
        out.append((a << 32 | b) if nbits == 64 else (a ^ b) & ((1 << nbits) - 1))
    return out
INFO = {'uint8': (8, 0), 'uint16': (16, 0), 'uint32': (32, 0), 'uint64': (64, 0), 'int8': (8, 1), 'int16': (16, 1), 'int32': (32, 1), 'int64': (64, 1)}
def canon(name, x64):
    if x64: return name
    return {'uint64': 'uint32', 'int64': 'int32'}.get(name, name)
def iinfo(nb, sg): return (-(1 << (nb - 1)), (1 << (nb - 1)) - 1) if sg else (0, (1 << nb) - 1)
def randint(k, n, mn, mx, dtype, x64):
    dtype = canon(dtype, x64)
    vb = 64 if x64 else 32
    vmin, vmax = iinfo(vb, 1)
    if not (vmin <= mn <= vmax and vmin <= mx <= vmax): return None  # OverflowError: Python int too large
    nb, sg = INFO[dtype]; dmin, dmax = iinfo(nb, sg); mask = (1 << nb) - 1
    clip = lambda v: max(max(dmin, vmin), min(min(dmax, vmax), v))  # _convert_and_clip_integer
    oor = mx > clip(dmax)            # maxval > clip(iinfo(dtype).max -> maxval.dtype)
    mn, mx = clip(mn), clip(mx)
    k1, k2 = split(k)
    hi, lo = bits(k1, nb, n), bits(k2, nb, n)
    span = (mx - mn) & mask
    if mx <= mn: span = 1
    if oor and mx > mn: span = (span + 1) & mask
    rem = lambda a, b: a if b == 0 else a % b   # XLA: unsigned x % 0 == x
    mult = rem(1 << (nb // 2), span); mult = rem((mult * mult) & mask, span)
    out = []
    for h, l in zip(hi, lo):
        off = rem(((rem(h, span) * mult) & mask) + rem(l, span) & mask, span)
        v = (mn + off) & mask
        if sg and v >> (nb - 1): v -= 1 << nb
        out.append(v)
    return out
def permutation(k, n):
    x = list(range(max(n, 0)))
    rounds = int(math.ceil(3 * math.log(max(1, len(x))) / math.log(M32)))
    for _ in range(rounds):
        k, sub = split(k)
        sk = bits(sub, 32, len(x))
        order = sorted(range(len(x)), key=lambda i: sk[i])  # Python's sort is stable
        x = [x[i] for i in order]
    return x
def f32(v): return struct.unpack('<f', struct.pack('<f', v))[0]
def bernoulli(k, p, n, x64):
    if x64:
        u = [struct.unpack('<d', struct.pack('<Q', (b >> 12) | 0x3FF0000000000000))[0] - 1.0 for b in bits(k, 64, n)]
        return ''.join('1' if v < p else '0' for v in u)
    pf = f32(p)
    u = [struct.unpack('<f', struct.pack('<I', (b >> 9) | 0x3F800000))[0] - 1.0 for b in bits(k, 32, n)]
    return ''.join('1' if v < pf else '0' for v in u)

BOUNDS = [(0, 10), (-5, 5), (0, 256), (-128, 128), (-1000, 70000), (5, 5), (9, 3), (-2**63, 2**63 - 1),
          (-3, 1 << 40), (0, 65536), (-7, 300), (2**31 - 1, -2**31), (-2**31, 2**31 - 1)]
DTYPES = ['uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64']
print('# derived by tests/data/gen_random_ref.py from JAX\'s algorithms (not recorded from JAX)')
print('# randint <x64> <dtype> <minval> <maxval> <seed> <23 values | ERR (OverflowError)>')
print('# perm <x64> <seed> <n> <values>;  bern <x64> <seed> <p> <64 draws as 0/1>')
for x64 in (0, 1):
    for d in DTYPES:
        for b, (mn, mx) in enumerate(BOUNDS):
            w = randint(key(1234 + b, x64), 23, mn, mx, d, x64)
            print('randint', x64, d, mn, mx, 1234 + b, 'ERR' if w is None else ' '.join(map(str, w)))
    for i, n in enumerate([0, 1, 2, 10, 1625, 1626, 3000]):
        print('perm', x64, 77 + i, n, ' '.join(map(str, permutation(key(77 + i, x64), n))))
    for i, p in enumerate([0.3, 0.5, 1e-9, 0.999999999, 0.1 + 0.2]):
        print('bern', x64, 5 + i, repr(p), bernoulli(key(5 + i, x64), p, 64, bool(x64)))
