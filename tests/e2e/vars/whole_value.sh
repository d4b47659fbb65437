# A scalar variable keeps the whole 64-bit value assigned to it, whatever
# type its first assignment gave it: illumos' stv/ldv move DIF registers
# unconverted.  procsystime's idiom: `self->start = 0;` in BEGIN types
# self->start int, then `self->start = timestamp` and `timestamp -
# self->start` must be the elapsed time, not timestamp minus its low 32 bits.
# Expected: every variable kind compares equal to the 64-bit constant (1),
# and its difference with 0x100000000 is 0x23456789; a store into memory
# (an int member of an alloca'd struct) still narrows to the member's type.
$DTRACE -qn '
struct s { int m; };
BEGIN { g = 0; self->t = 0; this->c = 0; a["k"] = 0; }
BEGIN
{
	g = 0x123456789; self->t = 0x123456789; this->c = 0x123456789;
	a["k"] = 0x123456789;
	printf("%d %d %d %d\n", g == 0x123456789, self->t == 0x123456789,
	    this->c == 0x123456789, a["k"] == 0x123456789);
	printf("%x %x %x %x\n", g - 0x100000000, self->t - 0x100000000,
	    this->c - 0x100000000, a["k"] - 0x100000000);
	p = (struct s *)alloca(sizeof (struct s));
	p->m = 0x123456789;
	printf("%x\n", p->m);
	exit(0);
}'
# the toolkit's procsystime, reduced: an elapsed time below one second
$DTRACE -qn '
BEGIN { self->start = 0; }
syscall::getppid:entry /pid == $target/ { self->start = timestamp; }
syscall::getppid:return /self->start/
{
	@small["elapsed < 1s"] = sum(timestamp - self->start < 1000000000);
	self->start = 0;
}' -c "$T/getppid-loop 3"
