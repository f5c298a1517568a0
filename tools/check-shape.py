#!/usr/bin/env python3
"""check-shape.py: no circle of files, no file over 800 lines, no function over 150.

Circles: each production object file (BUILD/obj/src/**.o for the library and
the CLI, BUILD/pic/injection/*.o for the injection library, where built) is a
node; a file that uses a symbol another one defines (`nm`: an undefined
symbol against a defined global one, functions and variables alike) is an
arrow. A strongly connected set of two files or more is a circle, printed
with the names that tie it. Objects not built (no CUPTI here) are left out and
counted.

Sizes: every .c and .h under src/ and injection/ over 800 lines, and every
function over 150 lines (from the line of its name to its closing brace at
the start of a line), unless src/README.md's "Exempt from the size rule"
list names it (`path` or `path:function`) with a reason.

Prints one line per violation and exits 1 when there is any, else
"shape: N files, M arrows, no circle; sizes within bounds (K exempt)".

    python3 tools/check-shape.py [ROOT [BUILD]]
"""
import glob
import os
import re
import subprocess
import sys

MAX_FILE, MAX_FUNC = 800, 150
EXEMPT = re.compile(r"^- `([^`]+)`:\s*\S", re.M)


def exemptions(root):
    try:
        with open(os.path.join(root, "src", "README.md"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return set()
    i = text.find("Exempt from the size rule")
    if i < 0:
        return set()
    block = text[i:].split("\n\n", 2)
    return set(EXEMPT.findall("\n\n".join(block[:2])))


def functions(path):
    """(name, first line, length) of each function of a C file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    out, i = [], 0
    while i < len(lines):
        if lines[i].startswith("{"):
            j = i - 1
            while j >= 0 and "(" not in lines[j]:
                j -= 1
            m = re.search(r"([A-Za-z_]\w*)\s*\(", lines[j]) if j >= 0 else None
            k = i + 1
            while k < len(lines) and not lines[k].startswith("}"):
                k += 1
            if m:
                out.append((m.group(1), j + 1, k - j + 1))
            i = k
        i += 1
    return out


def sizes(root, exempt):
    bad, used = [], set()
    files = sorted(glob.glob(os.path.join(root, "src", "*", "*.[ch]")) +
                   glob.glob(os.path.join(root, "injection", "*.[ch]")))
    for path in files:
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8", errors="replace") as f:
            n = f.read().count("\n")
        if n > MAX_FILE:
            if rel in exempt:
                used.add(rel)
            else:
                bad.append("%s: %d lines (at most %d)" % (rel, n, MAX_FILE))
        if path.endswith(".c"):
            for name, line, length in functions(path):
                key = "%s:%s" % (rel, name)
                if length > MAX_FUNC:
                    if key in exempt:
                        used.add(key)
                    else:
                        bad.append("%s:%d: %s() is %d lines (at most %d)" % (rel, line, name, length, MAX_FUNC))
    for e in sorted(exempt - used):
        bad.append("src/README.md: exempts `%s`, which is within bounds or gone" % e)
    return bad, len(files), len(used)


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True).stdout
    defined, undefined = set(), set()
    for line in out.split("\n"):
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRGSCV":
            defined.add(parts[2])
    return defined, undefined


def circles(root, build):
    objs = sorted(glob.glob(os.path.join(build, "obj", "src", "**", "*.o"), recursive=True))
    objs += sorted(glob.glob(os.path.join(build, "pic", "injection", "*.o")))
    node = {}
    for o in objs:
        rel = os.path.relpath(o, build).split(os.sep, 1)[1][:-2] + ".c"
        node[rel] = symbols(o)
    owner = {}
    for name, (d, _) in node.items():
        for s in d:
            owner.setdefault(s, name)
    edges = {n: {} for n in node}
    for name, (_, u) in node.items():
        for s in u:
            o = owner.get(s)
            if o and o != name:
                edges[name].setdefault(o, []).append(s)
    # Tarjan's strongly connected components
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(node):
        if v not in index:
            visit(v)
    bad = []
    for comp in comps:
        ties = []
        for a in comp:
            for b in comp:
                if b in edges[a]:
                    ties.append("%s -> %s (%s)" % (a, b, ", ".join(sorted(edges[a][b])[:4])))
        bad.append("circle of %d files: %s" % (len(comp), "; ".join(ties)))
    return bad, len(node), sum(len(e) for e in edges.values())


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    build = argv[2] if len(argv) > 2 else os.path.join(root, "build")
    bad_c, nfiles, narrows = circles(root, build)
    bad_s, nsrc, nexempt = sizes(root, exemptions(root))
    for b in bad_c + bad_s:
        print(b)
    if bad_c or bad_s:
        return 1
    if nfiles == 0:
        print("check-shape: no object files under %s (run make first)" % build)
        return 2
    print("shape: %d files, %d arrows, no circle; sizes within bounds (%d exempt)" % (nfiles, narrows, nexempt))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
