#!/usr/bin/env python3
"""check-layers.py: the include rules of src/README.md, checked.

Every quoted #include in src/, injection/, schema/ and include/ is resolved
the way the build resolves it (the including file's folder, then include/,
schema/, build/gen) and mapped to a layer. The layers, lowest first:

    schema  util  trace  analysis  report  cli        (src/ and include/)
    schema  injection                                 (the CUPTI library)

A file may include its own layer or a lower one; injection/ may include only
itself and schema/. A header inside src/LAYER/ is private to that layer.
A public header (include/overlapcheck/*.h) must be listed in PUBLIC below,
so a new one gets a layer on purpose. Prints one line per violation and
exits 1 when there is any, else prints "layers: N includes, all one way".

    python3 tools/check-layers.py [ROOT]
"""
import os
import re
import sys

ORDER = ["schema", "util", "trace", "analysis", "report", "cli"]
PUBLIC = {
    "json.h": "util", "demangle.h": "util", "version.h": "util", "format.h": "util", "mem.h": "util",
    "nccl.h": "util", "jsonr.h": "util",
    "trace.h": "trace", "tracefile.h": "trace", "import.h": "trace",
    "sweep.h": "analysis", "analysis.h": "analysis", "path.h": "analysis", "causes.h": "analysis", "rules.h": "analysis",
    "compare.h": "analysis", "check.h": "analysis", "ranks.h": "analysis",
    "report.h": "report", "export.h": "report",
    "check-report.h": "report", "compare-report.h": "report", "ranks-report.h": "report",
    "overlapcheck.h": "report", "writers.h": "report",
}
GENERATED = {"schema-sql.h": "schema", "timeline-html.h": "report"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(root, path):
    rel = os.path.relpath(path, root).replace(os.sep, "/")
    parts = rel.split("/")
    if parts[0] == "schema":
        return "schema", None
    if parts[0] == "injection":
        return "injection", None
    if parts[0] == "src" and len(parts) > 2 and parts[1] in ORDER:
        return parts[1], parts[1] if rel.endswith(".h") else None
    if parts[0] == "include" and rel.startswith("include/overlapcheck/"):
        name = parts[-1]
        if name not in PUBLIC:
            return "?" + name, None
        return PUBLIC[name], None
    return None, None


def resolve(root, src, name):
    for d in (os.path.dirname(src), os.path.join(root, "include"), os.path.join(root, "schema")):
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(p):
            return p
    return None


def allowed(frm, to):
    if frm == to:
        return True
    if frm == "injection":
        return to == "schema"
    if to == "injection":
        return False
    return ORDER.index(to) < ORDER.index(frm)


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    bad = []
    n = 0
    for top in ("src", "injection", "schema", "include"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                src = os.path.join(d, f)
                rel = os.path.relpath(src, root)
                frm, _ = layer_of(root, src)
                if frm is None:
                    bad.append(f"{rel}: not in any layer (src/{{{','.join(ORDER[1:])}}}/, injection/, schema/, include/overlapcheck/)")
                    continue
                if frm.startswith("?"):
                    bad.append(f"{rel}: public header without a layer: add it to PUBLIC in tools/check-layers.py")
                    continue
                text = open(src, encoding="utf-8", errors="replace").read()
                for m in INCLUDE.finditer(text):
                    n += 1
                    name = m.group(1)
                    line = text.count("\n", 0, m.start()) + 1
                    if name in GENERATED:
                        to, private = GENERATED[name], None
                        target = "build/gen/" + name
                    else:
                        p = resolve(root, src, name)
                        if p is None:
                            bad.append(f"{rel}:{line}: #include \"{name}\" is not a file of the tree")
                            continue
                        to, private = layer_of(root, p)
                        target = os.path.relpath(p, root)
                        if to is None or to.startswith("?"):
                            bad.append(f"{rel}:{line}: #include \"{name}\" ({target}) is in no layer")
                            continue
                    if private and private != frm:
                        bad.append(f"{rel}:{line}: #include \"{name}\": {target} is private to src/{private}/")
                    elif not allowed(frm, to):
                        bad.append(f"{rel}:{line}: #include \"{name}\" runs from {frm} up to {to} ({target})")
    for b in bad:
        print(b)
    if bad:
        print(f"layers: {len(bad)} violation(s) of the include rules (src/README.md)")
        return 1
    print(f"layers: {n} includes, all one way")
    return 0


if __name__ == "__main__":
    sys.exit(main())
