#!/usr/bin/env bash
# bench/user.sh [DTRACE] -- user-level tracing (issue 10), against
# bpftrace 0.17 and the untraced program in the same run.  Each number is
# the median of BENCH_RUNS (default 5) runs; loops of UB_N (default
# 200,000) iterations timed by their CPU time (bench/ubench.c).
#
#   pid entry   ns added per call by an enabled pid$target:a.out:f:entry
#               { n++; } vs bpftrace uprobe:ubench:f { @ = count(); }, for
#               f_push (first instruction push %rbp: emulated by uprobes) and
#               f_step (lea: single-stepped out of line)
#   usdt        ns per USDT site: disabled (no is-enabled check; behind
#               the is-enabled check) and enabled (myapp$target:::tick
#               { n++; }), against the empty loop
#   libc        wall ms to attach and detach pid$PID:libc.so.6::entry
#               (BEGIN { exit(0); }) minus a BEGIN-only run, vs bpftrace
#               uprobe:libc:* (BEGIN { exit(); }) minus its BEGIN-only run
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
DT=${1:-$top/build/dtrace}
UB=$top/build/ubench
N=${UB_N:-200000}
R=${BENCH_RUNS:-5}
LIBC=$(readlink -f /lib/x86_64-linux-gnu/libc.so.6)
export BPFTRACE_MAX_PROBES=100000 # uprobe:libc:* is thousands of probes
make -s -C "$top" build/triggers/uprov.h >/dev/null
cc -O2 -fcf-protection=none -I"$top/build/triggers" -o "$UB" "$top/bench/ubench.c" || exit 1

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else print v[int((NR + 1) / 2)] }'; }
ns() { timeout 300 "$@" 2>/dev/null | awk '$1 == "ns" { print $2 }' | tail -1; }
med_ns() { for i in $(seq "$R"); do ns "$@"; done | median; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a") print "n/a"; else printf "%.2f\n", a - b }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b == 0) print "n/a"; else printf "%.2f\n", a / b }'; }
ms() { local s e; s=$(date +%s%N); timeout 600 "$@" >/dev/null 2>&1; e=$(date +%s%N); echo $(((e - s) / 1000000)); }
med_ms() { for i in $(seq "$R"); do ms "$@"; done | median; }

echo "# user-level tracing, $(date -u +%Y-%m-%dT%H:%MZ), $(uname -r), load $(cut -d' ' -f1 /proc/loadavg)"
echo "| benchmark | untraced | dtrace | bpftrace | dtrace/bpftrace |"
echo "|---|---|---|---|---|"
for f in push step; do
	base=$(med_ns "$UB" "$f" "$N")
	dt=$(med_ns "$DT" -qn "pid\$target:a.out:f_$f:entry { n++; }" -c "$UB $f $N")
	bt=$(med_ns bpftrace -e "uprobe:$UB:f_$f { @ = count(); }" -c "$UB $f $N")
	da=$(sub "$dt" "$base")
	ba=$(sub "$bt" "$base")
	echo "| pid entry f_$f, ns/call added | $base ns/call | +$da | +$ba | $(ratio "$da" "$ba") |"
done
empty=$(med_ns "$UB" empty "$N")
u=$(med_ns "$UB" usdt "$N")
ue=$(med_ns "$UB" usdten "$N")
uon=$(med_ns "$DT" -qn 'myapp$target:::tick { n++; }' -c "$UB usdt $N")
ueon=$(med_ns "$DT" -qn 'myapp$target:::query-done { n++; }' -c "$UB usdten $N")
echo "| USDT site disabled, ns/iteration | empty loop $empty | site $u, is-enabled $ue | | |"
echo "| USDT site enabled, ns/iteration added | | site +$(sub "$uon" "$empty"), is-enabled +$(sub "$ueon" "$empty") | | |"
sleep 1000 &
p=$!
sleep 0.5
d0=$(med_ms "$DT" -qn 'BEGIN { exit(0); }')
d1=$(med_ms "$DT" -qn "pid$p:libc.so.6::entry { } BEGIN { exit(0); }")
nprobes=$("$DT" -l -n "pid$p:libc.so.6::entry" | tail -n +2 | wc -l)
b0=$(R=1 med_ms bpftrace -e 'BEGIN { exit(); }')
b1=$(R=1 med_ms bpftrace -e "uprobe:$LIBC:* { } BEGIN { exit(); }" -p "$p")
kill $p
echo "| attach+detach pid:libc.so.6::entry ($nprobes functions), ms | | $(sub "$d1" "$d0") | $(sub "$b1" "$b0") | $(ratio "$(sub "$d1" "$d0")" "$(sub "$b1" "$b0")") |"
