/*
 * parse_test.c -- unit test of the D parser (lib/front/dt_parse.c): the
 * shape of the AST for C's precedence and associativity at every level,
 * unary and postfix operators, casts and sizeof, ?:, comma and assignment,
 * statements, clauses (descriptions, predicates, bodies), declarations,
 * and syntax errors.
 *
 * The AST is dumped as an S-expression (dump() below): "1 + 2 * 3" is
 * "(+ 1 (* 2 3))".  Links with build/libdtrace.a.  Each case prints
 * "ok - <name>" or "not ok - <name>: ..."; the last line is
 * "parse: N passed, M failed" and the exit status is non-zero if anything
 * failed.
 */
#include "driver/dt_driver.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static dtrace_hdl_t *g_dtp;


/* ---------------------------------------------------------------- dump */

typedef struct sbuf {
	char s[8192];
	size_t n;
} sbuf_t;

static void put(sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf_t *b, const char *fmt, ...)
{
	va_list ap;

	if (b->n >= sizeof(b->s))
		return;
	va_start(ap, fmt);
	b->n += (size_t)vsnprintf(b->s + b->n, sizeof(b->s) - b->n, fmt, ap);
	va_end(ap);
}

static const char *opstr(int op)
{
	static const struct {
		int op;
		const char *s;
	} tab[] = {
		{ OP_SHL, "<<" },   { OP_SHR, ">>" },	{ OP_LE, "<=" },    { OP_GE, ">=" },
		{ OP_EQ, "==" },    { OP_NE, "!=" },	{ OP_LAND, "&&" },  { OP_LOR, "||" },
		{ OP_LXOR, "^^" },  { OP_NEG, "-" },	{ OP_PLUS, "+" },
	};
	static char c[2];

	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (tab[i].op == op)
			return tab[i].s;
	c[0] = (char)op;
	return c;
}

static void dump(sbuf_t *b, const dt_node_t *n);

static void dump_list(sbuf_t *b, const dt_node_t *n)
{
	for (; n; n = n->dn_next) {
		put(b, " ");
		dump(b, n);
	}
}

static void dump(sbuf_t *b, const dt_node_t *n)
{
	if (n == NULL) {
		put(b, "nil");
		return;
	}
	switch (n->dn_kind) {
	case N_INT: put(b, "%lld", (long long)n->dn_val); break;
	case N_STR: put(b, "\"%s\"", n->dn_str); break;
	case N_VAR:
		put(b, "%s%s", n->dn_op == 's' ? "self->" : n->dn_op == 't' ? "this->" : "",
		    n->dn_name);
		break;
	case N_AGG: put(b, "%s", n->dn_name); break;
	case N_ARRAY: put(b, "([] "); dump(b, n->dn_left); dump_list(b, n->dn_args); put(b, ")"); break;
	case N_UNARY: put(b, "(%s ", opstr(n->dn_op)); dump(b, n->dn_left); put(b, ")"); break;
	case N_BINARY:
	case N_LOGICAL:
		put(b, "(%s ", opstr(n->dn_op));
		dump(b, n->dn_left);
		put(b, " ");
		dump(b, n->dn_right);
		put(b, ")");
		break;
	case N_COND:
		put(b, "(? ");
		dump(b, n->dn_cond);
		put(b, " ");
		dump(b, n->dn_left);
		put(b, " ");
		dump(b, n->dn_right);
		put(b, ")");
		break;
	case N_ASSIGN:
		put(b, "(%s= ", n->dn_op == '=' ? "" : opstr(n->dn_op));
		dump(b, n->dn_left);
		put(b, " ");
		dump(b, n->dn_right);
		put(b, ")");
		break;
	case N_INCDEC:
		put(b, "(%s%s ", n->dn_post ? "post" : "pre", n->dn_op == '+' ? "++" : "--");
		dump(b, n->dn_left);
		put(b, ")");
		break;
	case N_CALL: put(b, "(%s", n->dn_name); dump_list(b, n->dn_args); put(b, ")"); break;
	case N_MEMBER:
		put(b, "(%s ", n->dn_op == '.' ? "." : "->");
		dump(b, n->dn_left);
		put(b, " %s)", n->dn_name);
		break;
	case N_CAST: put(b, "(cast %s ", n->dn_ctype->dt_name); dump(b, n->dn_left); put(b, ")"); break;
	case N_SIZEOF:
		if (n->dn_ctype != NULL) {
			put(b, "(sizeof %s)", n->dn_ctype->dt_name);
		} else {
			put(b, "(sizeof ");
			dump(b, n->dn_left);
			put(b, ")");
		}
		break;
	case N_COMMA:
		put(b, "(, ");
		dump(b, n->dn_left);
		put(b, " ");
		dump(b, n->dn_right);
		put(b, ")");
		break;
	case N_DEREF: put(b, "(* "); dump(b, n->dn_left); put(b, ")"); break;
	case N_ADDROF: put(b, "(& "); dump(b, n->dn_left); put(b, ")"); break;
	case N_STRINGOF: put(b, "(stringof "); dump(b, n->dn_left); put(b, ")"); break;
	case N_EXPRSTMT: dump(b, n->dn_left); break;
	case N_IF:
		put(b, "(if ");
		dump(b, n->dn_cond);
		put(b, " ");
		dump(b, n->dn_body);
		if (n->dn_else != NULL) {
			put(b, " else ");
			dump(b, n->dn_else);
		}
		put(b, ")");
		break;
	case N_BLOCK:
		put(b, "{");
		dump_list(b, n->dn_body);
		put(b, " }");
		break;
	default: put(b, "?%d", n->dn_kind);
	}
}

/* ---------------------------------------------------------------- parsing */

/*
 * Parse src; on success return the program, else NULL with the error
 * message in g_dtp->dt_errmsg.
 */
static struct dtrace_prog *parse(const char *src, dtrace_probespec_t spec, const char *file)
{
	dt_pcb_t *volatile pcb = dt_zalloc(sizeof(*pcb));
	struct dtrace_prog *pgp;

	pcb->pcb_hdl = g_dtp;
	pcb->pcb_arena = &g_dtp->dt_arena; /* freed by dtrace_close() */
	pcb->pcb_src = pcb->pcb_cur = src;
	pcb->pcb_line = 1;
	pcb->pcb_pspec = spec;
	pcb->pcb_filename = file;
	g_dtp->dt_errmsg[0] = '\0';
	if (setjmp(pcb->pcb_jmp) != 0) {
		free(pcb);
		return NULL;
	}
	pgp = dt_parse_program(pcb);
	free(pcb);
	return pgp;
}

/* The statements of the first clause of "BEGIN { body }", dumped. */
static void stmt(const char *name, const char *body, const char *want)
{
	char src[4096];
	struct dtrace_prog *pgp;
	sbuf_t b = { .n = 0 };

	snprintf(src, sizeof(src), "BEGIN { %s }", body);
	if ((pgp = parse(src, DTRACE_PROBESPEC_NAME, NULL)) == NULL) {
		check_str(name, g_dtp->dt_errmsg, want);
		return;
	}
	for (dt_node_t *s = pgp->dp_clauses->dc_body; s; s = s->dn_next) {
		if (b.n)
			put(&b, "; ");
		dump(&b, s);
	}
	check_str(name, b.s, want);
}

/* One expression statement. */
static void expr(const char *name, const char *e, const char *want)
{
	char body[4096];

	snprintf(body, sizeof(body), "x = %s;", e);
	{
		char w[4096];

		if (strncmp(want, "error", 5) == 0 || strncmp(want, "syntax", 6) == 0)
			snprintf(w, sizeof(w), "%s", want);
		else
			snprintf(w, sizeof(w), "(= x %s)", want);
		stmt(name, body, w);
	}
}

/* ---------------------------------------------------------------- expressions */

static void test_precedence(void)
{
	expr("* over +", "1 + 2 * 3", "(+ 1 (* 2 3))");
	expr("* over + (left)", "1 * 2 + 3", "(+ (* 1 2) 3)");
	expr("parens", "(1 + 2) * 3", "(* (+ 1 2) 3)");
	expr("/ % *", "a / b % c * d", "(* (% (/ a b) c) d)");
	expr("+ - left", "a - b + c - d", "(- (+ (- a b) c) d)");
	expr("shift below +", "a << b + c", "(<< a (+ b c))");
	expr("shift left assoc", "a >> b << c", "(<< (>> a b) c)");
	expr("relational below shift", "a < b << c", "(< a (<< b c))");
	expr("relational left assoc", "a < b > c <= d >= e", "(>= (<= (> (< a b) c) d) e)");
	expr("equality below relational", "a == b < c", "(== a (< b c))");
	expr("equality left assoc", "a != b == c", "(== (!= a b) c)");
	expr("& below ==", "a & b == c", "(& a (== b c))");
	expr("^ below &", "a ^ b & c", "(^ a (& b c))");
	expr("| below ^", "a | b ^ c", "(| a (^ b c))");
	expr("&& below |", "a && b | c", "(&& a (| b c))");
	expr("^^ below &&", "a ^^ b && c", "(^^ a (&& b c))");
	expr("|| below ^^", "a || b ^^ c", "(|| a (^^ b c))");
	expr("|| left assoc", "a || b || c", "(|| (|| a b) c)");
	expr("&& left assoc", "a && b && c", "(&& (&& a b) c)");
	expr("?: below ||", "a || b ? c : d", "(? (|| a b) c d)");
	expr("?: right assoc", "a ? b : c ? d : e", "(? a b (? c d e))");
	expr("?: middle is an expression", "a ? b, c : d", "(? a (, b c) d)");
	expr("?: then/else", "a ? b = 1 : c", "(? a (= b 1) c)");
	expr("everything", "a = b || c && d | e ^ f & g == h < i << j + k * -l",
	     "(= a (|| b (&& c (| d (^ e (& f (== g (< h (<< i (+ j (* k (- l))))))))))))");
}

static void test_assignment(void)
{
	stmt("assignment right assoc", "a = b = c;", "(= a (= b c))");
	stmt("compound assignment", "a += b -= c;", "(+= a (-= b c))");
	stmt("all compound operators", "a *= 1; a /= 2; a %= 3; a &= 4; a |= 5; a ^= 6; a <<= 7; a >>= 8;",
	     "(*= a 1); (/= a 2); (%= a 3); (&= a 4); (|= a 5); (^= a 6); (<<= a 7); (>>= a 8)");
	stmt("assignment below ?:", "a = b ? c : d;", "(= a (? b c d))");
	stmt("comma lowest", "a = 1, b = 2;", "(, (= a 1) (= b 2))");
	stmt("comma left assoc", "a, b, c;", "(, (, a b) c)");
	stmt("comma in parens", "x = (a, b);", "(= x (, a b))");
}

static void test_unary(void)
{
	expr("unary minus", "-a", "(- a)");
	expr("unary plus", "+a", "(+ a)");
	expr("not, complement", "!~a", "(! (~ a))");
	expr("double minus", "- -a", "(- (- a))");
	expr("unary binds tighter", "-a * b", "(* (- a) b)");
	expr("pre/post increment", "++a + b--", "(+ (pre++ a) (post-- b))");
	expr("post over pre", "++a++", "(pre++ (post++ a))");
	expr("a+++b", "a+++b", "(+ (post++ a) b)");
	expr("deref and address", "*p + &q->r", "(+ (* p) (& (-> q r)))");
	expr("sizeof type", "sizeof (int)", "(sizeof int)");
	expr("sizeof type times", "sizeof (int) * 2", "(* (sizeof int) 2)");
	expr("sizeof expression", "sizeof x + 1", "(+ (sizeof x) 1)");
	expr("sizeof (expression)", "sizeof (x)", "(sizeof x)");
	expr("sizeof unsigned long long", "sizeof (unsigned long long)", "(sizeof unsigned long long)");
	expr("stringof", "stringof a", "(stringof a)");
	expr("cast", "(char)a", "(cast char a)");
	expr("cast binds tighter", "(char)a + b", "(+ (cast char a) b)");
	expr("cast of cast", "(int)(unsigned short)-1", "(cast int (cast unsigned short (- 1)))");
	expr("cast to pointer", "(int *)p", "(cast int * p)");
	expr("cast to typedef", "(uint8_t)a", "(cast uint8_t a)");
	expr("cast to string", "(string)a", "(cast string a)");
	expr("parenthesised name is not a cast", "(a) - 1", "(- a 1)");
	expr("unsigned alone is unsigned int", "(unsigned)a", "(cast unsigned int a)");
	expr("signed char", "(signed char)a", "(cast signed char a)");
	expr("short int", "(short int)a", "(cast short a)");
	expr("long", "(long)a", "(cast long a)");
}

static void test_postfix(void)
{
	expr("call", "f(1, 2)", "(f 1 2)");
	expr("call no args", "f()", "(f)");
	expr("call args are assignments", "f(a = 1, b)", "(f (= a 1) b)");
	expr("nested call", "f(g(h()))", "(f (g (h)))");
	expr("array", "a[1]", "([] a 1)");
	expr("array tuple", "a[1, \"x\", b]", "([] a 1 \"x\" b)");
	expr("member", "a.b.c", "(. (. a b) c)");
	expr("arrow", "a->b->c", "(-> (-> a b) c)");
	expr("mixed postfix", "a[1]->b.c[2]", "([] (. (-> ([] a 1) b) c) 2)");
	expr("self", "self->x + this->y", "(+ self->x this->y)");
	expr("self array", "self->a[1, 2]", "([] self->a 1 2)");
	expr("aggregation key", "@a[1]", "([] @a 1)");
	expr("macros", "$1 + $$2 + $target", "(+ (+ $1 $$2) $target)");
	expr("string literal", "\"a\" \"b\"", "\"ab\"");
	expr("args", "args[0]", "([] args 0)");
	expr("member named like a keyword", "a->string", "(-> a string)");
}

/* ---------------------------------------------------------------- statements */

static void test_statements(void)
{
	stmt("empty body", "", "");
	stmt("empty statements", ";;;", "");
	stmt("last ; optional", "a = 1; b = 2", "(= a 1); (= b 2)");
	stmt("block", "{ a = 1; { b = 2; } }", "{ (= a 1) { (= b 2) } }");
	stmt("if", "if (a) b = 1;", "(if a (= b 1))");
	stmt("if else", "if (a) b = 1; else c = 2;", "(if a (= b 1) else (= c 2))");
	stmt("dangling else", "if (a) if (b) c; else d;", "(if a (if b c else d))");
	stmt("if block", "if (a) { b; c; } else { d; }", "(if a { b c } else { d })");
	stmt("aggregation", "@a[1] = count();", "(= ([] @a 1) (count))");
	stmt("declaration is not a statement", "int i; i = 1;", "(= i 1)");
	stmt("this declaration", "this int t; this->t = 1;", "(= this->t 1)");
}

/* ---------------------------------------------------------------- clauses */

static const char *clauses(const char *src, dtrace_probespec_t spec, char *buf, size_t len)
{
	struct dtrace_prog *pgp = parse(src, spec, NULL);
	size_t n = 0;

	if (pgp == NULL) {
		snprintf(buf, len, "%s", g_dtp->dt_errmsg);
		return buf;
	}
	buf[0] = '\0';
	for (dt_clause_t *c = pgp->dp_clauses; c; c = c->dc_next) {
		sbuf_t b = { .n = 0 };

		for (dt_pdesc_t *pd = c->dc_descs; pd; pd = pd->pd_next)
			put(&b, "%s%s:%s:%s:%s", pd == c->dc_descs ? "" : ",", pd->pd_prov, pd->pd_mod,
			    pd->pd_func, pd->pd_name);
		if (c->dc_pred != NULL) {
			put(&b, " /");
			dump(&b, c->dc_pred);
			put(&b, "/");
		}
		if (c->dc_hasbody) {
			put(&b, " {");
			dump_list(&b, c->dc_body);
			put(&b, " }");
		}
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " | " : "", b.s);
		if (n >= len)
			break;
	}
	return buf;
}

static void cl(const char *name, const char *src, dtrace_probespec_t spec, const char *want)
{
	char buf[8192];

	check_str(name, clauses(src, spec, buf, sizeof(buf)), want);
}

static void test_clauses(void)
{
	const dtrace_probespec_t N = DTRACE_PROBESPEC_NAME, S = DTRACE_PROBESPEC_NONE;

	cl("name only", "BEGIN", N, ":::BEGIN");
	cl("func:name", "read:entry", N, "::read:entry");
	cl("mod:func:name", "vmlinux:read:entry", N, ":vmlinux:read:entry");
	cl("full", "syscall::read:entry", N, "syscall::read:entry");
	cl("empty fields", "syscall:::", N, "syscall:::");
	cl("-P", "syscall", DTRACE_PROBESPEC_PROVIDER, "syscall:::");
	cl("-m", "vmlinux", DTRACE_PROBESPEC_MOD, ":vmlinux::");
	cl("-m provider:module", "syscall:vmlinux", DTRACE_PROBESPEC_MOD, "syscall:vmlinux::");
	cl("-f", "read", DTRACE_PROBESPEC_FUNC, "::read:");
	cl("-f provider::func", "syscall::read", DTRACE_PROBESPEC_FUNC, "syscall::read:");
	cl("script: name", "BEGIN {}", S, ":::BEGIN { }");
	cl("too many fields", "a:b:c:d:e", N,
	   "invalid probe description \"a:b:c:d:e\": too many ':' separators");
	cl("too many for -P", "a:b", DTRACE_PROBESPEC_PROVIDER,
	   "invalid probe description \"a:b\": too many ':' separators");
	cl("list", "BEGIN, END,syscall::read:entry", N, ":::BEGIN,:::END,syscall::read:entry");
	cl("predicate", "BEGIN /x == 1/", N, ":::BEGIN /(== x 1)/");
	cl("predicate with division", "BEGIN /x / 2 == 1/ { }", N, ":::BEGIN /(== (/ x 2) 1)/ { }");
	cl("predicate with parens", "BEGIN /(x / 2) == 1/ { }", N, ":::BEGIN /(== (/ x 2) 1)/ { }");
	cl("predicate and body", "BEGIN /a/ { b; }", N, ":::BEGIN /a/ { b }");
	cl("body", "BEGIN { a = 1; }", N, ":::BEGIN { (= a 1) }");
	cl("clauses", "BEGIN { a; } END /b/ { c; } tick-1s", S,
	   ":::BEGIN { a } | :::END /b/ { c } | :::tick-1s");
	cl("clauses without spaces", "BEGIN{a;}END{b;}", S, ":::BEGIN { a } | :::END { b }");
	cl("declarations and pragmas between clauses",
	   "int x;\n#pragma D option quiet\nBEGIN { x = 1; }\nstring s;\nEND", S,
	   ":::BEGIN { (= x 1) } | :::END");
	cl("interpreter line", "#!/usr/sbin/dtrace -s\nBEGIN", S, ":::BEGIN");
	cl("comments", "/* a */ BEGIN // b\n /* c */ { /* d */ }", S, ":::BEGIN { }");
	cl("empty program", "", S, "");
}

/* ---------------------------------------------------------------- errors */

static void test_errors(void)
{
	stmt("missing operand", "x = 1 + ;", "syntax error near \";\"");
	stmt("missing )", "x = (1;", "syntax error near \";\"");
	stmt("extra )", "x = 1);", "extra ) in input stream");
	stmt("missing ;", "a = 1 b = 2;", "syntax error near \"b\"");
	stmt("missing :", "x = a ? b;", "syntax error near \";\"");
	stmt("unclosed [", "x = a[1;", "syntax error near \";\"");
	stmt("bad self", "self.x = 1;", "syntax error near \".\"");
	stmt("self needs a name", "self-> = 1;", "syntax error near \"=\"");
	stmt("call of a non-name", "a[1](2);", "function designator is not of function type");
	stmt("if needs (", "if a b;", "syntax error near \"a\"");
	stmt("string then number", "x = \"a\" 1;", "syntax error near \"1\"");
	stmt("bad cast", "x = (int;", "syntax error near \";\"");
	expr("float type", "(double)1", "(cast double 1)");
	cl("unclosed body", "BEGIN { a;", DTRACE_PROBESPEC_NAME, "syntax error near end of input");
	cl("stray }", "BEGIN { } }", DTRACE_PROBESPEC_NAME, "syntax error near \"}\"");
	cl("body without description", "{ }", DTRACE_PROBESPEC_NONE, "syntax error near \"{\"");
	cl("predicate without description", "/1/", DTRACE_PROBESPEC_NONE, "syntax error near \"/\"");
	cl("unclosed predicate", "BEGIN /1 {", DTRACE_PROBESPEC_NAME, "syntax error near \"{\"");
	cl("dangling comma", "BEGIN, { }", DTRACE_PROBESPEC_NAME, "syntax error near \"{\"");
	cl("bad pragma", "#pragma D nonsense\nBEGIN", DTRACE_PROBESPEC_NONE,
	   "invalid control directive: #pragma D nonsense");
	cl("not a directive", "#include <x.h>\nBEGIN", DTRACE_PROBESPEC_NONE,
	   "invalid control directive: #include");
	cl("redeclared", "int rx; int rx; BEGIN", DTRACE_PROBESPEC_NONE, "identifier redeclared: rx");
	cl("scalar array", "int sa[0]; BEGIN", DTRACE_PROBESPEC_NONE,
	   "array dimension must be a positive integer constant");
	cl("empty key list", "int ka[]; BEGIN", DTRACE_PROBESPEC_NONE,
	   "array declaration requires key types");
	/* declaration specifiers, checked as illumos' dt_decl.c does */
	cl("short long", "short long sl; BEGIN", DTRACE_PROBESPEC_NONE,
	   "invalid type declaration: short and long may not be used together");
	cl("short short", "short short ss; BEGIN", DTRACE_PROBESPEC_NONE,
	   "the attribute 'short' may only be used at most once in a declaration");
	cl("long long long", "long long long lll; BEGIN", DTRACE_PROBESPEC_NONE,
	   "the attribute 'long' may only be used at most twice in a declaration");
	cl("int char", "int char ic; BEGIN", DTRACE_PROBESPEC_NONE, "invalid type combination");
	cl("signed unsigned", "signed unsigned su; BEGIN", DTRACE_PROBESPEC_NONE,
	   "invalid type declaration: signed and unsigned may not be used together");
	cl("long char", "long char lc; BEGIN", DTRACE_PROBESPEC_NONE,
	   "invalid type declaration: short and long may not be used with char type");
	cl("unsigned void", "unsigned void uv; BEGIN", DTRACE_PROBESPEC_NONE,
	   "invalid type declaration: attributes may not be used with void type");
	cl("#error", "#error \"boom\"\nBEGIN", DTRACE_PROBESPEC_NONE, "#error: \"boom\" ");
	cl("#pragma D error", "#pragma D error a b\nBEGIN", DTRACE_PROBESPEC_NONE, "#error: a b ");
	stmt("aggregation with two subscripts", "@a[1][2] = count();",
	     "improper attempt to reference @a as a multi-dimensional array");
	{
		char buf[2048];
		struct dtrace_prog *pgp = parse("BEGIN\n{\n\ta = 1;\n\tb = ;\n}\n", DTRACE_PROBESPEC_NONE,
						"x.d");

		snprintf(buf, sizeof(buf), "%s", pgp == NULL ? g_dtp->dt_errmsg : "parsed");
		check_str("script error line", buf, "line 4: syntax error near \";\"");
	}
}

int main(void)
{
	int err;

	if ((g_dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		printf("not ok - dtrace_open: %d\nparse: 0 passed, 1 failed\n", err);
		return 1;
	}
	test_precedence();
	test_assignment();
	test_unary();
	test_postfix();
	test_statements();
	test_clauses();
	test_errors();
	return unit_done("parse");
}
