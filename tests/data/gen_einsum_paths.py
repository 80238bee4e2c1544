#!/usr/bin/python3
"""Writes tests/data/einsum_paths.txt: the contraction path jnp.einsum takes, for
tests/test_einsum.c. JAX calls opt_einsum.contract_path(..., optimize="auto"), whose "auto"
picks a search by the number of operands:

    1-4: optimal      5-6: branch-all      7-8: branch-2      9-14: branch-1      15+: greedy

This file writes those searches again from opt_einsum 3.4's paths.py, as a reference that is not
the C code it checks: in Python, on CPython's own sets and exact ints, so that what the C code
must imitate by hand -- the order in which a Python set of small ints iterates (branch-and-bound's
running cut-off depends on it), results cached by the pair of label sets (the cache keeps a
flop count computed in another state), ints past 2^53 -- comes here for free. Before writing,
it checks itself against the paths opt_einsum's own tests (tests/test_paths.py) and docstrings
publish.

Each line: <subscripts> <shapes> <path>, a shape as dims joined by 'x' ('-' for a scalar), shapes
joined by ';', the path as linear pairs 'i,j' joined by ';'.

    /usr/bin/python3 tests/data/gen_einsum_paths.py           rewrite the file
    /usr/bin/python3 tests/data/gen_einsum_paths.py --check   exit 1 if the file is stale
"""
import heapq
import itertools
import os
import random
import sys

from genlib import write_or_check

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "einsum_paths.txt")


def size_of(labels, sizes):
    s = 1
    for c in labels:
        s *= sizes[c]
    return s


def pair_result(terms, output, remaining, i, j, sizes):
    """The labels a pair keeps (those in the output or a term still to come) and its flops: the
    size of all its labels, doubled where one of them is summed away."""
    others = [terms[k] for k in remaining if k != i and k != j]
    keep = frozenset(output).union(*others)
    both = terms[i] | terms[j]
    inner = bool((terms[i] & terms[j]) - keep)
    return both & keep, size_of(both, sizes) * (2 if inner else 1)


def to_linear(ssa):
    """Static ids (each result a new one) to positions in the shrinking list."""
    alive = list(range(sum(map(len, ssa)) - len(ssa) + 1))
    nxt, out = len(alive), []
    for step in ssa:
        pos = sorted(alive.index(s) for s in step)
        for p in reversed(pos):
            alive.pop(p)
        alive.append(nxt)
        nxt += 1
        out.append(tuple(pos))
    return out


def optimal(inputs, output, sizes):
    terms0 = tuple(map(frozenset, inputs))
    best = {"flops": float("inf"), "path": None}
    cache = {}

    def search(path, terms, remaining, flops):
        if len(remaining) == 1:
            best["flops"], best["path"] = flops, path
            return
        for i, j in itertools.combinations(remaining, 2):
            i, j = min(i, j), max(i, j)
            key = (terms[i], terms[j])
            if key not in cache:  # keyed by the label sets alone, whatever else remains
                cache[key] = pair_result(terms, output, remaining, i, j, sizes)
            k12, f12 = cache[key]
            if flops + f12 >= best["flops"]:
                continue
            search(path + ((i, j),), terms + (k12,), remaining - {i, j} | {len(terms)}, flops + f12)

    search((), terms0, set(range(len(terms0))), 0)
    return to_linear(best["path"])


def branch(inputs, output, sizes, nbranch):
    terms0 = tuple(map(frozenset, inputs))
    best = {"flops": float("inf"), "size": float("inf"), "path": None}
    progress = {}  # the fewest flops seen at each depth
    cache = {}
    tsize = {k: size_of(k, sizes) for k in terms0}

    def search(path, terms, remaining, flops, size):
        if len(remaining) == 1:
            best["flops"], best["size"], best["path"] = flops, size, path
            return

        def assess(i, j):
            key = (terms[i], terms[j])
            if key not in cache:
                cache[key] = pair_result(terms, output, remaining, i, j, sizes)
            k12, f12 = cache[key]
            if k12 not in tsize:
                tsize[k12] = size_of(k12, sizes)
            s12 = tsize[k12]
            nf, ns = flops + f12, max(size, s12)
            if not (nf, ns) < (best["flops"], best["size"]):
                return None
            depth = len(terms)
            if nf < progress.get(depth, float("inf")):
                progress[depth] = nf
            elif nf > 4 * progress[depth]:
                return None
            heur = s12 - tsize[terms[i]] - tsize[terms[j]]
            return (heur, f12, nf, ns, (i, j), k12)

        heap = []
        for outer in (False, True):
            for i, j in itertools.combinations(remaining, 2):
                i, j = min(i, j), max(i, j)
                if not outer and terms[i].isdisjoint(terms[j]):
                    continue
                c = assess(i, j)
                if c:
                    heapq.heappush(heap, c)
            if heap:
                break
        taken = 0
        while (nbranch is None or taken < nbranch) and heap:
            _, _, nf, ns, (i, j), k12 = heapq.heappop(heap)
            search(path + ((i, j),), terms + (k12,), (remaining - {i, j}) | {len(terms)}, nf, ns)
            taken += 1

    search((), terms0, set(range(len(terms0))), 0, 0)
    return to_linear(best["path"])


def greedy(inputs, output, sizes):
    terms = [frozenset(x) for x in inputs]
    output = frozenset(output) | frozenset.intersection(*terms)  # shared by all: kept to the end
    ids = itertools.count(len(terms))
    alive, ssa = {}, []  # label set -> static id
    for sid, key in enumerate(terms):  # equal label sets first, as Hadamard products
        if key in alive:
            ssa.append((alive[key], sid))
            alive[key] = next(ids)
        else:
            alive[key] = sid
    users = {}
    for key in alive:
        for d in key - output:
            users.setdefault(d, set()).add(key)
    twice = {d for d, ks in users.items() if len(ks) >= 2}
    thrice = {d for d, ks in users.items() if len(ks) >= 3}
    foot = {key: size_of(key, sizes) for key in alive}

    def candidate(k1, k2):
        either, two = k1 | k2, k1 & k2
        k12 = (either & output) | (two & thrice) | ((either - two) & twice)
        cost = size_of(k12, sizes) - foot[k1] - foot[k2]
        a, b = alive[k1], alive[k2]
        if a > b:
            k1, k2, a, b = k2, k1, b, a
        return ((cost, b, a), k1, k2, k12)

    queue = []
    for d, ks in users.items():
        ks = sorted(ks, key=alive.__getitem__)
        for n, k1 in enumerate(ks[:-1]):
            heapq.heappush(queue, min(candidate(k1, k2) for k2 in ks[n + 1:]))
    while queue:
        _, k1, k2, k12 = heapq.heappop(queue)
        if k1 not in alive or k2 not in alive:
            continue  # stale: one of them is gone
        ssa.append((alive.pop(k1), alive.pop(k2)))
        for k in (k1, k2):
            for d in k - output:
                users[d].remove(k)
        if k12 in alive:
            ssa.append((alive[k12], next(ids)))
        else:
            for d in k12 - output:
                users.setdefault(d, set()).add(k12)
        alive[k12] = next(ids)
        for d in k1 | (k2 - output):  # (opt_einsum's `k1 | k2 - output`)
            n = len(users.get(d, ()))
            (twice.add if n >= 2 else twice.discard)(d)
            (thrice.add if n >= 3 else thrice.discard)(d)
        foot[k12] = size_of(k12, sizes)
        near = {k for d in k12 for k in users.get(d, ())} - {k12}
        if near:
            heapq.heappush(queue, min(candidate(k12, k) for k in near))
    final = [(size_of(k & output, sizes), sid, k) for k, sid in alive.items()]
    heapq.heapify(final)
    _, s1, k1 = heapq.heappop(final)
    while final:
        _, s2, k2 = heapq.heappop(final)
        ssa.append((min(s1, s2), max(s1, s2)))
        k12 = (k1 | k2) & output
        _, s1, k1 = heapq.heappushpop(final, (size_of(k12, sizes), next(ids), k12))
    return to_linear(ssa)


def auto(inputs, output, sizes):
    n = len(inputs)
    if n == 1:
        return [(0,)]
    if n == 2:
        return [(0, 1)]
    if n <= 4:
        return optimal(inputs, output, sizes)
    if n <= 14:
        return branch(inputs, output, sizes, None if n <= 6 else 2 if n <= 8 else 1)
    return greedy(inputs, output, sizes)


def parse(subscripts, shapes):
    """Explicit or implicit output (the labels seen once, sorted); a label's size the largest of
    its dims (a 1 broadcasts)."""
    ins, _, out = subscripts.partition("->")
    terms = ins.split(",")
    if "->" not in subscripts:
        seen = "".join(terms)
        out = "".join(sorted(c for c in set(seen) if seen.count(c) == 1))
    sizes = {}
    for t, sh in zip(terms, shapes):
        for c, d in zip(t, sh):
            sizes[c] = max(sizes.get(c, 1), d)
    return terms, out, sizes


OE_DIMS = dict(zip("abcdefghijklmopqABC", [2, 3, 4, 5, 4, 3, 2, 6, 5, 4, 3, 2, 5, 7, 4, 3, 2, 3, 4]))


def oe_shapes(subscripts, dims=OE_DIMS):
    return [tuple(dims[c] for c in t) for t in subscripts.split("->")[0].split(",")]


def self_check():
    """opt_einsum's published paths (tests/test_paths.py; the greedy docstring)."""
    algs = {"optimal": optimal, "greedy": greedy, "branch-all": lambda i, o, s: branch(i, o, s, None),
            "branch-2": lambda i, o, s: branch(i, o, s, 2)}
    published = [
        ("eb,cb,fb->cef", "greedy branch-all branch-2 optimal", [(0, 2), (0, 1)]),
        ("dd,fb,be,cdb->cef", "greedy branch-all branch-2 optimal", [(0, 3), (0, 1), (0, 1)]),
        ("bca,cdb,dbf,afc->", "greedy branch-all branch-2 optimal", [(1, 2), (0, 2), (0, 1)]),
        ("dcc,fce,ea,dbf->ab", "greedy", [(1, 2), (0, 1), (0, 1)]),
        ("dcc,fce,ea,dbf->ab", "branch-all branch-2 optimal", [(1, 2), (0, 2), (0, 1)]),
        ("abc,bdef,fghj,cem,mhk,ljk->adgl", "optimal greedy", [(0, 3), (0, 4), (0, 2), (0, 2), (0, 1)]),
    ]
    cases = [(s, oe_shapes(s), names, want) for s, names, want in published]
    cases.append(("ab,cd,ef,fg", [(10, 10)] * 3 + [(10, 2)], "greedy branch-2 branch-all optimal", [(2, 3), (0, 2), (0, 1)]))
    cases.append(("abd,ac,bdc->", oe_shapes("abd,ac,bdc->", {"a": 1, "b": 2, "c": 3, "d": 4}), "greedy optimal",
                  [(0, 2), (0, 1)]))
    for s, shapes, names, want in cases:
        terms, out, sizes = parse(s, shapes)
        for name in names.split():
            got = algs[name](terms, out, sizes)
            if got != want:
                sys.exit(f"gen_einsum_paths: {name} {s} gives {got}, opt_einsum {want}")
    return [(s, shapes) for s, shapes, _, _ in cases]


def random_case(r, n):
    """n operands over a pool of labels; some terms repeat another's labels (opt_einsum's caches and
    Hadamard products), some repeat a label, some are scalars, some dims are 1 (broadcast), and in
    some every term shares a label."""
    pool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    nlab = r.randint(2, min(len(pool), 3 + n * 2))
    labels = r.sample(pool, nlab)
    size = {c: r.choice([1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9]) for c in labels}
    terms = []
    for _ in range(n):
        if terms and r.random() < 0.15:
            t = list(r.choice(terms))
            r.shuffle(t)
        else:
            t = r.sample(labels, min(nlab, r.choice([0, 1, 2, 2, 3, 3, 3, 4, 4, 5]))) if r.random() > 0.03 else []
            if t and r.random() < 0.08:
                t.insert(r.randrange(len(t) + 1), r.choice(t))
        terms.append("".join(t))
    if r.random() < 0.2:  # a label every term has (a batch axis): greedy keeps it to the end
        b = r.choice([c for c in pool if c not in labels])
        size[b] = r.choice([2, 3])
        terms = [t[:k] + b + t[k:] for t in terms for k in [r.randint(0, len(t))]]
    used = sorted(set("".join(terms)))
    if r.random() < 0.3:
        sub = ",".join(terms)
    else:
        out = [c for c in used if r.random() < 0.25]
        r.shuffle(out)
        sub = ",".join(terms) + "->" + "".join(out)
    shapes = [tuple(1 if size[c] > 1 and r.random() < 0.05 else size[c] for c in t) for t in terms]
    return sub, shapes


def fmt_shape(sh):
    return "x".join(map(str, sh)) if sh else "-"


def render():
    cases = self_check()
    r = random.Random(20261125)
    counts = {3: 150, 4: 250, 5: 250, 6: 250, 7: 150, 8: 150}
    counts.update({n: 60 for n in range(9, 15)})
    counts.update({n: 40 for n in range(15, 25)})
    for n, k in counts.items():
        cases += [random_case(r, n) for _ in range(k)]
    lines = []
    for sub, shapes in cases:
        terms, out, sizes = parse(sub, shapes)
        path = auto(terms, out, sizes)
        lines.append(f"{sub} {';'.join(map(fmt_shape, shapes))} {';'.join(','.join(map(str, p)) for p in path)}")
    return "".join(line + "\n" for line in lines)


if __name__ == "__main__":
    write_or_check(TARGET, render())
