/*
 * dt_xlate.c -- translators: `translator out < in name > { member = expr; };`
 * declarations, and the lookup and expansion behind xlate<out>(expr).
 *
 *   xlator = "translator" type "<" type ident ">" "{" (ident "=" cond ";")* "}" ";"
 *
 * Translation is lazy, member by member: xlate<psinfo_t *>(p)->pr_pid is
 * the translator's expression for pr_pid with its input name replaced by
 * (in)p, cooked where it is used; members the program does not name are
 * never computed.  A translated struct used whole (not through . or ->) is
 * refused.
 *
 * Translators of the D library (front/dt_dlib.c) are kept as text from
 * "<" to "}" and parsed when an xlate<> first asks for their output type:
 * their input types are kernel types, and naming one opens BTF, which a
 * program that uses no kernel type must not pay for.  A library
 * translator whose input type this kernel does not have is left out.
 */
#include "dt_front.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static dt_type_t *sou_of(dt_type_t *t)
{
	return t->dt_canon->dt_kind == DT_TK_STRUCT || t->dt_canon->dt_kind == DT_TK_UNION ? t : NULL;
}

/* The input type: *typed is set once it is parsed (an error before that: not in this kernel). */
static void parse_rest(dt_pcb_t *pcb, dt_xlator_t *dx, bool *typed)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_xmember_t **tail = &dx->dx_members;
	char b1[128], b2[128];

	dt_parse_expect(pcb, "<");
	dx->dx_itype = dt_parse_type(pcb);
	*typed = true;
	dx->dx_iname = dt_parse_ident(pcb)->tk_str;
	dt_parse_expect(pcb, ">");
	for (dt_xlator_t *o = dtp->dt_xlators; o != NULL; o = o->dx_next)
		if (o != dx && o->dx_state == 1 && dt_type_same(o->dx_otype, dx->dx_otype) &&
		    dt_type_same(o->dx_itype, dx->dx_itype))
			dt_cc_error(pcb, D_XLATE_REDECL, dx->dx_line, "translator from %s to %s has already "
				    "been declared", dt_type_name(dx->dx_itype, b1, sizeof(b1)),
				    dt_type_name(dx->dx_otype, b2, sizeof(b2)));
	dt_parse_expect(pcb, "{");
	while (!dt_tok_is(dt_lex_peek(pcb, 0), "}")) {
		dt_token_t *name = dt_parse_ident(pcb);
		dt_xmember_t *xm;

		if (dt_type_member(dtp, dx->dx_otype, name->tk_str) == NULL)
			dt_cc_error(pcb, D_XLATE_MEMB, name->tk_line, "translator member %s is not a member "
				    "of %s", name->tk_str, dx->dx_otype->dt_name);
		for (xm = dx->dx_members; xm != NULL; xm = xm->xm_next)
			if (!strcmp(xm->xm_name, name->tk_str))
				dt_cc_error(pcb, D_XLATE_MEMB, name->tk_line, "translator member %s is "
					    "defined more than once", name->tk_str);
		dt_parse_expect(pcb, "=");
		xm = dt_arena_zalloc(pcb->pcb_arena, sizeof(*xm));
		xm->xm_name = name->tk_str;
		xm->xm_expr = dt_parse_cond(pcb);
		dt_parse_expect(pcb, ";");
		*tail = xm;
		tail = &xm->xm_next;
	}
	dt_lex_next(pcb);
}

/* After "translator": a declaration, parsed now or (library) kept as text. */
void dt_xlate_decl(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	int line = pcb->pcb_last->tk_line;
	dt_xlator_t *dx = dt_arena_zalloc(pcb->pcb_arena, sizeof(*dx)), **tail;
	bool typed = false;

	dx->dx_otype = dt_parse_type(pcb);
	dx->dx_line = line;
	dx->dx_file = pcb->pcb_filename;
	if (sou_of(dx->dx_otype) == NULL || dx->dx_otype->dt_canon->dt_fwd)
		dt_cc_error(pcb, D_XLATE_SOU, line, "translator output type must be a struct or union");
	if (pcb->pcb_lib) {
		dt_token_t *lt = dt_parse_expect(pcb, "<"), *tok;
		int depth = 0;

		dx->dx_line = lt->tk_line;
		do {
			tok = dt_lex_next(pcb);
			if (tok->tk_kind == TK_EOF)
				dt_parse_syntax_error(pcb, tok);
			if (dt_tok_is(tok, "{"))
				depth++;
			else if (dt_tok_is(tok, "}"))
				depth--;
		} while (!(dt_tok_is(tok, "}") && depth == 0));
		dx->dx_src = dt_arena_strndup(pcb->pcb_arena, lt->tk_loc, (size_t)(tok->tk_loc + tok->tk_len - lt->tk_loc));
	} else {
		parse_rest(pcb, dx, &typed);
		dx->dx_state = 1;
	}
	dt_parse_expect(pcb, ";");
	for (tail = &dtp->dt_xlators; *tail != NULL; tail = &(*tail)->dx_next)
		;
	*tail = dx;
}

/* Parse a library translator kept as text; false if this kernel lacks its input type. */
static void parse_lazy(dt_pcb_t *outer, dt_xlator_t *dx)
{
	dt_pcb_t pcbuf = { 0 }, *pcb = &pcbuf; /* out of memory jumps over this frame */
	bool typed = false;

	pcb->pcb_hdl = outer->pcb_hdl;
	pcb->pcb_arena = &outer->pcb_hdl->dt_arena; /* the translator is the handle's */
	pcb->pcb_src = pcb->pcb_cur = dx->dx_src;
	pcb->pcb_line = dx->dx_line;
	pcb->pcb_filename = dx->dx_file;
	pcb->pcb_lib = true;
	dx->dx_state = -1;
	if (setjmp(pcb->pcb_jmp) != 0) {
		if (typed) { /* an error in the library itself: say where */
			dtrace_hdl_t *dtp = outer->pcb_hdl;
			char msg[sizeof(dtp->dt_errmsg)];

			snprintf(msg, sizeof(msg), "%s", dtp->dt_errmsg);
			dt_set_errmsg(dtp, EDT_COMPILER, "\"%s\", %s", dx->dx_file, msg);
			longjmp(outer->pcb_jmp, 1);
		}
		outer->pcb_hdl->dt_errmsg[0] = '\0';
		return;
	}
	parse_rest(pcb, dx, &typed);
	dx->dx_state = 1;
}

static bool in_compatible(const dt_type_t *want, const dt_type_t *have)
{
	want = want->dt_canon;
	have = have->dt_canon;
	if (dt_type_same(want, have))
		return true;
	if (want->dt_kind == DT_TK_INT && have->dt_kind == DT_TK_INT)
		return true;
	if (want->dt_kind == DT_TK_PTR && have->dt_kind == DT_TK_PTR &&
	    (want->dt_base->dt_canon->dt_kind == DT_TK_VOID ||
	     have->dt_base->dt_canon->dt_kind == DT_TK_VOID))
		return true;
	return false;
}

/* A translator to `out` (a struct or union) from a value of type `in`, or NULL. */
dt_xlator_t *dt_xlate_find(dt_pcb_t *pcb, dt_type_t *out, dt_type_t *in)
{
	for (dt_xlator_t *dx = pcb->pcb_hdl->dt_xlators; dx != NULL; dx = dx->dx_next) {
		if (!dt_type_same(dx->dx_otype, out))
			continue;
		if (dx->dx_state == 0)
			parse_lazy(pcb, dx);
		if (dx->dx_state == 1 && in_compatible(dx->dx_itype, in))
			return dx;
	}
	return NULL;
}

/* Is there a translator (parsed or not) to `out`? */
bool dt_xlate_exists(dtrace_hdl_t *dtp, dt_type_t *out)
{
	for (dt_xlator_t *dx = dtp->dt_xlators; dx != NULL; dx = dx->dx_next)
		if (dx->dx_state >= 0 && dt_type_same(dx->dx_otype, out))
			return true;
	return false;
}

/* Replace the input's name in a (cloned) member expression by (in)input. */
static void subst(dt_pcb_t *pcb, dt_node_t *dnp, const dt_xlator_t *dx, const dt_node_t *input)
{
	for (; dnp != NULL; dnp = dnp->dn_next) {
		if (dnp->dn_kind == N_VAR && dnp->dn_op == 0 && !strcmp(dnp->dn_name, dx->dx_iname)) {
			dt_node_t *in = dt_node_clone(pcb, input), *next = dnp->dn_next;

			if (dx->dx_itype == NULL) { /* the input itself */
				*dnp = *in;
				dnp->dn_next = next;
				continue;
			}
			dnp->dn_kind = N_CAST;
			dnp->dn_ctype = dx->dx_itype;
			dnp->dn_left = in;
			dnp->dn_name = NULL;
			continue;
		}
		subst(pcb, dnp->dn_left, dx, input);
		subst(pcb, dnp->dn_right, dx, input);
		subst(pcb, dnp->dn_cond, dx, input);
		subst(pcb, dnp->dn_args, dx, input);
		subst(pcb, dnp->dn_body, dx, input);
		subst(pcb, dnp->dn_else, dx, input);
	}
}

/*
 * Replace identifier name in a (cloned, uncooked) expression by value, cast
 * to type: an inline's parameter by its argument (front/dt_cook.c).
 */
void dt_xlate_subst(dt_pcb_t *pcb, dt_node_t *dnp, const char *name, dt_type_t *type,
		    const dt_node_t *value)
{
	dt_xlator_t dx = { .dx_iname = name, .dx_itype = type };

	subst(pcb, dnp, &dx, value);
}

/*
 * The expression for member memb->dn_name of the cooked xlate<> xl: the
 * translator's, uncooked, over xl's input.
 */
dt_node_t *dt_xlate_member(dt_pcb_t *pcb, const dt_node_t *xl, const dt_node_t *memb)
{
	const dt_xlator_t *dx = xl->dn_xlator;
	dt_node_t *e;

	for (const dt_xmember_t *xm = dx->dx_members; xm != NULL; xm = xm->xm_next) {
		if (strcmp(xm->xm_name, memb->dn_name) != 0)
			continue;
		e = dt_node_clone(pcb, xm->xm_expr);
		subst(pcb, e, dx, xl->dn_right);
		return e;
	}
	if (dt_type_member(pcb->pcb_hdl, dx->dx_otype, memb->dn_name) == NULL)
		dt_node_error(pcb, D_TYPE_MEMBER, memb, "%s is not a member of %s", memb->dn_name,
			      dx->dx_otype->dt_name);
	dt_node_error(pcb, D_XLATE_NOCONV, memb, "translator does not define conversion for member: %s",
		      memb->dn_name);
}

/* After cook: an xlate<> left whole (not under . or ->) is refused. */
void dt_xlate_check(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	for (; dnp != NULL; dnp = dnp->dn_next) {
		if (dnp->dn_kind == N_XLATE && dnp->dn_type != NULL) /* uncooked: a kept copy */
			dt_node_error(pcb, D_XLATE_NONE, dnp, "translation of a whole %s is not supported: "
				      "use its members (xlate<>( ).member or ->member)",
				      sou_of(dnp->dn_type) ? dnp->dn_type->dt_name
							  : dnp->dn_type->dt_base->dt_name);
		dt_xlate_check(pcb, dnp->dn_left);
		dt_xlate_check(pcb, dnp->dn_right);
		dt_xlate_check(pcb, dnp->dn_cond);
		dt_xlate_check(pcb, dnp->dn_args);
		dt_xlate_check(pcb, dnp->dn_body);
		dt_xlate_check(pcb, dnp->dn_else);
	}
}

/*
 * A provider's argument computed by a D expression over the native
 * argument, named A (prov/dt_tpprov.h's ta_xexpr): the expression, uncooked.
 */
dt_node_t *dt_xlate_argexpr(dt_pcb_t *outer, const char *text, const dt_node_t *native)
{
	dt_pcb_t pcbuf = { 0 }, *pcb = &pcbuf; /* out of memory jumps over this frame */
	dt_xlator_t dx = { .dx_iname = "A" };
	dt_node_t *e;

	pcb->pcb_hdl = outer->pcb_hdl;
	pcb->pcb_arena = outer->pcb_arena;
	pcb->pcb_src = pcb->pcb_cur = text;
	pcb->pcb_line = outer->pcb_line;
	if (setjmp(pcb->pcb_jmp) != 0) {
		longjmp(outer->pcb_jmp, 1);
	}
	e = dt_parse_cond(pcb);
	/* A is the native argument itself, of its own type: no cast */
	subst(pcb, e, &dx, native);
	return e;
}

/* args[i] in a provider's condition: the native argument (dn_op 'n'). */
static void natives(dt_node_t *dnp)
{
	for (; dnp != NULL; dnp = dnp->dn_next) {
		if (dnp->dn_kind == N_ARRAY && dnp->dn_left->dn_kind == N_VAR &&
		    dnp->dn_left->dn_op == 0 && !strcmp(dnp->dn_left->dn_name, "args"))
			dnp->dn_op = 'n';
		natives(dnp->dn_left);
		natives(dnp->dn_right);
		natives(dnp->dn_cond);
		natives(dnp->dn_args);
		natives(dnp->dn_body);
		natives(dnp->dn_else);
	}
}

/*
 * A provider's condition on its probe (dt_probe_t's pr_pred, tcp:::send:
 * the packet is TCP's), over the native arguments written args[i]: the
 * expression, uncooked, at the clause's line.
 */
dt_node_t *dt_xlate_probepred(dt_pcb_t *outer, const char *text, int line)
{
	dt_pcb_t pcbuf = { 0 }, *pcb = &pcbuf; /* out of memory jumps over this frame */
	dt_node_t *e;

	pcb->pcb_hdl = outer->pcb_hdl;
	pcb->pcb_arena = outer->pcb_arena;
	pcb->pcb_src = pcb->pcb_cur = text;
	pcb->pcb_line = line;
	if (setjmp(pcb->pcb_jmp) != 0) {
		longjmp(outer->pcb_jmp, 1);
	}
	e = dt_parse_cond(pcb);
	natives(e);
	return e;
}
