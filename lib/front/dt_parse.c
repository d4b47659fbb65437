/*
 * dt_parse.c -- the D parser: a hand-written recursive-descent parser that
 * builds the AST (dt_node_t) for a whole program.
 *
 * Conventions (after chibicc): one function per grammar rule, with the rule
 * in a comment above it; tokens come from the lexer on demand (dt_lex.c),
 * and the parser tells the lexer when it wants a probe description instead
 * of C tokens.  Errors longjmp to dt_compile() via dt_cc_error().
 *
 *   program   = (pragma | decl | clause)*
 *   clause    = pdesc ("," pdesc)* ("/" expr "/")? ("{" stmt* "}")?
 *   decl      = ("self" | "this")? type declarator ("[" type ("," type)* "]")? ";"
 *   stmt      = ";" | "{" stmt* "}" | "if" "(" expr ")" stmt ("else" stmt)?
 *             | decl | expr (";" | before "}")
 *
 * As illumos' parser, this one folds what is constant before any type is
 * known: a "?:" with a constant condition is its chosen branch, a logical
 * operator on constants a constant (parse_const).  In a -C system header,
 * only type definitions are parsed (sysinc_item).
 */
#include "dt_front.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static dt_node_t *expr(dt_pcb_t *pcb);
static dt_node_t *assign(dt_pcb_t *pcb);
static dt_node_t *cast(dt_pcb_t *pcb);
static dt_node_t *stmt(dt_pcb_t *pcb);
static dt_node_t *stmt_list(dt_pcb_t *pcb);

/*
 * Bounds on nesting, so that no input can overflow the stack: the parser's
 * own recursion (parentheses, prefix operators, casts, right-associative
 * operators, blocks: DT_MAXNEST levels) and the depth of the finished tree,
 * which left-associative chains (a + b + ..., a[1][2]..., p->a->b ...) grow
 * without parser recursion and which cook and code generation walk
 * recursively (DT_MAXTREE levels).  Both fit in a fraction of an 8 MB
 * stack even with sanitizers.
 */
#define DT_MAXNEST 1000
#define DT_MAXTREE 5000

/* Parse a rule one level deeper in the parser's recursion. */
static dt_node_t *deeper(dt_pcb_t *pcb, dt_node_t *(*rule)(dt_pcb_t *))
{
	dt_node_t *dnp;

	if (++pcb->pcb_depth > DT_MAXNEST)
		dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, rule == stmt || rule == stmt_list ? "statements too deeply nested"
							      : "expression too deeply nested");
	dnp = rule(pcb);
	pcb->pcb_depth--;
	return dnp;
}

dt_node_t *dt_node_new(dt_pcb_t *pcb, dt_nkind_t kind, const dt_token_t *tok)
{
	dt_node_t *dnp = dt_arena_zalloc(pcb->pcb_arena, sizeof(*dnp));

	dnp->dn_kind = kind;
	dnp->dn_lib = pcb->pcb_lib;
	dnp->dn_tok = tok;
	dnp->dn_line = tok ? tok->tk_line : pcb->pcb_line;
	return dnp;
}

/* A deep copy of a list of uncooked nodes (dn_next chain), for a clause variant. */
dt_node_t *dt_node_clone(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	dt_node_t *head = NULL, **tail = &head;

	for (; dnp != NULL; dnp = dnp->dn_next) {
		dt_node_t *c = dt_arena_zalloc(pcb->pcb_arena, sizeof(*c));

		*c = *dnp;
		c->dn_left = dt_node_clone(pcb, dnp->dn_left);
		c->dn_right = dt_node_clone(pcb, dnp->dn_right);
		c->dn_cond = dt_node_clone(pcb, dnp->dn_cond);
		c->dn_args = dt_node_clone(pcb, dnp->dn_args);
		c->dn_body = dt_node_clone(pcb, dnp->dn_body);
		c->dn_else = dt_node_clone(pcb, dnp->dn_else);
		c->dn_next = NULL;
		*tail = c;
		tail = &c->dn_next;
	}
	return head;
}

static dt_token_t *peek(dt_pcb_t *pcb)
{
	return dt_lex_peek(pcb, 0);
}

/* Token helpers, shared with the parsers of declarations and translators. */
bool dt_parse_at(dt_pcb_t *pcb, const char *s)
{
	return dt_tok_is(peek(pcb), s);
}

bool dt_parse_consume(dt_pcb_t *pcb, const char *s)
{
	if (!dt_parse_at(pcb, s))
		return false;
	dt_lex_next(pcb);
	return true;
}

/*
 * consume() that returns the token consumed, or NULL.  A token from peek()
 * lives in the lookahead ring and is overwritten by later lexing: nodes and
 * operators must take the consumed copy instead.
 */
static dt_token_t *accept(dt_pcb_t *pcb, const char *s)
{
	return dt_parse_at(pcb, s) ? dt_lex_next(pcb) : NULL;
}

/*
 * Does closer ) or ] at loc close nothing, in a clause or a predicate?
 * Counted over the source before it (strings, characters and comments
 * skipped), as illumos' lexer counts.
 */
static bool extra_closer(const dt_pcb_t *pcb, const char *loc, char c)
{
	char o = c == ')' ? '(' : '[';
	int depth = 0, braces = 0;

	/* between clauses illumos' lexer is in its description state: a syntax error there */
	if (c == '}')
		return false;

	for (const char *p = pcb->pcb_src; p != NULL && *p != '\0' && p <= loc; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p != '\0' && *p != q && *p != '\n'; p++)
				if (*p == '\\' && p[1] != '\0')
					p++;
			if (*p == '\0')
				break;
		} else if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (e == NULL)
				break;
			p = e + 1;
		} else if (*p == o) {
			depth++;
		} else if (*p == '{' || *p == '}') {
			braces += *p == '{' ? 1 : -1;
		} else if (*p == c && --depth < 0) {
			return p == loc && (braces > 0 || pcb->pcb_predsrc != NULL);
		}
	}
	return false;
}

static _Noreturn void syntax_error(dt_pcb_t *pcb, const dt_token_t *tok)
{
	char buf[128];

	/*
	 * A predicate's closing / with ( or [ open: illumos' lexer message (its
	 * "/" ends a predicate before ;, { or the end, whatever is open).
	 */
	if (pcb->pcb_predsrc != NULL && tok->tk_loc != NULL && tok->tk_loc > pcb->pcb_predsrc &&
	    (tok->tk_kind == TK_EOF || dt_tok_is(tok, "{") || dt_tok_is(tok, ";"))) {
		const char *slash = tok->tk_loc - 1;
		int parens = 0, brackets = 0;

		while (slash > pcb->pcb_predsrc && isspace((unsigned char)*slash))
			slash--;
		for (const char *p = pcb->pcb_predsrc; *slash == '/' && p < slash; p++) {
			parens += (*p == '(') - (*p == ')');
			brackets += (*p == '[') - (*p == ']');
		}
		if (parens > 0)
			dt_cc_error(pcb, D_SYNTAX, tok->tk_line, "closing ) expected in predicate before /");
		if (brackets > 0)
			dt_cc_error(pcb, D_SYNTAX, tok->tk_line, "closing ] expected in predicate before /");
	}
	/* illumos' lexer messages for an unmatched closer */
	if (tok->tk_kind != TK_EOF && tok->tk_len == 1 && strchr(")]}", tok->tk_loc[0]) != NULL &&
	    extra_closer(pcb, tok->tk_loc, tok->tk_loc[0]))
		dt_cc_error(pcb, D_SYNTAX, tok->tk_line, "extra %c in input stream", tok->tk_loc[0]);
	if (tok->tk_kind == TK_EOF)
		dt_cc_error(pcb, D_SYNTAX, tok->tk_line, "syntax error near end of input");
	dt_cc_error(pcb, D_SYNTAX, tok->tk_line, "syntax error near \"%s\"",
		    dt_tok_text(tok, buf, sizeof(buf)));
}

dt_token_t *dt_parse_expect(dt_pcb_t *pcb, const char *s)
{
	if (!dt_parse_at(pcb, s))
		syntax_error(pcb, peek(pcb));
	return dt_lex_next(pcb);
}

/* An identifier without a scope (`), or a syntax error. */
dt_token_t *dt_parse_ident(dt_pcb_t *pcb)
{
	dt_token_t *tok = dt_lex_next(pcb);

	if (tok->tk_kind != TK_IDENT || strchr(tok->tk_str, '`') != NULL)
		syntax_error(pcb, tok);
	return tok;
}

/* ------------------------------------------------------------ types */

static bool is_type_keyword(const dt_token_t *tok)
{
	static const char *const kw[] = { "void",   "char",   "short",	"int",	  "long",
					  "signed", "unsigned", "string", "struct", "union",
					  "enum",   "const",  "volatile", "float", "double",
					  NULL };

	if (tok->tk_kind != TK_KEYWORD)
		return false;
	for (int i = 0; kw[i]; i++)
		if (dt_tok_is(tok, kw[i]))
			return true;
	return false;
}

/*
 * Is an identifier a type name?  Built-in and D-declared names are known
 * without BTF; a kernel typedef is looked up (opening BTF) only where an
 * identifier could not be anything else: `(name)` followed by an operand or
 * `(name *`, and a declaration `name ident`.
 */
static bool ident_is_type(dt_pcb_t *pcb, const dt_token_t *tok, bool btf)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	size_t len = strlen(tok->tk_str);

	if (len > 7 && (!strcmp(tok->tk_str + len - 7, "`struct") ||
			!strcmp(tok->tk_str + len - 6, "`union") ||
			!strcmp(tok->tk_str + len - 5, "`enum")))
		return true;
	if (dt_type_lookup_builtin(dtp, tok->tk_str) != NULL)
		return true;
	if (!btf || dt_builtin_var(tok->tk_str) != NULL ||
	    dt_ident_lookup(dtp, tok->tk_str, DT_ID_GLOBAL) != NULL ||
	    dt_ident_lookup(dtp, tok->tk_str, DT_ID_GARRAY) != NULL)
		return false;
	return dt_type_lookup(dtp, tok->tk_str) != NULL;
}

/* Can the token start an operand (the thing a cast applies to)? */
static bool starts_operand(const dt_token_t *tok)
{
	if (tok->tk_kind == TK_IDENT || tok->tk_kind == TK_INT || tok->tk_kind == TK_STR ||
	    tok->tk_kind == TK_CHAR || tok->tk_kind == TK_MACRO)
		return true;
	if (tok->tk_kind == TK_KEYWORD)
		return dt_tok_is(tok, "self") || dt_tok_is(tok, "this") ||
		       dt_tok_is(tok, "sizeof") || dt_tok_is(tok, "stringof") ||
		       dt_tok_is(tok, "offsetof") || dt_tok_is(tok, "xlate");
	return tok->tk_kind == TK_PUNCT && tok->tk_len == 1 && strchr("(*&!~-+", (int)tok->tk_val);
}

/* Does the token at lookahead n start a type name (n > 0: after a "(")? */
static bool starts_type(dt_pcb_t *pcb, int n)
{
	dt_token_t *tok = dt_lex_peek(pcb, n), *next;

	if (is_type_keyword(tok))
		return true;
	if (tok->tk_kind != TK_IDENT)
		return false;
	if (ident_is_type(pcb, tok, false))
		return true;
	next = dt_lex_peek(pcb, n + 1);
	if (n > 0 && dt_tok_is(next, "*"))
		return ident_is_type(pcb, tok, true);
	if (n > 0 && dt_tok_is(next, ")") && starts_operand(dt_lex_peek(pcb, n + 2)))
		return ident_is_type(pcb, tok, true);
	if (n == 0 && next->tk_kind == TK_IDENT)
		return ident_is_type(pcb, tok, true);
	return false;
}

/*
 * illumos' checks of a declaration's specifiers (its dt_decl_attr(),
 * dt_decl_spec() and dt_decl_check()), at each new one (tok) given the
 * counts of those before it; nbase counts int and char.  A type that is no
 * integer (void, float, a typedef, ...) after them is checked with nonint.
 */
static void decl_attr(dt_pcb_t *pcb, const dt_token_t *tok, int nlong, int nshort, int nbase,
		      int nchar, int nsigned, int nunsigned, bool nonint)
{
	static const char *const attrs[] = { "long", "short", "signed", "unsigned" };
	int line = tok->tk_line, n[] = { nlong, nshort, nsigned, nunsigned };
	bool ischar = dt_tok_is(tok, "char"), isint = ischar || dt_tok_is(tok, "int");

	for (int i = 0; i < 4; i++)
		if (dt_tok_is(tok, attrs[i]) && n[i] >= (i == 0 ? 2 : 1))
			dt_cc_error(pcb, D_DECL_COMBO, line, "the attribute '%s' may only be used at most %s "
				    "in a declaration", attrs[i], i == 0 ? "twice" : "once");
	if ((isint || nonint) && nbase > 0)
		dt_cc_error(pcb, D_DECL_COMBO, line, "invalid type combination");
	if ((dt_tok_is(tok, "short") && nlong) || (dt_tok_is(tok, "long") && nshort))
		dt_cc_error(pcb, D_DECL_COMBO, line, "invalid type declaration: short and long may not be "
			    "used together");
	if ((dt_tok_is(tok, "signed") && nunsigned) || (dt_tok_is(tok, "unsigned") && nsigned))
		dt_cc_error(pcb, D_DECL_COMBO, line, "invalid type declaration: signed and unsigned may "
			    "not be used together");
	if ((ischar && nlong + nshort > 0) ||
	    ((dt_tok_is(tok, "short") || dt_tok_is(tok, "long")) && nchar > 0))
		dt_cc_error(pcb, D_DECL_CHARATTR, line, "invalid type declaration: short and long may not "
			    "be used with char type");
	if (!nonint)
		return;
	if (dt_tok_is(tok, "void"))
		dt_cc_error(pcb, D_DECL_VOIDATTR, line, "invalid type declaration: attributes may not be "
			    "used with void type");
	if (nsigned + nunsigned > 0)
		dt_cc_error(pcb, D_DECL_SIGNINT, line, "invalid type declaration: signed and unsigned may "
			    "only be used with integer type");
	dt_cc_error(pcb, D_DECL_LONGINT, line, "invalid type declaration: long and long long may only "
		    "be used with integer or floating-point type");
}

/* A scoped name: "mod`struct" (then the tag) or "mod`name". */
static dt_type_t *scoped_type(dt_pcb_t *pcb, dt_token_t *tok)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char *bq = strrchr(tok->tk_str, '`'), *scope;
	dt_type_t *t;

	if (bq == NULL || bq == tok->tk_str)
		return dt_type_lookup(dtp, tok->tk_str);
	scope = dt_arena_strndup(pcb->pcb_arena, tok->tk_str, (size_t)(bq - tok->tk_str));
	if (!strcmp(bq + 1, "struct") || !strcmp(bq + 1, "union") || !strcmp(bq + 1, "enum")) {
		dt_token_t *name = dt_lex_next(pcb);

		if (name->tk_kind != TK_IDENT)
			syntax_error(pcb, name);
		t = dt_type_tagged(dtp, scope, bq + 1, name->tk_str);
		if (t == NULL)
			dt_cc_error(pcb, D_DECL_TYPERED, name->tk_line, "%s`%s %s is not defined", scope, bq + 1,
				    name->tk_str);
		return t;
	}
	t = dt_type_scoped(dtp, scope, bq + 1);
	if (t == NULL)
		dt_cc_error(pcb, D_SYNTAX, tok->tk_line, "%s is not a type name", tok->tk_str);
	return t;
}

/*
 * type = qualifier* base qualifier* "*"*
 * base = "void" | "string" | int-keywords | "float" | "double"
 *      | ("struct"|"union"|"enum") ident? ("{" members "}")?
 *      | typedef-name | scoped-name
 */
static dt_type_t *type_name(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	int nlong = 0, nshort = 0, nchar = 0, nint = 0, nsigned = 0, nunsigned = 0;
	dt_type_t *t = NULL;
	dt_token_t *first = peek(pcb);

	for (;;) {
		dt_token_t *tok = peek(pcb);

		if (dt_parse_consume(pcb, "const") || dt_parse_consume(pcb, "volatile"))
			continue;
		if (t != NULL && is_type_keyword(tok) && !dt_parse_at(pcb, "struct") && !dt_parse_at(pcb, "union") &&
		    !dt_parse_at(pcb, "enum"))
			dt_cc_error(pcb, D_DECL_COMBO, tok->tk_line, "invalid type combination");
		if (t != NULL || tok->tk_kind == TK_EOF)
			break;
		if (dt_parse_at(pcb, "long") || dt_parse_at(pcb, "short") || dt_parse_at(pcb, "char") || dt_parse_at(pcb, "int") ||
		    dt_parse_at(pcb, "signed") || dt_parse_at(pcb, "unsigned"))
			decl_attr(pcb, tok, nlong, nshort, nchar + nint, nchar, nsigned, nunsigned, false);
		if (dt_parse_consume(pcb, "long")) nlong++;
		else if (dt_parse_consume(pcb, "short")) nshort++;
		else if (dt_parse_consume(pcb, "char")) nchar++;
		else if (dt_parse_consume(pcb, "int")) nint++;
		else if (dt_parse_consume(pcb, "signed")) nsigned++;
		else if (dt_parse_consume(pcb, "unsigned")) nunsigned++;
		else if (nlong == 1 && nshort + nchar + nint + nsigned + nunsigned == 0 &&
			 dt_parse_consume(pcb, "double")) t = dt_type_float(dtp, 16);
		else if (nlong + nshort + nchar + nint + nsigned + nunsigned > 0) {
			if (is_type_keyword(tok))
				decl_attr(pcb, tok, nlong, nshort, nchar + nint, nchar, nsigned, nunsigned, true);
			break;
		}
		else if (dt_parse_consume(pcb, "void")) t = dt_type_void(dtp);
		else if (dt_parse_consume(pcb, "string")) t = dt_type_string(dtp);
		else if (dt_parse_consume(pcb, "float")) t = dt_type_float(dtp, 4);
		else if (dt_parse_consume(pcb, "double")) t = dt_type_float(dtp, 8);
		else if (dt_parse_at(pcb, "struct") || dt_parse_at(pcb, "union") || dt_parse_at(pcb, "enum")) {
			t = dt_decl_tagged(pcb);
		} else if (tok->tk_kind == TK_IDENT && strchr(tok->tk_str, '`') != NULL) {
			t = scoped_type(pcb, dt_lex_next(pcb));
		} else if (tok->tk_kind == TK_IDENT &&
			   (t = dt_type_lookup(dtp, tok->tk_str)) != NULL) {
			dt_lex_next(pcb);
		} else {
			break;
		}
	}
	if (t == NULL) {
		int size = 4;

		if (nlong + nshort + nchar + nint + nsigned + nunsigned == 0)
			syntax_error(pcb, first);
		if (nchar)
			size = 1;
		else if (nshort)
			size = 2;
		else if (nlong)
			size = 8;
		if (nlong && !nint && !nchar && !nshort)
			t = dt_type_lookup_builtin(dtp, nunsigned ? (nlong > 1 ? "unsigned long long" : "unsigned long")
							  : (nlong > 1 ? "long long" : "long"));
		else if (nchar && nsigned)
			t = dt_type_lookup_builtin(dtp, "signed char");
		else
			t = dt_type_int(dtp, size, nunsigned == 0);
	}
	while (dt_parse_consume(pcb, "*") || dt_parse_consume(pcb, "const"))
		if (pcb->pcb_last->tk_val == '*')
			t = dt_type_ptr(dtp, t);
	return t;
}

dt_type_t *dt_parse_type(dt_pcb_t *pcb)
{
	return type_name(pcb);
}

bool dt_parse_starts_type(dt_pcb_t *pcb, int n)
{
	return starts_type(pcb, n);
}

_Noreturn void dt_parse_syntax_error(dt_pcb_t *pcb, const dt_token_t *tok)
{
	syntax_error(pcb, tok);
}

/* ------------------------------------------------------------ expressions */

static dt_node_t *new_binary(dt_pcb_t *pcb, int op, dt_node_t *l, dt_node_t *r,
			     const dt_token_t *tok)
{
	dt_node_t *dnp = dt_node_new(pcb, N_BINARY, tok);

	dnp->dn_op = op;
	dnp->dn_left = l;
	dnp->dn_right = r;
	return dnp;
}

static int tok_op(const dt_token_t *tok)
{
	return tok->tk_kind == TK_PUNCT ? (int)tok->tk_val : -1;
}

/* args = (assign ("," assign)*)? ; returns list, count in *np */
static dt_node_t *arg_list(dt_pcb_t *pcb, const char *close)
{
	dt_node_t head = { 0 }, *cur = &head;

	if (dt_parse_at(pcb, close))
		return NULL;
	do {
		cur = cur->dn_next = deeper(pcb, assign);
	} while (dt_parse_consume(pcb, ","));
	return head.dn_next;
}

/*
 * primary = int | string | ident | "@" name | "$" macro | "(" expr ")"
 *         | ("self" | "this") "->" ident
 */
static dt_node_t *primary(dt_pcb_t *pcb)
{
	dt_token_t *tok = dt_lex_next(pcb);
	dt_node_t *dnp;

	switch (tok->tk_kind) {
	case TK_INT:
		dnp = dt_node_new(pcb, N_INT, tok);
		dnp->dn_val = (int64_t)tok->tk_val;
		return dnp;
	case TK_STR:
		dnp = dt_node_new(pcb, N_STR, tok);
		dnp->dn_str = tok->tk_str;
		dnp->dn_strlen = tok->tk_strlen;
		/* adjacent string literals concatenate */
		while (peek(pcb)->tk_kind == TK_STR) {
			dt_token_t *t2 = dt_lex_next(pcb);
			char *s = dt_arena_zalloc(pcb->pcb_arena, dnp->dn_strlen + t2->tk_strlen + 1);

			memcpy(s, dnp->dn_str, dnp->dn_strlen);
			memcpy(s + dnp->dn_strlen, t2->tk_str, t2->tk_strlen);
			dnp->dn_str = s;
			dnp->dn_strlen += t2->tk_strlen;
		}
		return dnp;
	case TK_IDENT:
		dnp = dt_node_new(pcb, N_VAR, tok);
		dnp->dn_name = tok->tk_str;
		return dnp;
	case TK_AGG:
		dnp = dt_node_new(pcb, N_AGG, tok);
		dnp->dn_name = tok->tk_str;
		return dnp;
	case TK_MACRO:
		dnp = dt_node_new(pcb, N_VAR, tok);
		dnp->dn_name = tok->tk_str;
		dnp->dn_op = '$';
		return dnp;
	case TK_KEYWORD:
		if (dt_tok_is(tok, "xlate")) {
			/* xlate < type > ( expr ): front/dt_xlate.c */
			dnp = dt_node_new(pcb, N_XLATE, tok);
			dt_parse_expect(pcb, "<");
			dnp->dn_ctype = type_name(pcb);
			dt_parse_expect(pcb, ">");
			dt_parse_expect(pcb, "(");
			{
				int saved = pcb->pcb_inpred;

				pcb->pcb_inpred = false;
				dnp->dn_left = deeper(pcb, expr);
				pcb->pcb_inpred = saved;
			}
			dt_parse_expect(pcb, ")");
			return dnp;
		}
		if (dt_tok_is(tok, "self") || dt_tok_is(tok, "this")) {
			dt_token_t *name;

			if (!dt_parse_consume(pcb, "->"))
				syntax_error(pcb, peek(pcb));
			name = dt_lex_next(pcb);
			if (name->tk_kind != TK_IDENT && name->tk_kind != TK_KEYWORD)
				syntax_error(pcb, name);
			dnp = dt_node_new(pcb, N_VAR, name);
			dnp->dn_name = name->tk_str;
			dnp->dn_op = dt_tok_is(tok, "self") ? 's' : 't';
			return dnp;
		}
		break;
	case TK_PUNCT:
		if (tok->tk_val == '(') {
			int saved = pcb->pcb_inpred;

			pcb->pcb_inpred = false;
			dnp = deeper(pcb, expr);
			pcb->pcb_inpred = saved;
			dt_parse_expect(pcb, ")");
			return dnp;
		}
		break;
	default:
		break;
	}
	syntax_error(pcb, tok);
}

/* postfix = primary ("[" args "]" | "(" args ")" | "." ident | "->" ident | "++" | "--")* */
static dt_node_t *postfix(dt_pcb_t *pcb)
{
	dt_node_t *dnp = primary(pcb);

	for (;;) {
		dt_token_t *tok;
		dt_node_t *n;

		if ((tok = accept(pcb, "[")) != NULL) {
			int saved = pcb->pcb_inpred;

			if (dnp->dn_kind == N_ARRAY && dnp->dn_left->dn_kind == N_AGG)
				dt_cc_error(pcb, D_AGG_MDIM, tok->tk_line, "improper attempt to reference %s as a "
					    "multi-dimensional array", strcmp(dnp->dn_left->dn_name, "@") != 0
					    ? dnp->dn_left->dn_name : "@_");
			pcb->pcb_inpred = false;
			n = dt_node_new(pcb, N_ARRAY, tok);
			n->dn_left = dnp;
			n->dn_args = arg_list(pcb, "]");
			pcb->pcb_inpred = saved;
			dt_parse_expect(pcb, "]");
			dnp = n;
		} else if ((tok = accept(pcb, "(")) != NULL) {
			int saved = pcb->pcb_inpred;

			if (dnp->dn_kind != N_VAR || dnp->dn_op != 0) /* illumos' dt_node_func */
				dt_cc_error(pcb, D_FUNC_IDENT, tok->tk_line, "function designator is not of "
					    "function type");
			pcb->pcb_inpred = false;
			n = dt_node_new(pcb, N_CALL, dnp->dn_tok);
			n->dn_name = dnp->dn_name;
			n->dn_args = arg_list(pcb, ")");
			pcb->pcb_inpred = saved;
			dt_parse_expect(pcb, ")");
			dnp = n;
		} else if ((tok = accept(pcb, ".")) != NULL || (tok = accept(pcb, "->")) != NULL) {
			dt_token_t *name = dt_lex_next(pcb);

			if (name->tk_kind != TK_IDENT && name->tk_kind != TK_KEYWORD)
				syntax_error(pcb, name);
			n = dt_node_new(pcb, N_MEMBER, tok);
			n->dn_op = tok->tk_val == '.' ? '.' : OP_ARROW;
			n->dn_left = dnp;
			n->dn_name = name->tk_str;
			dnp = n;
		} else if ((tok = accept(pcb, "++")) != NULL || (tok = accept(pcb, "--")) != NULL) {
			n = dt_node_new(pcb, N_INCDEC, tok);
			n->dn_op = tok->tk_val == OP_INC ? '+' : '-';
			n->dn_post = true;
			n->dn_left = dnp;
			dnp = n;
		} else {
			return dnp;
		}
	}
}

/*
 * unary = ("++" | "--") unary | ("-" | "+" | "!" | "~" | "*" | "&") cast
 *       | "sizeof" (unary | "(" type ")") | "stringof" unary | postfix
 */
static dt_node_t *unary(dt_pcb_t *pcb)
{
	dt_token_t *tok = peek(pcb), *t;
	dt_node_t *dnp;

	if ((t = accept(pcb, "++")) != NULL || (t = accept(pcb, "--")) != NULL) {
		dnp = dt_node_new(pcb, N_INCDEC, t);
		dnp->dn_op = t->tk_val == OP_INC ? '+' : '-';
		dnp->dn_left = deeper(pcb, unary);
		return dnp;
	}
	if (tok->tk_kind == TK_PUNCT && strchr("-+!~*&", (int)tok->tk_val) && tok->tk_len == 1) {
		tok = dt_lex_next(pcb);
		switch (tok->tk_val) {
		case '*':
			dnp = dt_node_new(pcb, N_DEREF, tok);
			break;
		case '&':
			dnp = dt_node_new(pcb, N_ADDROF, tok);
			break;
		default:
			dnp = dt_node_new(pcb, N_UNARY, tok);
			dnp->dn_op = tok->tk_val == '-' ? OP_NEG :
				     tok->tk_val == '+' ? OP_PLUS : (int)tok->tk_val;
		}
		dnp->dn_left = deeper(pcb, cast);
		return dnp;
	}
	if ((tok = accept(pcb, "sizeof")) != NULL) {
		dnp = dt_node_new(pcb, N_SIZEOF, tok);
		if (dt_parse_at(pcb, "(") && (starts_type(pcb, 1) ||
				     (dt_lex_peek(pcb, 1)->tk_kind == TK_IDENT &&
				      dt_tok_is(dt_lex_peek(pcb, 2), ")") &&
				      ident_is_type(pcb, dt_lex_peek(pcb, 1), true)))) {
			int64_t dims[8];
			int nd = 0;

			dt_lex_next(pcb);
			dnp->dn_ctype = type_name(pcb);
			/* an array type: sizeof (int [5]) */
			while (nd < 8 && accept(pcb, "[") != NULL) {
				dt_token_t *n = dt_lex_next(pcb);

				if (n->tk_kind != TK_INT || n->tk_val == 0 || n->tk_val > 1 << 20)
					dt_cc_error(pcb, D_DECL_ARRSUB, n->tk_line, "array dimension must be a "
						    "positive integer constant");
				dims[nd++] = (int64_t)n->tk_val;
				dt_parse_expect(pcb, "]");
			}
			while (nd > 0)
				dnp->dn_ctype = dt_type_array(pcb->pcb_hdl, dnp->dn_ctype, (int)dims[--nd]);
			dt_parse_expect(pcb, ")");
		} else {
			dnp->dn_left = deeper(pcb, unary);
		}
		return dnp;
	}
	if ((tok = accept(pcb, "offsetof")) != NULL) {
		dt_type_t *t;
		dt_token_t *m;
		int64_t off = 0;

		dt_parse_expect(pcb, "(");
		t = type_name(pcb);
		dt_parse_expect(pcb, ",");
		do {
			dt_member_t *dm;

			m = dt_lex_next(pcb);
			if (m->tk_kind != TK_IDENT && m->tk_kind != TK_KEYWORD)
				syntax_error(pcb, m);
			if (t->dt_kind != DT_TK_STRUCT && t->dt_kind != DT_TK_UNION)
				dt_cc_error(pcb, D_OFFSETOF_TYPE, m->tk_line, "offsetof( ) first argument must be a "
					    "struct or union type");
			if ((dm = dt_type_member(pcb->pcb_hdl, t, m->tk_str)) == NULL)
				dt_cc_error(pcb, D_TYPE_MEMBER, m->tk_line, "%s is not a member of %s", m->tk_str,
					    t->dt_name);
			if (dm->dm_bits != 0)
				dt_cc_error(pcb, D_OFFSETOF_BITFIELD, m->tk_line, "cannot take offset of a bit-field: %s",
					    m->tk_str);
			off += dm->dm_off;
			t = dm->dm_type;
		} while (dt_parse_consume(pcb, "."));
		dt_parse_expect(pcb, ")");
		dnp = dt_node_new(pcb, N_INT, tok);
		dnp->dn_val = off;
		dnp->dn_type = dt_type_lookup_builtin(pcb->pcb_hdl, "size_t");
		return dnp;
	}
	if ((tok = accept(pcb, "stringof")) != NULL) {
		dnp = dt_node_new(pcb, N_STRINGOF, tok);
		dnp->dn_left = deeper(pcb, unary);
		return dnp;
	}
	return postfix(pcb);
}

/* cast = "(" type ")" cast | unary */
static dt_node_t *cast(dt_pcb_t *pcb)
{
	if (dt_parse_at(pcb, "(") && starts_type(pcb, 1)) {
		dt_token_t *tok = dt_lex_next(pcb);
		dt_node_t *dnp = dt_node_new(pcb, N_CAST, tok);

		dnp->dn_ctype = type_name(pcb);
		dt_parse_expect(pcb, ")");
		dnp->dn_left = deeper(pcb, cast);
		return dnp;
	}
	return unary(pcb);
}

/*
 * Binary operators by precedence level, lowest first.  One table drives
 * all the left-associative levels between "||" and "*".
 */
static const int dt_binops[][5] = {
	{ OP_LOR },	    { OP_LXOR },      { OP_LAND },	{ '|' },
	{ '^' },	    { '&' },	      { OP_EQ, OP_NE }, { '<', '>', OP_LE, OP_GE },
	{ OP_SHL, OP_SHR }, { '+', '-' },     { '*', '/', '%' },
};
#define DT_NLEVELS ((int)(sizeof(dt_binops) / sizeof(dt_binops[0])))

static bool level_has(int level, int op)
{
	for (int i = 0; i < 5 && dt_binops[level][i]; i++)
		if (dt_binops[level][i] == op)
			return true;
	return false;
}

/*
 * In a predicate, "/" closes the predicate unless an operand follows it:
 * `/x / 2 == 1/` divides, `/x/ {` and `/x/` at the end do not.
 */
static bool pred_closes(dt_pcb_t *pcb)
{
	dt_token_t *next;

	if (!pcb->pcb_inpred)
		return false;
	next = dt_lex_peek(pcb, 1);
	return next->tk_kind == TK_EOF || dt_tok_is(next, "{") || dt_tok_is(next, "}") ||
	       next->tk_kind == TK_PDESC || dt_tok_is(next, ";") ||
	       (next->tk_kind == TK_IDENT && dt_lex_peek(pcb, 2)->tk_kind == TK_PUNCT &&
		dt_lex_peek(pcb, 2)->tk_val == ':');
}

static bool parse_const(dt_pcb_t *pcb, const dt_node_t *dnp, int64_t *vp, int depth);

static dt_node_t *binary(dt_pcb_t *pcb, int level)
{
	dt_node_t *dnp;

	if (level == DT_NLEVELS)
		return cast(pcb);
	dnp = binary(pcb, level + 1);
	for (;;) {
		dt_token_t *tok = peek(pcb);
		int op = tok_op(tok);

		if (!level_has(level, op) || (op == '/' && pred_closes(pcb)))
			return dnp;
		tok = dt_lex_next(pcb);
		if (op == OP_LAND || op == OP_LOR || op == OP_LXOR) {
			dt_node_t *n = dt_node_new(pcb, N_LOGICAL, tok);

			int64_t v;

			n->dn_op = op;
			n->dn_left = dnp;
			n->dn_right = binary(pcb, level + 1);
			dnp = n;
			if (parse_const(pcb, n, &v, 0)) { /* two constants: folded, as illumos */
				dnp = dt_node_new(pcb, N_INT, tok);
				dnp->dn_val = v;
			}
		} else {
			dnp = new_binary(pcb, op, dnp, binary(pcb, level + 1), tok);
		}
	}
}

/*
 * Parse-time folding, as illumos' parser does it (before any type check):
 * an integer constant is a literal, an inline whose value is one (inline
 * int OPT_time = 0;), a macro argument that is a number, or an operator on
 * constants.  A "?:" whose condition is constant is its chosen branch, so
 * that the other is never cooked: the DTraceToolkit's
 * "OPT_time ? printf(...) : 1;" is a printf() statement or nothing.  A
 * logical operator on two constants is a constant.  False if not constant
 * (a division by zero is left for cook to report).
 */
/*
 * $1 when the argument is a number (it counts as used: the node may go),
 * or is not given under defaultargs (cpuwalk.d's "$1 ? printf() : printf()").
 */
static bool macro_const(dt_pcb_t *pcb, const char *name, int64_t *vp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	const char *val;
	char *end;
	long i;

	if (name[0] != '$' || !isdigit((unsigned char)name[1]) || strlen(name) > 10)
		return false;
	if ((i = atol(name + 1)) >= dtp->dt_argc) {
		*vp = 0; /* under defaultargs an argument not given is 0 (cook's rule) */
		return dtp->dt_options[DTOPT_DEFAULTARGS] != 0;
	}
	val = dtp->dt_argv[i];
	errno = 0;
	*vp = isdigit((unsigned char)*val) ? (int64_t)strtoull(val, &end, 0) : strtoll(val, &end, 0);
	if (*val == '\0' || *end != '\0' || errno != 0)
		return false;
	dtp->dt_argused[i] = true;
	return true;
}

static bool parse_const(dt_pcb_t *pcb, const dt_node_t *dnp, int64_t *vp, int depth)
{
	int64_t l, r;
	dt_ident_t *idp;

	if (dnp == NULL || depth > 64)
		return false;
	switch (dnp->dn_kind) {
	case N_INT:
		*vp = dnp->dn_val;
		return true;
	case N_VAR:
		if (dnp->dn_op == '$')
			return macro_const(pcb, dnp->dn_name, vp);
		idp = dnp->dn_op == 0 ? dt_ident_lookup(pcb->pcb_hdl, dnp->dn_name, DT_ID_GLOBAL) : NULL;
		return idp != NULL && idp->di_kind == DT_ID_INLINE && idp->di_pnames == NULL &&
		       idp->di_type != NULL && dt_type_is_int(idp->di_type) &&
		       parse_const(pcb, idp->di_inline, vp, depth + 1);
	case N_UNARY:
		return parse_const(pcb, dnp->dn_left, &l, depth + 1) &&
		       dt_const_op(N_UNARY, dnp->dn_op, l, 0, vp);
	case N_LOGICAL:
	case N_BINARY:
		return parse_const(pcb, dnp->dn_left, &l, depth + 1) &&
		       parse_const(pcb, dnp->dn_right, &r, depth + 1) &&
		       dt_const_op(N_BINARY, dnp->dn_op, l, r, vp);
	case N_COND:
		if (!parse_const(pcb, dnp->dn_cond, &l, depth + 1))
			return false;
		return parse_const(pcb, l ? dnp->dn_left : dnp->dn_right, vp, depth + 1);
	default:
		return false;
	}
}

/* cond = logor ("?" expr ":" cond)? */
static dt_node_t *conditional(dt_pcb_t *pcb)
{
	dt_node_t *dnp = binary(pcb, 0);
	dt_token_t *tok;

	if ((tok = accept(pcb, "?")) != NULL) {
		dt_node_t *n = dt_node_new(pcb, N_COND, tok);
		int saved = pcb->pcb_inpred;
		int64_t v;

		n->dn_cond = dnp;
		pcb->pcb_inpred = false;
		n->dn_left = deeper(pcb, expr);
		pcb->pcb_inpred = saved;
		dt_parse_expect(pcb, ":");
		n->dn_right = deeper(pcb, conditional);
		if (parse_const(pcb, n->dn_cond, &v, 0))
			return v != 0 ? n->dn_left : n->dn_right; /* folded, as illumos */
		return n;
	}
	return dnp;
}

static int assign_op(const dt_token_t *tok)
{
	static const int map[][2] = {
		{ '=', '=' },	     { OP_ADDEQ, '+' },	  { OP_SUBEQ, '-' }, { OP_MULEQ, '*' },
		{ OP_DIVEQ, '/' },   { OP_MODEQ, '%' },	  { OP_ANDEQ, '&' }, { OP_OREQ, '|' },
		{ OP_XOREQ, '^' },   { OP_SHLEQ, OP_SHL }, { OP_SHREQ, OP_SHR },
	};

	if (tok->tk_kind != TK_PUNCT)
		return 0;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if ((int)tok->tk_val == map[i][0] && !(tok->tk_val == '=' && tok->tk_len != 1))
			return map[i][1];
	return 0;
}

/* assign = cond (assign-op assign)? */
static dt_node_t *assign(dt_pcb_t *pcb)
{
	dt_node_t *dnp = conditional(pcb);
	dt_token_t *tok = peek(pcb);
	int op = assign_op(tok);

	if (op != 0) {
		dt_node_t *n = dt_node_new(pcb, N_ASSIGN, dt_lex_next(pcb));

		n->dn_op = op;
		n->dn_left = dnp;
		n->dn_right = deeper(pcb, assign);
		return n;
	}
	return dnp;
}

dt_node_t *dt_parse_assign(dt_pcb_t *pcb)
{
	return assign(pcb);
}

dt_node_t *dt_parse_cond(dt_pcb_t *pcb)
{
	return conditional(pcb);
}

/* expr = assign ("," assign)* */
static dt_node_t *expr(dt_pcb_t *pcb)
{
	dt_node_t *dnp = assign(pcb);

	while (dt_parse_at(pcb, ",") && !pcb->pcb_inpred) {
		dt_token_t *tok = dt_lex_next(pcb);
		dt_node_t *n = dt_node_new(pcb, N_COMMA, tok);

		n->dn_left = dnp;
		n->dn_right = assign(pcb);
		dnp = n;
	}
	return dnp;
}

/* ------------------------------------------------------------ declarations */

/* ------------------------------------------------------------ statements */

static dt_node_t *stmt_list(dt_pcb_t *pcb)
{
	dt_node_t head = { 0 }, *cur = &head;

	while (!dt_parse_at(pcb, "}")) {
		dt_node_t *s;

		if (peek(pcb)->tk_kind == TK_EOF)
			syntax_error(pcb, peek(pcb));
		if ((s = stmt(pcb)) != NULL)
			cur = cur->dn_next = s;
	}
	return head.dn_next;
}

static dt_node_t *stmt(dt_pcb_t *pcb)
{
	dt_token_t *tok = peek(pcb), *t;
	dt_node_t *dnp;

	if (dt_parse_consume(pcb, ";"))
		return NULL;
	if ((t = accept(pcb, "{")) != NULL) {
		dnp = dt_node_new(pcb, N_BLOCK, t);
		dnp->dn_body = deeper(pcb, stmt_list);
		dt_parse_expect(pcb, "}");
		return dnp;
	}
	if ((t = accept(pcb, "if")) != NULL) {
		dnp = dt_node_new(pcb, N_IF, t);
		dt_parse_expect(pcb, "(");
		dnp->dn_cond = expr(pcb);
		dt_parse_expect(pcb, ")");
		dnp->dn_body = deeper(pcb, stmt);
		if (dt_parse_consume(pcb, "else"))
			dnp->dn_else = deeper(pcb, stmt);
		return dnp;
	}
	if ((dt_tok_is(tok, "this") || dt_tok_is(tok, "self")) && starts_type(pcb, 1)) {
		dt_parse_decl(pcb);
		return NULL;
	}
	if (is_type_keyword(tok) ||
	    (tok->tk_kind == TK_IDENT && starts_type(pcb, 0) &&
	     dt_lex_peek(pcb, 1)->tk_kind == TK_IDENT)) {
		dt_parse_decl(pcb);
		return NULL;
	}
	dnp = dt_node_new(pcb, N_EXPRSTMT, tok);
	dnp->dn_left = expr(pcb);
	if (!dt_parse_consume(pcb, ";") && !dt_parse_at(pcb, "}"))
		syntax_error(pcb, peek(pcb));
	return dnp;
}

/* ------------------------------------------------------------ program */

/* Split "p:m:f:n" into its fields, filling omitted fields from the left. */
static dt_pdesc_t *pdesc_parse(dt_pcb_t *pcb, const dt_token_t *tok, dtrace_probespec_t spec)
{
	dt_pdesc_t *pd = dt_arena_zalloc(pcb->pcb_arena, sizeof(*pd));
	char *out[4];

	if (dt_pdesc_split(dt_arena_strdup(pcb->pcb_arena, tok->tk_str), spec, out) != 0)
		dt_cc_error(pcb, D_PDESC_INVAL, tok->tk_line, "invalid probe description \"%s\": "
			    "too many ':' separators", tok->tk_str);
	pd->pd_prov = out[0];
	pd->pd_mod = out[1];
	pd->pd_func = out[2];
	pd->pd_name = out[3];
	pd->pd_text = tok->tk_str;
	pd->pd_line = tok->tk_line;
	return pd;
}

/*
 * #error, #pragma error, #pragma D error: D_PRAGERR with the words that
 * follow, each followed by a space, as illumos' dt_pragma_error() says them.
 */
static _Noreturn void pragma_error(dt_pcb_t *pcb, char **save)
{
	char msg[512] = "";
	size_t len = 0;

	for (char *w; (w = strtok_r(NULL, " \t", save)) != NULL && len < sizeof(msg);)
		len += (size_t)snprintf(msg + len, sizeof(msg) - len, "%s ", w);
	dt_cc_error(pcb, D_PRAGERR, pcb->pcb_line, "#error: %s", msg);
}

/*
 * #pragma D attributes <name/data/class> <ident>, as illumos'
 * dt_pragma_attributes(): the stability of a global variable or inline of
 * the program (-v, -x amin: driver/dt_stab.c); one not yet declared gets
 * them when it is (front/dt_ident.c).  "provider <name> <part>" is
 * checked as illumos checks it; the providers' attributes are a fixed
 * table here (prov/dt_provider.c), so it changes nothing
 * (docs/linux-differences.md).
 */
static void pragma_attributes(dt_pcb_t *pcb, char **save)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char *as = strtok_r(NULL, " \t", save), *name = as ? strtok_r(NULL, " \t", save) : NULL;
	dtrace_attribute_t attr;
	dt_ident_t *idp;

	if (name == NULL)
		dt_cc_error(pcb, D_PRAGMA_MALFORM, pcb->pcb_line,
			    "malformed #pragma attributes <attributes> <ident>");
	if (dt_str2attr(as, &attr) != 0)
		dt_cc_error(pcb, D_PRAGMA_INVAL, pcb->pcb_line,
			    "invalid attributes specified by #pragma attributes");
	if (strcmp(name, "provider") == 0) {
		const char *part, *parts[] = { "provider", "module", "function", "name", "args" };
		size_t i = 0;

		name = strtok_r(NULL, " \t", save);
		part = name ? strtok_r(NULL, " \t", save) : NULL;
		if (part == NULL)
			dt_cc_error(pcb, D_PRAGMA_MALFORM, pcb->pcb_line,
				    "malformed #pragma attributes <attributes> <ident>");
		if (dtp->dt_hooks.dh_provider_exists(dtp, name)) {
			while (i < 5 && strcmp(part, parts[i]) != 0)
				i++;
			if (i == 5) /* illumos says the two the other way round */
				dt_cc_error(pcb, D_PRAGMA_INVAL, pcb->pcb_line,
					    "invalid component \"%s\" in attribute #pragma for provider %s",
					    name, part);
			return;
		}
	}
	idp = dt_ident_lookup(dtp, name, DT_ID_GLOBAL);
	if (dt_builtin_var(name) != NULL || (idp != NULL && idp->di_lib))
		dt_cc_error(pcb, D_PRAGMA_SCOPE, pcb->pcb_line,
			    "#pragma attributes cannot modify entity defined outside program scope");
	if (idp == NULL) { /* waits for its declaration */
		idp = dt_arena_zalloc(&dtp->dt_arena, sizeof(*idp));
		idp->di_name = dt_arena_strdup(&dtp->dt_arena, name);
		idp->di_next = dtp->dt_pragattrs;
		dtp->dt_pragattrs = idp;
	}
	idp->di_attr = attr;
	idp->di_hasattr = true;
}

static void pragma(dt_pcb_t *pcb)
{
	const char *p = pcb->pcb_cur, *e = strchr(p, '\n');
	char *line = dt_arena_strndup(pcb->pcb_arena, p, e ? (size_t)(e - p) : strlen(p));
	char *save = NULL, *w1, *w2, *w3;

	pcb->pcb_cur = e ? e : p + strlen(p);
	w1 = strtok_r(line, " \t", &save);
	if (w1 != NULL && isdigit((unsigned char)w1[0])) {
		long n = strtol(w1, NULL, 10); /* cpp line marker, bounded: no overflow */

		pcb->pcb_line = (int)(n < 1000000000 ? n : 1000000000) - 1;
		return;
	}
	if (w1 != NULL && (!strcmp(w1, "line") || !strcmp(w1, "ident")))
		return;
	if (w1 != NULL && !strcmp(w1, "error"))
		pragma_error(pcb, &save);
	if (w1 == NULL || strcmp(w1, "pragma") != 0)
		dt_cc_error(pcb, D_PRAGCTL_INVAL, pcb->pcb_line, "invalid control directive: #%s", w1 ? w1 : "");
	w2 = strtok_r(NULL, " \t", &save);
	if (w2 != NULL && !strcmp(w2, "error"))
		pragma_error(pcb, &save);
	if (w2 == NULL || strcmp(w2, "D") != 0)
		return; /* non-D pragmas are ignored */
	w3 = strtok_r(NULL, " \t", &save);
	if (w3 != NULL && !strcmp(w3, "error"))
		pragma_error(pcb, &save);
	if (w3 && !strcmp(w3, "option")) {
		char *opt = strtok_r(NULL, " \t", &save), *val;

		if (opt == NULL)
			dt_cc_error(pcb, D_PRAGMA_MALFORM, pcb->pcb_line, "#pragma D option requires an option "
				    "argument");
		/* "nspec=24 * 44": DTrace's pragma takes one token (a comment may follow) */
		if ((val = strtok_r(NULL, " \t", &save)) != NULL && strncmp(val, "/*", 2) != 0 &&
		    strncmp(val, "//", 2) != 0)
			dt_cc_error(pcb, D_PRAGMA_MALFORM, pcb->pcb_line,
				    "#pragma option requires only one argument");
		if ((val = strchr(opt, '=')) != NULL)
			*val++ = '\0';
		if (dtrace_setopt(pcb->pcb_hdl, opt, val) != 0)
			dt_cc_error(pcb, D_PRAGMA_OPTSET, pcb->pcb_line, "failed to set option '%s'%s%s%s: %s",
				    opt, val ? " to '" : "", val ? val : "", val ? "'" : "",
				    dtrace_errmsg(pcb->pcb_hdl, dtrace_errno(pcb->pcb_hdl)));
		return;
	}
	if (w3 && !strcmp(w3, "depends_on")) { /* front/dt_dlib.c */
		char *kind = strtok_r(NULL, " \t", &save);

		dt_dlib_depends(pcb, kind, kind ? strtok_r(NULL, " \t", &save) : NULL);
		return;
	}
	if (w3 && !strcmp(w3, "attributes")) {
		pragma_attributes(pcb, &save);
		return;
	}
	if (w3 && (!strcmp(w3, "binding") ||
		   !strcmp(w3, "error") || !strcmp(w3, "ident") ||
		   !strcmp(w3, "line")))
		return;
	dt_cc_error(pcb, D_PRAGMA_INVAL, pcb->pcb_line, "invalid control directive: #pragma D %s",
		    w3 ? w3 : "");
}

/* Fail if a list of trees is more than DT_MAXTREE deep; without recursion. */
static void tree_depth(dt_pcb_t *pcb, dt_node_t *list)
{
	struct { dt_node_t *n; int d; } *st = NULL;
	int sp = 0, cap = 0;

	for (dt_node_t *n = list; n; n = n->dn_next) {
		if (sp == cap)
			st = dt_realloc(st, sizeof(*st) * (cap = cap ? cap * 2 : 64));
		st[sp].n = n;
		st[sp++].d = 1;
	}
	while (sp > 0) {
		dt_node_t *n = st[--sp].n, *kids[] = { n->dn_left, n->dn_right, n->dn_cond,
							n->dn_else, n->dn_args, n->dn_body };
		int d = st[sp].d;

		if (d > DT_MAXTREE) {
			free(st);
			dt_cc_error(pcb, D_SYNTAX, n->dn_line, "expression too deeply nested");
		}
		/* dn_args and dn_body (kids 4, 5) are lists, the others single nodes */
		for (size_t k = 0; k < sizeof(kids) / sizeof(kids[0]); k++)
			for (dt_node_t *c = kids[k]; c != NULL; c = k >= 4 ? c->dn_next : NULL) {
				if (sp == cap)
					st = dt_realloc(st, sizeof(*st) * (cap *= 2));
				st[sp].n = c;
				st[sp++].d = d + 1;
			}
	}
	free(st);
}

static dt_clause_t *clause(dt_pcb_t *pcb)
{
	dt_clause_t *clp = dt_arena_zalloc(pcb->pcb_arena, sizeof(*clp));
	dt_pdesc_t **tail = &clp->dc_descs;

	clp->dc_line = pcb->pcb_line;
	for (;;) {
		dt_token_t *tok = dt_lex_pdesc(pcb);

		if (tok->tk_strlen == 0)
			syntax_error(pcb, dt_lex_peek(pcb, 0));
		*tail = pdesc_parse(pcb, tok, pcb->pcb_pspec);
		tail = &(*tail)->pd_next;
		dt_lex_skip_ws(pcb);
		if (*pcb->pcb_cur != ',')
			break;
		pcb->pcb_cur++;
	}
	if (*pcb->pcb_cur == '/') {
		pcb->pcb_cur++;
		pcb->pcb_inpred = true;
		pcb->pcb_predsrc = pcb->pcb_cur;
		clp->dc_pred = expr(pcb);
		pcb->pcb_inpred = false;
		pcb->pcb_predsrc = NULL;
		dt_parse_expect(pcb, "/");
		dt_lex_unpeek(pcb);
		dt_lex_skip_ws(pcb);
	}
	if (*pcb->pcb_cur == '{') {
		pcb->pcb_cur++;
		clp->dc_hasbody = true;
		pcb->pcb_clause = true;
		clp->dc_body = stmt_list(pcb);
		pcb->pcb_clause = false;
		dt_parse_expect(pcb, "}");
		dt_lex_unpeek(pcb);
	}
	tree_depth(pcb, clp->dc_pred);
	tree_depth(pcb, clp->dc_body);
	return clp;
}

static bool at_declaration(dt_pcb_t *pcb)
{
	const char *p = pcb->pcb_cur;
	static const char *const kw[] = { "int ", "char ", "short ", "long ", "unsigned ",
					  "signed ", "string ", "self ", "this ", "struct ",
					  "union ", "void ", "uint", "int8_t", "int16_t",
					  "int32_t", "int64_t", "const ", "float ", "double ",
					  "enum ", "typedef ", "inline ", "translator", "extern ",
					  "static ", "register ", "auto ", NULL };

	for (int i = 0; kw[i]; i++)
		if (!strncmp(p, kw[i], strlen(kw[i])))
			return true;
	return false;
}

/*
 * -C: a system header's top-level item that is not a type definition (a
 * function definition or prototype, an extern or static variable) is
 * skipped, as is a typedef of a function type: glibc's headers declare the
 * C library, which a D program cannot call.  A type definition is declared.
 */
static void sysinc_item(dt_pcb_t *pcb)
{
	static const char *const kw[] = { "typedef", "struct", "union", "enum" };
	const char *p = pcb->pcb_cur;
	int flags = dt_lex_c_item(pcb, false);

	for (size_t i = 0; i < sizeof(kw) / sizeof(kw[0]); i++) {
		size_t n = strlen(kw[i]);

		if (!strncmp(p, kw[i], n) && !isalnum((unsigned char)p[n]) && p[n] != '_' &&
		    !(flags & DT_CITEM_PAREN)) {
			dt_parse_decl(pcb);
			return;
		}
	}
	dt_lex_c_item(pcb, true);
}

/* program = (pragma | decl | clause)* */
struct dtrace_prog *dt_parse_program(dt_pcb_t *pcb)
{
	/* a compile's program is made first, its arena holding all this; a library file's is the handle's */
	struct dtrace_prog *pgp = pcb->pcb_prog != NULL ? pcb->pcb_prog
			       : dt_arena_zalloc(pcb->pcb_arena, sizeof(*pgp));
	dt_clause_t **tail = &pgp->dp_clauses;

	pcb->pcb_prog = pgp;
	if (pcb->pcb_cur[0] == '#' && pcb->pcb_cur[1] == '!') {
		while (*pcb->pcb_cur && *pcb->pcb_cur != '\n')
			pcb->pcb_cur++;
	}
	for (;;) {
		/* decide in the outer state: only whitespace may be consumed */
		dt_lex_unpeek(pcb);
		dt_lex_skip_ws(pcb);
		if (*pcb->pcb_cur == '\0')
			break;
		if (*pcb->pcb_cur == '#') {
			pcb->pcb_cur++;
			pragma(pcb);
			continue;
		}
		if (*pcb->pcb_cur == ';') {
			pcb->pcb_cur++;
			continue;
		}
		if (pcb->pcb_sysinc) {
			sysinc_item(pcb);
			continue;
		}
		if (at_declaration(pcb)) {
			dt_parse_decl(pcb);
			continue;
		}
		if (!strncmp(pcb->pcb_cur, "provider", 8) && isspace((unsigned char)pcb->pcb_cur[8])) {
			/* a provider definition (USDT, for dtrace -h): front/dt_pdef.c */
			if (dt_pdef_parse(pcb->pcb_hdl, &pcb->pcb_cur, &pcb->pcb_line) != 0)
				dt_cc_error(pcb, D_SYNTAX, pcb->pcb_line, "%s", pcb->pcb_hdl->dt_errmsg);
			continue;
		}
		*tail = clause(pcb);
		(*tail)->dc_index = pgp->dp_nclauses++;
		tail = &(*tail)->dc_next;
	}
	return pgp;
}
