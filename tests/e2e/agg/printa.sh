# printa() in the default output (after the probe's CPU/ID/NAME columns),
# printa with key conversions and %@ values, aggregations joined on their
# keys (missing values are zero), an %@ of a distribution, and printa()ed
# aggregations not printed again at exit.
taskset -c 0 $DTRACE -n 'BEGIN {
	@a["x"] = count(); @a["y"] = count(); @a["y"] = count();
	@b["x"] = sum(5); @b["z"] = sum(7);
	@q = quantize(3);
	@u[1, "one"] = count();
	printa(@a);
	printa("%s has %@d and %@d\n", @a, @b);
	printa(@a, @b);
	printa("[%-6s] [%5@d]\n", @a);
	printa("%@d and again %@d\n", @b);
	printa("q:%@d|\n", @q);
	printa("%d-%s: %@x\n", @u);
	exit(0);
}' 2>&1 | sed 's/matched [0-9]* probe/matched N probe/'
