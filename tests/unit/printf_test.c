/*
 * printf_test.c -- unit test of the printf engine (lib/layout/dt_printf.c).
 *
 * Standalone: links with dt_printf.c only.
 *   cc -Wall -Wextra -Iinclude -Ilib tests/unit/printf_test.c lib/layout/dt_printf.c
 *
 * Each case prints "ok - <name>" or "not ok - <name>: got '...' want '...'";
 * the last line is "printf: N passed, M failed" and the exit status is
 * non-zero if anything failed.
 */
#define _POSIX_C_SOURCE 200809L

#include "layout/dt_layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int npass, nfail;

/* s with control characters shown as C escapes, for one-line test names */
static const char *visible(const char *s, char *buf, size_t size)
{
	size_t n = 0;

	for (; *s != '\0' && n + 5 < size; s++) {
		if (*s == '\n' || *s == '\t') {
			buf[n++] = '\\';
			buf[n++] = *s == '\n' ? 'n' : 't';
		} else if ((unsigned char)*s < ' ') {
			n += (size_t)snprintf(buf + n, size - n, "\\x%02x", (unsigned char)*s);
		} else {
			buf[n++] = *s;
		}
	}
	buf[n] = '\0';
	return buf;
}

static void result(const char *name, const char *got, const char *want)
{
	char gbuf[1024], wbuf[1024];

	if (got != NULL && want != NULL ? strcmp(got, want) == 0 : got == want) {
		npass++;
		printf("ok - %s\n", name);
		return;
	}
	nfail++;
	printf("not ok - %s: got '%s' want '%s'\n", name,
	       visible(got ? got : "(null)", gbuf, sizeof(gbuf)),
	       visible(want ? want : "(null)", wbuf, sizeof(wbuf)));
}

/* ---------------------------------------------------------------- format */

#define I8(v) { .pa_val = (v), .pa_size = 1, .pa_signed = true }
#define U8(v) { .pa_val = (v), .pa_size = 1, .pa_signed = false }
#define I16(v) { .pa_val = (v), .pa_size = 2, .pa_signed = true }
#define U16(v) { .pa_val = (v), .pa_size = 2, .pa_signed = false }
#define I32(v) { .pa_val = (v), .pa_size = 4, .pa_signed = true }
#define U32(v) { .pa_val = (v), .pa_size = 4, .pa_signed = false }
#define I64(v) { .pa_val = (v), .pa_size = 8, .pa_signed = true }
#define U64(v) { .pa_val = (int64_t)(v), .pa_size = 8, .pa_signed = false }
#define STR(s) { .pa_string = true, .pa_str = (s) }

#define PFARGS(...)                                   \
	(const dt_pfarg_t[]){ __VA_ARGS__ },          \
		(int)(sizeof((dt_pfarg_t[]){ __VA_ARGS__ }) / sizeof(dt_pfarg_t))

/* FMT(want, fmt, args...): dt_printf_format must produce want. */
#define FMT(want, fmt, ...) test_fmt(__LINE__, want, fmt, PFARGS(__VA_ARGS__))
#define FMT0(want, fmt) test_fmt(__LINE__, want, fmt, NULL, 0)
/* BAD(fmt, args...): dt_printf_format must fail. */
#define BAD(fmt, ...) test_fmt(__LINE__, NULL, fmt, PFARGS(__VA_ARGS__))
#define BAD0(fmt) test_fmt(__LINE__, NULL, fmt, NULL, 0)

static void test_fmt(int line, const char *want, const char *fmt, const dt_pfarg_t *args,
		     int nargs)
{
	char name[256], buf[128], lenbuf[64];
	char *out = (char *)"unset";
	int len;

	snprintf(name, sizeof(name), "format \"%s\" (line %d)", visible(fmt, buf, sizeof(buf)),
		 line);
	len = dt_printf_format(fmt, args, nargs, &out);
	if (want == NULL) {
		result(name, len < 0 && out == NULL ? NULL : out, NULL);
		if (len >= 0)
			free(out);
		return;
	}
	if (len >= 0 && out != NULL && (size_t)len != strlen(out)) {
		snprintf(lenbuf, sizeof(lenbuf), "length %d for a string of %zu", len,
			 strlen(out));
		result(name, lenbuf, want);
	} else {
		result(name, len < 0 ? NULL : out, want);
	}
	if (len >= 0)
		free(out);
}

static void test_format_literal(void)
{
	FMT0("hello", "hello");
	FMT0("", "");
	FMT0("100%", "100%%");
	FMT0("%%", "%%%%");
	FMT0("a\tb\n", "a\tb\n");
	FMT0("back\\slash n", "back\\slash n");
	FMT("5%", "%d%%", I32(5));
	FMT("[%] 7", "[%%] %d", I32(7));
}

static void test_format_signed(void)
{
	FMT("42", "%d", I32(42));
	FMT("-42", "%d", I32(-42));
	FMT("-42", "%i", I32(-42));
	FMT("   42", "%5d", I32(42));
	FMT("42   |", "%-5d|", I32(42));
	FMT("00042", "%05d", I32(42));
	FMT("-0042", "%05d", I32(-42));
	FMT("42   |", "%-05d|", I32(42));
	FMT("+42", "%+d", I32(42));
	FMT(" 42", "% d", I32(42));
	FMT("+42", "%+ d", I32(42));
	FMT("007", "%.3d", I32(7));
	FMT("  007", "%5.3d", I32(7));
	FMT("", "%.0d", I32(0));
	FMT("", "%.d", I32(0));
	FMT("5", "%#d", I32(5));
	FMT("2147483647", "%d", I32(2147483647));
	FMT("-2147483648", "%d", I32(-2147483647 - 1));
	/* no size prefix: the argument's own size and signedness */
	FMT("5", "%d", I32(0x100000005LL));
	FMT("-1", "%d", I64(-1));
	FMT("1099511627776", "%d", I64(1LL << 40));
	FMT("-9223372036854775808", "%d", I64(INT64_MIN));
	FMT("-1", "%d", I8(-1));
	FMT("-1", "%d", I8(255));
	FMT("-2", "%d", I16(-2));
	FMT("4294967295", "%d", U32(0xffffffff));
	FMT("4294967295", "%i", U32(-1));
	FMT("18446744073709551615", "%d", U64(-1));
	FMT("255", "%d", U8(-1));
	FMT("5", "%+d", U32(5));
}

static void test_format_sizes(void)
{
	FMT("44", "%hhd", I32(300));
	FMT("-56", "%hhd", I32(200));
	FMT("-56", "%hhi", U8(200));
	FMT("4464", "%hd", I32(70000));
	FMT("-1", "%hd", I32(-1));
	FMT("-1", "%hd", I32(0xffff));
	FMT("-1", "%ld", I32(-1));
	FMT("-1", "%lld", I32(-1));
	FMT("4294967296", "%lld", I64(4294967296LL));
	FMT("4294967295", "%lld", U32(-1));
	FMT("-7", "%jd", I64(-7));
	FMT("-7", "%zd", I64(-7));
	FMT("-7", "%td", I64(-7));
	FMT("-7", "%li", I64(-7));
	FMT("44", "%hhu", I32(300));
	FMT("65535", "%hu", I32(-1));
	FMT("18446744073709551615", "%lu", I32(-1));
	FMT("18446744073709551615", "%llu", I64(-1));
	FMT("34", "%hhx", I32(0x1234));
	FMT("ffff", "%hx", I32(-1));
	FMT("ffffffffffffffff", "%lx", I32(-1));
	FMT("ffffffff", "%lx", U32(-1));
	FMT("377", "%hho", I32(-1));
	FMT("FFFF", "%hX", I32(-1));
	FMT("   ff", "%5hhx", I32(-1));
}

static void test_format_unsigned(void)
{
	FMT("4294967295", "%u", I32(-1));
	FMT("18446744073709551615", "%u", I64(-1));
	FMT("255", "%u", I8(-1));
	FMT("65535", "%u", I16(-1));
	FMT("65535", "%d", U16(-1));
	FMT("5", "%+u", I32(5));
	FMT("00005", "%05u", I32(5));
	FMT("ffffffff", "%x", I32(-1));
	FMT("ffffffffffffffff", "%x", I64(-1));
	FMT("ff", "%x", I8(-1));
	FMT("ffff", "%x", I16(-1));
	FMT("FF", "%X", I32(255));
	FMT("DEADBEEF", "%X", U32(0xdeadbeef));
	FMT("0xff", "%#x", I32(255));
	FMT("0XFF", "%#X", I32(255));
	FMT("0", "%#x", I32(0));
	FMT("10", "%o", I32(8));
	FMT("010", "%#o", I32(8));
	FMT("37777777777", "%o", I32(-1));
	FMT("1777777777777777777777", "%o", I64(-1));
	FMT("0000beef", "%08x", I32(0xbeef));
	FMT("beef  |", "%-6x|", I32(0xbeef));
	FMT("  0xbeef", "%#8x", I32(0xbeef));
	FMT("0x0000beef", "%#010x", I32(0xbeef));
	FMT("00ff", "%.4x", I32(255));
	FMT("7fffffffffffffff", "%x", I64(INT64_MAX));
}

static void test_format_star(void)
{
	FMT("   42", "%*d", I32(5), I32(42));
	FMT("42   |", "%-*d|", I32(5), I32(42));
	FMT("42   |", "%*d|", I32(-5), I32(42));
	FMT("0007", "%.*d", I32(4), I32(7));
	FMT("7", "%.*d", I32(-1), I32(7));
	FMT("   007", "%*.*d", I32(6), I32(3), I32(7));
	FMT("     abc", "%*s", I32(8), STR("abc"));
	FMT("ab", "%.*s", I32(2), STR("abc"));
	FMT("abc  |", "%*s|", I64(-5), STR("abc"));
	FMT("  x|1", "%*c|%d", I32(3), I32('x'), I32(1));
}

static void test_format_char(void)
{
	FMT("A", "%c", I32(65));
	FMT("A", "%c", I32(0x141));
	FMT("A", "%c", I8(65));
	FMT("  A", "%3c", I32('A'));
	FMT("A  |", "%-3c|", I32('A'));
	FMT("A", "%+c", I32('A'));
	FMT("xyz", "%c%c%c", I32('x'), I32('y'), I32('z'));
	/* %C: the character escaped as %S escapes (illumos' pfprint_echr) */
	FMT("A\\n\\0\\\"", "%C%C%C%C", I32('A'), I32('\n'), I32(0), I32('"'));
	FMT(" \\t|", "%3C|", I32('\t'));
	FMT("\\001", "%C", I8(1));
	/* the grouping flag ' (illumos' DT_PFCONV_GROUP): none in the C locale */
	FMT("1234567", "%'d", I32(1234567));
}

static void test_format_pointer(void)
{
	FMT("0x0", "%p", I32(0));
	FMT("0x0", "%p", U64(0));
	FMT("0xffff", "%p", U64(0xffff));
	FMT("0xffffffff81000000", "%p", U64(0xffffffff81000000ULL));
	FMT("    0xffff", "%10p", U64(0xffff));
	FMT("0xffff    |", "%-10p|", U64(0xffff));
	FMT("0x1234", "%a", U64(0x1234));
	FMT("  0x1234", "%8a", U64(0x1234));
	FMT("0xdeadbeef", "%p", U32(0xdeadbeef));
}

static void test_format_string(void)
{
	FMT("hello", "%s", STR("hello"));
	FMT("", "%s", STR(""));
	FMT("[]", "[%s]", STR(NULL));
	FMT("     hello", "%10s", STR("hello"));
	FMT("hello     |", "%-10s|", STR("hello"));
	FMT("hel", "%.3s", STR("hello"));
	FMT("       hel", "%10.3s", STR("hello"));
	FMT("hel  |", "%-5.3s|", STR("hello"));
	FMT("hello", "%2s", STR("hello"));
	FMT("", "%.0s", STR("hello"));
	FMT("    x", "%05s", STR("x"));
	FMT("x", "%+s", STR("x"));
	FMT("a b\\tc\\\"", "%S", STR("a b\tc\"")); /* %S escapes, as illumos' strchr2esc() */
	FMT("  ab", "%4S", STR("ab"));
	FMT("genunix`foo+0x1\n", "%k", STR("genunix`foo+0x1\n"));
	FMT("bash is 42 (0x2a)", "%s is %d (%#x)", STR("bash"), I32(42), I32(42));
	FMT("a=1 b=two c=0x3", "a=%d b=%s c=%p", I64(1), STR("two"), U64(3));
}

static void test_format_float(void)
{
	FMT("1.000000e+00", "%e", I32(1));
	FMT("1.234500E+04", "%E", I32(12345));
	FMT("3.000000", "%f", I32(3));
	FMT("3.00", "%.2f", I32(3));
	FMT("-1.000000", "%f", I32(-1));
	FMT("4294967295.000000", "%f", U32(-1));
	FMT("18446744073709551616.000000", "%f", U64(-1));
	FMT("100000", "%g", I32(100000));
	FMT("1e+06", "%g", I32(1000000));
	FMT("1E+06", "%G", I32(1000000));
	FMT("2.000000", "%Lf", I32(2));
	FMT("2.000000", "%lf", I32(2));
	FMT("2.000000e+00", "%Le", I32(2));
	FMT("    +5.0", "%+8.1f", I32(5));
	FMT("+5.0    |", "%-+8.1f|", I32(5));
	FMT(" 5.0", "% .1f", I32(5));
	FMT("3.", "%#.0f", I32(3));
	FMT("-000003.00", "%010.2f", I32(-3));
	FMT("  2.00", "%*.*f", I32(6), I32(2), I32(2));
}

static void test_format_time(void)
{
	/* local time: the test runs with TZ=UTC */
	FMT("2026 Nov 22 04:24:43", "%Y", I64(1795321483LL * 1000000000LL + 123456789));
	FMT("2026 Nov 22 04:24:43", "%Y", U64(1795321483ULL * 1000000000ULL));
	FMT("1970 Jan  1 00:00:00", "%Y", I64(0));
	FMT("1969 Dec 31 23:59:59", "%Y", I64(-1));
	FMT("  1970 Jan  1 00:00:00", "%22Y", I64(0));
	FMT("1970 Jan  1 00:00:00  |", "%-22Y|", I64(0));
	FMT("at 1970 Jan  1 00:00:01.", "at %Y.", I64(1000000000));
}

static void test_format_errors(void)
{
	BAD0("%d");
	BAD("%d %d", I32(1));
	BAD("%q", I32(1));
	BAD0("abc%");
	BAD("%s", I32(1));
	BAD("%d", STR("x"));
	BAD("%p", STR("x"));
	BAD("%*d", STR("x"), I32(1));
	BAD("%*d", I32(1));
	BAD("%hs", STR("x"));
	BAD("%Ld", I32(1));
	/* more values than conversions is not an error when formatting */
	FMT("1", "%d", I32(1), I32(2));
}

/* ---------------------------------------------------------------- check */

/*
 * The arguments as the front end describes them (front/dt_cook.c maps a D
 * type to the kinds of value it is and its name).
 */
static const dt_pfargtype_t t_char = { DT_PF_A_INT, "char", false };
static const dt_pfargtype_t t_int = { DT_PF_A_INT, "int", false };
static const dt_pfargtype_t t_uint = { DT_PF_A_INT, "uint32_t", false };
static const dt_pfargtype_t t_llong = { DT_PF_A_INT, "long long", false };
static const dt_pfargtype_t t_noname = { DT_PF_A_INT, "int", false };
static const dt_pfargtype_t t_string = { DT_PF_A_STR, "string", false };
static const dt_pfargtype_t t_chararr = { DT_PF_A_STR, "char [16]", false };
static const dt_pfargtype_t t_intarr = { 0, "int [4]", false };
static const dt_pfargtype_t t_charp = { DT_PF_A_PTR, "char *", false };
static const dt_pfargtype_t t_voidp = { DT_PF_A_PTR, "void *", false };
static const dt_pfargtype_t t_struct = { 0, "struct task_struct", false };
static const dt_pfargtype_t t_void = { 0, "void", false };

#define TYPES(...)                                         \
	(const dt_pfargtype_t[]){ __VA_ARGS__ },           \
		(int)(sizeof((const dt_pfargtype_t[]){ __VA_ARGS__ }) / sizeof(dt_pfargtype_t))

/* CHK(want, fmt, types...): want NULL = accepted, else the error text. */
#define CHK(want, fmt, ...) test_chk(__LINE__, want, fmt, TYPES(__VA_ARGS__))
#define CHK0(want, fmt) test_chk(__LINE__, want, fmt, NULL, 0)

static void test_chk(int line, const char *want, const char *fmt, const dt_pfargtype_t *types,
		     int ntypes)
{
	char name[256], buf[128], err[512] = "";
	int rc;

	snprintf(name, sizeof(name), "check \"%s\" (line %d)", visible(fmt, buf, sizeof(buf)),
		 line);
	rc = dt_printf_check("printf", fmt, types, ntypes, err, sizeof(err));
	if (rc == 0)
		result(name, err[0] == '\0' ? NULL : "(rc 0 with an error text)", want);
	else if (rc == -1)
		result(name, err, want ? want : "(accepted)");
	else
		result(name, "(bad return code)", want);
}

#define FPPROTO "float, double, or long double"

static void test_check_ok(void)
{
	CHK0(NULL, "hello");
	CHK0(NULL, "");
	CHK0(NULL, "100%%");
	CHK(NULL, "%d", t_int);
	CHK(NULL, "%i %u %o %x %X", t_int, t_uint, t_llong, t_char, t_noname);
	CHK(NULL, "%d %s", t_int, t_string);
	CHK(NULL, "%s", t_chararr);
	CHK(NULL, "%S", t_string);
	CHK(NULL, "%k", t_string);
	CHK(NULL, "%p", t_voidp);
	CHK(NULL, "%p", t_int);
	CHK(NULL, "%x", t_charp);
	CHK(NULL, "%d", t_voidp);
	CHK(NULL, "%c", t_int);
	CHK(NULL, "%c", t_char);
	CHK(NULL, "%C %'d", t_char, t_int);
	CHK(NULL, "%a", t_voidp);
	CHK(NULL, "%a", t_llong);
	/* %e %f %g take floating-point arguments only: an integer is refused, as in DTrace */
	CHK("printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %f\n\t prototype: " FPPROTO "\n\t  argument: int", "%f", t_int);
	CHK(NULL, "%Y", t_llong);
	CHK(NULL, "%*d", t_int, t_int);
	CHK(NULL, "%.*s", t_int, t_string);
	CHK(NULL, "%hhd %hd %ld %lld %jd %zd %td", t_int, t_int, t_int, t_int, t_int,
	    t_int, t_int);
	CHK(NULL, "%-+ #08.3lx", t_llong);
	CHK(NULL, "%%%d%%", t_int);
}

/* illumos' prototype texts */
#define XINT "char, short, int, long, or long long"

#define MISMATCH(argno, conv, spec, proto, arg)                                      \
	"printf( ) argument #" #argno " is incompatible with conversion #" #conv     \
	" prototype:\n\tconversion: " spec "\n\t prototype: " proto "\n\t  argument: " arg

#define STRPROTO "char [] or string (or use stringof)"

static void test_check_mismatch(void)
{
	CHK(MISMATCH(2, 1, "%d", XINT, "string"), "%d", t_string);
	CHK(MISMATCH(2, 1, "%i", XINT, "string"), "%i", t_string);
	CHK(MISMATCH(2, 1, "%u", XINT, "char [16]"), "%u", t_chararr);
	CHK(MISMATCH(2, 1, "%o", XINT, "string"), "%o", t_string);
	CHK(MISMATCH(2, 1, "%x", XINT, "string"), "%x", t_string);
	CHK(MISMATCH(2, 1, "%X", XINT, "struct task_struct"), "%X", t_struct);
	CHK(MISMATCH(2, 1, "%c", "char, short, or int", "string"), "%c", t_string);
	CHK(MISMATCH(3, 2, "%s", STRPROTO, "int"), "%d %s", t_int, t_int);
	CHK(MISMATCH(2, 1, "%s", STRPROTO, "char *"), "%s", t_charp);
	CHK(MISMATCH(2, 1, "%s", STRPROTO, "int [4]"), "%s", t_intarr);
	CHK(MISMATCH(2, 1, "%S", STRPROTO, "long long"), "%S", t_llong);
	CHK(MISMATCH(2, 1, "%s", STRPROTO, "int"), "%-10.3s", t_int); /* the name only */
	CHK(MISMATCH(2, 1, "%p", "pointer or integer", "string"), "%p", t_string);
	CHK(MISMATCH(2, 1, "%a", "pointer or integer", "string"), "%a", t_string);
	CHK(MISMATCH(2, 1, "%f", FPPROTO, "string"), "%f", t_string);
	CHK(MISMATCH(2, 1, "%e", FPPROTO, "char *"), "%e", t_charp);
	CHK(MISMATCH(2, 1, "%G", FPPROTO, "string"), "%G", t_string);
	CHK(MISMATCH(2, 1, "%Y", "int64_t", "string"), "%Y", t_string);
	CHK(MISMATCH(2, 1, "%d", XINT, "void"), "%5d", t_void);
	CHK(MISMATCH(2, 1, "%d", XINT, "void"), "%d", t_void);
	CHK(MISMATCH(4, 3, "%lld", "long long", "string"), "%d %s %lld", t_int, t_string,
	    t_string);
	/* '*' consumes an integer argument: illumos' D_PRINTF_DYN_TYPE says "% * d" */
	CHK(MISMATCH(2, 1, "% * d", "int", "string"), "%*d", t_string, t_int);
	CHK(MISMATCH(3, 1, "% .* s", "int", "string"), "%*.*s", t_int, t_string,
	    t_string);
	CHK(MISMATCH(2, 1, "% * d", "int", "void *"), "%*d", t_voidp, t_int);
	CHK(MISMATCH(2, 1, "% .* ld", "int", "string"), "%-5.*ld", t_string, t_int);
	CHK(MISMATCH(4, 1, "%s", STRPROTO, "int"), "%*.*s", t_int, t_int, t_int);
	CHK(MISMATCH(2, 1, "%A", "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)",
		     "string"), "%A", t_string);
	/* %% counts as a conversion, as in illumos */
	CHK(MISMATCH(2, 2, "%d", XINT, "string"), "%%%d", t_string);
}

#define MISSING(conv, spec)                                                         \
	"printf( ) prototype mismatch: conversion #" #conv " (" spec ") is missing a " \
	"corresponding value argument"
#define EXTRA(n) \
	"printf( ) prototype mismatch: only " #n " arguments required by this format string"

static void test_check_count(void)
{
	CHK0(MISSING(1, "%d"), "%d");
	CHK0(MISSING(1, "%d"), "x = %5d\n");
	CHK(MISSING(2, "%d"), "%d %d", t_int);
	CHK(MISSING(2, "%s"), "%d %-10s", t_int);
	CHK(MISSING(1, "%d"), "%*d", t_int);
	/* a '*' without its argument: illumos' D_PRINTF_DYN_PROTO */
	CHK0("printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \"*\" "
	     "argument", "%*d");
	CHK0("printf( ) prototype mismatch: conversion #1 (%ld) is missing a corresponding \"*\" "
	     "argument", "%-*.3ld");
	CHK0("printf( ) prototype mismatch: conversion #1 (%s) is missing a corresponding \".*\" "
	     "argument", "%.*s");
	CHK("printf( ) prototype mismatch: conversion #1 (%s) is missing a corresponding \".*\" "
	    "argument", "%*.*s", t_int);
	CHK(MISSING(1, "%d"), "%*.*d", t_int, t_int);
	CHK(EXTRA(1), "%d", t_int, t_int);
	CHK(EXTRA(0), "hello", t_int);
	CHK(EXTRA(0), "%%", t_string);
	CHK(EXTRA(3), "%*.*d", t_int, t_int, t_int, t_int);
	CHK(EXTRA(2), "%d %s\n", t_int, t_string, t_string);
}

#define UNDEF(conv, spec) "format conversion #" #conv " is undefined: " spec

static void test_check_undefined(void)
{
	CHK(UNDEF(1, "%q"), "%q", t_int);
	CHK(UNDEF(2, "%q"), "%d %q", t_string, t_int);
	CHK0("format conversion #1 name expected before end of format string", "abc%");
	CHK("format conversion #2 name expected before end of format string", "%d%", t_int);
	CHK(UNDEF(1, "%hs"), "%hs", t_string);
	CHK(UNDEF(1, "%Ld"), "%Ld", t_int);
	CHK(UNDEF(1, "%lp"), "%lp", t_voidp);
	CHK(UNDEF(1, "%hf"), "%hf", t_int);
	CHK(UNDEF(1, "%w"), "%5.2w", t_int); /* the name, as illumos says it */
	/* malformed conversions, with illumos' messages */
	/* "precision" for the width too, as illumos words it (its flag test is never 0) */
	CHK("format conversion #1 has more than one '*' specified for the output precision", "%**d",
	    t_int, t_int, t_int);
	CHK("format conversion #1 has more than one '*' specified for the output precision",
	    "%.**d", t_int, t_int, t_int);
	CHK("format conversion #1 has more than one '.' specified", "%.*.*d", t_int, t_int,
	    t_int);
	CHK("format conversion #2 uses unsupported positional format (%n$)", "%d %1$d", t_int,
	    t_int);
	CHK("format conversion #1 cannot be combined with other format flags: %%", "%5%", t_int);
	CHK("%@ conversion requires an aggregation and is not for use with printf( )", "%@d",
	    t_int);
	CHK(MISMATCH(2, 1, "%hu", "unsigned short", "string"), "%hu", t_string);
	CHK(MISMATCH(2, 1, "%ld", "long", "string"), "%ld", t_string);
	CHK(MISMATCH(2, 1, "%Lf", "long double", "string"), "%Lf", t_string);
	CHK(UNDEF(1, "%n"), "%n", t_int);
}

/* the action's own name, and printa's "%@" value named as illumos names it */
static void test_check_func(void)
{
	static const dt_pfargtype_t t_aggval = { DT_PF_A_INT, "int64_t", true };
	char err[512] = "";

	dt_printf_check("printa", "%s %s %d", (const dt_pfargtype_t[]){ t_string, t_aggval, t_int },
			3, err, sizeof(err));
	result("printa: %@ value", err,
	       "printa( ) aggregating action is incompatible with conversion #2 prototype:\n"
	       "\tconversion: %s\n\t prototype: " STRPROTO "\n\t  argument: int64_t");
	dt_printf_check("printa", "%d %d %s", (const dt_pfargtype_t[]){ t_int, t_aggval, t_int },
			3, err, sizeof(err));
	result("printa: the key after a value is argument #3", err,
	       "printa( ) argument #3 is incompatible with conversion #3 prototype:\n"
	       "\tconversion: %s\n\t prototype: " STRPROTO "\n\t  argument: int");
	dt_printf_check("system", "%d %d", &t_int, 1, err, sizeof(err));
	result("system: its name", err,
	       "system( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value "
	       "argument");
	dt_printf_check("freopen", "%@d", &t_int, 1, err, sizeof(err));
	result("freopen: %@", err,
	       "%@ conversion requires an aggregation and is not for use with freopen( )");
}

static void test_check_errbuf(void)
{
	char small[8];
	int rc;

	rc = dt_printf_check("printf", "%d", NULL, 0, NULL, 0);
	result("check with no error buffer fails", rc == -1 ? "-1" : "other", "-1");
	memset(small, 'X', sizeof(small));
	rc = dt_printf_check("printf", "%d", NULL, 0, small, sizeof(small));
	result("check truncates the error text", rc == -1 ? small : "(accepted)", "printf(");
}

/* dt_printf_format_into: one buffer reused, grown, and kept on failure. */
static void test_format_into(void)
{
	char *buf = NULL, longs[301];
	size_t cap = 0;
	int n;

	memset(longs, 'x', sizeof(longs) - 1);
	longs[sizeof(longs) - 1] = '\0';
	n = dt_printf_format_into("%d %d\n", PFARGS(I64(-7), U64(18446744073709551615ULL)),
				  &buf, &cap);
	result("into: first", n == 24 ? buf : NULL, "-7 18446744073709551615\n");
	n = dt_printf_format_into("[%s]", PFARGS(STR(longs)), &buf, &cap);
	result("into: grows", n == 302 && buf[0] == '[' && buf[301] == ']' && cap > 302 ? "ok" : NULL,
	       "ok");
	n = dt_printf_format_into("%d\n", PFARGS(I8(-1)), &buf, &cap);
	result("into: reused, shorter", n == 3 ? buf : NULL, "-1\n");
	n = dt_printf_format_into("%q", PFARGS(I32(1)), &buf, &cap);
	result("into: failure keeps the buffer", n < 0 && buf != NULL ? "ok" : NULL, "ok");
	n = dt_printf_format_into("%u:%i", PFARGS(U16(65535), I16(-32768)), &buf, &cap);
	result("into: after a failure", n == 12 ? buf : NULL, "65535:-32768");
	free(buf);
}

int main(void)
{
	setenv("TZ", "UTC", 1);
	tzset();

	test_format_literal();
	test_format_signed();
	test_format_sizes();
	test_format_unsigned();
	test_format_star();
	test_format_char();
	test_format_pointer();
	test_format_string();
	test_format_float();
	test_format_time();
	test_format_errors();
	test_format_into();
	test_check_ok();
	test_check_mismatch();
	test_check_count();
	test_check_undefined();
	test_check_func();
	test_check_errbuf();

	printf("printf: %d passed, %d failed\n", npass, nfail);
	return nfail > 0 ? 1 : 0;
}
