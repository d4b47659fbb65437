/*
 * lex_test.c -- unit test of the D lexer (lib/front/dt_lex.c): tokens and
 * their kinds, keywords, punctuators (longest match), integer literals
 * (bases, suffixes, range), character constants and string escapes,
 * comments and line counting, macro tokens, probe descriptions (the outer
 * lexical state, with macro expansion), and the lexical error messages.
 *
 * Links with build/libdtrace.a.  Each case prints "ok - <name>" or
 * "not ok - <name>: ..."; the last line is "lex: N passed, M failed" and
 * the exit status is non-zero if anything failed.
 */
#include "driver/dt_driver.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static dtrace_hdl_t *g_dtp;



/* A fresh lexer on src; errors come back through *err (NULL if none). */
static dt_pcb_t *pcb_new(const char *src)
{
	dt_pcb_t *pcb = dt_zalloc(sizeof(*pcb));

	pcb->pcb_hdl = g_dtp;
	pcb->pcb_arena = &g_dtp->dt_arena; /* freed by dtrace_close() */
	pcb->pcb_src = pcb->pcb_cur = src;
	pcb->pcb_line = 1;
	pcb->pcb_pspec = DTRACE_PROBESPEC_NAME;
	g_dtp->dt_errmsg[0] = '\0';
	return pcb;
}

/*
 * Describe every token of src, one word per token: kind letter and text,
 * e.g. "I:x P:= N:1 P:;".  Returns the error message instead if lexing
 * fails.
 */
static const char *tokens(const char *src, char *buf, size_t len)
{
	dt_pcb_t *volatile pcb = pcb_new(src);
	size_t n = 0;

	buf[0] = '\0';
	if (setjmp(pcb->pcb_jmp) != 0) {
		snprintf(buf, len, "error: %s", g_dtp->dt_errmsg);
		free(pcb);
		return buf;
	}
	for (;;) {
		dt_token_t *tok = dt_lex_next(pcb);
		char text[256];

		if (tok->tk_kind == TK_EOF)
			break;
		switch (tok->tk_kind) {
		case TK_INT:
			snprintf(text, sizeof(text), "N:%llu%s%s", (unsigned long long)tok->tk_val,
				 tok->tk_unsigned ? "u" : "", tok->tk_long ? "l" : "");
			break;
		case TK_STR:
			snprintf(text, sizeof(text), "S:%s", tok->tk_str);
			break;
		case TK_IDENT:
			snprintf(text, sizeof(text), "I:%s", tok->tk_str);
			break;
		case TK_KEYWORD:
			snprintf(text, sizeof(text), "K:%s", tok->tk_str);
			break;
		case TK_AGG:
			snprintf(text, sizeof(text), "A:%s", tok->tk_str);
			break;
		case TK_MACRO:
			snprintf(text, sizeof(text), "M:%s", tok->tk_str);
			break;
		default:
			snprintf(text, sizeof(text), "P:%.*s", tok->tk_len, tok->tk_loc);
		}
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "", text);
		if (n >= len)
			break;
	}
	free(pcb);
	return buf;
}

static void lex(const char *name, const char *src, const char *want)
{
	char buf[2048];

	check_str(name, tokens(src, buf, sizeof(buf)), want);
}

/* ---------------------------------------------------------------- tokens */

static void test_tokens(void)
{
	lex("identifiers and keywords", "x self this string int foo_1 _a",
	    "I:x K:self K:this K:string K:int I:foo_1 I:_a");
	lex("keywords are whole words", "ifx sizeofx stringof", "I:ifx I:sizeofx K:stringof");
	lex("backquote in identifiers", "`x a`b", "I:`x I:a`b");
	lex("white space is skipped", " \t x \n\t y ", "I:x I:y");
	lex("aggregations", "@ @a @count_1", "A:@ A:@a A:@count_1");
	lex("macros", "$1 $$1 $target $pid $0", "M:$1 M:$$1 M:$target M:$pid M:$0");
	lex("single punctuators", "+ - * / % & | ^ ! ~ < > = ? : ; , . ( ) [ ] { }",
	    "P:+ P:- P:* P:/ P:% P:& P:| P:^ P:! P:~ P:< P:> P:= P:? P:: P:; P:, P:. P:( P:) "
	    "P:[ P:] P:{ P:}");
	lex("compound punctuators", "<<= >>= << >> <= >= == != && || ^^ ++ -- -> += -= *= /= %= "
				    "&= |= ^=",
	    "P:<<= P:>>= P:<< P:>> P:<= P:>= P:== P:!= P:&& P:|| P:^^ P:++ P:-- P:-> P:+= "
	    "P:-= P:*= P:/= P:%= P:&= P:|= P:^=");
	lex("longest match", "a+++b", "I:a P:++ P:+ I:b");
	lex("longest match 2", "a--->b", "I:a P:-- P:-> I:b");
	lex("longest match 3", "x<<=1>>2", "I:x P:<<= N:1 P:>> N:2");
	lex("no space needed", "x=a[1]+f(2,3);", "I:x P:= I:a P:[ N:1 P:] P:+ I:f P:( N:2 P:, N:3 P:) P:;");
	lex("self->x", "self->x", "K:self P:-> I:x");
}

/* ---------------------------------------------------------------- numbers */

static void test_numbers(void)
{
	lex("decimal", "0 1 42 2147483647 2147483648", "N:0 N:1 N:42 N:2147483647 N:2147483648");
	lex("octal", "00 07 052 0777", "N:0 N:7 N:42 N:511");
	lex("hex", "0x0 0x2a 0X2A 0xdeadBEEF", "N:0 N:42 N:42 N:3735928559");
	lex("max", "18446744073709551615 0xffffffffffffffff",
	    "N:18446744073709551615 N:18446744073709551615");
	lex("suffixes", "1u 1U 1l 1L 1ul 1LU 1ll 1ULL", "N:1u N:1u N:1l N:1l N:1ul N:1ul N:1l N:1ul");
	lex("too large", "18446744073709551616", "error: constant 18446744073709551616 results in integer overflow");
	lex("too large hex", "0x10000000000000000", "error: constant 0x10000000000000000 results in integer overflow");
	lex("bad octal", "09", "error: constant 09 contains invalid digit 9");
	lex("bad octal 2", "0779", "error: constant 0779 contains invalid digit 9");
	lex("float", "1.5", "error: floating-point constants are not permitted");
	lex("float exponent", "1e10", "error: floating-point constants are not permitted");
	lex("hex e is a digit", "0x1e", "N:30");
	lex("letters after a number", "12abc", "error: syntax error near \"12abc\"");
	lex("bad hex", "0x", "error: syntax error near \"0x\"");
}

/* ---------------------------------------------------------------- characters */

static void test_chars(void)
{
	lex("char constant", "'a' 'A' '0'", "N:97 N:65 N:48");
	lex("char escapes", "'\\n' '\\t' '\\r' '\\0' '\\\\' '\\'' '\\\"'",
	    "N:10 N:9 N:13 N:0 N:92 N:39 N:34");
	lex("char escapes 2", "'\\a' '\\b' '\\f' '\\v'", "N:7 N:8 N:12 N:11");
	lex("char octal/hex", "'\\101' '\\x41' '\\7' '\\x7f'", "N:65 N:65 N:7 N:127");
	lex("char sign-extends", "'\\xff'", "N:18446744073709551615");
	lex("multi-char constant", "'ab'", "N:24930");
	lex("8-byte char constant", "'abcdefgh'", "N:7017280452245743464");
	lex("empty char", "''", "error: empty character constant");
	lex("char too long", "'abcdefghi'", "error: character constant is too long");
	lex("unterminated char", "'a", "error: newline encountered in character constant");
	/* unknown escapes keep their backslash, as in DTrace: two bytes */
	lex("unknown char escape", "'\\q'", "N:23665");
	lex("unknown char escape ?", "'\\?'", "N:23615");
}

/* ---------------------------------------------------------------- strings */

static void test_strings(void)
{
	char buf[256];
	dt_pcb_t *volatile pcb;
	dt_token_t *tok;

	lex("string", "\"hello, world\"", "S:hello, world");
	lex("empty string", "\"\"", "S:");
	lex("string escapes", "\"a\\tb\\\\c\\\"d\\'e\"", "S:a\tb\\c\"d'e");
	lex("string octal", "\"\\101\\102\\103\"", "S:ABC");
	lex("string octal stops at 3 digits", "\"\\1011\"", "S:A1");
	lex("string hex", "\"\\x41\\x4a\\x4B\"", "S:AJK");
	lex("string newline escape", "\"a\\nb\"", "S:a\nb");
	lex("two strings", "\"a\" \"b\"", "S:a S:b");
	lex("comment chars in a string", "\"/* // */\"", "S:/* // */");
	lex("unterminated string", "\"abc", "error: newline encountered in string literal");
	lex("newline in string", "\"abc\ndef\"", "error: newline encountered in string literal");
	/* unknown escapes are kept as written, as DTrace keeps them */
	lex("unknown escape", "\"a\\qb\"", "S:a\\qb");
	lex("unknown escape ?", "\"a\\?b\"", "S:a\\?b");
	lex("hex escape without digits", "\"\\xg\"", "error: invalid escape sequence in literal");

	/* an embedded NUL: the token keeps its length */
	pcb = pcb_new("\"a\\0b\"");
	if (setjmp(pcb->pcb_jmp) == 0) {
		tok = dt_lex_next(pcb);
		check("NUL in string keeps length", tok->tk_strlen == 3 && tok->tk_str[1] == '\0' &&
						       tok->tk_str[2] == 'b',
		      "len %d", tok->tk_strlen);
	} else {
		check("NUL in string keeps length", false, "%s", g_dtp->dt_errmsg);
	}
	free(pcb);
	(void)buf;
}

/* ---------------------------------------------------------------- comments, lines */

static void test_comments(void)
{
	dt_pcb_t *volatile pcb;
	int lines[4] = { 0 }, n = 0;

	lex("block comment", "a /* b */ c", "I:a I:c");
	lex("line comment", "a // b c\nd", "I:a I:d");
	lex("comment at end", "a /* x */", "I:a");
	lex("nested comment", "a /* /* */ b", "error: /* encountered inside a comment");
	lex("unterminated comment", "a /* b", "error: end-of-file encountered before matching */");
	lex("invalid character", "a \\ b", "error: invalid character '\\'");
	lex("control character", "a \001", "error: invalid character '\\001'");

	pcb = pcb_new("a\nb /* 1\n2\n3 */ c\n\n// x\nd");
	if (setjmp(pcb->pcb_jmp) == 0) {
		for (dt_token_t *t = dt_lex_next(pcb); t->tk_kind != TK_EOF && n < 4;
		     t = dt_lex_next(pcb))
			lines[n++] = t->tk_line;
	}
	check("line numbers", n == 4 && lines[0] == 1 && lines[1] == 2 && lines[2] == 4 &&
				      lines[3] == 7,
	      "lines %d %d %d %d", lines[0], lines[1], lines[2], lines[3]);
	free(pcb);

	pcb = pcb_new("a\nb\n\"unterminated");
	if (setjmp(pcb->pcb_jmp) == 0) {
		while (dt_lex_next(pcb)->tk_kind != TK_EOF)
			;
		check("error line (string)", false, "no error");
	} else {
		check_str("error line (string)", g_dtp->dt_errmsg,
			  "newline encountered in string literal");
	}
	free(pcb);

	/* scripts report "line N:" */
	pcb = pcb_new("a\nb\n\"unterminated");
	pcb->pcb_filename = "x.d";
	if (setjmp(pcb->pcb_jmp) == 0) {
		while (dt_lex_next(pcb)->tk_kind != TK_EOF)
			;
		check("error line in a script", false, "no error");
	} else {
		check_str("error line in a script", g_dtp->dt_errmsg,
			  "line 3: newline encountered in string literal");
	}
	free(pcb);
}

/* ---------------------------------------------------------------- lookahead */

static void test_lookahead(void)
{
	dt_pcb_t *volatile pcb = pcb_new("a + b");
	dt_token_t *t0, *t2, *n;

	if (setjmp(pcb->pcb_jmp) != 0) {
		check("peek", false, "%s", g_dtp->dt_errmsg);
		return;
	}
	t2 = dt_lex_peek(pcb, 2);
	check("peek 2 ahead", t2->tk_kind == TK_IDENT && !strcmp(t2->tk_str, "b"), "kind %d",
	      t2->tk_kind);
	t0 = dt_lex_peek(pcb, 0);
	check("peek 0", t0->tk_kind == TK_IDENT && !strcmp(t0->tk_str, "a"), "kind %d",
	      t0->tk_kind);
	n = dt_lex_next(pcb);
	check("next after peek", n->tk_kind == TK_IDENT && !strcmp(n->tk_str, "a"), "kind %d",
	      n->tk_kind);
	n = dt_lex_next(pcb);
	check("next is +", n->tk_kind == TK_PUNCT && n->tk_val == '+', "kind %d", n->tk_kind);
	check("tok_is", dt_tok_is(n, "+") && !dt_tok_is(n, "++"), "no");
	free(pcb);
}

/* ---------------------------------------------------------------- probe descriptions */

static const char *pdesc(const char *src, char *buf, size_t len)
{
	dt_pcb_t *volatile pcb = pcb_new(src);
	dt_token_t *tok;

	if (setjmp(pcb->pcb_jmp) != 0) {
		snprintf(buf, len, "error: %s", g_dtp->dt_errmsg);
		free(pcb);
		return buf;
	}
	tok = dt_lex_pdesc(pcb);
	snprintf(buf, len, "[%s] rest [%s]", tok->tk_str, pcb->pcb_cur);
	free(pcb);
	return buf;
}

static void pd(const char *name, const char *src, const char *want)
{
	char buf[2048];

	check_str(name, pdesc(src, buf, sizeof(buf)), want);
}

static void test_pdesc(void)
{
	char *argv[] = { "dtrace", "syscall", "42" };

	pd("pdesc", "syscall::read:entry { x }", "[syscall::read:entry] rest [ { x }]");
	pd("pdesc stops at /", "BEGIN/x/", "[BEGIN] rest [/x/]");
	pd("pdesc stops at ,", "BEGIN,END", "[BEGIN] rest [,END]");
	pd("pdesc stops at {", "profile-97{", "[profile-97] rest [{]");
	pd("pdesc stops at )", "BEGIN)", "[BEGIN] rest [)]");
	pd("pdesc skips white space and comments", " /* c */ \n tick-1s ", "[tick-1s] rest [ ]");
	pd("pdesc globs", "s*::[a-c]?:\\x!y`", "[s*::[a-c]?:\\x!y`] rest []");
	pd("pdesc digits and dots", "a.b-1:2", "[a.b-1:2] rest []");
	pd("pdesc empty at }", "}", "[] rest [}]");

	dtrace_set_macroargs(g_dtp, 3, argv);
	dtrace_set_target(g_dtp, 1234);
	pd("pdesc macro args", "$1::$2:entry", "[syscall::42:entry] rest []");
	pd("pdesc $target", "pid$target:::", "[pid1234:::] rest []");
	pd("pdesc undefined macro arg", "$5:::", "error: macro argument $5 is not defined");
	pd("pdesc unknown macro", "$nosuch:::", "error: syntax error near \"$nosuch\"");
	dtrace_setopt(g_dtp, "defaultargs", NULL);
	pd("pdesc defaultargs", "a$5b", "[ab] rest []");
	dtrace_set_macroargs(g_dtp, 1, argv);
	dtrace_set_target(g_dtp, 0);
}

int main(void)
{
	int err;

	if ((g_dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		printf("not ok - dtrace_open: %d\nlex: 0 passed, 1 failed\n", err);
		return 1;
	}
	test_tokens();
	test_numbers();
	test_chars();
	test_strings();
	test_comments();
	test_lookahead();
	test_pdesc();
	return unit_done("lex");
}
