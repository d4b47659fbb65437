# Keys of dynamic variables and aggregations holding several big strings
# (strsize=16384): an integer key after them lies past 32k of the key,
# beyond the 16-bit offset of a store (the verifier refused these), and the
# key is zeroed with one call, not thousands of stores.
$DTRACE -q -x strsize=16384 -n 'BEGIN {
	self->x[execname] = 1;
	x[execname, probename] = execname;
	y[probename, execname, 5] = "five";
	printf("%s %d %s %d\n", x[execname, probename], self->x[execname],
	    y[probename, "dtrace", 5], y[probename, "dtrace", 4] == "");
	@a[execname, probename, 1] = count();
	@a[execname, probename, 1] = count();
	@a["x", "y", 2] = count();
	exit(0); }
END { printa("%s %s %d %@d\n", @a); }'
echo "rc=$?"
