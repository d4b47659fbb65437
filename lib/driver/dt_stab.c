/*
 * dt_stab.c -- stability attributes of a program, as the Dynamic Tracing
 * Guide's "Stability" chapter computes them (dtrace -v, -x amin).
 *
 * Every clause has, per probe description, the description's attributes
 * (the least stable of those its provider gives the fields it names:
 * prov/dt_provider.c) and statement attributes: the least stable of
 * those of the identifiers and functions its predicate and actions use
 * (the language's table, layout/dt_lang.h; args[] and probeprov..probename are their
 * provider's, as illumos' dt_setcontext() sets them; variables, inlines
 * of the D library and aggregations are Stable/Stable/Common, kernel
 * symbols Private/Private/Unknown, constants the most stable there is;
 * a global or inline of the program those `#pragma D attributes` gave it).
 * A program's are the least stable of its clauses'.
 *
 * The walk is over the clause as written (before cook rewrites inlines
 * and translated arguments), in evaluation order, so that -x amin reports
 * the first identifier below the minimum as illumos' dt_node_attr_assign()
 * does: "attributes for scalar curthread (Stable/Private/Common) are less
 * than predefined minimum".
 */
#include "dt_driver.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#define A(n, d, c) { DTRACE_STABILITY_##n, DTRACE_STABILITY_##d, DTRACE_CLASS_##c }
static const dtrace_attribute_t dt_maxattr = A(STANDARD, STANDARD, COMMON);
static const dtrace_attribute_t dt_defattr = A(STABLE, STABLE, COMMON);
static const dtrace_attribute_t dt_symattr = A(PRIVATE, PRIVATE, UNKNOWN);
#undef A

typedef struct dt_stab {
	dt_pcb_t *st_pcb;
	const dtrace_attribute_t *st_pa; /* the description's provider: prov, mod, func, name, args */
	bool st_check;			  /* -x amin */
	dtrace_attribute_t st_amin;
} dt_stab_t;

/* Is any of a's attributes less than b's? */
static bool attr_less(dtrace_attribute_t a, dtrace_attribute_t b)
{
	return a.dtat_name < b.dtat_name || a.dtat_data < b.dtat_data || a.dtat_class < b.dtat_class;
}

/*
 * An identifier's or function's attributes (with its operands'), held
 * against -x amin.  kind, prefix and suffix make illumos' dt_node_name().
 */
static dtrace_attribute_t ident(dt_stab_t *st, const dt_node_t *dnp, const char *kind,
				const char *prefix, const char *name, const char *suffix,
				dtrace_attribute_t a)
{
	if (st->st_check && attr_less(a, st->st_amin))
		dt_node_error(st->st_pcb, D_ATTR_MIN, dnp,
			      "attributes for %s %s%s%s (%s/%s/%s) are less than predefined minimum",
			      kind, prefix, name, suffix, dtrace_stability_name(a.dtat_name),
			      dtrace_stability_name(a.dtat_data), dtrace_class_name(a.dtat_class));
	return a;
}

static dtrace_attribute_t walk(dt_stab_t *st, dt_node_t *dnp);

static dtrace_attribute_t walk_list(dt_stab_t *st, dt_node_t *dnp)
{
	dtrace_attribute_t a = dt_maxattr;

	for (; dnp != NULL; dnp = dnp->dn_next)
		a = dt_attr_min(a, walk(st, dnp));
	return a;
}

/* A built-in variable: its own attributes, or the provider's. */
static dtrace_attribute_t builtin_attr(dt_stab_t *st, const dt_builtin_var_t *bv)
{
	switch (bv->bv_id) {
	case DT_BV_PROBEPROV: return st->st_pa[0];
	case DT_BV_PROBEMOD: return st->st_pa[1];
	case DT_BV_PROBEFUNC: return st->st_pa[2];
	case DT_BV_PROBENAME: return st->st_pa[3];
	case DT_BV_ARGS: return st->st_pa[4];
	default: return bv->bv_attr;
	}
}

static const dt_builtin_var_t *builtin_var(dt_stab_t *st, const char *name)
{
	const dt_builtin_var_t *bv = dt_builtin_var(name);
	dtrace_hdl_t *dtp = st->st_pcb->pcb_hdl;

	return bv != NULL && dt_builtin_visible(bv->bv_since, dtp->dt_options[DTOPT_VERSION]) ? bv : NULL;
}

/*
 * A global of the program by name: made, or (before cook makes it) the
 * #pragma D attributes waiting for it (front/dt_ident.c).
 */
static dt_ident_t *global(dtrace_hdl_t *dtp, const char *name)
{
	dt_ident_t *idp = dt_ident_lookup(dtp, name, DT_ID_GLOBAL);

	for (dt_ident_t *p = dtp->dt_pragattrs; idp == NULL && p != NULL; p = p->di_next)
		if (strcmp(p->di_name, name) == 0)
			return p;
	return idp;
}

static dtrace_attribute_t var(dt_stab_t *st, dt_node_t *dnp)
{
	dtrace_hdl_t *dtp = st->st_pcb->pcb_hdl;
	const dt_builtin_var_t *bv;
	dt_ident_t *idp;
	dtrace_attribute_t a;

	switch (dnp->dn_op) {
	case '$':
		return dt_maxattr; /* a macro argument: a constant */
	case 's':
		return ident(st, dnp, "scalar", "self->", dnp->dn_name, "", dt_defattr);
	case 't':
		return ident(st, dnp, "scalar", "this->", dnp->dn_name, "", dt_defattr);
	}
	if ((bv = builtin_var(st, dnp->dn_name)) != NULL)
		return ident(st, dnp, bv->bv_id == DT_BV_ARGS || bv->bv_id == DT_BV_UREGS
				      ? "associative array" : "scalar", "", dnp->dn_name, "",
			     builtin_attr(st, bv));
	idp = global(dtp, dnp->dn_name);
	if (idp != NULL && idp->di_kind == DT_ID_INLINE) {
		/* the library's are declared Stable; the program's are their expression's */
		a = dt_defattr;
		if (!idp->di_lib && !idp->di_busy) {
			idp->di_busy++;
			a = dt_attr_min(a, walk(st, idp->di_inline));
			idp->di_busy--;
		}
		return ident(st, dnp, "scalar", "", dnp->dn_name, "",
			     idp->di_hasattr ? idp->di_attr : a);
	}
	if (idp != NULL && idp->di_hasattr) /* #pragma D attributes */
		return ident(st, dnp, "scalar", "", dnp->dn_name, "", idp->di_attr);
	if (idp == NULL && strchr(dnp->dn_name, '`') != NULL)
		return ident(st, dnp, "external symbol reference", "", dnp->dn_name, "", dt_symattr);
	return ident(st, dnp, "scalar", "", dnp->dn_name, "", dt_defattr);
}

static const char *agg_bare(const char *name)
{
	return name[0] == '@' && name[1] != '\0' ? name + 1 : "_";
}

/* a[k], args[n], @a[k], self->a[k] or p[i] */
static dtrace_attribute_t array(dt_stab_t *st, dt_node_t *dnp)
{
	dt_node_t *base = dnp->dn_left;
	dtrace_attribute_t a = walk_list(st, dnp->dn_args);
	const dt_builtin_var_t *bv;
	dt_ident_t *idp;

	if (base->dn_kind == N_AGG)
		return ident(st, base, "aggregation", "@", agg_bare(base->dn_name), "",
			     dt_attr_min(a, dt_defattr));
	if (base->dn_kind != N_VAR || (base->dn_op != 0 && base->dn_op != 's'))
		return dt_attr_min(a, walk(st, base));
	if (base->dn_op == 0 && (bv = builtin_var(st, base->dn_name)) != NULL)
		return ident(st, dnp, "associative array", "", base->dn_name, "",
			     dt_attr_min(a, builtin_attr(st, bv)));
	idp = base->dn_op == 's' ? dt_ident_lookup(st->st_pcb->pcb_hdl, base->dn_name, DT_ID_TLS)
				 : global(st->st_pcb->pcb_hdl, base->dn_name);
	return ident(st, dnp, idp != NULL && idp->di_kind == DT_ID_GLOBAL ? "scalar" : "associative array",
		     base->dn_op == 's' ? "self->" : "", base->dn_name, "",
		     dt_attr_min(a, idp != NULL && idp->di_hasattr ? idp->di_attr : dt_defattr));
}

static dtrace_attribute_t call(dt_stab_t *st, dt_node_t *dnp)
{
	const dt_builtin_fn_t *fn = dt_builtin_fn(dnp->dn_name);
	dtrace_attribute_t a = walk_list(st, dnp->dn_args);
	const char *kind;

	if (fn == NULL)
		return a; /* cook says what is wrong with it */
	switch (fn->bf_kind) {
	case DT_FN_AGG: kind = "aggregating function"; break;
	case DT_FN_SUBR: kind = "function"; break;
	default:
		kind = fn->bf_id == DT_FN_COPYOUT || fn->bf_id == DT_FN_COPYOUTSTR ? "function"
									     : "tracing function";
	}
	return ident(st, dnp, kind, "", fn->bf_name, "( )",
		     dt_attr_min(a, fn->bf_attr));
}

static dtrace_attribute_t walk(dt_stab_t *st, dt_node_t *dnp)
{
	dtrace_attribute_t a = dt_maxattr;

	if (dnp == NULL)
		return a;
	switch (dnp->dn_kind) {
	case N_INT:
	case N_STR:
		return a;
	case N_VAR:
		return var(st, dnp);
	case N_AGG:
		return ident(st, dnp, "aggregation", "@", agg_bare(dnp->dn_name), "", dt_defattr);
	case N_ARRAY:
		return array(st, dnp);
	case N_CALL:
		return call(st, dnp);
	case N_SIZEOF:
		if (dnp->dn_ctype != NULL)
			return a;
		break;
	default:
		break;
	}
	/* operators, casts, members, xlate<>, statements: their operands' */
	a = dt_attr_min(a, walk(st, dnp->dn_cond));
	a = dt_attr_min(a, walk(st, dnp->dn_left));
	a = dt_attr_min(a, walk(st, dnp->dn_right));
	a = dt_attr_min(a, walk_list(st, dnp->dn_args));
	a = dt_attr_min(a, walk_list(st, dnp->dn_body));
	a = dt_attr_min(a, walk_list(st, dnp->dn_else));
	return a;
}

/* A program with clauses starts from the most stable; one without has the defaults. */
void dt_stab_init(dtrace_hdl_t *dtp, dtrace_prog_t *pgp)
{
	(void)dtp;
	pgp->dp_info.dpi_descattr = pgp->dp_clauses != NULL ? dt_maxattr : dt_defattr;
	pgp->dp_info.dpi_stmtattr = pgp->dp_info.dpi_descattr;
}

/* The first probe of the clause (or its variants) that pd matches. */
static const dt_probe_t *first_probe(const dt_clause_t *clp, const dt_pdesc_t *pd)
{
	for (const dt_clause_t *v = clp; v != NULL; v = v->dc_variant)
		for (int i = 0; i < v->dc_nprobes; i++)
			if (dt_probe_matches(v->dc_probes[i], pd))
				return v->dc_probes[i];
	return NULL;
}

/* A clause (matched, not yet cooked), once per description, into the program's attributes. */
void dt_stab_clause(dt_pcb_t *pcb, dtrace_prog_t *pgp, dt_clause_t *clp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_stab_t st = { .st_pcb = pcb };
	const char *amin = dtp->dt_optstr[DTOPT_AMIN];

	st.st_check = amin != NULL && dt_str2attr(amin, &st.st_amin) == 0;
	for (const dt_pdesc_t *pd = clp->dc_descs; pd != NULL; pd = pd->pd_next) {
		dtrace_attribute_t desc, stmt = dt_defattr;

		st.st_pa = dt_pdesc_attr(pd, first_probe(clp, pd), &desc);
		pcb->pcb_region = "predicate";
		stmt = dt_attr_min(stmt, walk(&st, clp->dc_pred));
		pcb->pcb_region = "action list";
		stmt = dt_attr_min(stmt, walk_list(&st, clp->dc_body));
		pcb->pcb_region = NULL;
		pgp->dp_info.dpi_descattr = dt_attr_min(pgp->dp_info.dpi_descattr, desc);
		pgp->dp_info.dpi_stmtattr = dt_attr_min(pgp->dp_info.dpi_stmtattr, stmt);
	}
}
