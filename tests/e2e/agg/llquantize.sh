# llquantize(): log-linear buckets, the "< factor^low" and
# ">= factor^(high+1)" rows, steps that divide a power of the factor.
$DTRACE -qn 'BEGIN {
	@a = llquantize(5, 10, 0, 3, 10); @a = llquantize(55, 10, 0, 3, 10);
	@a = llquantize(12345, 10, 0, 3, 10);
	@b = llquantize(0, 2, 1, 4, 4); @b = llquantize(7, 2, 1, 4, 4);
	@b = llquantize(13, 2, 1, 4, 4);
	@c = llquantize(150, 10, 2, 4, 20, 3);
	exit(0);
}'
