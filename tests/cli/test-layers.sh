#!/bin/sh
# test-layers.sh: the include rules (src/README.md) hold on this tree, and
# tools/check-layers.py does catch each kind of violation on a small tree.
. tests/cli/lib.sh
out=$(python3 tools/check-layers.py . 2>&1); rc=$?
is "this tree: exit 0" "$rc" 0
like "this tree: all one way" "$out" '^layers: [0-9]+ includes, all one way$'

# tree DIR: a minimal layered tree that passes
tree() {
	mkdir -p "$1/src/analysis" "$1/src/report" "$1/src/cli" "$1/include/overlapcheck" \
		"$1/schema/overlapcheck" "$1/injection"
	echo '#include "overlapcheck/codes.h"' > "$1/include/overlapcheck/trace.h"
	: > "$1/schema/overlapcheck/codes.h"
	: > "$1/include/overlapcheck/report.h"
	echo '#include "overlapcheck/trace.h"' > "$1/src/analysis/claims.c"
	: > "$1/src/analysis/context.h"
	echo '#include "overlapcheck/report.h"' > "$1/src/cli/main.c"
	echo '#include "overlapcheck/codes.h"' > "$1/injection/inject.c"
}
tree "$TMP/ok"
out=$(python3 tools/check-layers.py "$TMP/ok" 2>&1); rc=$?
is "small tree: exit 0" "$rc" 0

tree "$TMP/up"
echo '#include "overlapcheck/report.h"' >> "$TMP/up/src/analysis/claims.c"
out=$(python3 tools/check-layers.py "$TMP/up" 2>&1); rc=$?
is "upward include: exit 1" "$rc" 1
like "upward include: named" "$out" 'src/analysis/claims.c:2: #include "overlapcheck/report.h" runs from analysis up to report'

tree "$TMP/priv"
echo '#include "../analysis/context.h"' > "$TMP/priv/src/report/out.c"
out=$(python3 tools/check-layers.py "$TMP/priv" 2>&1); rc=$?
is "private header of another layer: exit 1" "$rc" 1
like "private header: named" "$out" 'src/report/out.c:1: .*private to src/analysis/'

tree "$TMP/inj"
echo '#include "overlapcheck/trace.h"' >> "$TMP/inj/injection/inject.c"
out=$(python3 tools/check-layers.py "$TMP/inj" 2>&1); rc=$?
is "injection includes the reader: exit 1" "$rc" 1
like "injection: named" "$out" 'injection/inject.c:2: .* runs from injection up to trace'

tree "$TMP/new"
: > "$TMP/new/include/overlapcheck/newthing.h"
out=$(python3 tools/check-layers.py "$TMP/new" 2>&1); rc=$?
is "unlisted public header: exit 1" "$rc" 1
like "unlisted public header: named" "$out" 'newthing.h: public header without a layer'

tree "$TMP/miss"
echo '#include "nowhere.h"' >> "$TMP/miss/src/cli/main.c"
out=$(python3 tools/check-layers.py "$TMP/miss" 2>&1); rc=$?
is "include of no file: exit 1" "$rc" 1
# The writer's files call one way, in the order injection/README.md gives
# (tools/check-writer-calls.py), and an upward call is named.
out=$(python3 tools/check-writer-calls.py . 2>&1); rc=$?
is "writer calls: exit 0" "$rc" 0
like "writer calls: all one way" "$out" '^writer calls: [0-9]+ arrows, all one way$'
mkdir -p "$TMP/wr/injection"
printf 'Calls run one way: `writer.c` -> `writer-rows.c` ->\n`writer-state.c`.\n' > "$TMP/wr/injection/README.md"
printf 'void oc_wr_top(void)\n{\n\toc_wr_mid();\n}\n' > "$TMP/wr/injection/writer.c"
printf 'void oc_wr_mid(void)\n{\n\toc_wr_low();\n}\n' > "$TMP/wr/injection/writer-rows.c"
printf '/* oc_wr_mid() in a comment is no call */\nvoid oc_wr_low(void)\n{\n}\n' > "$TMP/wr/injection/writer-state.c"
out=$(python3 tools/check-writer-calls.py "$TMP/wr" 2>&1); rc=$?
is "writer calls, small tree: exit 0" "$rc" 0
like "writer calls, small tree: its arrows" "$out" '^writer calls: 2 arrows, all one way$'
printf 'void oc_wr_low(void)\n{\n\toc_wr_mid();\n}\n' > "$TMP/wr/injection/writer-state.c"
out=$(python3 tools/check-writer-calls.py "$TMP/wr" 2>&1); rc=$?
is "writer calls, upward: exit 1" "$rc" 1
like "writer calls, upward: named" "$out" 'injection/writer-state.c:3: oc_wr_mid\(\) runs up from writer-state.c to writer-rows.c'
# a return type on a line of its own, a prototype in a lower file, "//" in a string
printf 'void\noc_wr_mid(void)\n{\n\tputs("a // b"); oc_wr_low();\n}\n' > "$TMP/wr/injection/writer-rows.c"
printf 'void oc_wr_mid(void);\nvoid oc_wr_low(void)\n{\n}\n' > "$TMP/wr/injection/writer-state.c"
out=$(python3 tools/check-writer-calls.py "$TMP/wr" 2>&1); rc=$?
is "writer calls, two-line definition and a prototype: exit 0" "$rc" 0
like "writer calls, two-line definition and a prototype: its arrows" "$out" '^writer calls: 2 arrows, all one way$'
printf 'void oc_wr_mid(void);\nvoid oc_wr_low(void)\n{\n\tputs("x"); oc_wr_mid();\n}\n' > "$TMP/wr/injection/writer-state.c"
out=$(python3 tools/check-writer-calls.py "$TMP/wr" 2>&1); rc=$?
like "writer calls, upward to a two-line definition: named" "$out" 'injection/writer-state.c:4: oc_wr_mid\(\) runs up'
out=$(python3 tools/check-writer-calls.py "$TMP/none" 2>&1); rc=$?
is "writer calls, no README: exit 2" "$rc" 2

# No circle of files, no file over 800 lines, no function over 150
# (tools/check-shape.py; src/README.md lists exemptions), and the check
# catches each on a small tree.
out=$(python3 tools/check-shape.py . "$BUILD" 2>&1); rc=$?
is "shape: exit 0" "$rc" 0
like "shape: no circle, within bounds" "$out" '^shape: [0-9]+ files, [0-9]+ arrows, no circle; sizes within bounds'
sh_tree() { # DIR: two files calling each other, built into DIR/build/obj
	mkdir -p "$1/src/x" "$1/build/obj/src/x"
	printf 'void fb(void);\nvoid fa(void)\n{\n\tfb();\n}\n' > "$1/src/x/a.c"
	printf 'void fa(void);\nvoid fb(void)\n{\n\tfa();\n}\n' > "$1/src/x/b.c"
	for f in a b; do cc -c -o "$1/build/obj/src/x/$f.o" "$1/src/x/$f.c"; done
}
sh_tree "$TMP/sh1"
out=$(python3 tools/check-shape.py "$TMP/sh1" 2>&1); rc=$?
is "shape, a circle: exit 1" "$rc" 1
like "shape, a circle: named with its ties" "$out" 'circle of 2 files: src/x/a.c -> src/x/b.c \(fb\); src/x/b.c -> src/x/a.c \(fa\)'
sh_tree "$TMP/sh2"
printf 'void fb(void)\n{\n}\n' > "$TMP/sh2/src/x/b.c"
cc -c -o "$TMP/sh2/build/obj/src/x/b.o" "$TMP/sh2/src/x/b.c"
{ printf 'int big(void)\n{\n'; i=0; while [ $i -lt 160 ]; do echo '	;'; i=$((i + 1)); done; printf '\treturn 0;\n}\n'; } > "$TMP/sh2/src/x/c.c"
i=0; while [ $i -lt 801 ]; do echo '/* */'; i=$((i + 1)); done > "$TMP/sh2/src/x/d.h"
out=$(python3 tools/check-shape.py "$TMP/sh2" 2>&1); rc=$?
is "shape, one way but too big: exit 1" "$rc" 1
unlike "shape, one way: no circle" "$out" 'circle'
like "shape: a function over 150 lines named" "$out" 'src/x/c.c:1: big\(\) is 164 lines \(at most 150\)'
like "shape: a file over 800 lines named" "$out" 'src/x/d.h: 801 lines \(at most 800\)'
printf 'Exempt from the size rule, each with its reason:\n\n- `src/x/c.c:big`: one switch, one job\n- `src/x/d.h`: a table\n- `src/x/gone.c`: left over\n' > "$TMP/sh2/src/README.md"
out=$(python3 tools/check-shape.py "$TMP/sh2" 2>&1); rc=$?
is "shape, exempted: only the stale exemption fails" "$rc" 1
like "shape: a stale exemption named" "$out" 'exempts `src/x/gone.c`, which is within bounds or gone'
unlike "shape: the exempted function passes" "$out" 'big\(\) is'

done_testing
