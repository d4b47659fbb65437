# Issue 18 item 4: assignment to a bit-field member of a D struct, as C
# does it: the bytes holding the field are read, the field's bits replaced
# by the value truncated to its width, the other bits kept; a signed field
# reads back sign-extended.  Layout (little-endian, a field that would
# straddle a unit of its type starts the next one):
#   a:3 bits 0-2, b:5 bits 3-7 (byte 0); c:20 bits 8-27; d:12 would
#   straddle bit 32, so bits 32-43; e: byte 6; f:40 would straddle bit 64,
#   so bits 64-103 (5 bytes); g:24 bits 104-127 (3 bytes).
# Worked by hand: a = 9 keeps 9 & 7 = 1; b = 17 is 10001b, signed 5 bits
# -15; this->t.b = 15 then ++ gives 16 = 10000b, -16; d = 2047 then += 1
# gives 2048 = 1000 0000 0000b in 12 bits, -2048.  Every variable class
# (global, this->, self->, associative value, alloca()'d through a
# pointer).  A store through a pointer outside D memory faults as any
# other store (ERROR: arg4 1 = DTRACEFLT_BADADDR).
$DTRACE -qn 'struct bf { unsigned int a:3; int b:5; unsigned int c:20; int d:12; char e;
    unsigned long f:40; unsigned long g:24; };
struct bf s; this struct bf t; self struct bf u; struct bf k[int];
BEGIN {
	s.a = 5; s.b = -3; s.c = 0xfffff; s.d = -2048; s.e = 7; s.f = 0xffffffffff; s.g = 0x123456;
	printf("global: %d %d %x %d %d %x %x\n", s.a, s.b, s.c, s.d, s.e, s.f, s.g);
	s.a = 9; s.b = 17; s.c = 0; s.f = 1;
	printf("global: %d %d %x %d %d %x %x\n", s.a, s.b, s.c, s.d, s.e, s.f, s.g);
	this->t.b = 15; this->t.b++; this->t.d = 2047; this->t.d += 1;
	printf("this: %d %d %d\n", this->t.b, this->t.d, this->t.c);
	self->u.c = 3; self->u.g = 0xffffff;
	printf("self: %d %x %d\n", self->u.c, self->u.g, self->u.a);
	k[3].b = -16; k[3].a = 7;
	printf("assoc: %d %d %d\n", k[3].b, k[3].a, k[3].c);
	p = (struct bf *)alloca(sizeof (struct bf));
	p->d = -1; p->a = 6;
	printf("alloca: %d %d %d\n", p->d, p->a, p->b);
	exit(0);
}'
$DTRACE -qn 'struct bf { unsigned int a:3; int b:5; };
BEGIN { p = (struct bf *)0x1000; p->b = 1; }
ERROR { printf("ERROR %d 0x%x\n", arg4, arg5); exit(0); }' 2>&1 |
    sed -E 's/DIF offset [0-9]+/DIF offset N/'
