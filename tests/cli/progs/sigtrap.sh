#!/bin/sh
# sigtrap.sh READY OUT: wait for SIGTERM or SIGHUP; name the one that came in
# OUT and exit 7 (TERM) or 8 (HUP). READY appears once the traps are set.
trap 'echo TERM > "$2"; kill $sleeper 2>/dev/null; exit 7' TERM
trap 'echo HUP > "$2"; kill $sleeper 2>/dev/null; exit 8' HUP
sleep 30 &
sleeper=$!
: > "$1"
wait
