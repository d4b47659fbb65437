# aggsize bounds the kernel memory of all aggregations together, per CPU,
# whatever their number, as in DTrace: with 1, 20 and 1,000 keyed
# aggregations the hashes dtrace made (memlock of its BPF maps, read from
# /proc/PID/fdinfo while it runs) stay within aggsize x possible CPUs,
# plus what the kernel adds to each map whatever its size (its structure,
# locks, first kilobyte of buckets, a spare element per possible CPU:
# 2 kB + possible CPUs x an element of 56 + CPUs x 64 bytes, here).  Each
# map used to take all of aggsize: 20 took 180 MB at the default 4m.
ncpus=$(awk -F- '{ print ($2 == "" ? $1 : $2) + 1 }' /sys/devices/system/cpu/possible)
permap=$((2048 + ncpus * (56 + ncpus * 64)))
run() {	# n -> the memlock of dtrace's hash maps, or "refused"
	awk -v n=$1 'BEGIN { printf("BEGIN {\n");
	    for (i = 0; i < n; i++) printf("\t@a%d[%d] = count();\n", i, i);
	    printf("\tprintf(\"ready\\n\");\n}\n"); }' > a$1.d
	$DTRACE -q -x aggsize=1m -s a$1.d -o out$1 -n 'syscall::getppid:entry /pid == -1/ { }' 2>err$1 &
	p=$!
	i=0
	while ! grep -qs ready out$1 && kill -0 $p 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if ! kill -0 $p 2>/dev/null; then
		cat err$1
		return
	fi
	sum=0
	for f in /proc/$p/fdinfo/*; do
		awk '/^map_type:/ { t = $2 } /^memlock:/ { m = $2 } END { if (t == 1) print m }' $f
	done > mem$1
	kill -TERM $p
	wait $p
	sum=$(awk '{ s += $1 } END { print s + 0 }' mem$1)
	budget=$((1024 * 1024 * ncpus + $1 * permap)) # -x aggsize=1m
	if [ $sum -gt 0 ] && [ $sum -le $budget ]; then
		echo "$1: within aggsize"
	else
		echo "$1: $sum bytes, over $budget"
	fi
}
run 1
run 20
run 1000
# -x kmem reports the enabling's kernel memory as the kernel counts it
$DTRACE -x kmem -x aggsize=1m -qn 'BEGIN { @a[1] = count(); @b[2] = count(); exit(0); }' 2>&1 >/dev/null |
	sed -E 's/[0-9]+/N/g'
