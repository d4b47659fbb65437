# Function declarators in declarations, as illumos' D grammar takes them
# (C's direct_declarator "(" parameter_type_list ")"): "int f(int);",
# "extern void g(void);", several declarators, named, unnamed, pointer and
# array parameters, "...", an empty list, in a clause too.  illumos makes
# a prototype an extern of function type in its D module, which nothing
# can call: a call is "undefined function name", as for any other name.
# An extern object has no address to read here: refused, saying so.
cd "$(mktemp -d)"
cat >a.d <<'D'
int f(int);
extern void g(void);
extern int h(const char *, ...), *k(int a, char *b[4]);
void m();
BEGIN { int n(long); printf("%d\n", 1); exit(0); }
D
$DTRACE -qs a.d
echo "rc=$?"
printf 'int f(int);\nBEGIN { f(1); }\n' >b.d
$DTRACE -qs b.d
echo "rc=$?"
printf 'extern int x;\n' >c.d
$DTRACE -qs c.d
echo "rc=$?"
