# Issue 18 item 6: trace() of a float or double, as Oracle's DTrace does
# it (dt_print_trace): D marks only integers signed
# (dt_node_type_assign), so the value's bits print as an unsigned
# integer of the type's own size, in the widths of that size (float:
# 4 bytes, " %8u"; double: 8 bytes, " %16llu"; -q: no width).
# Worked by hand: float 1.5 is 0x3fc00000 = 1069547520, float -2.5 is
# 0xc0200000 = 3223322624 (not negative), double -2.5 is
# 0xc004000000000000 = 13836183955189006336; the smallest denormals
# (bits 1) show the widths.
$DTRACE -qn 'struct fl { float f; float g; double d; float h; double e; };
BEGIN {
	p = (struct fl *)alloca(sizeof (struct fl));
	*(uint32_t *)&p->f = 0x3fc00000;
	*(uint32_t *)&p->g = 0xc0200000;
	*(uint64_t *)&p->d = 0xc004000000000000;
	f = p->g;
	self->d = p->d;
	trace(p->f); printf("|"); trace(f); printf("|"); trace(p->d); printf("|");
	trace(self->d); printf("\n");
	exit(0);
}'
$DTRACE -n 'struct fl { float h; double e; };
BEGIN {
	p = (struct fl *)alloca(sizeof (struct fl));
	*(uint32_t *)&p->h = 1;
	*(uint64_t *)&p->e = 1;
	trace(p->h); trace(p->e); trace("|");
	exit(0);
}' 2>/dev/null | sed -n 's/^ *[0-9][0-9]* *[0-9][0-9]* *:BEGIN/BEGIN/p'
# A long double (16 bytes on x86-64, wider than 8) is recorded by
# reference, as illumos does (dt_node_type_assign sets DT_NF_REF), and
# printed as bytes: 1.5 is the mantissa 0xc000000000000000 (explicit
# integer bit) and the exponent 0x3fff, then 6 bytes of padding.
$DTRACE -qn 'struct fl { long double l; };
BEGIN {
	p = (struct fl *)alloca(sizeof (struct fl));
	*(uint64_t *)&p->l = 0xc000000000000000;
	*((uint64_t *)&p->l + 1) = 0x3fff;
	trace(p->l);
	exit(0);
}'
