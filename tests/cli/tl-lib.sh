# tl-lib.sh: helpers for the export/timeline/browser tests; source after lib.sh.

# fold NAME-prefixed "ok - x" / "not ok - x" lines of a checker into the counts
fold() {
	prefix=$1; shift
	"$@" >"$TMP/check.out" 2>&1
	rc=$?
	while IFS= read -r line; do
		case $line in
		"ok - "*) _ok=$((_ok + 1)); echo "ok - $prefix: ${line#ok - }" ;;
		"not ok - "*) _nok=$((_nok + 1)); echo "not ok - $prefix: ${line#not ok - }" ;;
		*) echo "# $line" ;;
		esac
	done <"$TMP/check.out"
	if [ "$rc" -ne 0 ] && ! grep -q '^not ok' "$TMP/check.out"; then
		_nok=$((_nok + 1)); echo "not ok - $prefix: checker failed (status $rc)"
	fi
}

# each_fixture CMD CHECKER: every recorded fixture (tests/fixtures/*.sql, H200
# traces) through `overlapcheck CMD -o FILE`, FILE checked by the Python
# CHECKER (export-check.py, timeline-check.py) with --analysis
each_fixture() {
	for f in tests/fixtures/*.sql; do
		[ -f "$f" ] || continue
		fx=$(basename "$f" .sql)
		rm -f "$TMP/fx.db"
		load_sql "$TMP/fx.db" "$f" || { ok "fixture $fx: loads" false; continue; }
		ok "fixture $fx: $1" "$OC" "$1" -o "$TMP/fx.out" "$TMP/fx.db"
		fold "fixture $fx" python3 "$2" "$TMP/fx.db" "$TMP/fx.out" --analysis
	done
}
