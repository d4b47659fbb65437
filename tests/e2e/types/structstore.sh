# Issue 18 item 4: struct-valued variables.  Members of global, this->,
# self-> and associative-array struct values are assigned one by one
# (f.a = 3, self->st.a = 5, arr[1].a = 6; a dynamic variable is created
# zeroed by its first member store), strings members included; a struct is
# copied whole into a global, an array element and a self-> variable, and
# the copy is independent of the original (g.a++ leaves f.a); print()
# shows a struct variable whose members were set one by one.
$DTRACE -qn 'struct foo { int a; short b; string s; };
struct pt { int x; int y; };
struct foo f;
this struct foo t;
struct foo arr[int];
struct pt p;
BEGIN {
	f.a = 3;
	f.b = -2;
	f.s = "glob";
	this->t.a = 4;
	this->t.s = "this";
	self->st = f;
	self->st.a = 5;
	self->st.s = "self";
	arr[1].a = 6;
	arr[1].s = "arr";
	arr[2] = f;
	g = f;
	g.a++;
	printf("%d %d %s\n", f.a, f.b, f.s);
	printf("%d %s\n", this->t.a, this->t.s);
	printf("%d %d %s\n", self->st.a, self->st.b, self->st.s);
	printf("%d %s %d %s %d\n", arr[1].a, arr[1].s, arr[2].a, arr[2].s, arr[1].b);
	printf("%d %d\n", g.a, f.a);
	p.x = 10;
	p.y = 0x20;
	print(p);
	printf("\n");
	exit(0);
}'
