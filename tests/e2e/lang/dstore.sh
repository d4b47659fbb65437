# Issue 18 item 3: stores into D's own memory through pointers: alloca()'d
# scratch (*p = v, p[i] = v), a D array (&a[i], p = a), a D struct
# variable through a member's address (p = (struct pt *)&s.x; p->m = v:
# illumos refuses &s itself, "cannot take address of dynamic variable");
# alloca(0) takes no space (the next alloca() returns the same address);
# bcopy() takes a string source.
# Stores are checked at run time as DTrace checks them: past the bytes
# alloca()'d, or outside D memory (a user address, the kernel's task),
# the clause faults with "invalid address" and ERROR fires (arg4 is
# DTRACEFLT_BADADDR, 1; arg5 the address).
$DTRACE -qn 'int a[4];
struct pt { int x; int y; };
struct pt s;
BEGIN {
	p = (int *)alloca(2 * sizeof (int));
	*p = 5;
	p[1] = 6;
	printf("alloca: %d %d\n", p[0], p[1]);
	q = &a[1];
	*q = 7;
	q[1] = 8;
	r = a;
	r[3] = 9;
	printf("array: %d %d %d %d\n", a[0], a[1], a[2], a[3]);
	sp = (struct pt *)&s.x;
	sp->y = 4;
	printf("struct: %d %d\n", s.x, s.y);
	x = alloca(0);
	y = alloca(0);
	z = alloca(8);
	printf("alloca(0): %d %d\n", x == y, y == z);
	c = (char *)alloca(4);
	bcopy("abc", c, 4);
	printf("bcopy: %s\n", stringof(c));
	exit(0);
}'
{
$DTRACE -qn 'BEGIN { p = (int *)alloca(4); p[1] = 3; } BEGIN { exit(0); }'
$DTRACE -qn 'BEGIN { p = alloca(4); bcopy("abcdefgh", p, 8); } BEGIN { exit(0); }'
$DTRACE -qn 'BEGIN { p = (int *)&curthread->pid; *p = 1; } BEGIN { exit(0); }'
$DTRACE -qn 'BEGIN { p = (int *)0x1000; *p = 1; }
ERROR { printf("ERROR %d 0x%x\n", arg4, arg5); exit(0); }'
} 2>&1 | sed -E -e 's/\(0xffff[0-9a-f]+\)/(KADDR)/' -e 's/DIF offset [0-9]+/DIF offset N/'
