# sum, avg, min, max and stddev of known data (stddev as DTrace computes it,
# in 128-bit integers: the squares of 4e9 overflow 64 bits).
$DTRACE -qn 'BEGIN {
	@sum = sum(5); @sum = sum(-12); @sum = sum(100);
	@avg = avg(7); @avg = avg(8); @avg = avg(-20);
	@min = min(5); @min = min(-3); @min = min(9);
	@max = max(5); @max = max(50); @max = max(-9);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	@big = stddev(4000000000); @big = stddev(-4000000000);
	@neg = stddev(-5); @neg = stddev(-7); @neg = stddev(-3);
	exit(0);
}'
