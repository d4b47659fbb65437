# printa() as rows of typed keys and values; with -O (FreeBSD's), the
# aggregations at the end, one object each; without it none (as FreeBSD's
# dtrace with oformat).  Distributions are their non-empty buckets with
# their ranges (null: unbounded).
prog='BEGIN {
	@c["a", 1] = count(); @c["b", 2] = count(); @c["b", 2] = count();
	@s[(char)3] = sum(-4); @m = min(5); @M = max(5); @v = avg(7); @v = avg(8);
	@d = stddev(2); @d = stddev(4);
	@q = quantize(0); @q = quantize(-3); @q = quantize(1000);
	@l = lquantize(-5, 0, 10, 2); @l = lquantize(3, 0, 10, 2); @l = lquantize(50, 0, 10, 2);
	@ll = llquantize(1234, 10, 0, 6, 10);
	printa("%s %d %@d\n", @c);
	exit(0);
}'
$DTRACE -x oformat=json -O -n "$prog" | python3 $D/check.py
echo "rc=$?"
echo "without -O:"
$DTRACE -x oformat=json -n "$prog" 2>/dev/null | python3 $D/check.py
