/*
 * cook_test.c -- unit test of the semantic pass (lib/front/dt_cook.c): the
 * types cook gives expressions under D's rules (no integer promotion: the
 * operand of higher rank wins; shifts and unary operators keep their
 * operand's type; comparisons, literals by value and
 * suffix, casts, ?:, sizeof), the types variables take from their first
 * assignment, and the type errors with their messages.
 *
 * Each expression is compiled as "BEGIN { trace(expr); }" through the
 * public compiler entry; its type is then read from the cooked AST.
 * Integer types are shown as size and signedness ("4s" is int, "8u" is
 * uint64_t).  Links with build/libdtrace.a.  Each case prints
 * "ok - <name>" or "not ok - <name>: ..."; the last line is
 * "cook: N passed, M failed" and the exit status is non-zero if anything
 * failed.
 */
#include "driver/dt_driver.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static dtrace_hdl_t *g_dtp;


static const char *tdesc(const dt_type_t *t, char *buf, size_t len)
{
	if (t == NULL)
		snprintf(buf, len, "(none)");
	else if (t->dt_kind == DT_TK_INT)
		snprintf(buf, len, "%d%c", t->dt_size, t->dt_signed ? 's' : 'u');
	else
		snprintf(buf, len, "%s", t->dt_name);
	return buf;
}

static dtrace_prog_t *compile(const char *src)
{
	return dtrace_program_strcompile(g_dtp, src, DTRACE_PROBESPEC_NAME, 0, NULL);
}

/* The cooked type of expression e, or the compile error. */
static void type(const char *e, const char *want)
{
	char src[1024], buf[1024], name[1100];
	dtrace_prog_t *pgp;

	snprintf(src, sizeof(src), "BEGIN { trace(%s); }", e);
	snprintf(name, sizeof(name), "type of %s", e);
	if ((pgp = compile(src)) == NULL) {
		check_str(name, dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)), want);
		return;
	}
	check_str(name, tdesc(pgp->dp_clauses->dc_body->dn_left->dn_args->dn_type, buf,
			      sizeof(buf)), want);
}

/* The compile error of a clause body (or "ok"). */
static void error(const char *body, const char *want)
{
	char src[1024], name[1100];

	snprintf(src, sizeof(src), "BEGIN { %s }", body);
	snprintf(name, sizeof(name), "error of %s", body);
	check_str(name, compile(src) == NULL ? dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)) : "ok",
		  want);
}

/* The type a variable takes from its first assignment. */
static void var(const char *body, const char *var, dt_idkind_t kind, const char *want)
{
	char src[1024], buf[64], name[1100];
	dt_ident_t *idp;

	snprintf(src, sizeof(src), "BEGIN { %s }", body);
	snprintf(name, sizeof(name), "variable after %s", body);
	if (compile(src) == NULL) {
		check_str(name, dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)), want);
		return;
	}
	idp = dt_ident_lookup(g_dtp, var, kind);
	check_str(name, idp ? tdesc(idp->di_type, buf, sizeof(buf)) : "(no identifier)", want);
}

/* ---------------------------------------------------------------- conversions */

static void test_declare(void)
{
	const char *decls = "char c; unsigned char uc; signed char sc; short s; unsigned short us; "
			    "int i; unsigned int u; long l; unsigned long ul; long long ll; "
			    "unsigned long long ull; int8_t i8; uint8_t u8; int16_t i16; "
			    "uint16_t u16; int32_t i32; uint32_t u32; int64_t i64; uint64_t u64; "
			    "string str; BEGIN { }";

	check_str("declarations compile", compile(decls) ? "ok" : dtrace_errmsg(g_dtp, 0), "ok");
}

static void test_variables_types(void)
{
	type("c", "1s");
	type("uc", "1u");
	type("sc", "1s");
	type("s", "2s");
	type("us", "2u");
	type("i", "4s");
	type("u", "4u");
	type("l", "8s");
	type("ul", "8u");
	type("ll", "8s");
	type("ull", "8u");
	type("i8", "1s");
	type("u8", "1u");
	type("i16", "2s");
	type("u16", "2u");
	type("i32", "4s");
	type("u32", "4u");
	type("i64", "8s");
	type("u64", "8u");
	type("str", "string");
}

static void test_arith_conv(void)
{
	/* D: no promotion to int; the higher rank (bits, unsigned) wins */
	type("c + c", "1s");
	type("uc + uc", "1u");
	type("s * us", "2u");
	type("u8 - u8", "1u");
	type("u16 / i8", "2u");
	/* same size: unsigned wins */
	type("i + u", "4u");
	type("u + i", "4u");
	type("i32 % u32", "4u");
	type("ll + ull", "8u");
	type("i64 * u64", "8u");
	/* different sizes: the larger wins */
	type("i + l", "8s");
	type("u + ll", "8s");
	type("u + ull", "8u");
	type("c + ull", "8u");
	type("us + i64", "8s");
	/* bitwise operators convert the same way */
	type("c & c", "1s");
	type("u | i", "4u");
	type("ll ^ u", "8s");
	/* shifts take the left operand's type, unpromoted */
	type("c << i", "1s");
	type("u << ll", "4u");
	type("ll >> 1", "8s");
	type("us >> ull", "2u");
	type("ull << c", "8u");
}

static void test_other_operators(void)
{
	type("ull < i", "4s");
	type("c == c", "4s");
	type("str == str", "4s");
	type("str < \"a\"", "4s");
	type("i && str", "4s");
	type("ll || ull", "4s");
	type("i ^^ i", "4s");
	type("!ull", "4s");
	type("-c", "1s");
	type("-u", "4u");
	type("~us", "2u");
	type("~ull", "8u");
	type("+uc", "1u");
	type("i ? c : s", "2s");
	type("i ? u : i", "4u");
	type("i ? ll : u", "8s");
	type("i ? str : \"lit\"", "string");
	type("(c, ll)", "8s");
	type("i = c", "4s");
	type("c += 1000", "1s");
	type("ll++", "8s");
	type("--uc", "1u");
	type("sizeof (int)", "8u");
	type("sizeof (c)", "8u");
	type("(char)i", "1s");
	type("(unsigned short)i", "2u");
	type("(long long)c", "8s");
	type("(uint32_t)ll", "4u");
	type("(string)str", "string");
	type("strlen(str)", "8u");
	type("stringof(i)", "string");
}

static void test_literals(void)
{
	type("0", "4s");
	type("2147483647", "4s");
	type("2147483648", "8s");
	type("0x7fffffff", "4s");
	type("0x80000000", "4u");
	type("0xffffffff", "4u");
	type("0x100000000", "8s");
	type("4294967295", "8s");
	type("9223372036854775807", "8s");
	type("9223372036854775808", "8u");
	type("0xffffffffffffffff", "8u");
	type("1u", "4u");
	type("1l", "8s");
	type("1ul", "8u");
	type("1ll", "8s");
	type("1ull", "8u");
	type("4294967296u", "8u");
	type("'a'", "4s");
	type("\"string\"", "string");
	type("-1", "4s");
	type("-2147483648", "8s");
}

static void test_builtins(void)
{
	type("pid", "4s");
	type("tid", "4s");
	type("uid", "4u");
	type("arg0", "8s");
	type("timestamp", "8u");
	type("walltimestamp", "8s");
	type("cpu", "4s");
	type("errno", "4s");
	type("id", "4u");
	type("execname", "string");
	type("probefunc", "string");
	type("$pid", "4s");
	type("$target", "4s");
}

static void test_inferred(void)
{
	var("vi = 1;", "vi", DT_ID_GLOBAL, "4s");
	var("vc = (char)1;", "vc", DT_ID_GLOBAL, "1s");
	var("vll = 1LL;", "vll", DT_ID_GLOBAL, "8s");
	var("vu = 0xffffffff;", "vu", DT_ID_GLOBAL, "4u");
	var("vs = \"s\";", "vs", DT_ID_GLOBAL, "string");
	var("vp = execname;", "vp", DT_ID_GLOBAL, "string");
	var("vinc++;", "vinc", DT_ID_GLOBAL, "8s"); /* int64_t, as illumos: issue 18 item 9 */
	var("vadd += 1LL;", "vadd", DT_ID_GLOBAL, "8s");
	var("self->t = (short)1;", "t", DT_ID_TLS, "2s");
	var("this->l = 1ULL;", "l", DT_ID_LOCAL, "8u");
	var("va[1] = (unsigned char)1;", "va", DT_ID_GARRAY, "1u");
	/* read before assignment: int64_t until an integer assignment types it */
	var("trace(self->pr); self->pr = (char)1;", "pr", DT_ID_TLS, "1s");
	var("trace(pa[1]);", "pa", DT_ID_GARRAY, "8s");
	/* a variable keeps its first type */
	var("vi = 1LL << 40;", "vi", DT_ID_GLOBAL, "4s");
}

/* ---------------------------------------------------------------- errors */

static void test_errors(void)
{
	error("x1 = \"a\" + 1;", "in action list: operator + requires operands of arithmetic type");
	error("x1 = \"a\" & 1;", "in action list: operator & requires operands of integral type");
	error("x1 = 1 << \"a\";", "in action list: operator << requires operands of integral type");
	error("x1 = -\"a\";", "in action list: operator - requires an operand of arithmetic type");
	error("x1 = ~\"a\";", "in action list: operator ~ requires an operand of integral type");
	error("x1 = 1 == \"a\";",
	      "in action list: operands have incompatible types: \"int\" == \"string\"");
	error("x1 = (int)\"a\";", "in action list: invalid cast expression: \"string\" to \"int\"");
	error("x1 = arg0 ? \"a\" : 1;", "in action list: operator ?: operands must have compatible types");
	error("i = \"s\";", "in action list: operands have incompatible types: \"int\" = \"string\"");
	error("str = 1;", "in action list: operands have incompatible types: \"string\" = \"int\"");
	error("i += \"s\";", "in action list: operands have incompatible types: \"int\" += \"string\"");
	error("str++;", "in action list: operator ++ requires an operand of scalar type");
	error("1 = 2;", "in action list: operator = requires modifiable lvalue as an operand");
	error("pid = 2;", "in action list: operator = can only be applied to a writable variable");
	error("pid++;", "in action list: operator ++ can only be applied to a writable variable");
	error("x1 = *i;", "in action list: cannot dereference non-pointer type");
	error("x1 = &i;", "in action list: cannot take address of dynamic variable");
	error("trace(nosuch);", "in action list: failed to resolve nosuch: Unknown variable name");
	error("nosuch();", "in action list: undefined function name: nosuch");
	error("trace(1, 2);", "in action list: trace( ) prototype mismatch: 2 args passed, 1 expected");
	error("x1 = trace(1);",
	      "in action list: action trace( ) may not be called from a D expression (D program context required)");
	error("x1 = i.m;", "in action list: operator . cannot be applied to type \"int\"; must be applied to a struct or union");
	error("x1 = i[0];", "in action list: i is a scalar and cannot be indexed");
	error("x1 = str->m;",
	      "in action list: operator -> must be applied to a pointer");
	error("ea[1] = 1; x1 = ea;", "in action list: ea is an associative array and must be indexed");
	error("ea[1, 2] = 1;", "in action list: ea[ ] prototype mismatch: 2 keys passed, 1 expected");
	error("ea[\"k\"] = 1;",
	      "in action list: ea[ ] key #1 is incompatible with prototype:\n\tprototype: int\n"
	      "\t      key: string");
	error("x1 = args[0];", "in action list: index 0 is out of range for :::BEGIN args[ ]");
	error("x1 = $nosuch;", "macro variable $nosuch is not defined");
	error("x1 = $1;", "macro argument $1 is not defined");
	error("x1 = (void)1;", "in action list: operator = cannot be applied to a void expression");
	error("x1 = 1; x1 = 2; x1 = 0;", "ok");
}

/* Pointers and integers do not mix, except for the constant 0 (DTrace's ptrcompat rules). */
static void test_pointer_rules(void)
{
	const char *inc = "in action list: operands have incompatible types: ";

	char want[256];

#define INCOMPAT(body, types)                                      \
	do {                                                         \
		snprintf(want, sizeof(want), "%s%s", inc, types);   \
		error(body, want);                                   \
	} while (0)
	INCOMPAT("q1 = (int *)0; q1 = 1;", "\"int *\" = \"int\"");
	INCOMPAT("q2 = 1; q2 = (char *)0;", "\"int\" = \"char *\"");
	INCOMPAT("self->q3 = (int *)0; self->q3 = 2;", "\"int *\" = \"int\"");
	INCOMPAT("qa[1] = (int *)0; qa[2] = 2;", "\"int *\" = \"int\"");
	INCOMPAT("trace((int *)0 == 5);", "\"int *\" == \"int\"");
	INCOMPAT("trace((int *)0 == (char *)0);", "\"int *\" == \"char *\"");
	INCOMPAT("trace((void *)0 + 1);", "\"void *\" + \"int\"");
	INCOMPAT("trace((int *)0 - (char *)0);", "\"int *\" - \"char *\"");
	INCOMPAT("trace((int *)0 + (int *)0);", "\"int *\" + \"int *\"");
#undef INCOMPAT
	error("q4 = (int *)0; q4 = 0; q4 = 1 - 1;", "ok");
	error("trace((int *)0 == (void *)0); trace((int *)0 != 0); trace((int *)8 - (int *)0);", "ok");
	error("trace(arg0 ? (int *)0 : 1);", "in action list: operator ?: operands must have compatible types");
	error("trace(1 ? (int *)0 : 0);", "ok");
	type("'ab'", "4s");
	type("'abcde'", "8s");
	type("sizeof (int [5])", "8u");
}

/* inlines with parameters (inline T name[T1 p1, ...] = e;), as fds[] */
static void test_inline_params(void)
{
	check_str("inline declarations compile",
		  compile("inline int sq[int zparam] = zparam * zparam; inline string bang[string s, int n] = "
			  "n ? strjoin(s, \"!\") : s; BEGIN { }") ? "ok"
			: dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)),
		  "ok");
	type("sq[2]", "4s");
	type("sq[(char)1] + 1", "4s");
	type("bang[\"a\", 1]", "string");
	type("sq[bang[\"a\", 1]]", "in action list: sq[ ] argument #1 is incompatible with prototype:\n"
				   "\tprototype: int\n\t argument: string");
	type("sq", "in action list: sq[ ] must be indexed: it is an inline with 1 parameter");
	type("bang[\"a\"]", "in action list: bang[ ] prototype mismatch: 1 arg passed, 2 expected");
	type("sq[1][2]", "in action list: operator [ ] cannot be applied to a value of type int");
	check_str("at most 8 parameters",
		  compile("inline int nine[int a, int b, int c, int d, int e, int f, int g, int h, "
			  "int i] = a; BEGIN { }") ? "ok" : dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)),
		  "inline nine has more than 8 parameters");
	check_str("a parameter is no variable outside", compile("BEGIN { trace(zparam); }") ? "ok" :
		  dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)), "in action list: failed to resolve zparam: Unknown variable name");
}

int main(void)
{
	int err;

	if ((g_dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		printf("not ok - dtrace_open: %d\ncook: 0 passed, 1 failed\n", err);
		return 1;
	}
	test_declare();
	test_variables_types();
	test_arith_conv();
	test_other_operators();
	test_literals();
	test_builtins();
	test_inferred();
	test_errors();
	test_pointer_rules();
	test_inline_params();
	return unit_done("cook");
}
