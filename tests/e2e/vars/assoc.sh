# Associative arrays: global and self->, keyed by tuples of integers and
# strings; unset elements read as 0, an unset string is NULL (equal to ""
# in a comparison, a fault as a value, as in DTrace); assigning 0 frees
# them, a string too.
cat > a.d <<'D'
BEGIN
{
	a[1] = 10;
	a[2] = 20;
	b["one"] = 1;
	b["two"] = 2;
	c[1, "x"] = 100;
	c[2, "x"] = 200;
	c[1, "y"] = 300;
	d["k", 3, "z"] = "str";
	self->t[5] = 55;
	self->u["a", 1] = "ua";
	printf("%d %d %d\n", a[1], a[2], a[3]);
	printf("%d %d %d\n", b["one"], b["two"], b["three"]);
	printf("%d %d %d %d\n", c[1, "x"], c[2, "x"], c[1, "y"], c[2, "y"]);
	printf("[%s] %d\n", d["k", 3, "z"], d["k", 4, "z"] == "");
	printf("%d %d [%s] %d\n", self->t[5], self->t[6], self->u["a", 1], self->u["a", 2] == "");
	k = "one";
	n = 1;
	printf("variable keys: %d %d\n", b[k], c[n, "x"]);
	c[n + 1, "x"] += 5;
	a[1]++;
	printf("updated: %d %d\n", c[2, "x"], a[1]);
	a[1] = 0;
	b["one"] = 0;
	d["k", 3, "z"] = 0;
	printf("freed: %d %d %d\n", a[1], b["one"], d["k", 3, "z"] == 0);
	a[1] = 7;
	printf("reused: %d\n", a[1]);
	/* key types convert: a char key finds the int element */
	printf("converted key: %d\n", a[(char)2]);
	exit(0);
}
D
$DTRACE -qs a.d
# per-thread arrays: each traced syscall thread has its own
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { self->c[probename]++; }
syscall::exit_group:entry /pid == $target/ { printf("%d\n", self->c["entry"]); }' -c "$T/getppid-loop 4"
