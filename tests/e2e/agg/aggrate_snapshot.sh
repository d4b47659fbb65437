# aggrate: printa() shows the snapshot taken at the last aggregation-rate
# tick, not the live data.  @a only gets data after the first snapshot
# (taken at the first consumer pass, as in DTrace); with aggrate=1h the
# three printa() in the run print that empty snapshot: nothing.  With the
# aggrate of a pass or less (a snapshot every pass) the last two print
# the data.
prog='BEGIN { go = 0; n = 0; } tick-10ms /go/ { @a = count(); }
    tick-200ms /n == 3/ { exit(0); }
    tick-200ms /n < 3/ { go = 1; n++; printa("x%@d\n", @a); }'
for rate in 1h 50ms; do
	$DTRACE -x aggrate=$rate -x switchrate=50ms -qn "$prog" >res.txt
	echo "aggrate=$rate rc=$? printa lines: $(grep -c '^x' res.txt)"
done
