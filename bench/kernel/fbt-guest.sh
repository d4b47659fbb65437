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
# median wall seconds of R runs of a command ("failed" if a run fails: a
# refused script is not a measurement)
wall() {
	i=0
	while [ $i -lt $R ]; do
		s=$(now); "$@" >/dev/null 2>&1 || echo failed; e=$(now)
		echo "$s $e" | awk '{ printf "%.2f\n", $2 - $1 }'
		i=$((i + 1))
	done | sort -n | awk '/failed/ { f = 1 } !/failed/ { v[++n] = $1 } END { print f ? "failed" : v[int((n + 1) / 2)] }'
}
echo "kernel $(uname -r), $(grep -c . /sys/kernel/tracing/available_filter_functions) traceable functions; bpftrace: ${BT:-none} $($BT --version 2>/dev/null)"
echo
if [ -z "$FBT_BENCH_EVENTS_ONLY" ]; then
echo "attach + detach (median of $R, wall s, launch to exit):"
echo "  dtrace BEGIN only                        $(wall $DTRACE -q -n 'BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace BEGIN only                      $(wall $BT -e 'BEGIN { exit(); }')"
echo "  dtrace fbt:::entry (kprobe_multi)        $(wall $DTRACE -q -n 'fbt:::entry { @[probefunc] = count(); } BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace kprobe:* (kprobe_multi)         $(wall $BT -e 'kprobe:* { @[func] = count(); } BEGIN { exit(); }')"
# (bpftrace 0.17 refuses func in kfunc probes: probe, the whole name)
echo "  dtrace fbt::vfs_*:entry, fentry          $(wall $DTRACE -x fbtmode=fentry -q -n 'fbt::vfs_[a-z]*[a-z]:entry { @[probefunc] = count(); } BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace kfunc:vfs_*                     $(wall $BT -e 'kfunc:vfs_* { @[probe] = count(); } BEGIN { exit(); }')"
echo "  dtrace fbt::vfs_*:entry, kprobe          $(wall $DTRACE -x fbtmode=kprobe -q -n 'fbt::vfs_[a-z]*[a-z]:entry { @[probefunc] = count(); } BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace kprobe:vfs_*                    $(wall $BT -e 'kprobe:vfs_* { @[probe] = count(); } BEGIN { exit(); }')"
# a subsystem's functions (hundreds): what auto picks vs bpftrace's kprobes
echo "  dtrace fbt:vmlinux:tcp_*:entry, auto     $(wall $DTRACE -q -n 'fbt:vmlinux:tcp_*:entry { @[probefunc] = count(); } BEGIN { exit(0); }')"
[ -n "$BT" ] && echo "  bpftrace kprobe:tcp_*                    $(wall $BT -e 'kprobe:tcp_* { @[probe] = count(); } BEGIN { exit(); }')"
# the first 8 of them (auto's fentry limit)
v8=$($DTRACE -l -n 'fbt::vfs_[a-z]*[a-z]:entry' | awk '$NF == "entry" { print $(NF - 1) }' | head -8)
d8=$(echo "$v8" | sed 's/.*/fbt::&:entry/' | paste -sd, -)
echo "  dtrace 8 vfs_* entries, fentry           $(wall $DTRACE -x fbtmode=fentry -q -n "$d8 { @[probefunc] = count(); } BEGIN { exit(0); }")"
[ -n "$BT" ] && echo "  bpftrace the same 8 kfuncs               $(wall $BT -e "$(echo "$v8" | sed 's/^/kfunc:/' | paste -sd, -) { @[probe] = count(); } BEGIN { exit(); }")"
echo "  dtrace 8 vfs_* entries, kprobe           $(wall $DTRACE -x fbtmode=kprobe -q -n "$d8 { @[probefunc] = count(); } BEGIN { exit(0); }")"
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
	# fentry, one link per function: loads and links, then detach
	echo "fentry phases of one run (s): start-up to the first load, loads and links, the rest (detach)"
	tphases() {
		l=$1
		shift
		s=$(date +%s.%N)
		strace -f --seccomp-bpf -ttt -T -e trace=bpf,close,exit_group -o st "$@" >/dev/null 2>&1
		e=$(date +%s.%N)
		awk -v l="$l" -v s="$s" -v e="$e" '
			function dur(x) { sub(/.*</, "", x); sub(/>.*/, "", x); return x + 0 }
			/BPF_PROG_LOAD/ { if (!f) f = $2; nl++; tl += dur($0) }
			/BPF_LINK_CREATE|BPF_RAW_TRACEPOINT_OPEN/ { la = $2; nk++; tk += dur($0) }
			/close resumed/ { c = dur($0); if (c > mc) mc = c }
			END { printf "  %-24s wall %6.2f: start-up %5.2f, loads+links %5.2f (%d loads %.2f s, %d links %.2f s), then %6.2f (longest close %.2f)\n", l, e - s, f - s, la - f, nl, tl, nk, tk, e - la, mc }' st
	}
	tphases "dtrace fentry vfs_*" $DTRACE -x fbtmode=fentry -q -n 'fbt::vfs_[a-z]*[a-z]:entry { @[probefunc] = count(); } BEGIN { exit(0); }'
	[ -n "$BT" ] && tphases "bpftrace kfunc:vfs_*" $BT -e 'kfunc:vfs_* { @[probe] = count(); } BEGIN { exit(); }'
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
echo "  dtrace fbt::vfs_read:return, fexit       $(row $DTRACE -x fbtmode=fentry -q -n 'fbt::vfs_read:return { @ = count(); }')"
echo "  dtrace fbt::vfs_read:return, kretprobe   $(row $DTRACE -x fbtmode=kprobe -q -n 'fbt::vfs_read:return { @ = count(); }')"
if [ -n "$BT" ]; then
	echo "  bpftrace kretfunc:vfs_read               $(row $BT -e 'kretfunc:vfs_read { @ = count(); }')"
	echo "  bpftrace kretprobe:vfs_read              $(row $BT -e 'kretprobe:vfs_read { @ = count(); }')"
fi
echo "0 passed, 0 failed"
