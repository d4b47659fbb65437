# quantize(): power-of-two buckets with negatives, the zero rows around the
# data, an increment, and bars for negative counts.
$DTRACE -qn 'BEGIN {
	@q = quantize(0); @q = quantize(1); @q = quantize(2); @q = quantize(3);
	@q = quantize(1000); @q = quantize(-5);
	@one = quantize(7);
	@inc = quantize(5, 3); @inc = quantize(20, -1); @inc = quantize(-20, 2);
	@negonly = quantize(100, -4);
	exit(0);
}'
