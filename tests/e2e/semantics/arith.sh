# D's integer arithmetic: intermediate values are 64-bit, narrowed only when
# stored or recorded; no promotion to int (unsigned char + unsigned char is
# an unsigned char); casts give the same values in globals, clause-locals,
# thread-locals, associative-array keys and values, and aggregation keys.
$DTRACE -qn 'BEGIN {
	printf("%d %d\n", (1 << 40) >> 38, ((1 << 40) >> 38) == 4);
	c = (unsigned char)255;
	trace(c + c); printf(" %d %d %d\n", c + c, c + c == 510, sizeof (c + c));
	x = c + c; self->y = c + c; this->z = c + c; a[1] = (char)300; b[(char)300] = 1;
	printf("%d %d %d %d %d\n", x, self->y, this->z, a[1], b[44]);
	i = 0x7fffffff; printf("%d %d\n", i + 1, (i + 1) > 0);
	@s = sum(c + c); @k[c + c] = count(); @k[254] = count();
	exit(0);
}'
