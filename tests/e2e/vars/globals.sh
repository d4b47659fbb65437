# Global variables: declared with a type, or typed by their first
# assignment; unset globals read as 0 / "".
cat > g.d <<'D'
int di;
string ds;
char dc;
unsigned short dus;
int64_t d64;
BEGIN
{
	printf("unset: %d [%s] %d %d %d\n", di, ds, dc, dus, d64);
	di = 0x100000001;	/* truncated to int */
	dc = 300;
	dus = -1;
	d64 = 1LL << 40;
	ds = "declared";
	printf("declared: %d [%s] %d %d %lld\n", di, ds, dc, dus, d64);
	i = 1;			/* int */
	l = 1LL << 33;		/* long long */
	s = "inferred";		/* string */
	u = 4000000000;		/* too big for int: long long */
	printf("inferred: %d %lld [%s] %lld\n", i, l, s, u);
	printf("sizes: %d %d %d %d\n", sizeof (i), sizeof (l), sizeof (dc), sizeof (dus));
}
BEGIN
{
	/* values persist across clauses */
	i++;
	printf("next clause: %d [%s]\n", i, s);
	s = "";
	printf("empty: [%s]\n", s);
	exit(0);
}
D
$DTRACE -qs g.d
