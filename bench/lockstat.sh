#!/usr/bin/env bash
# bench/lockstat.sh [DTRACE] -- cost of lockstat:::adaptive-block with
# @[stack()] = sum(arg1) per contention event, on tests/triggers/lock-contend
# (LS_THREADS writers, default 8, of LS_BLOCKS 4 KiB blocks each, default
# 2000, to one pseudo-terminal: the terminal's write mutex, contended),
# against the untraced run and against bpftrace keeping the start time in
# a map at lock:contention_begin and summing by kernel stack at
# contention_end (the same work, without the flags and lock checks), in
# LS_ROUNDS (default 5) interleaved rounds; medians of the trigger's own
# time (threads' creation to end, 100 ms of it the reader's late start).  Events: the tracepoints' contention_end firings of the trigger,
# counted by dtrace in a run of their own.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${1:-$top/build/dtrace}
rounds=${LS_ROUNDS:-5}
X="$top/build/triggers/lock-contend ${LS_THREADS:-8} ${LS_BLOCKS:-2000}"
XT="$X t"
make -s -C "$top" build/triggers/lock-contend

dt='lockstat:::adaptive-block { @[stack()] = sum(arg1); }'
bt='tracepoint:lock:contention_begin { @ts[tid] = nsecs; }
tracepoint:lock:contention_end /@ts[tid]/ { @[kstack] = sum(nsecs - @ts[tid]); delete(@ts[tid]); }'

run() { # prints the trigger's ns (its own measure: start-up excluded)
	case $1 in
	none) $XT ;;
	dtrace) "$DTRACE" -qn "$dt" -c "$XT" | grep -E '^[0-9]+$' | head -1 ;;
	bpftrace) bpftrace -q -e "$bt" -c "$XT" 2>/dev/null | grep -E '^[0-9]+$' | head -1 ;;
	esac
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

ev=$("$DTRACE" -qn 'sdt:lock::contention_end /pid == $target/ { @ = count(); } END { printa("%@d\n", @); }' -c "$X" | tail -2 | head -1)
declare -A t
for ((r = 0; r < rounds; r++)); do
	for k in none dtrace bpftrace; do
		t[$k]+="$(run $k) "
	done
done
printf 'lock-contend: %s, %d rounds (median ns of the trigger)\n' "${LS_THREADS:-8} threads x ${LS_BLOCKS:-2000} blocks" "$rounds"
printf 'contention_end events of the trigger: %s\n' "$ev"
base=$(echo ${t[none]} | tr ' ' '\n' | median)
printf '%-9s %12s %8s\n' case ns ratio
for k in none dtrace bpftrace; do
	m=$(echo ${t[$k]} | tr ' ' '\n' | median)
	awk -v k=$k -v m=$m -v b=$base 'BEGIN { printf "%-9s %12d %8.3f\n", k, m, m / b }'
done
