/*
 * dt_decl.c -- D declarations: variables (global, self->, this->, scalar
 * arrays, associative arrays), typedef, struct/union/enum definitions and
 * inlines.  The types themselves are made by types/dt_decl.c.
 *
 *   decl       = "inline" type ident [ "[" type ident { "," type ident } "]" ]
 *                    "=" assign ";"
 *              | class? type class? (declarator ("," declarator)*)? ";"
 *   class      = "typedef" | "extern" | "static" | "register" | "auto"
 *              | "self" | "this"
 *   declarator = "*"* ident ("[" (const | key ("," key)*) "]")*
 *              | "*"* ident "(" [ param ("," param)* ("," "...")? ] ")"
 *   param      = class? type "*"* ident? | "..."
 *   key        = class? type
 *
 * Storage classes as illumos' grammar and dt_decl_class(): one per
 * declaration ("only one storage class allowed in a declaration",
 * D_DECL_CLASS), before or after the type; self and this only where D
 * declares variables, not for parameters, which take none or register
 * (D_DECL_PARMCLASS).  static, register and auto declare nothing in D
 * (D_DECL_BADCLASS, "specified storage class not appropriate in D"),
 * except that a static function prototype is an extern one, as in illumos'
 * dt_node_decl(); a declaration with no name that is no struct, union or
 * enum definition is "useless" (D_DECL_USELESS), whatever its class.
 *   tagged     = ("struct" | "union") ident? ("{" (type mdecl ("," mdecl)* ";")* "}")?
 *              | "enum" ident? ("{" ident ("=" const)? ("," ident ("=" const)?)* ","? "}")?
 *   mdecl      = "*"* ident? ("[" const "]")* (":" const)?
 */
#include "dt_front.h"

#include <stdio.h>
#include <string.h>

/* A typedef that names the type its name already has (<stdint.h>'s int8_t
 * under -C) is no redeclaration, as in C and DTrace. */
static bool same_typedef(const dt_type_t *old, const dt_type_t *t)
{
	if (old == NULL || old->dt_kind != t->dt_kind || old->dt_size != t->dt_size)
		return false;
	if (old->dt_kind == DT_TK_INT)
		return old->dt_signed == t->dt_signed;
	return old->dt_canon == t->dt_canon;
}

/* ------------------------------------------------------------ constants */

static int64_t fold(dt_pcb_t *pcb, dt_node_t *dnp)
{
	int64_t l, r, v;
	dt_type_t *t;

	switch (dnp->dn_kind) {
	case N_INT:
		return dnp->dn_val;
	case N_VAR:
		if (dnp->dn_op == 0 && dt_type_enumer(pcb->pcb_hdl, dnp->dn_name, &v, &t))
			return v;
		break;
	case N_SIZEOF:
		if (dnp->dn_ctype != NULL)
			return dnp->dn_ctype->dt_canon->dt_size;
		break;
	case N_CAST:
		return fold(pcb, dnp->dn_left);
	case N_UNARY:
		l = fold(pcb, dnp->dn_left);
		switch (dnp->dn_op) {
		case OP_NEG: return (int64_t)(0 - (uint64_t)l);
		case OP_PLUS: return l;
		case '~': return ~l;
		case '!': return !l;
		}
		break;
	case N_BINARY:
		l = fold(pcb, dnp->dn_left);
		r = fold(pcb, dnp->dn_right);
		switch (dnp->dn_op) {
		case '+': return (int64_t)((uint64_t)l + (uint64_t)r);
		case '-': return (int64_t)((uint64_t)l - (uint64_t)r);
		case '*': return (int64_t)((uint64_t)l * (uint64_t)r);
		case '/':
		case '%':
			if (r == 0)
				dt_cc_error(pcb, D_DIV_ZERO, dnp->dn_line, "expression contains division by zero");
			if (r == -1)
				return dnp->dn_op == '/' ? (int64_t)(0 - (uint64_t)l) : 0;
			return dnp->dn_op == '/' ? l / r : l % r;
		case OP_SHL: return (int64_t)((uint64_t)l << (r & 63));
		case OP_SHR: return l >> (r & 63);
		case '&': return l & r;
		case '|': return l | r;
		case '^': return l ^ r;
		case OP_EQ: return l == r;
		case OP_NE: return l != r;
		case '<': return l < r;
		case '>': return l > r;
		case OP_LE: return l <= r;
		case OP_GE: return l >= r;
		}
		break;
	default:
		break;
	}
	dt_cc_error(pcb, D_DECL_ARRSUB, dnp->dn_line, "integer constant expression required");
}

static int64_t const_expr(dt_pcb_t *pcb)
{
	return fold(pcb, dt_parse_cond(pcb));
}

/* ------------------------------------------------------------ struct, union, enum */

static void sou_body(dt_pcb_t *pcb, dt_type_t *t)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	while (!dt_parse_consume(pcb, "}")) {
		dt_type_t *base;

		if (dt_lex_peek(pcb, 0)->tk_kind == TK_EOF)
			dt_parse_syntax_error(pcb, dt_lex_peek(pcb, 0));
		base = dt_parse_type(pcb);
		if (dt_parse_at(pcb, ";")) {
			/* an anonymous struct or union member */
			if (base->dt_kind != DT_TK_STRUCT && base->dt_kind != DT_TK_UNION)
				dt_parse_syntax_error(pcb, dt_lex_peek(pcb, 0));
			dt_decl_member(dtp, t, NULL, base, 0);
		} else {
			do {
				dt_type_t *mt = base;
				const char *name = NULL;
				int line = dt_lex_peek(pcb, 0)->tk_line, bits = 0;
				int64_t dims[8];
				int nd = 0;

				while (dt_parse_consume(pcb, "*"))
					mt = dt_type_ptr(dtp, mt);
				if (dt_lex_peek(pcb, 0)->tk_kind == TK_IDENT)
					name = dt_parse_ident(pcb)->tk_str;
				while (dt_parse_consume(pcb, "[")) {
					int64_t n = const_expr(pcb);

					if (n <= 0 || n > 1 << 20 || nd == 8)
						dt_cc_error(pcb, D_DECL_ARRSUB, line, "array dimension must be a positive integer constant");
					dims[nd++] = n;
					dt_parse_expect(pcb, "]");
				}
				while (nd > 0)
					mt = dt_type_array(dtp, mt, (int)dims[--nd]);
				if (dt_parse_consume(pcb, ":")) {
					int64_t b = const_expr(pcb);

					/* illumos' checks and texts (its dt_decl_member) */
					if (b < 0 || (b == 0 && name != NULL))
						dt_cc_error(pcb, D_DECL_BFCONST, line, "positive integral constant "
							    "expression expected as bit-field size");
					if (!dt_type_is_int(mt))
						dt_cc_error(pcb, D_DECL_BFTYPE, line, "invalid type for bit-field: %s",
							    name ? name : "(anon)");
					if (b > mt->dt_size * 8)
						dt_cc_error(pcb, D_DECL_BFSIZE, line, "bit-field too big for type: %s",
							    name ? name : "(anon)");
					bits = (int)b;
				}
				if (mt->dt_canon->dt_fwd)
					dt_cc_error(pcb, D_DECL_INCOMPLETE, line, "incomplete struct/union/enum %s: %s",
						    mt->dt_name, name ? name : "(anon)");
				if (mt->dt_kind == DT_TK_VOID || mt->dt_kind == DT_TK_FUNC)
					dt_cc_error(pcb, D_DECL_VOIDOBJ, line, "cannot have void member: %s",
						    name ? name : "(anon)");
				/* a string member: strsize bytes, as Oracle's DTrace keeps it */
				if (name == NULL && bits == 0)
					dt_parse_syntax_error(pcb, dt_lex_peek(pcb, 0));
				if (dt_decl_member(dtp, t, name, mt, bits) != 0)
					dt_cc_error(pcb, D_DECL_IDRED, line, "member %s redeclared in %s", name,
						    t->dt_name);
			} while (dt_parse_consume(pcb, ","));
		}
		dt_parse_expect(pcb, ";");
	}
	dt_decl_sou_end(dtp, t);
}

static void enum_body(dt_pcb_t *pcb, dt_type_t *t)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	int64_t next = 0;

	do {
		dt_token_t *name;
		int64_t v;

		if (dt_parse_at(pcb, "}"))
			break;
		name = dt_parse_ident(pcb);
		v = next;
		if (dt_parse_consume(pcb, "="))
			v = const_expr(pcb);
		if (v < INT32_MIN || v > INT32_MAX)
			dt_cc_error(pcb, D_DECL_ENOFLOW, name->tk_line, "enumerator '%s' value overflows INT_MAX (%d)",
				    name->tk_str, INT32_MAX);
		if (pcb->pcb_sysinc && dt_ident_lookup(dtp, name->tk_str, DT_ID_GLOBAL) != NULL)
			; /* -C: a system header's constant that D has: D's stands */
		else if (dt_ident_lookup(dtp, name->tk_str, DT_ID_GLOBAL) != NULL ||
			 dt_decl_enumer(dtp, t, name->tk_str, v) != 0)
			dt_cc_error(pcb, D_DECL_IDRED, name->tk_line, "identifier redeclared: %s", name->tk_str);
		next = v + 1;
	} while (dt_parse_consume(pcb, ","));
	dt_parse_expect(pcb, "}");
	dt_decl_enum_end(dtp, t);
}

/* "struct" / "union" / "enum" at the lookahead: a reference or a definition. */
dt_type_t *dt_decl_tagged(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_token_t *kw = dt_lex_next(pcb), *name = NULL;
	const char *k = dt_tok_is(kw, "struct") ? "struct" : dt_tok_is(kw, "union") ? "union" : "enum";
	dt_type_t *t;

	if (dt_lex_peek(pcb, 0)->tk_kind == TK_IDENT)
		name = dt_parse_ident(pcb);
	if (dt_parse_at(pcb, "{") && pcb->pcb_sysinc && name != NULL &&
	    (t = dt_type_tagged(dtp, NULL, k, name->tk_str)) != NULL && !t->dt_canon->dt_fwd) {
		/* -C: a system header's definition of a type D has: D's stands */
		int depth = 0;

		do {
			dt_token_t *tok = dt_lex_next(pcb);

			if (tok->tk_kind == TK_EOF)
				dt_parse_syntax_error(pcb, tok);
			depth += dt_tok_is(tok, "{") - dt_tok_is(tok, "}");
		} while (depth > 0);
		return t;
	}
	if (dt_parse_at(pcb, "{")) {
		int line = dt_lex_peek(pcb, 0)->tk_line;

		dt_lex_next(pcb);
		t = k[0] == 'e' ? dt_decl_enum(dtp, name ? name->tk_str : NULL)
				: dt_decl_sou(dtp, name ? name->tk_str : NULL, k[0] == 'u');
		if (!t->dt_canon->dt_fwd || t->dt_btfobj != NULL)
			dt_cc_error(pcb, D_DECL_TYPERED, line, "type redeclared: %s", t->dt_name);
		if (k[0] == 'e')
			enum_body(pcb, t);
		else
			sou_body(pcb, t);
		return t;
	}
	if (name == NULL)
		dt_parse_syntax_error(pcb, dt_lex_peek(pcb, 0));
	t = dt_type_tagged(dtp, NULL, k, name->tk_str);
	if (t == NULL && (dt_parse_at(pcb, ";") || pcb->pcb_sysinc) && k[0] != 'e')
		t = dt_decl_sou(dtp, name->tk_str, k[0] == 'u'); /* forward declaration */
	if (t == NULL)
		dt_cc_error(pcb, D_DECL_TYPERED, name->tk_line, "%s %s is not defined", k, name->tk_str);
	return t;
}

/* ------------------------------------------------------------ declarations */

/* Storage classes (illumos' dt_dclass_t); self and this only in D declarations. */
enum { DC_DEFAULT, DC_AUTO, DC_REGISTER, DC_STATIC, DC_EXTERN, DC_TYPEDEF, DC_SELF, DC_THIS, DC_N };

static const char *const dt_dclasses[DC_N] = {
	[DC_AUTO] = "auto",	  [DC_REGISTER] = "register", [DC_STATIC] = "static",
	[DC_EXTERN] = "extern",	  [DC_TYPEDEF] = "typedef",   [DC_SELF] = "self",
	[DC_THIS] = "this",
};

/* The class keywords at the cursor (d: self and this too), after cls, one at most. */
static int decl_class(dt_pcb_t *pcb, bool d, int cls)
{
	for (int c = DC_AUTO; c < (d ? DC_N : DC_SELF); c++) {
		int line = dt_lex_peek(pcb, 0)->tk_line;

		if (!dt_parse_consume(pcb, dt_dclasses[c]))
			continue;
		if (cls != DC_DEFAULT)
			dt_cc_error(pcb, D_DECL_CLASS, line, "only one storage class allowed in a declaration");
		cls = c;
		c = DC_DEFAULT; /* again from the first: "static extern" */
	}
	return cls;
}

/* A parameter's or key's class: none or register (illumos' dt_decl_pop_param()). */
static void param_class(dt_pcb_t *pcb)
{
	int line = dt_lex_peek(pcb, 0)->tk_line;
	int cls = decl_class(pcb, false, DC_DEFAULT);

	if (cls != DC_DEFAULT)
		cls = decl_class(pcb, true, cls); /* "register self": two */
	if (cls != DC_DEFAULT && cls != DC_REGISTER)
		dt_cc_error(pcb, D_DECL_PARMCLASS, line, "inappropriate storage class for function or "
			    "associative array parameter");
}

/* Whether a C storage class keyword is next (a key list, not a dimension). */
static bool at_class(dt_pcb_t *pcb)
{
	for (int c = DC_AUTO; c < DC_SELF; c++)
		if (dt_parse_at(pcb, dt_dclasses[c]))
			return true;
	return false;
}

static void variable(dt_pcb_t *pcb, dt_idkind_t kind, dt_type_t *vt, dt_token_t *name)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_ident_t *idp;

	idp = dt_ident_lookup(dtp, name->tk_str, kind);
	if ((idp != NULL && idp->di_declared) ||
	    (kind == DT_ID_GLOBAL && dt_builtin_var(name->tk_str) != NULL))
		dt_cc_error(pcb, D_DECL_IDRED, name->tk_line, "identifier redeclared: %s", name->tk_str);
	if (vt->dt_kind == DT_TK_VOID)
		dt_cc_error(pcb, D_DECL_VOIDOBJ, name->tk_line, "cannot declare %s of type void", name->tk_str);
	/* float, double: kept and printed (%e %f %g), no arithmetic, as in DTrace */
	if (vt->dt_canon->dt_fwd)
		dt_cc_error(pcb, D_DECL_INCOMPLETE, name->tk_line, "incomplete struct/union/enum %s: %s",
			    vt->dt_name, name->tk_str);
	if (idp == NULL)
		idp = dt_ident_create(dtp, name->tk_str, kind);
	idp->di_type = vt;
	idp->di_declared = true;
	if (dt_parse_consume(pcb, "[")) {
		int n = 0;

		if (!dt_parse_starts_type(pcb, 0) && !at_class(pcb) && !dt_parse_at(pcb, "]")) {
			/* a scalar array: int a[5] */
			int64_t len = const_expr(pcb);

			if (len <= 0 || len > 1 << 20)
				dt_cc_error(pcb, D_DECL_ARRSUB, name->tk_line, "array dimension must be a positive "
					    "integer constant");
			dt_parse_expect(pcb, "]");
			if (!dt_type_is_scalar(vt))
				dt_cc_error(pcb, D_DECL_ARRSUB, name->tk_line, "scalar array %s must have elements "
					    "of integer or pointer type", name->tk_str);
			if (kind == DT_ID_TLS)
				dt_cc_error(pcb, D_DECL_ARRNULL, name->tk_line, "scalar arrays may not be declared "
					    "thread-local: self->%s", name->tk_str);
			idp->di_type = dt_type_array(dtp, vt, (int)len);
			return;
		}
		idp->di_kind = kind == DT_ID_TLS ? DT_ID_TARRAY : DT_ID_GARRAY;
		if (kind == DT_ID_LOCAL)
			dt_cc_error(pcb, D_DECL_LOCASSC, name->tk_line, "associative arrays may not be declared as "
				    "local variables: this->%s", name->tk_str);
		idp->di_keys = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_type_t *) * 16);
		if (dt_parse_at(pcb, "]"))
			dt_cc_error(pcb, D_DECL_ARRNULL, name->tk_line, "array declaration requires key types");
		do {
			dt_type_t *kt;

			param_class(pcb);
			kt = dt_parse_type(pcb);

			idp->di_keys[n++] = kt->dt_kind == DT_TK_INT && kt->dt_size < 8
						    ? dt_type_int(dtp, 8, true) : kt;
		} while (dt_parse_consume(pcb, ",") && n < 16);
		idp->di_nkeys = n;
		dt_parse_expect(pcb, "]");
	}
}

/*
 * inline: no storage class ("specified storage class not appropriate for
 * inline declaration", as illumos' dt_node_inline()), parameters none but
 * register, as any parameter.
 */
static void inline_decl(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	int line = dt_lex_peek(pcb, 0)->tk_line;
	int cls = decl_class(pcb, true, DC_DEFAULT);
	dt_type_t *t = dt_parse_type(pcb);
	dt_token_t *name;
	dt_ident_t *idp;

	cls = decl_class(pcb, true, cls);
	while (dt_parse_consume(pcb, "*"))
		t = dt_type_ptr(dtp, t);
	if (cls != DC_DEFAULT)
		dt_cc_error(pcb, D_DECL_BADCLASS, line,
			    "specified storage class not appropriate for inline declaration");
	name = dt_parse_ident(pcb);
	if (dt_ident_lookup(dtp, name->tk_str, DT_ID_GLOBAL) != NULL ||
	    dt_builtin_var(name->tk_str) != NULL)
		dt_cc_error(pcb, D_DECL_IDRED, name->tk_line, "identifier redeclared: %s", name->tk_str);
	idp = dt_ident_create(dtp, name->tk_str, DT_ID_INLINE);
	if (dt_parse_consume(pcb, "[")) {
		/* parameters: inline fileinfo_t fds[int fd] = ...; */
		int n = 0;

		idp->di_keys = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_type_t *) * DT_INLINE_MAXPARAMS);
		idp->di_pnames = dt_arena_zalloc(&dtp->dt_arena, sizeof(char *) * DT_INLINE_MAXPARAMS);
		do {
			dt_type_t *pt;

			param_class(pcb);
			pt = dt_parse_type(pcb);
			while (dt_parse_consume(pcb, "*"))
				pt = dt_type_ptr(dtp, pt);
			if (n == DT_INLINE_MAXPARAMS)
				dt_cc_error(pcb, D_DECL_ARRSUB, name->tk_line,
					    "inline %s has more than %d parameters", name->tk_str,
					    DT_INLINE_MAXPARAMS);
			idp->di_keys[n] = pt;
			idp->di_pnames[n++] = dt_parse_ident(pcb)->tk_str;
		} while (dt_parse_consume(pcb, ","));
		idp->di_nkeys = n;
		dt_parse_expect(pcb, "]");
	}
	dt_parse_expect(pcb, "=");
	idp->di_type = t;
	idp->di_declared = true;
	idp->di_lib = pcb->pcb_lib; /* its attributes are the library's (driver/dt_stab.c) */
	if (dt_lex_peek(pcb, 0)->tk_kind == TK_INT && dt_tok_is(dt_lex_peek(pcb, 1), ";")) {
		/* a constant, as most of the D library's: no need for the expression parser */
		dt_token_t *tok = dt_lex_next(pcb);

		idp->di_inline = dt_node_new(pcb, N_INT, tok);
		idp->di_inline->dn_val = (int64_t)tok->tk_val;
	} else {
		idp->di_inline = dt_parse_assign(pcb);
	}
	idp->di_line = name->tk_line;
	dt_parse_expect(pcb, ";");
}

/*
 * A function declarator's parameter list, read and checked as types.  D
 * programs call no functions of their own: as illumos' dt_node_decl()
 * makes a prototype an extern of function type in its D module, which
 * nothing can call ("undefined function name"), the declaration declares
 * nothing a clause can use.
 */
static void params(dt_pcb_t *pcb)
{
	dt_parse_expect(pcb, "(");
	if (dt_parse_consume(pcb, ")"))
		return;
	do {
		if (dt_parse_consume(pcb, "..."))
			break;
		param_class(pcb);
		(void)dt_parse_type(pcb);
		while (dt_parse_consume(pcb, "*"))
			continue;
		if (dt_lex_peek(pcb, 0)->tk_kind == TK_IDENT)
			(void)dt_parse_ident(pcb);
		while (dt_parse_consume(pcb, "[")) {
			if (!dt_parse_at(pcb, "]"))
				(void)const_expr(pcb);
			dt_parse_expect(pcb, "]");
		}
	} while (dt_parse_consume(pcb, ","));
	dt_parse_expect(pcb, ")");
}

void dt_parse_decl(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_idkind_t kind;
	bool is_typedef, is_extern;
	dt_type_t *t;
	int cls;

	if (pcb->pcb_prog != NULL && (dt_parse_at(pcb, "inline") || dt_parse_at(pcb, "translator")))
		pcb->pcb_prog->dp_declares = true; /* its trees are the handle's (core/dt_arena.c) */
	if (dt_parse_consume(pcb, "inline")) {
		inline_decl(pcb);
		return;
	}
	if (dt_parse_consume(pcb, "translator")) {
		dt_xlate_decl(pcb); /* front/dt_xlate.c */
		return;
	}
	cls = decl_class(pcb, true, DC_DEFAULT);
	/* "self x;", "static x;": no type is int, as in C's (and DTrace's) declarations */
	if (cls != DC_DEFAULT && dt_lex_peek(pcb, 0)->tk_kind == TK_IDENT && !dt_parse_starts_type(pcb, 0))
		t = dt_type_int(dtp, 4, true);
	else
		t = dt_parse_type(pcb);
	cls = decl_class(pcb, true, cls); /* "int static x;" */
	is_typedef = cls == DC_TYPEDEF;
	is_extern = cls == DC_EXTERN;
	kind = cls == DC_SELF ? DT_ID_TLS : cls == DC_THIS ? DT_ID_LOCAL : DT_ID_GLOBAL;
	if (dt_parse_at(pcb, ";")) {
		/* in a clause (where illumos has no declarations), a syntax error as before */
		if (t->dt_kind != DT_TK_STRUCT && t->dt_kind != DT_TK_UNION && !t->dt_isenum &&
		    pcb->pcb_clause)
			dt_parse_syntax_error(pcb, dt_lex_peek(pcb, 0));
		if (t->dt_kind != DT_TK_STRUCT && t->dt_kind != DT_TK_UNION && !t->dt_isenum)
			dt_cc_error(pcb, D_DECL_USELESS, dt_lex_peek(pcb, 0)->tk_line, "useless declaration");
		dt_parse_expect(pcb, ";");
		return; /* a struct, union or enum definition or forward declaration */
	}
	do {
		dt_type_t *vt = t;
		dt_token_t *name;

		while (dt_parse_consume(pcb, "*"))
			vt = dt_type_ptr(dtp, vt);
		name = dt_parse_ident(pcb);
		if (!is_typedef && dt_parse_at(pcb, "(")) { /* int f(int); a prototype */
			params(pcb);
			/* static: an extern prototype, as in illumos; auto and register: not in D */
			if (cls == DC_AUTO || cls == DC_REGISTER)
				dt_cc_error(pcb, D_DECL_BADCLASS, name->tk_line,
					    "specified storage class not appropriate in D");
			continue;
		}
		if (cls == DC_AUTO || cls == DC_REGISTER || cls == DC_STATIC)
			dt_cc_error(pcb, D_DECL_BADCLASS, name->tk_line,
				    "specified storage class not appropriate in D");
		if (is_extern) /* illumos makes it a symbol of its D module, without an address */
			dt_cc_error(pcb, D_DECL_BADCLASS, name->tk_line,
				    "extern declaration of an object is not supported: %s", name->tk_str);
		if (is_typedef) {
			int64_t dims[8];
			int nd = 0;

			while (dt_parse_consume(pcb, "[")) {
				int64_t n = const_expr(pcb);

				if (n <= 0 || n > 1 << 20 || nd == 8)
					dt_cc_error(pcb, D_DECL_ARRSUB, name->tk_line, "array dimension must be a "
						    "positive integer constant");
				dims[nd++] = n;
				dt_parse_expect(pcb, "]");
			}
			while (nd > 0)
				vt = dt_type_array(dtp, vt, (int)dims[--nd]);
			if (pcb->pcb_sysinc && dt_type_lookup(dtp, name->tk_str) != NULL)
				continue; /* -C: a system header's typedef of a name D has */
			if (dt_ident_lookup(dtp, name->tk_str, DT_ID_GLOBAL) != NULL ||
			    (!same_typedef(pcb->pcb_lib ? dt_type_lookup_builtin(dtp, name->tk_str)
							: dt_type_lookup(dtp, name->tk_str), vt) &&
			     dt_decl_typedef(dtp, name->tk_str, vt) != 0))
				dt_cc_error(pcb, D_DECL_TYPERED, name->tk_line, "type redeclared: %s", name->tk_str);
			continue;
		}
		variable(pcb, kind, vt, name);
	} while (dt_parse_consume(pcb, ","));
	dt_parse_expect(pcb, ";");
}
