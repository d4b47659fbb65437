# lquantize(): the "< base" and ">= limit" rows, steps, an increment, a
# limit that is not base plus a multiple of the step, keys.
$DTRACE -qn 'BEGIN {
	@l = lquantize(3, 0, 10, 2); @l = lquantize(-1, 0, 10, 2);
	@l = lquantize(100, 0, 10, 2); @l = lquantize(4, 0, 10, 2);
	@u = lquantize(12, 10, 20);
	@i = lquantize(-50, -100, 100, 25, 10);
	@odd = lquantize(9, 0, 10, 3);
	@k["x"] = lquantize(1, 0, 4); @k["y"] = lquantize(2, 0, 4); @k["y"] = lquantize(3, 0, 4);
	exit(0);
}'
