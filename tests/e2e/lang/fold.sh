# Compile-time folding as illumos' parser does it, before type checking: a
# "?:" whose condition is an integer constant (a literal, an inline, a
# macro argument, operators on them) is its chosen branch, and the other
# branch is never checked; a logical operator on two constants is a
# constant.  So the DTraceToolkit's option idiom is a printf() statement or
# nothing.
cat > opt.d <<'D'
inline int OPT_time = 0;
inline int OPT_name = 1;
inline int OPT_both = OPT_time && OPT_name;

BEGIN
{
	OPT_time ? printf("%d ", timestamp) : 1;
	OPT_name ? printf("%s ", "name") : 1;
	OPT_both ? printf("both\n") : printf("not both\n");
	OPT_time || OPT_name ? printf("either\n") : 1;
	$1 ? printf("arg set\n") : printf("arg unset\n");
	!$1 && 1 ? printf("arg unset, folded\n") : 1;
	x = 0 ? 1 / 0 : 5;
	y = 1 ? "str" : 3;
	printf("%d %s %d %d\n", x, y, 2 > 1 || 0, OPT_name ^^ 1);
	exit(0);
}
D
$DTRACE -qs opt.d 0
$DTRACE -qs opt.d 1
