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
