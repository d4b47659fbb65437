# strtok() keeps its place per CPU across calls with a NULL string, within
# a firing; with nothing left, strtok(NULL, ...) faults (illumos reads its
# NULL saved pointer).  cleanpath() with illumos' quirks.  printf's %S
# (escapes), %T (RFC 822 time), and %f refused for an integer.
cat > t.d <<'D'
BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/a/b/../c"), cleanpath("/a/./b//c/"),
	    cleanpath("/a/.."), cleanpath("a/../b"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/..."), cleanpath("/a/.b/..c"), cleanpath(""),
	    cleanpath("/foo/bar/../../baz"));
	printf("[%s] ", strtok("a,b,,c", ","));
	printf("[%s] ", strtok(0, ","));
}
BEGIN
{
	printf("[%s] ", strtok(0, ","));
	printf("%d\n", strtok(0, ",") == 0);
	printf("[%s] [%s] [%s]\n", strtok("  hello world ", " "), strtok(0, " "), strtok(0, "x"));
	printf("%S|%S|%5S|\n", "a\tb\"c\\d\001 e", "plain", "x");
	printf("%T\n", 86400000000000 + 3723000000000);
	strtok("a", ",");
	strtok(0, ",");
}
BEGIN
{
	trace(strtok(0, ","));
	printf("not reached\n");
}
BEGIN
{
	exit(0);
}
D
TZ=UTC $DTRACE -qs t.d 2>&1 | sed 's/DIF offset [0-9]*/DIF offset N/'
# a new firing starts without a string
$DTRACE -qn 'BEGIN { trace(strtok(0, " ")); } BEGIN { exit(0); }' 2>&1 | sed 's/DIF offset [0-9]*/DIF offset N/'
$DTRACE -qn 'BEGIN { printf("%f\n", 1); exit(0); }'
$DTRACE -qn 'BEGIN { printf("%5.2e\n", timestamp); exit(0); }'
$DTRACE -qn 'BEGIN { printf("%T\n", "x"); exit(0); }'
