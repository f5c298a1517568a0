#!/bin/sh
# envdump.sh FILE: write what `overlapcheck run` put into the environment to
# FILE, one VAR=value a line, and this process's pid as SELF_PID.
env | grep -E '^(CUDA_INJECTION64_PATH|NVTX_INJECTION64_PATH|OVERLAPCHECK_[A-Z_]*|LD_PRELOAD)=' \
	| sort > "$1"
echo "SELF_PID=$$" >> "$1"
