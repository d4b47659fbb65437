# Storage classes in declarations, as illumos' D grammar and dt_decl.c,
# dt_parser.c give them: one class per declaration, before or after the
# type (D_DECL_CLASS); self and this declare thread-local and clause-local
# variables (no type: int); typedef; a static function prototype is an
# extern one; static, register and auto declare nothing in D
# (D_DECL_BADCLASS); a parameter or an associative array's key takes no
# class but register (D_DECL_PARMCLASS); a declaration with no name that
# is no struct, union or enum is useless (D_DECL_USELESS).  An inline takes
# no class (D_DECL_BADCLASS), its parameters as any parameter.
cd "$(mktemp -d)"
cat >a.d <<'D'
static int f(int);
int static g(void);
self int x;
this int y;
self z;
typedef int myint_t;
long typedef mylong_t;
int h(register int a);
int k[register int];
typedef struct sc { int a; };
inline int twice[register int v] = v * 2;
BEGIN
{
	self->x = 1; this->y = 2; self->z = 3; k[1] = 4;
	printf("%d %d %d %d %d %d %d\n", self->x, this->y, self->z, (myint_t)5, k[1],
	    sizeof (mylong_t), sizeof (struct sc));
	exit(0);
}
D
$DTRACE -qs a.d
echo "rc=$?"
e() { printf '%s\n' "$1" >e.d; $DTRACE -x errtags -qs e.d; echo "rc=$?"; }
e 'static extern int x;'
e 'self int this x;'
e 'typedef typedef int t;'
e 'static int x;'
e 'register int x;'
e 'auto int x;'
e 'auto int f(int);'
e 'int f(static int a);'
e 'int a[extern int];'
e 'int f(register self int a);'
e 'static int;'
e 'self int;'
e 'inline static int x = 1;'
e 'inline int f[static int a] = a;'
