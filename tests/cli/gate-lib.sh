# gate-lib.sh: helpers shared by test-check.sh and test-compare.sh (source it
# after lib.sh).
GEN="python3 tests/cli/gate-gen.py"
F=${FIXTURES:-tests/fixtures}
# status CMD...: the exit status of CMD, output discarded
status() { "$@" >/dev/null 2>&1; echo $?; }
# jpy EXPR: a Python expression on the JSON in $json (bound to d); prints its value
jpy() { printf '%s' "$json" | python3 -c "import json, sys; d = json.load(sys.stdin); print($1)"; }
# fixture NAME: load $F/NAME.sql (a recorded H200 trace) into $TMP/h200_NAME.db
# (apart from the synthetic traces of the same name); false when absent
fixture() {
	[ -f "$F/$1.sql" ] || return 1
	[ -f "$TMP/h200_$1.db" ] || load_sql "$TMP/h200_$1.db" "$F/$1.sql"
}
