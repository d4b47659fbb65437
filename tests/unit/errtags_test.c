/*
 * errtags_test.c -- unit test of the D compiler's error tags
 * (lib/front/dt_errtags.h): one program per tag this compiler reports,
 * compiled with -x errtags through the public compiler entry, whose message
 * must carry the tag and illumos' text for it (the first line of it: the
 * prototype lines that follow some are checked by the end-to-end tests).
 * The texts are those of illumos' libdtrace (dt_parser.c, dt_cc.c,
 * dt_decl.c, dt_lex.l, dt_pid.c, dt_printf.c); the order the checks fire in is illumos'
 * too (an action used as a value is typed void: its user reports it).
 * Also: the tag table is illumos' dt_errtags.h, names and order.
 * Links with build/libdtrace.a.  The last line is
 * "errtags: N passed, M failed".
 */
#include "driver/dt_driver.h"
#include "front/dt_errtags.h"
#include "unit.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *tag, *prog, *msg;
} rows[] = {
	{ "D_SYNTAX", "BEGIN { x = ; }",
	  "syntax error near \";\"" },
	{ "D_TYPE_MEMBER", "BEGIN { trace(curthread->nosuchmember); }",
	  "in action list: nosuchmember is not a member of struct task_struct" },
	{ "D_PRED_SCALAR", "BEGIN /printf(\"x\")/ { }",
	  "in predicate: predicate result must be of scalar type" },
	{ "D_FUNC_IDENT", "BEGIN { (1)(); }",
	  "function designator is not of function type" },
	{ "D_FUNC_UNDEF", "BEGIN { nosuchfunc(); }",
	  "in action list: undefined function name: nosuchfunc" },
	{ "D_SIZEOF_TYPE", "BEGIN { trace(sizeof (void)); }",
	  "in action list: cannot apply sizeof to an operand of unknown size" },
	{ "D_STRINGOF_TYPE", "BEGIN { trace(stringof(*curthread)); }",
	  "in action list: cannot apply stringof to a value of type struct task_struct" },
	{ "D_OP_INT", "BEGIN { trace(1 % \"a\"); }",
	  "in action list: operator % requires operands of integral type" },
	{ "D_OP_SCALAR", "BEGIN { trace(*curthread && 1); }",
	  "in action list: operator && requires operands of scalar type" },
	{ "D_OP_ARITH", "BEGIN { trace(1 * \"a\"); }",
	  "in action list: operator * requires operands of arithmetic type" },
	{ "D_OP_WRITE", "BEGIN { timestamp = 1; }",
	  "in action list: operator = can only be applied to a writable variable" },
	{ "D_OP_LVAL", "BEGIN { 1 = 2; }",
	  "in action list: operator = requires modifiable lvalue as an operand" },
	{ "D_OP_INCOMPAT", "BEGIN { x = 1; x = \"s\"; }",
	  "in action list: operands have incompatible types: \"int\" = \"string\"" },
	{ "D_OP_VFPTR", "BEGIN { x = (void *)0; x++; }",
	  "in action list: operator ++ requires an operand of known size" },
	{ "D_OP_PTR", "BEGIN { trace(timestamp->x); }",
	  "in action list: operator -> must be applied to a pointer" },
	{ "D_OP_SOU", "BEGIN { trace(timestamp.x); }",
	  "in action list: operator . cannot be applied to type \"uint64_t\"; must be applied to a struct or union" },
	{ "D_OP_ACT", "BEGIN { (printf(\"a\"), 1); }",
	  "in action list: operator , operands cannot be actions" },
	{ "D_AGG_REDEF", "BEGIN { @a = count(); @a = sum(1); }",
	  "in action list: aggregation redefined: @a" },
	{ "D_AGG_FUNC", "BEGIN { @a = 1; }",
	  "in action list: @a must be assigned the result of an aggregating function" },
	{ "D_AGG_MDIM", "BEGIN { @a[1][2] = count(); }",
	  "improper attempt to reference @a as a multi-dimensional array" },
	{ "D_DIV_ZERO", "BEGIN { trace(1 / 0); }",
	  "in action list: expression contains division by zero" },
	{ "D_DEREF_NONPTR", "BEGIN { trace(*1); }",
	  "in action list: cannot dereference non-pointer type" },
	{ "D_DEREF_VOID", "BEGIN { trace(*(void *)0); }",
	  "in action list: cannot dereference pointer to void" },
	{ "D_ADDROF_LVAL", "BEGIN { trace(&1); }",
	  "in action list: unacceptable operand for unary & operator" },
	{ "D_ADDROF_VAR", "BEGIN { x = 1; trace(&x); }",
	  "in action list: cannot take address of dynamic variable" },
	{ "D_CAST_INVAL", "BEGIN { trace((int)\"abc\"); }",
	  "in action list: invalid cast expression: \"string\" to \"int\"" },
	{ "D_MACRO_UNDEF", "BEGIN { trace($9); }",
	  "macro argument $9 is not defined" },
	{ "D_INT_OFLOW", "BEGIN { trace(99999999999999999999999); }",
	  "constant 99999999999999999999999 results in integer overflow" },
	{ "D_INT_DIGIT", "BEGIN { trace(019); }",
	  "constant 019 contains invalid digit 9" },
	{ "D_CHR_NULL", "BEGIN { trace(''); }",
	  "empty character constant" },
	{ "D_CHR_OFLOW", "BEGIN { trace('abcdefghi'); }",
	  "character constant is too long" },
	{ "D_IDENT_UNDEF", "BEGIN { trace(nosuchvar); }",
	  "in action list: failed to resolve nosuchvar: Unknown variable name" },
	{ "D_IDENT_UNDEF", "BEGIN { trace(`no_such_kernel_symbol); }",
	  "in action list: failed to resolve `no_such_kernel_symbol: Unknown symbol name" },
	{ "D_PROTO_LEN", "BEGIN { a[\"x\"] = 1; a[\"x\", 2] = 2; }",
	  "in action list: a[ ] prototype mismatch: 2 keys passed, 1 expected" },
	{ "D_PROTO_ARG", "BEGIN { trace(strlen(1)); }",
	  "in action list: strlen( ) argument #1 is incompatible with prototype:" },
	{ "D_PRINTF_ARG_PROTO", "BEGIN { printf(\"%d %s\", 1); }",
	  "in action list: printf( ) prototype mismatch: conversion #2 (%s) is missing a corresponding value argument" },
	{ "D_PRINTF_ARG_TYPE", "BEGIN { printf(\"%s\", 1); }",
	  "in action list: printf( ) argument #2 is incompatible with conversion #1 prototype:" },
	{ "D_PRINTF_ARG_EXTRA", "BEGIN { printf(\"%d\", 1, 2); }",
	  "in action list: printf( ) prototype mismatch: only 1 arguments required by this format string" },
	{ "D_PRINTF_FMT_EMPTY", "BEGIN { printf(\"\"); }",
	  "in action list: printf( ) format string is empty" },
	{ "D_PRINTF_ARG_FMT", "BEGIN { printf(1); }",
	  "in action list: printf( ) argument #1 is incompatible with prototype:" },
	{ "D_PRINTF_DYN_PROTO", "BEGIN { printf(\"%*d\"); }",
	  "in action list: printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \"*\" argument" },
	{ "D_PRINTF_DYN_PROTO", "BEGIN { printf(\"%.*s\"); }",
	  "in action list: printf( ) prototype mismatch: conversion #1 (%s) is missing a corresponding \".*\" argument" },
	{ "D_PRINTF_DYN_TYPE", "BEGIN { printf(\"%*d\", \"a\", 1); }",
	  "in action list: printf( ) argument #2 is incompatible with conversion #1 prototype:" },
	{ "D_PRINTF_AGG_CONV", "BEGIN { printf(\"%@d\", 1); }",
	  "in action list: %@ conversion requires an aggregation and is not for use with printf( )" },
	{ "D_PRINTF_ARG_TYPE", "BEGIN { @a = sum(1); printa(\"%@s\", @a); }",
	  "in action list: printa( ) aggregating action is incompatible with conversion #1 prototype:" },
	{ "D_PRINTF_ARG_TYPE", "BEGIN { printf(\"%d\", trace(1)); }",
	  "in action list: printf( ) argument #2 is incompatible with conversion #1 prototype:" },
	{ "D_TRACEMEM_ARGS", "BEGIN { tracemem(curthread, 16, 1, 2); }",
	  "in action list: tracemem ( ) prototype mismatch: expected at most 3 args" },
	{ "D_TRACEMEM_DYNSIZE", "BEGIN { tracemem(curthread, 16, \"x\"); }",
	  "in action list: tracemem ( ) dynamic size (argument #3) must be of scalar type" },
	{ "D_SYNTAX", "BEGIN { printf(\"%**d\", 1, 2, 3); }",
	  "in action list: format conversion #1 has more than one '*' specified for the output precision" },
	{ "D_PROC_BADPROV", "123:::entry { }",
	  "'123' is not a valid provider" },
	{ "D_PROC_BADPID", "pid0:::entry { }",
	  "'pid0' does not contain a valid pid" },
	{ "D_DECL_CLASS", "static extern int x;",
	  "only one storage class allowed in a declaration" },
	{ "D_DECL_BADCLASS", "register int x;",
	  "specified storage class not appropriate in D" },
	{ "D_DECL_PARMCLASS", "int f(static int a);",
	  "inappropriate storage class for function or associative array parameter" },
	{ "D_DECL_USELESS", "self int;",
	  "useless declaration" },
	{ "D_DECL_IDRED", "int x; int x;",
	  "identifier redeclared: x" },
	{ "D_DECL_ENOFLOW", "enum e { A = 3000000000 };",
	  "enumerator 'A' value overflows INT_MAX (2147483647)" },
	{ "D_DECL_INCOMPLETE", "struct t { struct t m; };",
	  "incomplete struct/union/enum struct t: m" },
	{ "D_DECL_VOIDOBJ", "struct t { void v; };",
	  "cannot have void member: v" },
	{ "D_DECL_BFSIZE", "struct t { int a : 99; };",
	  "bit-field too big for type: a" },
	{ "D_DECL_BFTYPE", "struct t { string a : 3; };",
	  "invalid type for bit-field: a" },
	{ "D_SPEC_SPEC", "BEGIN { speculate(1); speculate(1); }",
	  "in action list: speculate( ) may not follow speculate( )" },
	{ "D_AGG_NULL", "BEGIN { @a; }",
	  "in action list: expression has null effect: @a" },
	{ "D_AGG_SCALAR", "BEGIN { @a = sum(curthread->comm); }",
	  "in action list: sum( ) argument #1 must be of scalar type" },
	{ "D_TRACE_VOID", "BEGIN { trace(trace(1)); }",
	  "in action list: trace( ) may not be applied to a void expression" },
	{ "D_TRACE_AGG", "BEGIN { @a = count(); trace(@a); }",
	  "in action list: trace( ) may not be applied to an aggregation" },
	{ "D_PRINT_VOID", "BEGIN { print((void)0); }",
	  "in action list: print( ) may not be applied to a void expression" },
	{ "D_PRINT_AGG", "BEGIN { @a = count(); print(@a); }",
	  "in action list: print( ) may not be applied to an aggregation -- did you mean printa()?" },
	{ "D_STACK_PROTO", "BEGIN { stack(1, 2); }",
	  "in action list: stack( ) prototype mismatch: too many arguments" },
	{ "D_STACK_SIZE", "BEGIN { stack(0); }",
	  "in action list: stack( ) size must be a non-zero positive integral constant expression" },
	{ "D_USTACK_FRAMES", "BEGIN { ustack(-1); }",
	  "in action list: ustack( ) argument #1 must be a non-zero positive integer constant" },
	{ "D_USTACK_STRSIZE", "BEGIN { ustack(1, -1); }",
	  "in action list: ustack( ) argument #2 must be a positive integer constant" },
	{ "D_USTACK_PROTO", "BEGIN { ustack(1, 2, 3); }",
	  "in action list: ustack( ) prototype mismatch: too many arguments" },
	{ "D_LQUANT_BASETYPE", "BEGIN { y = 1; @a = lquantize(1, y, 10); }",
	  "in action list: lquantize( ) argument #1 must be an integer constant" },
	{ "D_LQUANT_BASEVAL", "BEGIN { @a = lquantize(1, 5000000000, 10); }",
	  "in action list: lquantize( ) argument #1 must be a 32-bit quantity" },
	{ "D_LQUANT_LIMTYPE", "BEGIN { y = 1; @a = lquantize(1, 0, y); }",
	  "in action list: lquantize( ) argument #2 must be an integer constant" },
	{ "D_LQUANT_LIMVAL", "BEGIN { @a = lquantize(1, 0, 5000000000); }",
	  "in action list: lquantize( ) argument #2 must be a 32-bit quantity" },
	{ "D_LQUANT_MISMATCH", "BEGIN { @a = lquantize(1, 10, 0); }",
	  "in action list: lquantize( ) base (argument #1) must be less than limit (argument #2)" },
	{ "D_LQUANT_STEPTYPE", "BEGIN { @a = lquantize(1, 0, 10, 0); }",
	  "in action list: lquantize( ) argument #3 must be a non-zero positive integer constant" },
	{ "D_LQUANT_STEPVAL", "BEGIN { @a = lquantize(1, 0, 100000, 70000); }",
	  "in action list: lquantize( ) argument #3 must be a 16-bit quantity" },
	{ "D_LQUANT_STEPLARGE", "BEGIN { @a = lquantize(1, 0, 10, 20); }",
	  "in action list: lquantize( ) step (argument #3) too large: must have at least one quantization level" },
	{ "D_LQUANT_MATCHBASE", "BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 1, 10); }",
	  "in action list: lquantize( ) base (argument #1) doesn't match previous declaration: expected 0, found 1" },
	{ "D_LQUANT_MATCHLIM", "BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 0, 20); }",
	  "in action list: lquantize( ) limit (argument #2) doesn't match previous declaration: expected 10, found 20" },
	{ "D_LQUANT_MATCHSTEP", "BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 0, 10, 2); }",
	  "in action list: lquantize( ) step (argument #3) doesn't match previous declaration: expected 1, found 2" },
	{ "D_LLQUANT_FACTORTYPE", "BEGIN { y = 1; @a = llquantize(1, y, 0, 3, 10); }",
	  "in action list: llquantize( ) argument #1 (factor) must be an integer constant" },
	{ "D_LLQUANT_FACTORSMALL", "BEGIN { @a = llquantize(1, 1, 0, 3, 10); }",
	  "in action list: llquantize( ) factor (argument #1) must be two or more" },
	{ "D_LLQUANT_MAGRANGE", "BEGIN { @a = llquantize(1, 10, 3, 3, 10); }",
	  "in action list: llquantize( ) high magnitude (argument #3) must be greater than low magnitude (argument #2)" },
	{ "D_LLQUANT_FACTORNSTEPS", "BEGIN { @a = llquantize(1, 10, 0, 3, 5); }",
	  "in action list: llquantize( ) factor (argument #1) must be less than or equal to the number of linear steps per magnitude (argument #4)" },
	{ "D_LLQUANT_FACTOREVEN", "BEGIN { @a = llquantize(1, 4, 0, 3, 6); }",
	  "in action list: llquantize( ) factor (argument #1) must evenly divide the number of steps per magnitude (argument #4), and the number of steps per magnitude must evenly divide a power of the factor" },
	{ "D_LLQUANT_HIGHMATCH", "BEGIN { @a = llquantize(1, 10, 0, 3, 10); @a = llquantize(1, 10, 0, 4, 10); }",
	  "in action list: llquantize( ) high magnitude (argument #3) doesn't match previous declaration: expected 3, found 4" },
	{ "D_PRINTA_AGGPROTO", "BEGIN { @a[1] = count(); @b[\"x\"] = count(); printa(@a, @b); }",
	  "in action list: printa( ): @b[ ] key #1 is incompatible with @a:" },
	{ "D_CG_EXPR", "BEGIN { x = printf(\"a\"); }",
	  "in action list: action printf( ) may not be called from a D expression (D program context required)" },
	{ "D_PROTO_LEN", "BEGIN { trace(strlen()); }",
	  "in action list: strlen( ) prototype mismatch: 0 args passed, 1 expected" },
};

/* illumos' dt_errtags.h, first and last names and a few in between: the table's order */
static const struct {
	int tag;
	const char *name;
} names[] = {
	{ 0, "D_UNKNOWN" }, { 1, "D_SYNTAX" }, { 2, "D_EMPTY" }, { 3, "D_TYPE_ERR" },
	{ 6, "D_CG_EXPR" }, { 13, "D_FUNC_IDENT" }, { 34, "D_OP_ACT" },
	{ D_NTAGS - 1, "D_PRINTM_SIZE" },
};

int main(void)
{
	dtrace_hdl_t *dtp;
	int err;

	check("221 tags, as illumos", D_NTAGS == 221, "%d tags", D_NTAGS);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		check_str(names[i].name, dt_errtag_name(names[i].tag), names[i].name);
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		char want[1024], got[1024], name[256];
		const char *nl;

		snprintf(name, sizeof(name), "%s: %s", rows[i].tag, rows[i].prog);
		snprintf(want, sizeof(want), "[%s] %s", rows[i].tag, rows[i].msg);
		/* a handle each: a program's variables and aggregations outlive it */
		if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL ||
		    dtrace_setopt(dtp, "errtags", NULL) != 0) {
			check(name, false, "dtrace_open: %d", err);
			continue;
		}
		if (dtrace_program_strcompile(dtp, rows[i].prog, DTRACE_PROBESPEC_NAME, 0, NULL) != NULL) {
			check(name, false, "compiled");
			dtrace_close(dtp);
			continue;
		}
		snprintf(got, sizeof(got), "%s", dtrace_errmsg(dtp, dtrace_errno(dtp)));
		if ((nl = strchr(got, '\n')) != NULL)
			got[nl - got] = '\0';
		check_str(name, got, want);
		dtrace_close(dtp);
	}
	return unit_done("errtags");
}
