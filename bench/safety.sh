#!/usr/bin/env bash
# bench/safety.sh DTRACE [BASE_DTRACE]  (issue 22's closing numbers)
#
#   kmem   kernel memory (memlock of the tracer's BPF maps, from
#          /proc/PID/fdinfo) with 1, 20 and 1,000 keyed aggregations at the
#          default aggsize (KMEM_N; the base is not run past 20: at ~9.4 MB
#          per aggregation, 1,000 take ~9.4 GB)
#   load   wall time (median of 3, ms) of loading and running N one-line
#          clauses `BEGIN { x = i; }` on one probe (LOAD_N; the base only up
#          to 20,000: at 100,000 its verifier load locks a CPU for minutes)
set -u
new=${1:-build/dtrace} base=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

kmem() {	# dtrace n -> "bytes maps"
	local d=$1 n=$2 p i f sum=0 nm=0 m
	awk -v n=$n 'BEGIN { printf("BEGIN {\n"); for (i = 0; i < n; i++) printf("\t@a%d[%d] = count();\n", i, i);
	    printf("\tprintf(\"ready\\n\");\n}\n"); }' > $tmp/a.d
	$d -q -s $tmp/a.d -o $tmp/out -n 'syscall::getppid:entry /pid == -1/ { }' 2>/dev/null &
	p=$!
	for ((i = 0; i < 1200; i++)); do grep -qs ready $tmp/out && break; sleep 0.1; done
	for f in /proc/$p/fdinfo/*; do
		m=$(awk '/^map_type:/ { t = 1 } /^memlock:/ { m = $2 } END { if (t) print m }' $f 2>/dev/null)
		[ -n "$m" ] && sum=$((sum + m)) && nm=$((nm + 1))
	done
	kill -TERM $p; wait $p 2>/dev/null; rm -f $tmp/out
	echo "$sum $nm"
}

load() {	# dtrace n -> median ms
	local d=$1 n=$2 r s ts=()
	[ -f $tmp/c$n.d ] || awk -v n=$n 'BEGIN { for (i = 0; i < n; i++) printf("BEGIN { x = %d; }\n", i);
	    print "BEGIN { exit(0); }" }' > $tmp/c$n.d
	for r in 1 2 3; do
		s=$(date +%s%N); $d -q -s $tmp/c$n.d >/dev/null 2>&1
		ts+=($((($(date +%s%N) - s) / 1000000)))
	done
	printf '%s\n' "${ts[@]}" | sort -n | sed -n 2p
}

echo "kernel memory of N keyed aggregations (aggsize 4m; bytes of BPF maps)"
for n in ${KMEM_N:-1 20 1000}; do
	b="-"; [ -n "$base" ] && [ $n -le 20 ] && b=$(kmem $base $n | cut -d' ' -f1)
	echo "  $n: base $b, new $(kmem $new $n | cut -d' ' -f1)"
done
echo "load time of N one-line clauses on one probe (ms, median of 3)"
for n in ${LOAD_N:-1000 10000 20000 100000}; do
	b="-"; [ -n "$base" ] && [ $n -le 20000 ] && b=$(load $base $n)
	echo "  $n: base $b, new $(load $new $n)"
done
