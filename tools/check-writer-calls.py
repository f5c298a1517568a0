#!/usr/bin/env python3
"""check-writer-calls.py: the writer's files call one way, as injection/README.md says.

The README's sentence "Calls run one way: `writer.c` -> `writer-queue.c` ->
..." lists the writer's files from the top down. Every writer file includes
the same private header (writer-priv.h), so the include check
(tools/check-layers.py) cannot see these arrows: this one reads the calls.
A function defined without `static` in one listed file (its return type on
the same line or the one before) and called in another (comments, string
literals and prototypes left out) is an arrow; an arrow that runs up the
list is a violation. Calls through function pointers and macros in
writer-priv.h are not seen, nor files the sentence does not list
(writer-wal.c, writer-callers.c). Prints one line per violation and exits 1 when there is any,
else prints "writer calls: N arrows, all one way".

    python3 tools/check-writer-calls.py [ROOT]
"""
import os
import re
import sys

SENTENCE = re.compile(r"Calls run one way:((?:\s*`[^`]+`\s*->)+\s*`[^`]+`)", re.S)
NAME = re.compile(r"`([^`]+)`")
# a definition: a return type (on the same line or the one before, with
# attributes), then at the start of a line or after the type the name, its
# parameters and "{"; "static" ones are the file's own
DEFINITION = re.compile(r"^(?!static\b)(?!\s)(?:[A-Za-z_][\w \t\*]*?\b|(?:[A-Za-z_][\w \t\*()]*\n))?"
                        r"([A-Za-z_]\w*)\s*\(([^;{]*)\)\s*\{", re.M)
STATIC_BEFORE = re.compile(r"(?:^|\n)static\b[^\n]*\n$")
# a prototype (a declaration, not a call): a type, the name, parameters, ";"
PROTOTYPE = r"^[ \t]*(?:extern[ \t]+)?[A-Za-z_][\w \t\*]*?\b%s\s*\([^;{]*\)\s*;"
# comments, and string and character literals (which may hold "/*" or "//")
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def order_of(root):
    try:
        with open(os.path.join(root, "injection", "README.md"), encoding="utf-8") as f:
            m = SENTENCE.search(f.read())
    except OSError:
        return None
    return NAME.findall(m.group(1)) if m else None


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    order = order_of(root)
    if not order:
        print("check-writer-calls: injection/README.md has no \"Calls run one way:\" sentence")
        return 2
    src, defs = {}, {}
    for name in order:
        path = os.path.join(root, "injection", name)
        try:
            with open(path, encoding="utf-8") as f:
                src[name] = COMMENT.sub(" ", f.read())
        except OSError as e:
            print("check-writer-calls: %s: %s" % (path, e.strerror))
            return 2
        for m in DEFINITION.finditer(src[name]):
            if m.group(1) in ("if", "for", "while", "switch", "return", "sizeof"):
                continue
            if STATIC_BEFORE.search(src[name][:m.start()] + ""):
                continue   # "static TYPE\nname(...)": the file's own
            defs.setdefault(m.group(1), name)
    bad, arrows = [], set()
    for name, text in src.items():
        for fn, home in defs.items():
            if home == name:
                continue
            protos = {p.end() for p in re.finditer(PROTOTYPE % re.escape(fn), text, re.M)}
            for m in re.finditer(r"\b%s\s*\(" % re.escape(fn), text):
                if any(m.start() < e and text.rfind("\n", 0, e) < m.start() for e in protos):
                    continue   # a prototype on this line
                arrows.add((name, home))
                if order.index(home) < order.index(name):
                    line = text.count("\n", 0, m.start()) + 1
                    bad.append("injection/%s:%d: %s() runs up from %s to %s" % (name, line, fn, name, home))
                break
    for b in bad:
        print(b)
    if bad:
        return 1
    print("writer calls: %d arrows, all one way" % len(arrows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
