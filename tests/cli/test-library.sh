#!/bin/sh
# test-library.sh: liboverlapcheck as an outside program sees it. `make
# test` installs the library under DESTDIR=build/stage (make install-lib) and
# builds examples/verdicts.c with nothing but the installed headers and
# pkg-config file (build/bin/verdicts-example). This checks what was
# installed, and that the example's verdicts are the report's.
. tests/cli/lib.sh
ROOT=$(pwd)
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
STAGE=$BUILD/stage/usr
EX=$ROOT/$BUILD/bin/verdicts-example
version=$(sed -n 's/^#define OVERLAPCHECK_VERSION "\(.*\)"/\1/p' include/overlapcheck/version.h)
like "version.h: a version" "$version" '^[0-9]+\.[0-9]+\.[0-9]+$'
is "CLI --version: version.h's" "$("$OC" --version | cut -d' ' -f2)" "$version"
ok "installed: liboverlapcheck.a" test -f "$STAGE/lib/liboverlapcheck.a"
ok "installed: overlapcheck.h" test -f "$STAGE/include/overlapcheck/overlapcheck.h"
ok "installed: codes.h (the schema's)" test -f "$STAGE/include/overlapcheck/codes.h"
for h in include/overlapcheck/*.h schema/overlapcheck/*.h; do
	ok "installed: $(basename "$h") as it is" cmp -s "$h" "$STAGE/include/overlapcheck/$(basename "$h")"
done
pc=$STAGE/lib/pkgconfig/overlapcheck.pc
is "pkg-config: version" "$(sed -n 's/^Version: //p' "$pc")" "$version"
is "pkg-config: prefix" "$(sed -n 's/^prefix=//p' "$pc")" /usr
like "pkg-config: links the library" "$(sed -n 's/^Libs: //p' "$pc")" '-loverlapcheck'
if command -v pkg-config >/dev/null 2>&1; then
	is "pkg-config reads it" "$(PKG_CONFIG_PATH=$STAGE/lib/pkgconfig pkg-config --modversion overlapcheck)" "$version"
fi
ok "example built" test -x "$EX"

cd "$TMP" || exit 1
out=$("$EX" 2>&1); rc=$?
is "example: no trace, exit 2" "$rc" 2
like "example: usage names the library version" "$out" "liboverlapcheck $version"
out=$("$EX" nosuch.db 2>&1); rc=$?
is "example: missing trace, exit 2" "$rc" 2
like "example: missing trace named" "$out" "nosuch.db"
for name in pinned_pipeline pageable_pipeline event_chain; do
	load_sql "$name.db" "$ROOT/tests/fixtures/$name.sql"
	"$EX" "$name.db" > "$name.out"; rc=$?
	"$OC" report --format json "$name.db" > "$name.json"
	want=$(python3 - "$name.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
ser = [c for c in d["claims"] if c["verdict"] == "serialized"]
print(f'{s["claims"]} claims: {s["overlapped"]} overlapped, {s["serialized"]} serialized')
print(" ".join(sorted(c["causes"][0] for c in ser)))
print(1 if s["serialized"] else 0)
PY
)
	got_sum=$(tail -n 1 "$name.out")
	got_causes=$(sed -n 's/.*serialized: \([a-z_]*\)$/\1/p' "$name.out" | sort | tr '\n' ' ' | sed 's/ $//')
	is "example on $name: the report's summary" "$got_sum" "$(echo "$want" | sed -n 1p)"
	is "example on $name: the report's decisive causes" "$got_causes" "$(echo "$want" | sed -n 2p)"
	is "example on $name: exit status" "$rc" "$(echo "$want" | sed -n 3p)"
done
done_testing
