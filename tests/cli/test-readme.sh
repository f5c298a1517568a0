#!/bin/sh
# test-readme.sh: the README's "Samples to try": every sample it links is in
# the repository, and every command it gives runs as written (from the
# repository's root, with this build's CLI), with the exit status it says;
# and `make demo`'s script without a GPU prints the two recorded pipelines
# and the recorded hazard.
. tests/cli/lib.sh
rows=$(sed -n '/^### Samples to try/,/^#/p' README.md | grep '^| \[')
is "README: five samples" "$(printf '%s\n' "$rows" | grep -c .)" 5
printf '%s\n' "$rows" > "$TMP/rows"
while IFS= read -r row; do
	link=$(printf '%s' "$row" | sed -n 's/^| \[[^]]*\](\([^)]*\)).*/\1/p')
	ok "sample $link: in the repository" test -f "$link"
	cmd=$(printf '%s' "$row" | awk -F'|' '{print $4}' | sed -n 's/^ *`\([^`]*\)`.*/\1/p')
	want=0
	case $row in *"fails, as it should"*) want=1 ;; esac
	cmd=$(printf '%s' "$cmd" | sed "s#^build/bin/overlapcheck#$OC#")
	bash -c "$cmd" >"$TMP/out" 2>"$TMP/err"
	rc=$?	# before the name's command substitution, which sets $? in bash
	is "sample $link: '$(printf '%s' "$cmd" | cut -c1-60)...' exits $want" "$rc" "$want"
	like "sample $link: prints a result" "$(cat "$TMP/out")" '[a-z]'
	unlike "sample $link: no error on stderr" "$(cat "$TMP/err")" 'not an overlapcheck trace|cannot|error'
done < "$TMP/rows"

# make demo without a GPU (the CI machine has none): the recorded reports
if nvidia-smi -L >/dev/null 2>&1; then
	skip "demo without a GPU: this machine has one"
else
	out=$(BUILD=$BUILD sh tools/demo.sh 2>&1); rc=$?
	is "demo: exit 0" "$rc" 0
	like "demo: the pinned pipeline" "$out" '^==== pinned_pipeline \(recorded on an H200'
	like "demo: the pageable pipeline" "$out" '^==== pageable_pipeline \(recorded on an H200'
	like "demo: the recorded hazard" "$out" '^==== mem/hazard_copy_kernel \(recorded on an H200'
	like "demo: the hazard found" "$out" '^Hazards: 1 finding, 1 pair of ops \(1 hazard'
fi
done_testing
