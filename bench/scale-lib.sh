# scale-lib.sh: what bench/analyze-scale.sh, output-scale.sh and
# timeline-scale.sh share, sourced after each defines die() and reads its
# arguments.

# to_count SIZE: 10k -> 10000, 1M -> 1000000; anything else is refused (status 1).
to_count() {
	case $1 in
	*[!0-9kKmM]*|''|[kKmM]*) return 1 ;;
	*[kK]) n=${1%[kK]}; case $n in *[!0-9]*|'') return 1 ;; esac; echo $((n * 1000)) ;;
	*[mM]) n=${1%[mM]}; case $n in *[!0-9]*|'') return 1 ;; esac; echo $((n * 1000000)) ;;
	*) case $1 in *[!0-9]*) return 1 ;; esac; echo "$1" ;;
	esac
}

# scale_counts SIZES: the comma-separated sizes as op counts, space-separated,
# or die naming the first bad one.
scale_counts() {
	_counts=
	for _s in $(echo "$1" | tr ',' ' '); do
		_c=$(to_count "$_s") || die "invalid size '$_s': expected digits with an optional k or M suffix"
		[ "$_c" -gt 0 ] || die "invalid size '$_s': must be positive"
		_counts="$_counts $_c"
	done
	[ -n "$_counts" ] || die "no sizes given"
	echo "$_counts"
}

# scale_positive NAME VALUE: die unless VALUE is a positive integer.
scale_positive() {
	case $2 in *[!0-9]*|''|0) die "invalid $1 '$2': expected a positive integer" ;; esac
}

# scale_need_tools: the CLI and gen-trace built, /usr/bin/time and timeout there.
scale_need_tools() {
	[ -x "$OC" ] || die "'$OC' not found: build it with make"
	[ -x "$GEN" ] || die "'$GEN' not found: build it with make (tools/gen-trace.c)"
	[ -x /usr/bin/time ] || die "/usr/bin/time not found (Debian: apt-get install time)"
	command -v timeout >/dev/null 2>&1 || die "timeout not found (coreutils)"
}
