/*
 * dt_lex.c -- the D lexer.
 *
 * Tokens are produced on demand, because D's lexical structure depends on
 * where we are: outside a clause, a run such as `syscall::read:entry` or
 * `profile-97` is one probe description (dt_lex_pdesc); inside a clause or a
 * predicate, the same characters are C tokens.  The parser decides which it
 * wants.  A small lookahead ring (dt_lex_peek) serves the parser's need to
 * look one or two tokens ahead (casts, declarations).
 *
 * Diagnostics longjmp back to the compile entry with the message in the
 * handle (dt_cc_error), formatted as DTrace does: "line N: text".
 */
#include "dt_front.h"

#include <ctype.h>
#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const dt_keywords[] = {
	"auto",	    "break",  "case",	  "char",     "const",	"continue", "counter",
	"default",  "do",     "double",	  "else",     "enum",	"extern",   "float",
	"for",	    "goto",   "if",	  "import",   "inline", "int",	    "long",
	"offsetof", "probe",  "provider", "register", "restrict", "return", "self",
	"short",    "signed", "sizeof",	  "static",   "string", "stringof", "struct",
	"switch",   "this",   "translator", "typedef", "union", "unsigned", "void",
	"volatile", "while",  "xlate",	  NULL
};

/* Multi-character punctuators, longest first. */
static const struct {
	const char *p;
	int op;
} dt_puncts[] = {
	{ "<<=", OP_SHLEQ }, { ">>=", OP_SHREQ }, { "...", 0 },	     { "<<", OP_SHL },
	{ ">>", OP_SHR },    { "<=", OP_LE },	  { ">=", OP_GE },   { "==", OP_EQ },
	{ "!=", OP_NE },     { "&&", OP_LAND },	  { "||", OP_LOR },  { "^^", OP_LXOR },
	{ "++", OP_INC },    { "--", OP_DEC },	  { "->", OP_ARROW }, { "+=", OP_ADDEQ },
	{ "-=", OP_SUBEQ },  { "*=", OP_MULEQ },  { "/=", OP_DIVEQ }, { "%=", OP_MODEQ },
	{ "&=", OP_ANDEQ },  { "|=", OP_OREQ },	  { "^=", OP_XOREQ },
};

void dt_cc_error(dt_pcb_t *pcb, int tag, int line, const char *fmt, ...)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char msg[900], tagbuf[64] = "";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* source text quoted in a message must not put control bytes on a terminal */
	for (char *c = msg; *c; c++)
		if (((unsigned char)*c < ' ' && *c != '\n' && *c != '\t') || *c == 0x7f)
			*c = '?';
	/* -x errtags: the D tag first, as in DTrace */
	if (dtp->dt_options[DTOPT_ERRTAGS])
		snprintf(tagbuf, sizeof(tagbuf), "[%s] ", dt_errtag_name(tag));
	dtp->dt_errtag = tag;
	/* scripts say where (line N), -n strings say in which part of the clause */
	if (line > 0 && pcb->pcb_filename != NULL)
		snprintf(dtp->dt_errmsg, sizeof(dtp->dt_errmsg), "%sline %d: %s", tagbuf, line, msg);
	else if (pcb->pcb_filename == NULL && pcb->pcb_region != NULL)
		snprintf(dtp->dt_errmsg, sizeof(dtp->dt_errmsg), "%sin %s: %s", tagbuf,
			 pcb->pcb_region, msg);
	else
		snprintf(dtp->dt_errmsg, sizeof(dtp->dt_errmsg), "%s%s", tagbuf, msg);
	dtp->dt_errno = EDT_COMPILER;
	longjmp(pcb->pcb_jmp, 1);
}

void dt_node_error(dt_pcb_t *pcb, int tag, const dt_node_t *dnp, const char *fmt, ...)
{
	char msg[900];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dt_cc_error(pcb, tag, dnp ? dnp->dn_line : pcb->pcb_line, "%s", msg);
}

bool dt_tok_is(const dt_token_t *tok, const char *s)
{
	return (tok->tk_kind == TK_PUNCT || tok->tk_kind == TK_KEYWORD ||
		tok->tk_kind == TK_IDENT) &&
	       (int)strlen(s) == tok->tk_len && memcmp(tok->tk_loc, s, tok->tk_len) == 0;
}

const char *dt_tok_text(const dt_token_t *tok, char *buf, size_t len)
{
	if (tok->tk_kind == TK_EOF)
		snprintf(buf, len, "end of input");
	else
		snprintf(buf, len, "%.*s", tok->tk_len, tok->tk_loc);
	return buf;
}

/*
 * A cpp line marker at p ('# 12 "file" 1 3'): the next line's number, and
 * whether a system header follows (flag 3); returns the end of the marker.
 */
static const char *line_marker(dt_pcb_t *pcb, const char *p)
{
	long n = strtol(p + 2, NULL, 10); /* bounded: no overflow */

	pcb->pcb_line = (int)(n < 1000000000 ? n : 1000000000) - 1;
	pcb->pcb_sysinc = false;
	while (*p && *p != '"' && *p != '\n')
		p++;
	if (*p == '"') /* the file name, then the flags */
		for (p++; *p && *p != '"' && *p != '\n'; p++)
			;
	for (; *p && *p != '\n'; p++) {
		bool flag = p[0] == ' ' && (p[2] == ' ' || p[2] == '\n' || p[2] == '\0');

		if (flag && p[1] == '3')
			pcb->pcb_sysinc = true;
		if (flag && p[1] == '1') /* entering an #include'd file */
			pcb->pcb_idepth++;
		if (flag && p[1] == '2' && pcb->pcb_idepth > 0) /* back from one */
			pcb->pcb_idepth--;
	}
	dt_type_cscope(pcb->pcb_hdl, pcb->pcb_idepth > 0); /* illumos' "C" or "D" types */
	return p;
}

static bool at_marker(const char *p)
{
	return p[0] == '#' && p[1] == ' ' && isdigit((unsigned char)p[2]);
}

/*
 * -C: one top-level C item of a system header (a declaration to its ';', a
 * function definition to its closing brace), scanned as text: glibc's
 * headers hold C that D has no grammar for (function definitions and
 * prototypes, extern variables).  Returns DT_CITEM_* flags; skip: consume it.
 */
int dt_lex_c_item(dt_pcb_t *pcb, bool skip)
{
	const char *p = pcb->pcb_cur;
	int line = pcb->pcb_line, depth = 0, flags = 0;
	bool sysinc = pcb->pcb_sysinc;
	char last = 0; /* the last non-blank character at depth 0 */

	while (*p != '\0') {
		char c = *p;

		if (c == '\n') {
			pcb->pcb_line++;
			p++;
			if (at_marker(p))
				p = line_marker(pcb, p);
			continue;
		}
		if (c == '"' || c == '\'') {
			for (p++; *p && *p != c && *p != '\n'; p++)
				if (*p == '\\' && p[1] != '\0')
					p++;
			if (*p == c)
				p++;
			continue;
		}
		p++;
		if (c == '(' || c == '[' || c == '{') {
			if (depth == 0 && c == '(' && !(flags & DT_CITEM_BRACE))
				flags |= DT_CITEM_PAREN;
			if (depth == 0 && c == '{') {
				if (last == ')')
					flags |= DT_CITEM_FNDEF;
				flags |= DT_CITEM_BRACE;
			}
			depth++;
		} else if (c == ')' || c == ']' || c == '}') {
			if (depth > 0 && --depth == 0 && c == '}' && (flags & DT_CITEM_FNDEF))
				break;
		} else if (c == ';' && depth == 0) {
			break;
		}
		if (depth == 0 && !isspace((unsigned char)c))
			last = c;
	}
	if (skip) {
		pcb->pcb_cur = p;
	} else {
		pcb->pcb_line = line;
		pcb->pcb_sysinc = sysinc;
	}
	return flags;
}

/* Skip white space, comments and preprocessor line markers. */
void dt_lex_skip_ws(dt_pcb_t *pcb)
{
	const char *p = pcb->pcb_cur;

	for (;;) {
		if (*p == '\n') {
			pcb->pcb_line++;
			p++;
			/* "# 12 "file"" line markers from cpp */
			if (at_marker(p))
				p = line_marker(pcb, p);
		} else if (isspace((unsigned char)*p)) {
			p++;
		} else if (p[0] == '/' && p[1] == '*') {
			const char *q = strstr(p + 2, "*/");

			if (q == NULL) {
				/* reported at the end of the file, where DTrace's lexer is */
				for (pcb->pcb_cur = p; *p != '\0'; p++)
					pcb->pcb_line += *p == '\n';
				dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "end-of-file encountered before "
					    "matching */");
			}
			for (const char *r = p + 2; r < q; r++)
				if (r[0] == '/' && r[1] == '*') { /* as illumos' lexer */
					for (; p < r; p++)
						pcb->pcb_line += *p == '\n';
					pcb->pcb_cur = r;
					dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "/* encountered inside a comment");
				}
			for (; p < q; p++)
				if (*p == '\n')
					pcb->pcb_line++;
			p = q + 2;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else {
			break;
		}
	}
	pcb->pcb_cur = p;
}

static int dt_hexval(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* Decode one escape after the backslash; returns the byte, advances *pp. */
static int dt_lex_escape(dt_pcb_t *pcb, const char **pp)
{
	const char *p = *pp;
	int c = *p++;

	switch (c) {
	case 'n': c = '\n'; break;
	case 't': c = '\t'; break;
	case 'r': c = '\r'; break;
	case 'a': c = '\a'; break;
	case 'b': c = '\b'; break;
	case 'f': c = '\f'; break;
	case 'v': c = '\v'; break;
	case '\\': case '\'': case '"': break;
	case 'x':
		if (!isxdigit((unsigned char)*p))
			dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "invalid escape sequence in literal");
		for (c = 0; isxdigit((unsigned char)*p); p++)
			c = ((c << 4) | dt_hexval(*p)) & 0xff; /* the byte: no overflow */
		break;
	default:
		if (c >= '0' && c <= '7') {
			c -= '0';
			for (int i = 0; i < 2 && *p >= '0' && *p <= '7'; i++)
				c = c * 8 + (*p++ - '0');
			break;
		}
		/* any other escape (\?, \q) is kept as written, backslash and all, as in DTrace */
		*pp = p - 1;
		return '\\';
	}
	*pp = p;
	return c & 0xff;
}

static void dt_lex_string(dt_pcb_t *pcb, dt_token_t *tok)
{
	const char *p = pcb->pcb_cur + 1;
	size_t len = 0;
	/* a string ends on its line, and escapes only shorten it */
	char *buf = dt_arena_zalloc(pcb->pcb_arena, strcspn(p, "\n") + 1);

	while (*p != '"') {
		int c;

		/* DTrace's line is the one after the newline */
		if (*p == '\0' || *p == '\n')
			dt_cc_error(pcb, D_STR_NL, pcb->pcb_line + (*p == '\n'), "newline encountered in "
				    "string literal");
		if (*p == '\\') {
			p++;
			c = dt_lex_escape(pcb, &p);
		} else {
			c = (unsigned char)*p++;
		}
		buf[len++] = (char)c;
	}
	buf[len] = '\0';
	tok->tk_kind = TK_STR;
	tok->tk_str = buf;
	tok->tk_strlen = (int)len;
	pcb->pcb_cur = p + 1;
}

static void dt_lex_char(dt_pcb_t *pcb, dt_token_t *tok)
{
	const char *p = pcb->pcb_cur + 1;
	uint64_t v = 0;
	int n = 0;

	while (*p != '\'') {
		int c;

		if (*p == '\0' || *p == '\n')
			dt_cc_error(pcb, D_CHR_NL, pcb->pcb_line + (*p == '\n'), "newline encountered in "
				    "character constant");
		if (*p == '\\') {
			p++;
			c = dt_lex_escape(pcb, &p);
		} else {
			c = (unsigned char)*p++;
		}
		v = (v << 8) | (unsigned)c;
		n++;
	}
	if (n == 0)
		dt_cc_error(pcb, D_CHR_NULL, pcb->pcb_line, "empty character constant");
	if (n > 8)
		dt_cc_error(pcb, D_CHR_OFLOW, pcb->pcb_line, "character constant is too long");
	tok->tk_kind = TK_INT;
	tok->tk_val = n == 1 ? (uint64_t)(int64_t)(signed char)v : v;
	pcb->pcb_cur = p + 1;
}

static void dt_lex_number(dt_pcb_t *pcb, dt_token_t *tok)
{
	const char *p = pcb->pcb_cur;
	char *end;
	unsigned long long v;

	int n = 0; /* the literal's text, for illumos' messages */

	while (isalnum((unsigned char)p[n]))
		n++;
	errno = 0;
	v = strtoull(p, &end, 0);
	if (errno != 0)
		dt_cc_error(pcb, D_INT_OFLOW, pcb->pcb_line, "constant %.*s results in integer overflow", n, p);
	if (*p == '0' && isdigit((unsigned char)p[1])) {
		for (const char *q = p; isdigit((unsigned char)*q); q++)
			if (*q > '7')
				dt_cc_error(pcb, D_INT_DIGIT, pcb->pcb_line, "constant %.*s contains invalid digit %c",
					    n, p, *q);
	}
	if (*end == '.' || ((*end == 'e' || *end == 'E') && !(p[0] == '0' && (p[1] == 'x' ||
									       p[1] == 'X'))))
		dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "floating-point constants are not permitted");
	tok->tk_kind = TK_INT;
	tok->tk_val = v;
	for (;;) {
		if (*end == 'u' || *end == 'U')
			tok->tk_unsigned = true;
		else if (*end == 'l' || *end == 'L')
			tok->tk_long = true;
		else
			break;
		end++;
	}
	if (isalnum((unsigned char)*end) || *end == '_' || *end == '.')
		dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "syntax error near \"%.*s\"",
			    (int)strcspn(p, " \t\n;){}/"), p);
	pcb->pcb_cur = end;
}

/* The end of a macro name: $1 is digits only ($1x is $1 then x), $target a name. */
static const char *dt_macro_end(const char *q)
{
	if (isdigit((unsigned char)*q)) {
		while (isdigit((unsigned char)*q))
			q++;
		return q;
	}
	while (isalnum((unsigned char)*q) || *q == '_')
		q++;
	return q;
}

static bool dt_is_keyword(const char *s, int len)
{
	for (int i = 0; dt_keywords[i]; i++)
		if ((int)strlen(dt_keywords[i]) == len && !memcmp(dt_keywords[i], s, len))
			return true;
	return false;
}

/* Lex one C token at the current position. */
static void dt_lex_one(dt_pcb_t *pcb, dt_token_t *tok)
{
	const char *p;

	dt_lex_skip_ws(pcb);
	p = pcb->pcb_cur;
	memset(tok, 0, sizeof(*tok));
	tok->tk_loc = p;
	tok->tk_line = pcb->pcb_line;

	if (*p == '\0') {
		tok->tk_kind = TK_EOF;
		return;
	}
	if (isalpha((unsigned char)*p) || *p == '_' || *p == '`') {
		const char *q = p;

		while (isalnum((unsigned char)*q) || *q == '_' || *q == '`')
			q++;
		tok->tk_len = (int)(q - p);
		tok->tk_kind = dt_is_keyword(p, tok->tk_len) ? TK_KEYWORD : TK_IDENT;
		tok->tk_str = dt_arena_strndup(pcb->pcb_arena, p, tok->tk_len);
		pcb->pcb_cur = q;
		return;
	}
	if (isdigit((unsigned char)*p)) {
		dt_lex_number(pcb, tok);
	} else if (*p == '"') {
		dt_lex_string(pcb, tok);
	} else if (*p == '\'') {
		dt_lex_char(pcb, tok);
	} else if (*p == '@') {
		const char *q = p + 1;

		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		tok->tk_kind = TK_AGG;
		tok->tk_str = dt_arena_strndup(pcb->pcb_arena, p, q - p);
		pcb->pcb_cur = q;
	} else if (*p == '$') {
		const char *q = p + 1;

		if (*q == '$')
			q++;
		q = dt_macro_end(q);
		if (q == p + 1 || (q == p + 2 && p[1] == '$'))
			dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "syntax error near \"$\"");
		tok->tk_kind = TK_MACRO;
		tok->tk_str = dt_arena_strndup(pcb->pcb_arena, p, q - p);
		pcb->pcb_cur = q;
	} else {
		tok->tk_kind = TK_PUNCT;
		for (size_t i = 0; i < sizeof(dt_puncts) / sizeof(dt_puncts[0]); i++) {
			size_t n = strlen(dt_puncts[i].p);

			if (!strncmp(p, dt_puncts[i].p, n)) {
				tok->tk_len = (int)n;
				tok->tk_val = dt_puncts[i].op;
				pcb->pcb_cur = p + n;
				return;
			}
		}
		if (!strchr("+-*/%&|^!~<>=?:;,.()[]{}#", *p) && isprint((unsigned char)*p))
			dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "invalid character '%c'", *p);
		if (!strchr("+-*/%&|^!~<>=?:;,.()[]{}#", *p)) /* control, non-ASCII */
			dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "invalid character '\\%03o'",
				    (unsigned char)*p);
		tok->tk_val = (unsigned char)*p;
		pcb->pcb_cur = p + 1;
		tok->tk_len = 1;
		return;
	}
	tok->tk_len = (int)(pcb->pcb_cur - p);
}

dt_token_t *dt_lex_peek(dt_pcb_t *pcb, int n)
{
	while (pcb->pcb_ntok <= n)
		dt_lex_one(pcb, &pcb->pcb_tok[pcb->pcb_ntok++]);
	return &pcb->pcb_tok[n];
}

dt_token_t *dt_lex_next(dt_pcb_t *pcb)
{
	dt_token_t *tok = dt_arena_zalloc(pcb->pcb_arena, sizeof(*tok));

	*tok = *dt_lex_peek(pcb, 0);
	memmove(&pcb->pcb_tok[0], &pcb->pcb_tok[1], sizeof(dt_token_t) * (pcb->pcb_ntok - 1));
	pcb->pcb_ntok--;
	pcb->pcb_last = tok;
	return tok;
}

/*
 * A probe description in the outer state: characters up to white space,
 * ',', '{', '/' or ';'.  Macro arguments ($1, $target) inside it are
 * expanded here, as DTrace does.  Must be called with no tokens peeked.
 */
dt_token_t *dt_lex_pdesc(dt_pcb_t *pcb)
{
	dt_token_t *tok = dt_arena_zalloc(pcb->pcb_arena, sizeof(*tok));
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	size_t cap = 64, len = 0;
	char *buf = dt_arena_zalloc(pcb->pcb_arena, cap);
	const char *p;

	dt_lex_skip_ws(pcb);
	p = pcb->pcb_cur;
	tok->tk_kind = TK_PDESC;
	tok->tk_loc = p;
	tok->tk_line = pcb->pcb_line;
	/* the characters of a probe description (DTrace's RGX_PSPEC) */
	while (*p && (isalnum((unsigned char)*p) || strchr("-$:_.?*\\[]!`", *p))) {
		char num[32];
		const char *exp = NULL;
		size_t elen;

		if (*p == '$') {
			/* "$$1", the string form, is in a description the same text as "$1" */
			const char *q = dt_macro_end(p[1] == '$' ? ++p + 1 : p + 1);
			char name[32];

			snprintf(name, sizeof(name), "%.*s", (int)(q - p - 1), p + 1);
			if (isdigit((unsigned char)name[0])) {
				/* $99999999999 must not wrap to a valid (or negative) index */
				long i = q - p - 1 > 9 ? INT32_MAX : atol(name);

				if (i < dtp->dt_argc) {
					exp = dtp->dt_argv[i];
					dtp->dt_argused[i] = true;
				} else if (dtp->dt_options[DTOPT_DEFAULTARGS]) {
					exp = "";
				} else {
					dt_cc_error(pcb, D_MACRO_UNDEF, pcb->pcb_line, "macro argument $%s is not "
						    "defined", name);
				}
			} else if (!strcmp(name, "target") || !strcmp(name, "pid")) {
				snprintf(num, sizeof(num), "%d",
					 !strcmp(name, "pid") ? (int)getpid() : dtp->dt_target);
				exp = num;
			} else {
				dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "syntax error near \"$%s\"", name);
			}
			p = q;
		} else {
			exp = p++;
		}
		elen = exp == p - 1 ? 1 : strlen(exp);
		if (len + elen + 1 > cap) { /* grown in the arena: the old buffer goes with it */
			char *nbuf = dt_arena_zalloc(pcb->pcb_arena, cap = (len + elen + 1) * 2);

			memcpy(nbuf, buf, len);
			buf = nbuf;
		}
		memcpy(buf + len, exp, elen);
		len += elen;
	}
	buf[len] = '\0';
	tok->tk_str = buf;
	tok->tk_strlen = (int)len;
	tok->tk_len = (int)(p - tok->tk_loc);
	pcb->pcb_cur = p;
	return tok;
}

/* Give back peeked tokens: the lexer restarts at the first of them. */
void dt_lex_unpeek(dt_pcb_t *pcb)
{
	if (pcb->pcb_ntok == 0)
		return;
	if (pcb->pcb_tok[0].tk_kind != TK_EOF) {
		pcb->pcb_cur = pcb->pcb_tok[0].tk_loc;
		pcb->pcb_line = pcb->pcb_tok[0].tk_line;
	}
	pcb->pcb_ntok = 0;
}
