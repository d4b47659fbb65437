# aggrate: printa() shows the snapshot taken at the last aggregation-rate
# tick, not the live data.  @a only gets data after the first snapshot
# (taken at the first consumer pass, as in DTrace); with aggrate=1h the
# three printa() in the run print that empty snapshot: nothing.  With the
# aggrate of a pass or less (a snapshot every pass) at least the last two
# print the data (the first may, as its pass comes after ticks).  The
# printa()s are half a second apart: on a loaded machine the first pass
# (the first snapshot) may come late, and it must come before @a's data.
prog='BEGIN { go = 0; n = 0; m = 0; } tick-10ms /go/ { @a = count(); }
    tick-500ms /n == 3 && m++ == 1/ { exit(0); }
    tick-500ms /n < 3/ { go = 1; n++; printa("x%@d\n", @a); }'
for rate in 1h 50ms; do
	$DTRACE -x aggrate=$rate -x switchrate=50ms -qn "$prog" >res.txt
	rc=$? n=$(grep -c '^x' res.txt)
	[ "$n" -ge 2 ] && n="2 or more"
	echo "aggrate=$rate rc=$rc printa lines: $n"
done
