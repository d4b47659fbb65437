/*
 * dt_printf.c -- the printf engine: compile-time checking of a format
 * against its argument types, and formatting of recorded values.
 *
 * The semantics follow DTrace's printf (illumos dt_printf.c, the Dynamic
 * Tracing Guide's "Output Formatting" chapter).  One table describes the
 * conversions: which argument kinds each accepts, the prototype named in
 * diagnostics, which size prefixes it takes, and how to print it.  Both
 * entry points share one parser (pf_parse) of a single "%..." conversion.
 *
 * Formatting builds a C format spec for each conversion (the flags that
 * make sense for it, width, precision, a length modifier matching the C
 * type passed) and appends the snprintf result to a growing buffer.
 *
 * Only libc is used here, so that the unit test can link this file alone.
 */
#define _POSIX_C_SOURCE 200809L

#include "dt_layout.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Argument kinds a conversion accepts (pc_accept): dt_layout.h's DT_PF_A_*. */
#define PF_A_INT DT_PF_A_INT
#define PF_A_PTR DT_PF_A_PTR
#define PF_A_STR DT_PF_A_STR
#define PF_A_FP DT_PF_A_FP

/* Size prefix classes (pc_mods, and what a parsed prefix requires). */
#define PF_M_INT 0x1 /* hh h l ll j z t */
#define PF_M_FP 0x2  /* l L */

/* ps_size of the L prefix: long double. */
#define PF_SZ_LDBL 16

typedef struct dt_pfbuf {
	char *pb_buf;
	size_t pb_len;
	size_t pb_cap;
} dt_pfbuf_t;

struct dt_pfconv;

/* One conversion as written in the format. */
typedef struct dt_pfspec {
	const char *ps_text;	       /* the '%' */
	int ps_len;		       /* bytes of the conversion as written */
	char ps_flags[8];	       /* distinct flags among "-+ #0" */
	int ps_width;		       /* -1 = none */
	int ps_prec;		       /* -1 = none */
	bool ps_wstar, ps_pstar;       /* width / precision given as '*' */
	int ps_size;		       /* size prefix: 0, 1, 2, 8, PF_SZ_LDBL */
	const char *ps_name;	       /* the size prefix and conversion character */
	char ps_conv;		       /* conversion character */
	const struct dt_pfconv *ps_pc; /* NULL if undefined */
} dt_pfspec_t;

typedef int dt_pfprint_f(dt_pfbuf_t *, const dt_pfspec_t *, const dt_pfarg_t *);

typedef struct dt_pfconv {
	char pc_char;
	unsigned pc_accept;   /* PF_A_*; 0 = takes no argument (%%) */
	unsigned pc_mods;     /* PF_M_* size prefixes allowed */
	const char *pc_proto; /* prototype named in diagnostics */
	dt_pfprint_f *pc_print;
} dt_pfconv_t;

static dt_pfprint_f pf_print_int, pf_print_chr, pf_print_ptr, pf_print_fp;
static dt_pfprint_f pf_print_str, pf_print_time, pf_print_pct, pf_print_estr, pf_print_time822;
static dt_pfprint_f pf_print_echr;

#define PF_A_XINT (PF_A_INT | PF_A_PTR)

/* illumos' prototype texts (its dt_printf.c pfproto_*) */
/* one object: pf_proto() compares its address */
static const char pf_p_xint[] = "char, short, int, long, or long long";
#define PF_P_XINT pf_p_xint
#define PF_P_FP "float, double, or long double"

static const dt_pfconv_t dt_pfconvs[] = {
	{ 'd', PF_A_XINT, PF_M_INT, PF_P_XINT, pf_print_int },
	{ 'i', PF_A_XINT, PF_M_INT, PF_P_XINT, pf_print_int },
	{ 'u', PF_A_XINT, PF_M_INT, PF_P_XINT, pf_print_int },
	{ 'o', PF_A_XINT, PF_M_INT, PF_P_XINT, pf_print_int },
	{ 'x', PF_A_XINT, PF_M_INT, PF_P_XINT, pf_print_int },
	{ 'X', PF_A_XINT, PF_M_INT, PF_P_XINT, pf_print_int },
	{ 'c', PF_A_XINT, 0, "char, short, or int", pf_print_chr },
	{ 'C', PF_A_XINT, 0, "char, short, or int", pf_print_echr },
	{ 'p', PF_A_XINT, 0, "pointer or integer", pf_print_ptr },
	{ 'a', PF_A_XINT, 0, "pointer or integer", pf_print_ptr },
	{ 'A', PF_A_XINT, 0, "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)",
	  pf_print_ptr },
	{ 'e', PF_A_FP, PF_M_FP, PF_P_FP, pf_print_fp },
	{ 'E', PF_A_FP, PF_M_FP, PF_P_FP, pf_print_fp },
	{ 'f', PF_A_FP, PF_M_FP, PF_P_FP, pf_print_fp },
	{ 'g', PF_A_FP, PF_M_FP, PF_P_FP, pf_print_fp },
	{ 'G', PF_A_FP, PF_M_FP, PF_P_FP, pf_print_fp },
	{ 's', PF_A_STR, 0, "char [] or string (or use stringof)", pf_print_str },
	{ 'S', PF_A_STR, 0, "char [] or string (or use stringof)", pf_print_estr },
	{ 'k', PF_A_STR, 0, "stack", pf_print_str },
	{ 'Y', PF_A_INT, 0, "int64_t", pf_print_time },
	{ 'T', PF_A_INT, 0, "int64_t", pf_print_time822 },
	{ '%', 0, 0, "void", pf_print_pct },
};

static const dt_pfconv_t *pf_lookup(char c)
{
	size_t i;

	for (i = 0; i < sizeof(dt_pfconvs) / sizeof(dt_pfconvs[0]); i++) {
		if (dt_pfconvs[i].pc_char == c)
			return &dt_pfconvs[i];
	}
	return NULL;
}

/* ---------------------------------------------------------------- parsing */

/*
 * Flags: "-+ #0" kept for the C conversion; '?' (illumos) sets the width
 * to a pointer's hexadecimal digits, 16 (a width written after it wins).
 */
static const char *pf_parse_flags(const char *q, dt_pfspec_t *ps)
{
	size_t n = 0;

	for (; *q != '\0' && strchr("-+ #0?'", *q) != NULL; q++) {
		if (*q == '?')
			ps->ps_width = 16;
		else if (*q == '\'')
			continue; /* grouping: none in the C locale, the consumer's */
		else if (strchr(ps->ps_flags, *q) == NULL && n < sizeof(ps->ps_flags) - 1)
			ps->ps_flags[n++] = *q;
	}
	return q;
}

/* Digits (saturating at INT_MAX) or '*'; *valp stays -1 if neither. */
static const char *pf_parse_num(const char *q, int *valp, bool *starp)
{
	if (*q == '*') {
		*starp = true;
		return q + 1;
	}
	if (*q < '0' || *q > '9')
		return q;
	*valp = 0;
	for (; *q >= '0' && *q <= '9'; q++) {
		int d = *q - '0';

		*valp = *valp > (INT_MAX - d) / 10 ? INT_MAX : *valp * 10 + d;
	}
	return q;
}

/* Size prefix: sets ps_size and returns the PF_M_* classes it belongs to. */
static const char *pf_parse_size(const char *q, dt_pfspec_t *ps, unsigned *modp)
{
	static const struct {
		const char *sp_text;
		int sp_size;
		unsigned sp_mods;
	} sizes[] = {
		{ "hh", 1, PF_M_INT }, { "h", 2, PF_M_INT },
		{ "ll", 8, PF_M_INT }, { "l", 8, PF_M_INT | PF_M_FP },
		{ "j", 8, PF_M_INT },  { "z", 8, PF_M_INT },
		{ "t", 8, PF_M_INT },  { "L", PF_SZ_LDBL, PF_M_FP },
	};
	size_t i, n;

	*modp = 0;
	if (strchr("hljztL", *q) == NULL || *q == '\0')
		return q; /* the common case: no prefix */
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		n = strlen(sizes[i].sp_text);
		if (strncmp(q, sizes[i].sp_text, n) == 0) {
			ps->ps_size = sizes[i].sp_size;
			*modp = sizes[i].sp_mods;
			return q + n;
		}
	}
	return q;
}

/* Parse the conversion at p (*p == '%'); false if it is undefined. */
static bool pf_parse(const char *p, dt_pfspec_t *ps)
{
	const char *q;
	unsigned mods;

	memset(ps, 0, sizeof(*ps));
	ps->ps_text = p;
	ps->ps_width = ps->ps_prec = -1;
	q = pf_parse_flags(p + 1, ps); /* after the widths' reset: '?' sets one */
	q = pf_parse_num(q, &ps->ps_width, &ps->ps_wstar);
	if (*q == '.') {
		q = pf_parse_num(q + 1, &ps->ps_prec, &ps->ps_pstar);
		if (ps->ps_prec < 0 && !ps->ps_pstar)
			ps->ps_prec = 0; /* "%.d" means precision 0, as in C */
	}
	ps->ps_name = q;
	q = pf_parse_size(q, ps, &mods);
	ps->ps_conv = *q;
	if (*q != '\0')
		q++;
	ps->ps_len = (int)(q - p);
	ps->ps_pc = ps->ps_conv != '\0' ? pf_lookup(ps->ps_conv) : NULL;
	if (ps->ps_pc != NULL && mods != 0 && (ps->ps_pc->pc_mods & mods) == 0)
		ps->ps_pc = NULL;
	return ps->ps_pc != NULL;
}

/* ---------------------------------------------------------------- checking */

typedef struct dt_pfcheck {
	const char *pk_func; /* the action named in messages: printf, printa, system... */
	const dt_pfargtype_t *pk_types;
	int pk_nargs;
	int pk_next;  /* next value argument (0-based) */
	int pk_argno; /* the D argument number the next one is: the format is #1 */
	char *pk_err;
	size_t pk_errlen;
} dt_pfcheck_t;

static int pf_error(dt_pfcheck_t *pk, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int pf_error(dt_pfcheck_t *pk, const char *fmt, ...)
{
	va_list ap;

	if (pk->pk_err != NULL && pk->pk_errlen > 0) {
		va_start(ap, fmt);
		vsnprintf(pk->pk_err, pk->pk_errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* The prototype of a conversion with a size prefix, as illumos' table rows name it. */
static const char *pf_proto(const dt_pfspec_t *ps)
{
	const char *pre = ps->ps_name;
	int n = (int)(ps->ps_text + ps->ps_len - 1 - pre);
	bool u = ps->ps_conv == 'u' || ps->ps_conv == 'o';

	if (n == 0 || ps->ps_pc->pc_proto != pf_p_xint)
		return n == 1 && *pre == 'L' ? "long double" : ps->ps_pc->pc_proto;
	if (*pre == 'h')
		return n == 2 ? (u ? "unsigned char" : "char") : u ? "unsigned short" : "short";
	if (n == 2 && pre[0] == 'l')
		return u ? "unsigned long long" : "long long";
	return u ? "unsigned long" : "long";
}

/*
 * A conversion's name as illumos' messages give it (its pfc_name): the size
 * prefix and the conversion character, without flags, width or precision.
 */
#define PF_NAME(ps) (int)((ps)->ps_text + (ps)->ps_len - (ps)->ps_name), (ps)->ps_name

/* The next argument, or NULL; names it as illumos does ("argument #3"). */
static const dt_pfargtype_t *pf_next(dt_pfcheck_t *pk, char *vname, size_t n)
{
	const dt_pfargtype_t *t;

	if (pk->pk_next >= pk->pk_nargs)
		return NULL;
	t = &pk->pk_types[pk->pk_next++];
	if (t->pt_agg) /* printa's "%@": the aggregation's value, no argument */
		snprintf(vname, n, "aggregating action");
	else
		snprintf(vname, n, "argument #%d", pk->pk_argno++);
	return t;
}

/* The value argument of conversion #conv, checked against its prototype. */
static int pf_check_arg(dt_pfcheck_t *pk, const dt_pfspec_t *ps, int conv)
{
	const dt_pfargtype_t *t;
	char vname[64];

	if ((t = pf_next(pk, vname, sizeof(vname))) == NULL)
		return pf_error(pk,
				"%s( ) prototype mismatch: conversion #%d (%%%.*s) "
				"is missing a corresponding value argument",
				pk->pk_func, conv, PF_NAME(ps));
	if ((t->pt_accept & ps->ps_pc->pc_accept) != 0)
		return 0;
	return pf_error(pk,
			"%s( ) %s is incompatible with conversion #%d "
			"prototype:\n\tconversion: %%%.*s\n\t prototype: %s\n\t  argument: %s",
			pk->pk_func, vname, conv, PF_NAME(ps), pf_proto(ps), t->pt_name);
}

/*
 * A '*' width ("*") or precision (".*") takes an integer argument before the
 * value, the width's first, with illumos' messages (D_PRINTF_DYN_PROTO and
 * D_PRINTF_DYN_TYPE, whose conversion reads "% * d").
 */
static int pf_check_star(dt_pfcheck_t *pk, const dt_pfspec_t *ps, int conv, const char *dyn)
{
	const dt_pfargtype_t *t;
	char vname[64];
	int argno = pk->pk_argno;

	if ((t = pf_next(pk, vname, sizeof(vname))) == NULL)
		return pf_error(pk, "%s( ) prototype mismatch: conversion #%d (%%%.*s) is "
				"missing a corresponding \"%s\" argument", pk->pk_func, conv,
				PF_NAME(ps), dyn);
	if ((t->pt_accept & PF_A_INT) != 0)
		return 0;
	return pf_error(pk, "%s( ) argument #%d is incompatible with conversion #%d prototype:\n"
			"\tconversion: %% %s %.*s\n\t prototype: int\n\t  argument: %s",
			pk->pk_func, argno, conv, dyn, PF_NAME(ps), t->pt_name);
}

/* Arguments of one conversion: '*' width, '*' precision, then the value. */
static int pf_check_conv(dt_pfcheck_t *pk, const dt_pfspec_t *ps, int conv)
{
	if (ps->ps_wstar && pf_check_star(pk, ps, conv, "*") != 0)
		return -1;
	if (ps->ps_pstar && pf_check_star(pk, ps, conv, ".*") != 0)
		return -1;
	if (ps->ps_pc->pc_accept == 0)
		return 0;
	return pf_check_arg(pk, ps, conv);
}

/*
 * The checks illumos' dt_printf_create() makes of a conversion's flags,
 * with its messages: one '*' each for width and precision, one '.', no
 * positional "%n$", '%' only as "%%", a name before the end, "%@" only in
 * printa( ).  A second '*' is reported for the "output precision" whether
 * it is the width's or the precision's, as illumos' test of its flag bit
 * (never 0) words it.
 */
static int pf_check_syntax(dt_pfcheck_t *pk, const char *q, int conv)
{
	bool dot = false, wstar = false, pstar = false;

	for (const char *p = q + 1;; p++) {
		if (*p == '\0')
			return pf_error(pk, "format conversion #%d name expected before end of format "
					"string", conv);
		if (strchr("-+ #0?'123456789", *p) != NULL)
			continue;
		if (*p == '*') {
			if (dot ? pstar : wstar)
				return pf_error(pk, "format conversion #%d has more than one '*' specified "
						"for the output precision", conv);
			*(dot ? &pstar : &wstar) = true;
		} else if (*p == '.') {
			if (dot)
				return pf_error(pk, "format conversion #%d has more than one '.' "
						"specified", conv);
			dot = true;
		} else if (*p == '$') {
			return pf_error(pk, "format conversion #%d uses unsupported positional format "
					"(%%n$)", conv);
		} else if (*p == '@') {
			return pf_error(pk, "%%@ conversion requires an aggregation and is not for use "
					"with %s( )", pk->pk_func);
		} else if (*p == '%') {
			if (p == q + 1)
				return 0;
			return pf_error(pk, "format conversion #%d cannot be combined with other format "
					"flags: %%%%", conv);
		} else {
			return 0;
		}
	}
}

/* Every conversion must be defined before any argument is looked at. */
static int pf_check_defined(dt_pfcheck_t *pk, const char *fmt)
{
	dt_pfspec_t ps;
	const char *q;
	int conv = 0;

	for (q = strchr(fmt, '%'); q != NULL; q = strchr(q + ps.ps_len, '%')) {
		conv++;
		if (pf_check_syntax(pk, q, conv) != 0)
			return -1;
		if (!pf_parse(q, &ps) && ps.ps_len > 1 &&
		    !isprint((unsigned char)ps.ps_text[ps.ps_len - 1])) {
			/* "%\n" in the source: show the escape, not a line break */
			static const char ctl[] = "\a\b\f\n\r\t\v", name[] = "abfnrtv";
			unsigned char c = (unsigned char)ps.ps_text[ps.ps_len - 1];
			const char *e = c != '\0' ? strchr(ctl, c) : NULL;
			char esc[8];

			if (e != NULL)
				snprintf(esc, sizeof(esc), "\\%c", name[e - ctl]);
			else
				snprintf(esc, sizeof(esc), "\\%03o", c);
			return pf_error(pk, "format conversion #%d is undefined: %%%.*s%s",
					conv, (int)(ps.ps_text + ps.ps_len - 1 - ps.ps_name),
					ps.ps_name, esc);
		}
		if (ps.ps_pc == NULL)
			return pf_error(pk, "format conversion #%d is undefined: %%%.*s",
					conv, (int)(ps.ps_text + ps.ps_len - ps.ps_name), ps.ps_name);
	}
	return 0;
}

DT_INTERNAL int dt_printf_check(const char *func, const char *fmt, const dt_pfargtype_t *argtypes,
				int nargs, char *err, size_t errlen)
{
	dt_pfcheck_t pk = { func, argtypes, nargs, 0, 2, err, errlen };
	dt_pfspec_t ps;
	const char *q;
	int conv = 0;

	if (pf_check_defined(&pk, fmt) != 0)
		return -1;
	for (q = strchr(fmt, '%'); q != NULL; q = strchr(q + ps.ps_len, '%')) {
		pf_parse(q, &ps);
		if (pf_check_conv(&pk, &ps, ++conv) != 0)
			return -1;
	}
	if (pk.pk_next < nargs)
		return pf_error(&pk,
				"%s( ) prototype mismatch: only %d arguments "
				"required by this format string",
				func, pk.pk_argno - 2);
	return 0;
}

/* ---------------------------------------------------------------- output */

/* The C specs below are built at run time by design (pf_cspec). */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

static int pf_reserve(dt_pfbuf_t *b, size_t n)
{
	size_t cap = b->pb_cap ? b->pb_cap : 64;
	char *p;

	if (b->pb_len + n + 1 <= b->pb_cap)
		return 0;
	while (cap < b->pb_len + n + 1)
		cap *= 2;
	if ((p = realloc(b->pb_buf, cap)) == NULL)
		return -1;
	b->pb_buf = p;
	b->pb_cap = cap;
	return 0;
}

static int pf_append(dt_pfbuf_t *b, const char *s, size_t n)
{
	if (pf_reserve(b, n) != 0)
		return -1;
	memcpy(b->pb_buf + b->pb_len, s, n);
	b->pb_len += n;
	b->pb_buf[b->pb_len] = '\0';
	return 0;
}

static int pf_appendf(dt_pfbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* One vsnprintf into the room left, a second only if it did not fit. */
static int pf_appendf(dt_pfbuf_t *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (pf_reserve(b, 31) != 0)
		return -1;
	va_start(ap, fmt);
	n = vsnprintf(b->pb_buf + b->pb_len, b->pb_cap - b->pb_len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n >= b->pb_cap - b->pb_len) {
		if (pf_reserve(b, (size_t)n) != 0)
			return -1;
		va_start(ap, fmt);
		vsnprintf(b->pb_buf + b->pb_len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->pb_len += (size_t)n;
	return 0;
}

/* %d, %i or %u without flags, width or precision: no snprintf. */
static bool pf_plain(const dt_pfspec_t *ps, char conv)
{
	return ps->ps_flags[0] == '\0' && ps->ps_width < 0 && ps->ps_prec < 0 &&
	       (conv == 'd' || conv == 'i' || conv == 'u');
}

static int pf_append_dec(dt_pfbuf_t *b, bool neg, uint64_t mag)
{
	char tmp[24], *p = tmp + sizeof(tmp);

	do {
		*--p = (char)('0' + mag % 10);
		mag /= 10;
	} while (mag != 0);
	if (neg)
		*--p = '-';
	return pf_append(b, p, (size_t)(tmp + sizeof(tmp) - p));
}

/* Decimal digits of v >= 0 at p; returns the end. */
static char *pf_cspec_num(char *p, int v)
{
	char tmp[12], *q = tmp + sizeof(tmp);

	do {
		*--q = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (q < tmp + sizeof(tmp))
		*p++ = *q++;
	return p;
}

/*
 * Build a C spec: '%', the flags of ps that are in allow, width, precision
 * (if prec), the length modifier len and the conversion character conv (at
 * most 31 bytes).  By hand: this runs for every conversion of every record.
 */
static void pf_cspec(char *buf, size_t size, const dt_pfspec_t *ps, const char *allow,
		     bool prec, const char *len, char conv)
{
	char *p = buf;
	size_t i;

	if (size < 32)
		return;
	*p++ = '%';
	for (i = 0; ps->ps_flags[i] != '\0'; i++) {
		if (strchr(allow, ps->ps_flags[i]) != NULL)
			*p++ = ps->ps_flags[i];
	}
	if (ps->ps_width >= 0)
		p = pf_cspec_num(p, ps->ps_width);
	if (prec && ps->ps_prec >= 0) {
		*p++ = '.';
		p = pf_cspec_num(p, ps->ps_prec);
	}
	while (*len != '\0')
		*p++ = *len++;
	*p++ = conv;
	*p = '\0';
}

static int pf_norm_size(int size)
{
	if (size <= 1)
		return 1;
	if (size == 2)
		return 2;
	return size <= 4 ? 4 : 8;
}

/* The argument's value, sign-extended or truncated to its own size. */
static int64_t pf_argval(const dt_pfarg_t *a)
{
	switch (pf_norm_size(a->pa_size)) {
	case 1:
		return a->pa_signed ? (int8_t)a->pa_val : (int64_t)(uint8_t)a->pa_val;
	case 2:
		return a->pa_signed ? (int16_t)a->pa_val : (int64_t)(uint16_t)a->pa_val;
	case 4:
		return a->pa_signed ? (int32_t)a->pa_val : (int64_t)(uint32_t)a->pa_val;
	default:
		return a->pa_val;
	}
}

static int pf_print_signed(dt_pfbuf_t *b, const dt_pfspec_t *ps, int size, char conv,
			   int64_t v)
{
	char spec[64];

	if (pf_plain(ps, conv)) {
		int64_t sv = size == 1 ? (int8_t)v : size == 2 ? (int16_t)v
				       : size == 4 ? (int32_t)v : v;

		return pf_append_dec(b, sv < 0, sv < 0 ? -(uint64_t)sv : (uint64_t)sv);
	}
	switch (size) {
	case 1:
		pf_cspec(spec, sizeof(spec), ps, "-+ 0", true, "hh", conv);
		return pf_appendf(b, spec, (int)(int8_t)v);
	case 2:
		pf_cspec(spec, sizeof(spec), ps, "-+ 0", true, "h", conv);
		return pf_appendf(b, spec, (int)(int16_t)v);
	case 4:
		pf_cspec(spec, sizeof(spec), ps, "-+ 0", true, "", conv);
		return pf_appendf(b, spec, (int)(int32_t)v);
	default:
		pf_cspec(spec, sizeof(spec), ps, "-+ 0", true, "ll", conv);
		return pf_appendf(b, spec, (long long)v);
	}
}

static int pf_print_unsigned(dt_pfbuf_t *b, const dt_pfspec_t *ps, int size, char conv,
			     int64_t v)
{
	const char *allow = conv == 'u' ? "-0" : "-#0";
	char spec[64];

	if (pf_plain(ps, conv))
		return pf_append_dec(b, false, size == 1 ? (uint8_t)v : size == 2 ? (uint16_t)v
					       : size == 4 ? (uint32_t)v : (uint64_t)v);

	switch (size) {
	case 1:
		pf_cspec(spec, sizeof(spec), ps, allow, true, "hh", conv);
		return pf_appendf(b, spec, (unsigned)(uint8_t)v);
	case 2:
		pf_cspec(spec, sizeof(spec), ps, allow, true, "h", conv);
		return pf_appendf(b, spec, (unsigned)(uint16_t)v);
	case 4:
		pf_cspec(spec, sizeof(spec), ps, allow, true, "", conv);
		return pf_appendf(b, spec, (unsigned)(uint32_t)v);
	default:
		pf_cspec(spec, sizeof(spec), ps, allow, true, "ll", conv);
		return pf_appendf(b, spec, (unsigned long long)v);
	}
}

/*
 * %d %i %u %o %x %X.  A size prefix sets the width (and %d/%i are then
 * signed); without one the argument's own size is used, and %d/%i of an
 * unsigned argument print it unsigned, as DTrace does.
 */
static int pf_print_int(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	int size = pf_norm_size(ps->ps_size ? ps->ps_size : a->pa_size);
	bool sgn = ps->ps_conv == 'd' || ps->ps_conv == 'i';
	int64_t v = pf_argval(a);

	if (sgn && ps->ps_size == 0 && !a->pa_signed)
		return pf_print_unsigned(b, ps, size, 'u', v);
	if (sgn)
		return pf_print_signed(b, ps, size, ps->ps_conv, v);
	return pf_print_unsigned(b, ps, size, ps->ps_conv, v);
}

static int pf_print_chr(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	char spec[64];

	pf_cspec(spec, sizeof(spec), ps, "-", false, "", 'c');
	return pf_appendf(b, spec, (int)(unsigned char)a->pa_val);
}

/* Text honouring '-', width and (if prec) precision, as %s does. */
static int pf_print_text(dt_pfbuf_t *b, const dt_pfspec_t *ps, const char *s, bool prec)
{
	char spec[64];

	pf_cspec(spec, sizeof(spec), ps, "-", prec, "", 's');
	return pf_appendf(b, spec, s);
}

/*
 * %p: "0x" and lowercase hex without padding ("0x0" for zero); %a and %A
 * the same where the consumer has no symbol text for them (pa_str).
 */
static int pf_print_ptr(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	char tmp[32];

	if (a->pa_str != NULL)
		return pf_print_text(b, ps, a->pa_str, false);

	snprintf(tmp, sizeof(tmp), "0x%llx", (unsigned long long)pf_argval(a));
	return pf_print_text(b, ps, tmp, false);
}

static int pf_print_fp(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	int64_t v = pf_argval(a);
	double d = a->pa_signed ? (double)v : (double)(uint64_t)v;
	char spec[64];

	if (a->pa_float && a->pa_size == 4) {
		uint32_t bits = (uint32_t)a->pa_val;
		float f;

		memcpy(&f, &bits, sizeof(f));
		d = f;
	} else if (a->pa_float) {
		memcpy(&d, &a->pa_val, sizeof(d));
	}

	if (ps->ps_size == PF_SZ_LDBL) {
		pf_cspec(spec, sizeof(spec), ps, "-+ #0", true, "L", ps->ps_conv);
		return pf_appendf(b, spec, (long double)d);
	}
	pf_cspec(spec, sizeof(spec), ps, "-+ #0", true, "", ps->ps_conv);
	return pf_appendf(b, spec, d);
}

static int pf_print_str(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	return pf_print_text(b, ps, a->pa_str != NULL ? a->pa_str : "", true);
}

/* %Y: nanoseconds since the epoch as "2026 Nov 22 04:24:43", local time. */
static int pf_print_time(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	int64_t ns = pf_argval(a);
	time_t sec = (time_t)(ns / 1000000000);
	char tmp[64] = "";
	struct tm tm;

	if (ns % 1000000000 < 0)
		sec--;
	if (localtime_r(&sec, &tm) != NULL)
		strftime(tmp, sizeof(tmp), "%Y %b %e %T", &tm);
	return pf_print_text(b, ps, tmp, true);
}

/* %T: nanoseconds since the epoch in RFC 822 form, local time (illumos' format) */
static int pf_print_time822(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	time_t sec = (time_t)(pf_argval(a) / 1000000000);
	char tmp[64] = "";
	struct tm tm;

	if (localtime_r(&sec, &tm) != NULL)
		strftime(tmp, sizeof(tmp), "%a, %d %b %G %T %Z", &tm);
	return pf_print_text(b, ps, tmp, true);
}

/*
 * %S: the string with its unprintable and special characters as C escape
 * sequences (\n, \", \\, \ooo), as illumos' strchr2esc() writes them.
 */
static int pf_print_estr(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	static const char ctl[] = "\a\b\f\n\r\t\v\"\\", name[] = "abfnrtv\"\\";
	const char *s = a->pa_str != NULL ? a->pa_str : "";
	char *e = malloc(strlen(s) * 4 + 1), *q = e;
	int rv;

	if (e == NULL)
		return -1;
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		const char *x = strchr(ctl, c);

		if (x != NULL) {
			*q++ = '\\';
			*q++ = name[x - ctl];
		} else if (c != ' ' && (c < '!' || c > '~')) {
			*q++ = '\\';
			*q++ = (char)('0' + ((c >> 6) & 3));
			*q++ = (char)('0' + ((c >> 3) & 7));
			*q++ = (char)('0' + (c & 7));
		} else {
			*q++ = (char)c;
		}
	}
	*q = '\0';
	rv = pf_print_text(b, ps, e, true);
	free(e);
	return rv;
}

/* %C: a character as %S escapes it (illumos' pfprint_echr); NUL is "\0". */
static int pf_print_echr(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	char c[2] = { (char)a->pa_val, '\0' };
	dt_pfarg_t sa = { .pa_str = c };

	if (c[0] == '\0')
		return pf_print_text(b, ps, "\\0", true);
	return pf_print_estr(b, ps, &sa);
}

static int pf_print_pct(dt_pfbuf_t *b, const dt_pfspec_t *ps, const dt_pfarg_t *a)
{
	(void)ps;
	(void)a;
	return pf_append(b, "%", 1);
}

/* Take the next argument for a '*': a negative width means '-' (as in C). */
static int pf_take_star(dt_pfspec_t *ps, int *valp, bool width, const dt_pfarg_t *args,
			int nargs, int *nextp)
{
	int64_t v;
	size_t n;

	if (*nextp >= nargs || args[*nextp].pa_string)
		return -1;
	v = pf_argval(&args[(*nextp)++]);
	if (v < -(int64_t)INT_MAX)
		v = -(int64_t)INT_MAX;
	if (v < 0 && width && (n = strlen(ps->ps_flags)) < sizeof(ps->ps_flags) - 1 &&
	    strchr(ps->ps_flags, '-') == NULL) {
		ps->ps_flags[n] = '-';
		ps->ps_flags[n + 1] = '\0';
	}
	if (v < 0)
		v = width ? -v : -1; /* a negative precision is taken as omitted */
	*valp = v > INT_MAX ? INT_MAX : (int)v;
	return 0;
}

/* Format one conversion, consuming its arguments. */
static int pf_format_conv(dt_pfbuf_t *b, dt_pfspec_t *ps, const dt_pfarg_t *args, int nargs,
			  int *nextp)
{
	const dt_pfconv_t *pc = ps->ps_pc;
	const dt_pfarg_t *a;

	if (ps->ps_wstar && pf_take_star(ps, &ps->ps_width, true, args, nargs, nextp) != 0)
		return -1;
	if (ps->ps_pstar && pf_take_star(ps, &ps->ps_prec, false, args, nargs, nextp) != 0)
		return -1;
	if (pc->pc_accept == 0)
		return pc->pc_print(b, ps, NULL);
	if (*nextp >= nargs)
		return -1;
	a = &args[(*nextp)++];
	if (a->pa_string != ((pc->pc_accept & PF_A_STR) != 0) &&
	    !(a->pa_string && a->pa_str != NULL && (ps->ps_conv == 'a' || ps->ps_conv == 'A')))
		return -1; /* (a symbol key's text by %a, %A: pf_print_ptr) */
	return pc->pc_print(b, ps, a);
}

/*
 * Format into the buffer *bufp of *capp bytes (NULL and 0 at first), grown
 * as needed: a consumer formatting record after record reuses one buffer.
 * Returns the length, or -1 (the buffer is kept either way).
 */
DT_INTERNAL int dt_printf_format_into(const char *fmt, const dt_pfarg_t *args, int nargs,
				      char **bufp, size_t *capp)
{
	dt_pfbuf_t b = { *bufp, 0, *bufp != NULL ? *capp : 0 };
	dt_pfspec_t ps;
	const char *p = fmt, *q;
	int next = 0, rv = -1;

	if (pf_reserve(&b, 0) != 0)
		goto out;
	b.pb_buf[0] = '\0';
	for (; (q = strchr(p, '%')) != NULL; p = q + ps.ps_len) {
		if (pf_append(&b, p, (size_t)(q - p)) != 0 || !pf_parse(q, &ps) ||
		    pf_format_conv(&b, &ps, args, nargs, &next) != 0 || b.pb_len > INT_MAX)
			goto out;
	}
	if (pf_append(&b, p, strlen(p)) != 0 || b.pb_len > INT_MAX)
		goto out;
	rv = (int)b.pb_len;
out:
	*bufp = b.pb_buf;
	*capp = b.pb_cap;
	return rv;
}

DT_INTERNAL int dt_printf_format(const char *fmt, const dt_pfarg_t *args, int nargs,
				 char **out)
{
	size_t cap = 0;
	int n;

	*out = NULL;
	n = dt_printf_format_into(fmt, args, nargs, out, &cap);
	if (n < 0) {
		free(*out);
		*out = NULL;
	}
	return n;
}

/*
 * The conversion character that takes each value argument of fmt ('*' for
 * a width or precision), in order; returns their number (at most max).
 */
DT_INTERNAL int dt_printf_argconvs(const char *fmt, char *convs, int max)
{
	dt_pfspec_t ps;
	const char *q;
	int n = 0;

	for (q = strchr(fmt, '%'); q != NULL; q = strchr(q + ps.ps_len, '%')) {
		if (!pf_parse(q, &ps) || ps.ps_pc->pc_accept == 0)
			continue;
		if (ps.ps_wstar && n < max)
			convs[n++] = '*';
		if (ps.ps_pstar && n < max)
			convs[n++] = '*';
		if (n < max)
			convs[n++] = ps.ps_conv;
	}
	return n;
}

/* ---------------------------------------------------------- printa formats */

/*
 * Skip one conversion's flags, width, precision and size; *agg: it has an
 * '@' (anywhere before the conversion character, as DTrace accepts it).
 */
static const char *conv_scan(const char *q, bool *agg, int *stars)
{
	static const char *const sizes[] = { "hh", "h", "ll", "l", "j", "z", "t", "L" };

	*agg = false;
	*stars = 0;
	for (; *q != '\0' && strchr("-+ #0?123456789.*@", *q) != NULL; q++) {
		*agg |= *q == '@';
		*stars += *q == '*';
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (strncmp(q, sizes[i], strlen(sizes[i])) == 0) {
			q += strlen(sizes[i]);
			break;
		}
	return *q != '\0' ? q + 1 : q;
}

static void slot_add(bool *isagg, int max, int *n, bool agg)
{
	if (*n < max)
		isagg[*n] = agg;
	(*n)++;
}

/*
 * A printa format for dt_printf_format: every '@' flag removed; the k-th
 * '@' conversion takes the value of aggregation min(k, naggs - 1), as in
 * DTrace, and becomes "%s" when that is a distribution (dist[j]), printed as
 * its table.  isagg[i]: whether the i-th argument taken is a value (true) or
 * the next key.  Returns a malloc'd string.
 */
char *dt_printa_fmt(const char *fmt, int naggs, const bool *dist, bool *isagg, int maxslots,
		    int *nslots)
{
	char *out = dt_zalloc(strlen(fmt) + 1), *o = out;
	int n = 0, curagg = 0;

	for (const char *p = fmt; *p != '\0';) {
		const char *q;
		bool agg;
		int stars;

		if (*p != '%' || p[1] == '%') {
			if (*p == '%')
				*o++ = *p++;
			*o++ = *p++;
			continue;
		}
		q = conv_scan(p + 1, &agg, &stars);
		for (int i = 0; i < stars; i++)
			slot_add(isagg, maxslots, &n, false);
		slot_add(isagg, maxslots, &n, agg);
		if (agg && dist != NULL && dist[curagg]) {
			memcpy(o, "%s", 2);
			o += 2;
		} else {
			for (; p < q; p++)
				if (*p != '@')
					*o++ = *p;
		}
		if (agg && curagg < naggs - 1)
			curagg++;
		p = q;
	}
	*o = '\0';
	*nslots = n < maxslots ? n : maxslots;
	return out;
}
