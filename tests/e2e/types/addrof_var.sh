# Issue 18 item 4: the address of a struct-valued variable, as illumos'
# dt_cook_op1 (DT_TOK_ADDROF) decides it.  A variable node of any class
# (global, this->, self->, an associative-array element) is refused with
# D_ADDROF_VAR "cannot take address of dynamic variable"; a member of one
# is an lvalue like any other, and &self->st.y, &a[k].m, &f.m are
# pointers that read the member.
for e in 'p = &f;' 'p = &this->t;' 'p = &self->st;' 'p = &a[1];'; do
	$DTRACE -xerrtags -qn "struct pt { int x; int y; }; struct pt f; this struct pt t; self struct pt st; struct pt a[int]; BEGIN { $e }" 2>&1 |
	    sed 's/specifier .*BEGIN/specifier ... BEGIN/'
done
$DTRACE -qn 'struct pt { int x; int y; }; struct pt f; self struct pt st; struct pt a[int];
BEGIN {
	f.y = 2; self->st.y = 3; a[1].x = 4;
	p = &f.y; q = &self->st.y; r = &a[1].x;
	printf("%d %d %d\n", *p, *q, *r);
	exit(0);
}'
