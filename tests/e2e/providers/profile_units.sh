# profile and tick rates: units ns, us, ms, s/sec, m/min, h/hour, d/day,
# hz; a bare number is hz.  The period is measured over 10 firings.
period() {
	$DTRACE -qn "BEGIN { n = 0; } tick-$1 /n == 0/ { t0 = timestamp; } tick-$1 { n++; }
	tick-$1 /n == 11/ { printf(\"%d\\n\", (timestamp - t0) / 10); exit(0); }"
}
check() {
	p=$(period "$1")
	if [ "$p" -ge $(($2 * 90 / 100)) ] && [ "$p" -le $(($2 * 130 / 100)) ]; then
		echo "tick-$1: ok"
	else
		echo "tick-$1: period $p ns, expected $2"
	fi
}
check 20ms 20000000
check 20000us 20000000
check 20000000ns 20000000
check 50hz 20000000
check 50 20000000
check 100 10000000
$DTRACE -qn 'BEGIN { n = m = 0; } tick-1s { n++; } tick-1sec { m++; } tick-2500ms { printf("%d %d\n", n, m); exit(0); }'
# long periods are accepted (and not waited for)
for r in 1m 1min 2h 1hour 1d 1day 1s 1sec 5000ms 1000000us 1000000000ns 1hz; do
	$DTRACE -e -n "tick-$r" -n "profile-$r" && echo "tick-$r, profile-$r: compiled"
done
