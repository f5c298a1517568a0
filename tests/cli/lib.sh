# lib.sh: a tiny TAP-like harness for the CLI tests. Source it, call ok/check,
# finish with `done_testing`. Each test file prints "# N ok, N not ok" last.
BUILD=${BUILD:-build}
OC=${OC:-$BUILD/bin/overlapcheck}
# whole lines: text wraps at $COLUMNS off a terminal (test-wrap.sh tests it)
COLUMNS=${OC_TEST_COLUMNS:-4000}
export COLUMNS
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
_ok=0
_nok=0
_skip=0
# skip NAME WHY: a check that cannot run here (no CUPTI, say), counted apart
skip() {
	_skip=$((_skip + 1)); echo "ok - $1 # SKIP $2"
}
# ok NAME CONDITION-COMMAND...: passes when the command exits 0
ok() {
	name=$1; shift
	if "$@" >/dev/null 2>&1; then
		_ok=$((_ok + 1)); echo "ok - $name"
	else
		_nok=$((_nok + 1)); echo "not ok - $name"
	fi
}
# is NAME GOT WANT
is() {
	if [ "$2" = "$3" ]; then
		_ok=$((_ok + 1)); echo "ok - $1"
	else
		_nok=$((_nok + 1)); echo "not ok - $1: got '$2', want '$3'"
	fi
}
# like NAME TEXT PATTERN (grep -E)
like() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		_ok=$((_ok + 1)); echo "ok - $1"
	else
		_nok=$((_nok + 1)); echo "not ok - $1: '$2' does not match /$3/"
	fi
}
# unlike NAME TEXT PATTERN (grep -E): passes when no line matches
unlike() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		_nok=$((_nok + 1)); echo "not ok - $1: a line matches /$3/"
	else
		_ok=$((_ok + 1)); echo "ok - $1"
	fi
}
# load_sql DB FILE: FILE's SQL (a recorded fixture, tests/fixtures/*.sql) into
# DB, through Python's sqlite3 module; false when it fails
load_sql() {
	python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' \
		"$1" "$2"
}
done_testing() {
	[ "$_skip" -gt 0 ] && echo "# $_skip skipped"
	echo "# $_ok ok, $_nok not ok"
	[ "$_nok" -eq 0 ]
}
