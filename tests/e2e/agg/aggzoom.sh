# -x aggzoom scales a distribution's bars to its largest bucket, which
# gets 95% of the 40 columns (38 @), as DTrace's DTRACE_AGGZOOM_MAX: counts
# 1, 3, 6 give 6, 19, 38 @ (without it, scaled to the total of 10: 4, 12,
# 24).  quantize, lquantize, llquantize; a negative count (bars on both
# sides of the axis, 20 columns each: -3 and 4 give 14 and 19 @ zoomed, 9
# and 11 against the total of 7); printa's %@ and the #pragma form.
prog='BEGIN {
	@q = quantize(1); @q = quantize(2, 3); @q = quantize(4, 6);
	@l = lquantize(1, 0, 10, 1); @l = lquantize(2, 0, 10, 1, 3); @l = lquantize(3, 0, 10, 1, 6);
	@ll = llquantize(1, 10, 0, 2, 10); @ll = llquantize(20, 10, 0, 2, 10, 3); @ll = llquantize(300, 10, 0, 2, 10, 6);
	@n = quantize(-1, -3); @n = quantize(1, 4);
	exit(0);
}'
$DTRACE -q -x aggzoom -n "$prog"
echo "rc=$?"
$DTRACE -q -n 'BEGIN { @q = quantize(1); @q = quantize(2, 3); @q = quantize(4, 6); @n = quantize(-1, -3); @n = quantize(1, 4); exit(0); }'
echo "rc=$?"
$DTRACE -q -n '#pragma D option aggzoom
BEGIN { @q = quantize(1); @q = quantize(2, 3); @q = quantize(4, 6); exit(0); } END { printa("q:%@d", @q); }'
echo "rc=$?"
