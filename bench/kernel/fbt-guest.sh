#!/bin/sh
# Inside the 6.12 guest (bench/kernel-fbt.sh): fbt vs bpftrace.
# FBT_BENCH_EVENTS_ONLY=1: only the per-event part; FBT_BENCH_BASE=path:
# another dtrace build measured in the same run (the guest gets no
# environment from the host: set them in a wrapper given as DT_GUEST_CMD).
top=$(cd "$(dirname "$0")/../.." && pwd)
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C
DTRACE=$top/build/dtrace RB=$top/build/read-bench N=${FBT_BENCH_N:-50000} R=${FBT_BENCH_RUNS:-3}
BT=$(command -v bpftrace)
now() { cut -d' ' -f1 /proc/uptime; }
# median wall seconds of R runs of a command
wall() {
	i=0
	while [ $i -lt $R ]; do
		s=$(now); "$@" >/dev/null 2>&1; e=$(now)
		echo "$s $e" | awk '{ printf "%.2f\n", $2 - $1 }'
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
echo "kernel $(uname -r), $(grep -c . /sys/kernel/tracing/available_filter_functions) traceable functions; bpftrace: ${BT:-none} $($BT --version 2>/dev/null)"
echo
if [ -z "$FBT_BENCH_EVENTS_ONLY" ]; then
echo "attach + detach (median of $R, wall s, launch to exit):"
echo "  dtrace BEGIN only                        $(wall $DTRACE -q -n 'BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace BEGIN only                      $(wall $BT -e 'BEGIN { exit(); }')"
echo "  dtrace fbt:::entry (kprobe_multi)        $(wall $DTRACE -q -n 'fbt:::entry { @[probefunc] = count(); } BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace kprobe:* (kprobe_multi)         $(wall $BT -e 'kprobe:* { @[func] = count(); } BEGIN { exit(); }')"
echo "  dtrace fbt::vfs_*:entry, fentry          $(wall $DTRACE -x fbtmode=fentry -q -n 'fbt::vfs_[a-z]*[a-z]:entry { @[probefunc] = count(); } BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace kfunc:vfs_*                     $(wall $BT -e 'kfunc:vfs_* { @[func] = count(); } BEGIN { exit(); }')"
echo "  ($($DTRACE -l -n 'fbt::vfs_[a-z]*[a-z]:entry' | grep -c entry) dtrace vfs_* probes with BTF; bpftrace: $($BT -l 'kfunc:vfs_*' 2>/dev/null | grep -c .) kfuncs)"
echo
# where the time goes: strace -T gives the kprobe_multi link's creation;
# the rest is start-up (listing, compiling, loading) and exit (detaching:
# the link's close is the kernel unregistering every function)
phases() { # label command...
	l=$1
	shift
	s=$(date +%s.%N)
	strace -f --seccomp-bpf -ttt -T -e trace=bpf,exit_group -o st "$@" >/dev/null 2>&1
	e=$(date +%s.%N)
	awk -v l="$l" -v s="$s" -v e="$e" '
		/BPF_LINK_CREATE/ && /KPROBE_MULTI/ && !/cnt=1,/ { ls = $2; d = $0; sub(/.*</, "", d); sub(/>.*/, "", d); ld = d }
		/exit_group/ { ex = $2 }
		END { printf "  %-24s wall %6.2f: start-up %6.2f, link %6.2f, running %5.2f, exit %6.2f\n", l, e - s, ls - s, ld, ex - ls - ld, e - ex }' st
}
if command -v strace >/dev/null; then
	echo "phases of one run (s; strace adds its own cost):"
	phases "dtrace fbt:::entry" $DTRACE -q -n 'fbt:::entry { @[probefunc] = count(); } BEGIN { exit(0); }'
	[ -n "$BT" ] && phases "bpftrace kprobe:*" $BT -e 'kprobe:* { @[func] = count(); } BEGIN { exit(); }'
	echo
fi
fi
echo "ns per read(2) of /dev/zero ($N reads, median of $R; cost added by the probe):"
rb() { # median ns per read while the command traces
	i=0
	while [ $i -lt $R ]; do
		if [ $# -gt 0 ]; then
			"$@" >/dev/null 2>&1 &
			p=$!
			j=0 # attached: vfs_read has an ftrace user
			while [ $j -lt 300 ] && ! grep -q '^vfs_read' /sys/kernel/tracing/enabled_functions; do
				sleep 0.2
				j=$((j + 1))
			done
			sleep 1
		fi
		$RB $N - /dev/zero cpu
		echo
		[ $# -gt 0 ] && { kill -TERM $p; wait $p; } # (INT: ignored by background jobs)
		i=$((i + 1))
	done | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
base=$(rb)
echo "  untraced                                 $base"
row() { v=$(rb "$@"); echo "$v $base" | awk '{ printf "%10.1f  (+%.1f)\n", $1, $1 - $2 }'; }
echo "  dtrace fbt::vfs_read:entry, fentry       $(row $DTRACE -x fbtmode=fentry -q -n 'fbt::vfs_read:entry { @ = count(); }')"
echo "  dtrace fbt::vfs_read:entry, kprobe       $(row $DTRACE -x fbtmode=kprobe -q -n 'fbt::vfs_read:entry { @ = count(); }')"
if [ -n "$FBT_BENCH_BASE" ]; then # another dtrace build, measured in the same run
	echo "  base fbt::vfs_read:entry, fentry         $(row $FBT_BENCH_BASE -x fbtmode=fentry -q -n 'fbt::vfs_read:entry { @ = count(); }')"
	echo "  base fbt::vfs_read:entry, kprobe         $(row $FBT_BENCH_BASE -x fbtmode=kprobe -q -n 'fbt::vfs_read:entry { @ = count(); }')"
fi
if [ -n "$BT" ]; then
	echo "  bpftrace kfunc:vfs_read                  $(row $BT -e 'kfunc:vfs_read { @ = count(); }')"
	echo "  bpftrace kprobe:vfs_read                 $(row $BT -e 'kprobe:vfs_read { @ = count(); }')"
fi
echo "0 passed, 0 failed"
