# Every CPU updating the same keys at once: the merged results are exact
# (one child per CPU, each making N getppid calls; nothing is lost).
N=200000
n=$(nproc)
$DTRACE -qn 'syscall::getppid:entry /ppid == $target/ {
	@c = count(); @s = sum(3); @a = avg(5); @mn = min(cpu); @mx = max(cpu);
	@sd = stddev(2); @k["key"] = count(); @q = quantize(1);
}
END { printa("%@d %@d %@d %@d %@d %@d\n", @c, @s, @a, @mn, @mx, @sd); printa("%s %@d\n", @k); printa(@q); }' \
    -c "$T/spin-cpus $N" > counts.txt
echo "rc=$?"
read -r c s a mn mx sd < counts.txt
[ "$c" = $((N * n)) ] && echo "count exact" || echo "count $c, expected $((N * n))"
[ "$s" = $((3 * N * n)) ] && echo "sum exact" || echo "sum $s, expected $((3 * N * n))"
[ "$a $mn $mx $sd" = "5 0 $((n - 1)) 0" ] && echo "avg min max stddev exact" || echo "avg min max stddev: $a $mn $mx $sd"
grep -q "^key $((N * n))\$" counts.txt && echo "keyed count exact" || sed -n 2p counts.txt
grep -q "|@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ $((N * n)) *\$" counts.txt && echo "quantize exact" || tail -5 counts.txt
