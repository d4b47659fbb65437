#!/usr/bin/env bash
# bench/lockstat.sh [DTRACE] -- cost of lockstat:::adaptive-block with
# @[stack()] = sum(arg1) per contention event, on tests/triggers/lock-contend
# (LS_THREADS writers, default 8, of LS_BLOCKS 4 KiB blocks each, default
# 2000, to one pseudo-terminal: the terminal's write mutex, contended),
# against the untraced run and against bpftrace keeping the start time in
# a map at lock:contention_begin and summing by kernel stack at
# contention_end (the same work, without the flags and lock checks), in
# LS_ROUNDS (default 7) interleaved rounds.
#
# The measure is the trigger's CPU time (user + system of all its threads,
# getrusage()), not its elapsed time: the programs run at contention_begin
# and contention_end in the context of the contending threads, so their
# cost is system time of the trigger, while the elapsed time is mostly
# sleeping on the mutex and varies with the scheduling.  The number of
# contentions varies between runs too: each traced run also counts its
# own contention_end events (both tools, the same count()), and the cost
# per event is (cpu - median untraced cpu) / events of that run.  Printed
# per round, then min, median and max over the rounds.  Then the programs'
# own run time per event from the kernel's BPF statistics (below), the
# steadier of the two on a loaded machine.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${1:-$top/build/dtrace}
rounds=${LS_ROUNDS:-7}
X="$top/build/triggers/lock-contend ${LS_THREADS:-8} ${LS_BLOCKS:-2000}"
make -s -C "$top" build/triggers/lock-contend

dt='lockstat:::adaptive-block { @[stack()] = sum(arg1); }
sdt:lock::contention_end /execname == "lock-contend"/ { @n = count(); }
END { printa("events %@d\n", @n); }'
bt='tracepoint:lock:contention_begin { @ts[tid] = nsecs; }
tracepoint:lock:contention_end /@ts[tid]/ { @[kstack] = sum(nsecs - @ts[tid]); delete(@ts[tid]); }
tracepoint:lock:contention_end /comm == "lock-contend"/ { @n = count(); }
END { print(@n); clear(@n); }'
W="$X t" # the trigger prints its CPU time: "cpu NS"

run() { # prints "cpu NS events N"
	case $1 in
	none) $W ;;
	dtrace) "$DTRACE" -qn "$dt" -c "$W" ;;
	bpftrace) bpftrace -q -e "$bt" -c "$W" 2>/dev/null ;;
	esac | awk '/^cpu / { c = $2 } /^events / { e = $2 } /^@n: / && !got++ { e = $2 } END { print c, (e == "" ? 0 : e) }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
stats() { sort -g | awk '{ a[NR] = $1 } END { printf "%.3f %.3f %.3f", a[1], a[int((NR + 1) / 2)], a[NR] }'; }

declare -A cpu ev
for ((r = 0; r < rounds; r++)); do
	for k in none dtrace bpftrace; do
		read -r c e < <(run $k)
		cpu[$k]+="$c "
		ev[$k]+="$e "
	done
done
printf 'lock-contend: %s, %d rounds; CPU time of the trigger\n' "${LS_THREADS:-8} threads x ${LS_BLOCKS:-2000} blocks" "$rounds"
base=$(echo ${cpu[none]} | tr ' ' '\n' | median)
printf 'untraced CPU ms per round: %s (median %.1f)\n' "$(echo ${cpu[none]} | tr ' ' '\n' | awk '{ printf "%.1f ", $1 / 1e6 }')" "$(awk -v b=$base 'BEGIN { print b / 1e6 }')"
for k in dtrace bpftrace; do
	c=(${cpu[$k]}) e=(${ev[$k]})
	per=""
	for ((r = 0; r < rounds; r++)); do
		per+="$(awk -v c=${c[r]} -v e=${e[r]} -v b=$base 'BEGIN { if (e > 0) printf "%.2f", (c - b) / e / 1000; else printf "nan" }') "
	done
	printf '%-9s CPU ms: %s\n' $k "$(echo ${cpu[$k]} | tr ' ' '\n' | awk '{ printf "%.1f ", $1 / 1e6 }')"
	printf '%-9s events: %s\n' $k "${ev[$k]}"
	printf '%-9s us/event: %s\n' $k "$per"
	printf '%-9s us/event min median max: %s; CPU ratio to untraced (median): %s\n' $k \
		"$(echo $per | tr ' ' '\n' | grep -v nan | stats)" \
		"$(awk -v m=$(echo ${cpu[$k]} | tr ' ' '\n' | median) -v b=$base 'BEGIN { printf "%.3f", m / b }')"
done

# The programs' own time per contention event, from the kernel's BPF
# run-time statistics (bench/bpfstats.py: enabled only while it runs),
# which the load of a shared machine barely disturbs: each tracer's
# programs' total run time over the trigger's run, divided by the
# contention_end events (the least run count of its programs: every
# program runs at each end, the begin programs more often).  Tracing is
# system-wide here (no pid condition), the same for both.
bt2='tracepoint:lock:contention_begin { @ts[tid] = nsecs; }
tracepoint:lock:contention_end /@ts[tid]/ { @[kstack] = sum(nsecs - @ts[tid]); delete(@ts[tid]); }'
dt2='lockstat:::adaptive-block { @[stack()] = sum(arg1); }'
declare -A pns
for ((r = 0; r < rounds; r++)); do
	pns[dtrace]+="$(python3 "$top/bench/bpfstats.py" 3 "$DTRACE" -qn "$dt2" -- $X |
		awk '$1 == "total" { printf "%.3f", $3 / $4 / 1000 }') "
	pns[bpftrace]+="$(python3 "$top/bench/bpfstats.py" 2 bpftrace -e "$bt2" -- $X |
		awk '$1 == "total" { printf "%.3f", $3 / $4 / 1000 }') "
done
echo "BPF programs' run time per contention_end event (us), $rounds rounds:"
for k in dtrace bpftrace; do
	printf '%-9s %s; min median max: %s\n' $k "${pns[$k]}" "$(echo ${pns[$k]} | tr ' ' '\n' | stats)"
done
