# Issue 18 item 6: float and double values, as Oracle's DTrace has them:
# D variables of those types (global, this->, self->, associative array)
# hold a value read from memory (here 1.5 and -2.5 written as their IEEE
# bits into alloca()'d scratch) and printf() prints them with %e %E %f %g
# %G, flags, width and precision as C; a declared variable is 0.  The
# arithmetic D does not have is refused with illumos' messages.
$DTRACE -qn 'float f; double d; struct fl { float f; double d; };
BEGIN {
	printf("%f %e %g %E %G\n", f, d, f, d, f);
	p = (struct fl *)alloca(sizeof (struct fl));
	*(uint32_t *)&p->f = 0x3fc00000;
	*(uint64_t *)&p->d = 0xc004000000000000;
	f = p->f;
	d = p->d;
	this->t = p->d;
	self->s = p->f;
	a["k"] = p->d;
	printf("%f %e %g %E %G\n", f, d, this->t, self->s, a["k"]);
	printf("%.2f|%10.3e|%-8g|\n", p->f, p->d, d);
	exit(0);
}'
$DTRACE -qn 'double d; BEGIN { x = d * 2; }'
$DTRACE -qn 'double d; BEGIN { x = -d; }'
$DTRACE -qn 'double d; BEGIN { x = (int)d; }'
