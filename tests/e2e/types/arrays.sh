# Scalar arrays (global and this->), string indexing, and their bounds:
# a constant index out of range is refused, a variable one faults.
$DTRACE -qn 'int a[5]; this int b[3]; char c[4];
BEGIN {
	a[0] = 7; a[4] = a[0] * 2; a[2]++; a[3] += 5;
	this->b[1] = 9; this->b[2] = a[4];
	i = 4;
	printf("%d %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[i], this->b[1], this->b[2]);
	c[0] = 300; a[1] = -1;
	printf("%d %d %d\n", c[0], a[1], sizeof (a));
}
BEGIN { i = 5; trace(a[i]); }
BEGIN { s = "hello"; self->t = "xyz"; i = 1;
	printf("%c%c %d %c %c\n", s[0], s[4], s[5], execname[i], self->t[2]); }
BEGIN { i = 300; trace(s[i]); }
BEGIN { exit(0); }' 2>&1
$DTRACE -n 'int a[5]; BEGIN { trace(a[5]); }'
$DTRACE -n 'int a[5]; BEGIN { trace(a[-1]); }'
$DTRACE -n 'string a[5]; BEGIN { }'
$DTRACE -n 'int a[2]; BEGIN { a = 1; }'
