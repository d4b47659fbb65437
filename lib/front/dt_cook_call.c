/*
 * dt_cook_call.c -- cooking calls: every call gets the checks common to all
 * (arity, kind, prototype) and then its row's cook hook (layout/dt_lang.h:
 * cook_fn_<hook>); printf()'s and printa()'s formats checked against their
 * arguments (layout/dt_printf.c); the order rules of speculations and
 * data; aggregations: their functions' parameters, keys and
 * redefinitions.  The rest of the pass is dt_cook.c.
 */
#include "dt_cook.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ calls */

static int argcount(const dt_node_t *args)
{
	int n = 0;

	for (; args; args = args->dn_next)
		n++;
	return n;
}

static void need_int(dt_cookctx_t *cc, dt_node_t *call, dt_node_t *arg, int n)
{
	if (!dt_type_is_scalar(arg->dn_type))
		dt_cook_err(cc, D_PROTO_ARG, arg, "%s( ) argument #%d is incompatible with prototype:\n"
			      "\tprototype: int64_t\n\t argument: %s",
		     call->dn_name, n, dt_cook_tname(arg->dn_type));
}

/* What kind of printf argument a value of type t is (layout/dt_printf.c checks). */
static unsigned pf_type_accepts(const dt_type_t *t)
{
	if (t == NULL)
		return 0;
	switch (t->dt_kind) {
	case DT_TK_INT:
		return DT_PF_A_INT;
	case DT_TK_PTR:
		return DT_PF_A_PTR;
	case DT_TK_STRING:
		return DT_PF_A_STR;
	case DT_TK_FLOAT:
		return DT_PF_A_FP;
	case DT_TK_ARRAY:
		switch (t->dt_rec) {
		case DT_ACT_SYM:
		case DT_ACT_MOD:
		case DT_ACT_USYM:
		case DT_ACT_UMOD:
		case DT_ACT_UADDR:
			/* a symbol key (DTrace's _symaddr, _usymaddr): its text, also by %a, %A */
			return DT_PF_A_STR | DT_PF_A_PTR;
		default:
			break;
		}
		if (t->dt_rec != 0 || (t->dt_base != NULL && t->dt_base->dt_kind == DT_TK_INT &&
				       t->dt_base->dt_size == 1))
			return DT_PF_A_STR; /* a stack key, a char array: its text (%k, %s) */
		return 0;
	default:
		return 0;
	}
}

static const char *pf_type_name(const dt_type_t *t)
{
	static const char *const kinds[] = {
		[DT_TK_VOID] = "void",	    [DT_TK_INT] = "int",
		[DT_TK_PTR] = "pointer",    [DT_TK_STRING] = "string",
		[DT_TK_ARRAY] = "array",    [DT_TK_STRUCT] = "struct",
		[DT_TK_UNION] = "union",    [DT_TK_FUNC] = "function",
	};

	if (t == NULL)
		return "void";
	if (t->dt_name != NULL)
		return t->dt_name;
	if ((unsigned)t->dt_kind < sizeof(kinds) / sizeof(kinds[0]))
		return kinds[t->dt_kind];
	return "unknown";
}

static dt_pfargtype_t pf_argtype(const dt_type_t *t)
{
	return (dt_pfargtype_t){ pf_type_accepts(t), pf_type_name(t), false };
}

static void cook_printf(dt_cookctx_t *cc, dt_node_t *dnp, dt_node_t *fmt, dt_node_t *rest)
{
	dt_pfargtype_t types[64];
	char err[512];
	int n = 0;

	if (fmt->dn_kind != N_STR)
		dt_cook_err(cc, D_PRINTF_ARG_FMT, dnp, "%s( ) argument #1 is incompatible with prototype:\n"
			      "\tprototype: string constant\n\t argument: %s",
		     dnp->dn_name, dt_cook_tname(fmt->dn_type));
	if (fmt->dn_str[0] == '\0' && dnp->dn_builtin == DT_FN_PRINTF) /* freopen("") is stdout */
		dt_cook_err(cc, D_PRINTF_FMT_EMPTY, dnp, "%s( ) format string is empty", dnp->dn_name);
	/* a void argument (an action's value) is checked as any other: "argument: void" */
	for (dt_node_t *a = rest; a; a = a->dn_next) {
		if (n == 64)
			dt_cook_err(cc, D_PROTO_LEN, dnp, "%s( ) has too many arguments", dnp->dn_name);
		types[n++] = pf_argtype(a->dn_type);
	}
	if (dt_printf_check(dnp->dn_name, fmt->dn_str, types, n, err, sizeof(err)) != 0)
		dt_cook_err(cc, dt_errtag_of(err), dnp, "%s", err);
}

/*
 * What may not follow what in a clause, with illumos' messages (its
 * dt_stmt_append()): checked as each action is added.  Data recorded after
 * speculate() is speculative and does not count as data; discard() and
 * destructive actions record nothing.
 */
enum { SA_DATA, SA_EXIT, SA_DESTR, SA_AGG, SA_SPEC, SA_COMMIT };
enum { SO_SPEC, SO_COMMIT, SO_DATA };

static const struct {
	int so_act, so_after;
	int so_tag;
	const char *so_msg;
} dt_specrules[] = {
	{ SA_SPEC, SO_SPEC, D_SPEC_SPEC, "speculate( ) may not follow speculate( )" },
	{ SA_SPEC, SO_COMMIT, D_SPEC_COMM, "speculate( ) may not follow commit( )" },
	{ SA_SPEC, SO_DATA, D_SPEC_DREC, "speculate( ) may not follow data-recording action(s)" },
	{ SA_COMMIT, SO_DATA, D_COMM_DREC, "commit( ) may not follow data-recording action(s)" },
	{ SA_AGG, SO_COMMIT, D_AGG_COMM, "aggregating actions may not follow commit( )" },
	{ SA_AGG, SO_SPEC, D_AGG_SPEC, "aggregating actions may not follow speculate( )" },
	{ SA_DESTR, SO_SPEC, D_ACT_SPEC, "destructive actions may not follow speculate( )" },
	{ SA_EXIT, SO_SPEC, D_EXIT_SPEC, "exit( ) may not follow speculate( )" },
	{ SA_EXIT, SO_COMMIT, D_DREC_COMM, "data-recording actions may not follow commit( )" },
	{ SA_DATA, SO_COMMIT, D_DREC_COMM, "data-recording actions may not follow commit( )" },
};

static bool *spec_seen(dt_cookctx_t *cc, int so)
{
	return so == SO_SPEC ? &cc->cc_hasspec : so == SO_COMMIT ? &cc->cc_hascommit : &cc->cc_hasdata;
}

static void spec_order(dt_cookctx_t *cc, const dt_node_t *dnp, int act)
{
	for (size_t i = 0; i < sizeof(dt_specrules) / sizeof(dt_specrules[0]); i++)
		if (dt_specrules[i].so_act == act && *spec_seen(cc, dt_specrules[i].so_after))
			dt_cook_err(cc, dt_specrules[i].so_tag, dnp, "%s", dt_specrules[i].so_msg);
	if (act == SA_SPEC)
		cc->cc_hasspec = true;
	else if (act == SA_COMMIT)
		cc->cc_hascommit = true;
	else if (act == SA_AGG || ((act == SA_DATA || act == SA_EXIT) && !cc->cc_hasspec))
		cc->cc_hasdata = true;
}

/* a data-recording action */
static void note_data(dt_cookctx_t *cc, dt_node_t *dnp)
{
	spec_order(cc, dnp, SA_DATA);
}

/* ------------------------------------------------------------ printa */

/* "@a" -> "a" (and the anonymous "@" -> "_"), as DTrace names them in %9s. */
const char *dt_cook_aggbare(const char *name)
{
	return name[0] == '@' && name[1] != '\0' ? name + 1 : "_";
}

/* Aggregations printed side by side must have the first one's key signature. */
static void printa_keys(dt_cookctx_t *cc, dt_node_t *a, const dt_ident_t *l, const dt_ident_t *r)
{
	int ln = l->di_nkeys < 0 ? 0 : l->di_nkeys, rn = r->di_nkeys < 0 ? 0 : r->di_nkeys;
	char lname[128], rname[128];

	snprintf(lname, sizeof(lname), "@%s", dt_cook_aggbare(l->di_name));
	snprintf(rname, sizeof(rname), "@%s", dt_cook_aggbare(r->di_name));
	if (ln != rn)
		dt_cook_err(cc, D_PRINTA_AGGPROTO, a, "printa( ): %s and %s do not have matching key signatures: %s has %d "
			    "key%s, %s has %d key%s", lname, rname, lname, ln, ln == 1 ? "" : "s",
		     rname, rn, rn == 1 ? "" : "s");
	for (int i = 0; i < ln; i++)
		if (dt_cook_strlike(l->di_keys[i]) != dt_cook_strlike(r->di_keys[i]))
			dt_cook_err(cc, D_PRINTA_AGGPROTO, a, "printa( ): %s[ ] key #%d is incompatible with %s:\n%9s key #%d: "
				    "%s\n%9s key #%d: %s", rname, i + 1, lname, dt_cook_aggbare(l->di_name),
			     i + 1, dt_cook_tname(l->di_keys[i]), dt_cook_aggbare(r->di_name), i + 1,
			     dt_cook_tname(r->di_keys[i]));
}

/* The format's conversions: keys in order, "%@" ones the aggregations' values. */
static void printa_format(dt_cookctx_t *cc, dt_node_t *dnp, const char *fmt, int naggs,
			  const dt_ident_t *idp)
{
	dt_pfargtype_t types[64];
	bool isagg[64];
	char err[512], *f;
	int nslots, n = 0, k = 0;

	f = dt_printa_fmt(fmt, naggs, NULL, isagg, 64, &nslots);
	for (int i = 0; i < nslots; i++) {
		if (!isagg[i] && k >= (idp->di_nkeys < 0 ? 0 : idp->di_nkeys))
			break;
		/* a value is int64_t, count()'s uint64_t, as illumos types "%@" */
		types[n] = pf_argtype(isagg[i] ? dt_type_int(DTP(cc), 8, idp->di_aggfunc != DT_AGG_COUNT)
					       : idp->di_keys[k++]);
		types[n++].pt_agg = isagg[i];
	}
	if (dt_printf_check("printa", f, types, n, err, sizeof(err)) != 0) {
		free(f);
		dt_cook_err(cc, dt_errtag_of(err), dnp, "%s", err);
	}
	free(f);
}

/* printa([format,] @a, ...) */
static void cook_printa(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_node_t *fmt = dnp->dn_args->dn_kind == N_STR ? dnp->dn_args : NULL;
	dt_node_t *a = fmt != NULL ? fmt->dn_next : dnp->dn_args;
	int argn = fmt != NULL ? 2 : 1, naggs = 0;

	if (a == NULL)
		dt_cook_err(cc, D_PRINTA_PROTO, dnp, "printa( ) prototype mismatch: 1 arg passed, at least 2 expected");
	for (dt_node_t *b = a; b; b = b->dn_next, argn++, naggs++) {
		if (b->dn_kind != N_AGG)
			dt_cook_err(cc, D_PRINTA_AGGARG, b, "printa( ) argument #%d is incompatible with prototype:\n"
				    "\tprototype: aggregation\n\t argument: %s", argn,
			     dt_cook_tname(b->dn_type));
		if (b != a)
			printa_keys(cc, b, a->dn_ident, b->dn_ident);
	}
	if (fmt != NULL)
		printa_format(cc, dnp, fmt->dn_str, naggs, a->dn_ident);
}

/*
 * A call's checks particular to its function: the cook column of its row
 * in the language's table (layout/dt_lang.h).  dt_cook_call() has checked the
 * arity, the kind (an action is no value), cooked the arguments and
 * checked them against the row's parameters, if it has them; a hook
 * returns the call's type, or NULL for the row's return type.
 */
typedef dt_type_t *cook_fn_f(dt_cookctx_t *, dt_node_t *, const dt_builtin_fn_t *);

static dt_type_t *cook_fn_none(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)cc, (void)dnp, (void)fn;
	return NULL;
}

/* a data-recording action with nothing else to check: ftruncate() */
static dt_type_t *cook_fn_data(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	note_data(cc, dnp);
	return NULL;
}

static dt_type_t *cook_fn_trace(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	if (dnp->dn_args->dn_type->dt_kind == DT_TK_VOID)
		dt_cook_err(cc, D_TRACE_VOID, dnp, "trace( ) may not be applied to a void expression");
	note_data(cc, dnp);
	return NULL;
}

/* printf(), system(), freopen(): a format and its arguments */
static dt_type_t *cook_fn_printf(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	cook_printf(cc, dnp, dnp->dn_args, dnp->dn_args->dn_next);
	note_data(cc, dnp);
	return NULL;
}

static dt_type_t *cook_fn_printa(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	cook_printa(cc, dnp);
	note_data(cc, dnp);
	return NULL;
}

static dt_type_t *cook_fn_exit(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	need_int(cc, dnp, dnp->dn_args, 1);
	cc->cc_hasexit = true;
	spec_order(cc, dnp, SA_EXIT);
	return NULL;
}

/* clear(), trunc(), normalize(), denormalize(): an aggregation, then scalars */
static dt_type_t *cook_fn_aggarg(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	int i = 1;

	/* illumos' tags: dt_action_clear(), _trunc(), _normalize() */
	if (dnp->dn_args->dn_kind != N_AGG)
		dt_cook_err(cc, fn->bf_id == DT_FN_CLEAR ? D_CLEAR_AGGARG : fn->bf_id == DT_FN_TRUNC
			 ? D_TRUNC_AGGARG : D_NORMALIZE_AGGARG, dnp, "%s( ) argument #1 is "
		     "incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
		     fn->bf_name, dt_cook_tname(dnp->dn_args->dn_type));
	for (dt_node_t *a = dnp->dn_args->dn_next; a; a = a->dn_next)
		if (!dt_type_is_scalar(a->dn_type))
			dt_cook_err(cc, fn->bf_id == DT_FN_TRUNC ? D_TRUNC_SCALAR : D_NORMALIZE_SCALAR, a,
			     "%s( ) argument #%d must be of scalar type", fn->bf_name, ++i);
	note_data(cc, dnp);
	return NULL;
}

static dt_type_t *cook_fn_setopt(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next)
		if (a->dn_kind != N_STR)
			dt_cook_err(cc, D_PROTO_ARG, a, "setopt( ) arguments must be string constants");
	note_data(cc, dnp);
	return NULL;
}

/* copyinstr(), the D library's __dt_psargs() and __dt_dpath(): integers */
static dt_type_t *cook_fn_intargs(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	int i = 1;

	(void)fn;
	for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next)
		need_int(cc, dnp, a, i++);
	return NULL;
}

static dt_type_t *cook_fn_speculation(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)dnp, (void)fn;
	DTP(cc)->dt_speculates = true;
	return NULL;
}

static dt_type_t *cook_fn_speculate(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	need_int(cc, dnp, dnp->dn_args, 1);
	spec_order(cc, dnp, SA_SPEC);
	return NULL;
}

static dt_type_t *cook_fn_commit(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	need_int(cc, dnp, dnp->dn_args, 1);
	spec_order(cc, dnp, SA_COMMIT);
	return NULL;
}

static dt_type_t *cook_fn_discard(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	need_int(cc, dnp, dnp->dn_args, 1);
	return NULL;
}

/* n frames bounded by the maxframes option (and 1024, the consumer's limit) */
static int dt_cook_maxframes(const dtrace_hdl_t *dtp, int64_t n)
{
	int64_t max = dtp->dt_options[DTOPT_MAXFRAMES];

	if (n > max)
		n = max;
	if (n > 1024)
		n = 1024;
	return n < 1 ? 1 : (int)n;
}

/*
 * stack(n), ustack(n[, strsize]), jstack(n[, strsize]): the frames (n, or
 * the stackframes, ustackframes, jstackframes option).  jstack() is
 * ustack() here: no Java VM helper translates frames (jstackstrsize has
 * no use), as illumos' jstack() where a process has none.  Every count is
 * bounded by the maxframes option (DTrace for Linux's; its default is the
 * kernel's perf_event_max_stack, the most frames bpf_get_stack() gives).
 */
static int stack_frames(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	int64_t v = DTP(cc)->dt_options[fn->bf_id == DT_FN_STACK    ? DTOPT_STACKFRAMES
					: fn->bf_id == DT_FN_JSTACK ? DTOPT_JSTACKFRAMES
								    : DTOPT_USTACKFRAMES];
	int n = 1;

	/* illumos' checks, texts and order (its dt_action_stack_args, dt_action_ustack_args) */
	for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next, n++) {
		bool stack = fn->bf_id == DT_FN_STACK;
		int64_t c;

		if (stack && a->dn_next != NULL)
			dt_cook_err(cc, D_STACK_PROTO, a, "stack( ) prototype mismatch: too many arguments");
		if (n > 2)
			break;
		if (!dt_cook_const(a, &c) || c < (n == 1 ? 1 : 0)) {
			if (stack)
				dt_cook_err(cc, D_STACK_SIZE, a, "stack( ) size must be a non-zero positive integral "
					    "constant expression");
			if (n == 1)
				dt_cook_err(cc, D_USTACK_FRAMES, a, "ustack( ) argument #1 must be a non-zero "
					    "positive integer constant");
			dt_cook_err(cc, D_USTACK_STRSIZE, a, "ustack( ) argument #2 must be a positive integer "
				    "constant");
		}
		if (!stack && n == 2 && a->dn_next != NULL)
			dt_cook_err(cc, D_USTACK_PROTO, a, "ustack( ) prototype mismatch: too many arguments");
		if (n == 1)
			v = c;
	}
	return dt_cook_maxframes(DTP(cc), v);
}

/* stack(), ustack(): a record, or an aggregation's key (front/dt_stackfn.c) */
static dt_type_t *cook_fn_stack(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	dtrace_hdl_t *dtp = DTP(cc);
	dt_type_t *t;

	dtp->dt_usyms |= fn->bf_id == DT_FN_USTACK || fn->bf_id == DT_FN_JSTACK;
	t = dt_stackfn_type(dtp, fn->bf_id, stack_frames(cc, dnp, fn));
	if (!cc->cc_key)
		note_data(cc, dnp);
	return t;
}

/* sym(), mod(), usym(), uaddr(), func(), ufunc(), umod(): likewise */
static dt_type_t *cook_fn_sym(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	dtrace_hdl_t *dtp = DTP(cc);
	dt_type_t *t;

	if (!dt_type_is_scalar(dnp->dn_args->dn_type))
		dt_cook_err(cc, D_PROTO_ARG, dnp, "%s( ) argument #1 is incompatible with prototype:\n"
			      "\tprototype: uintptr_t\n\t argument: %s", fn->bf_name,
		     dt_cook_tname(dnp->dn_args->dn_type));
	dtp->dt_usyms |= fn->bf_id != DT_FN_SYM && fn->bf_id != DT_FN_FUNC &&
			 fn->bf_id != DT_FN_MOD;
	t = dt_stackfn_type(dtp, fn->bf_id, 0);
	if (!cc->cc_key)
		note_data(cc, dnp);
	return t;
}

static dt_type_t *cook_fn_copyin(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	need_int(cc, dnp, dnp->dn_args, 1);
	need_int(cc, dnp, dnp->dn_args->dn_next, 2);
	return dt_type_ptr(DTP(cc), dt_type_void(DTP(cc)));
}

static dt_type_t *cook_fn_tracemem(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	dt_node_t *a1 = dnp->dn_args->dn_next;
	int64_t v;

	(void)fn;
	if (!dt_type_is_scalar(dnp->dn_args->dn_type) &&
	    dnp->dn_args->dn_type->dt_kind != DT_TK_ARRAY)
		dt_cook_err(cc, D_TRACEMEM_ADDR, dnp->dn_args,
		     "tracemem( ) argument #1 is incompatible with prototype:\n"
		     "\tprototype: pointer or integer\n\t argument: %s",
		     dt_cook_tname(dnp->dn_args->dn_type));
	if (!dt_cook_const(a1, &v) || v <= 0)
		dt_cook_err(cc, D_TRACEMEM_SIZE, a1,
		     "tracemem( ) argument #2 must be a non-zero positive integral constant expression");
	if (v > DT_TRACEMEM_MAX)
		dt_cook_err(cc, D_TRACEMEM_SIZE, a1, "tracemem( ) argument #2 exceeds the limit of %d bytes",
		     DT_TRACEMEM_MAX);
	dt_cook_mkint(cc, a1, v, a1->dn_type); /* the code generator reads dn_val */
	/* "void(@, size_t, ...)" as illumos' prototype: its own checks of a third and fourth */
	if (a1->dn_next != NULL && a1->dn_next->dn_next != NULL)
		dt_cook_err(cc, D_TRACEMEM_ARGS, a1->dn_next->dn_next,
			    "tracemem ( ) prototype mismatch: expected at most 3 args");
	if (a1->dn_next != NULL && !dt_type_is_scalar(a1->dn_next->dn_type))
		dt_cook_err(cc, D_TRACEMEM_DYNSIZE, a1->dn_next,
			    "tracemem ( ) dynamic size (argument #3) must be of scalar type");
	note_data(cc, dnp);
	return NULL;
}

static dt_type_t *cook_fn_print(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)fn;
	if (dnp->dn_args->dn_type->dt_kind == DT_TK_VOID ||
	    dnp->dn_args->dn_type->dt_kind == DT_TK_FUNC)
		dt_cook_err(cc, D_PROTO_ARG, dnp, "print( ) argument #1 is incompatible with prototype:\n"
			      "\tprototype: any value\n\t argument: %s",
		     dt_cook_tname(dnp->dn_args->dn_type));
	if (dnp->dn_args->dn_type->dt_canon->dt_size > DT_PRINT_MAX)
		dt_cook_err(cc, D_PROTO_ARG, dnp, "print( ) of %s: %d bytes exceed the limit of %d",
		     dt_cook_tname(dnp->dn_args->dn_type), dnp->dn_args->dn_type->dt_canon->dt_size,
		     DT_PRINT_MAX);
	note_data(cc, dnp);
	return NULL;
}

/* panic(), breakpoint(): refused unless destructive actions are allowed */
static dt_type_t *cook_fn_nostop(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	if (!DTP(cc)->dt_destructive)
		dt_cook_err(cc, D_UNKNOWN, dnp, "%s( ) is not available on Linux: a BPF program cannot "
			      "stop the kernel", fn->bf_name);
	return NULL;
}

/* strtok(): its state lives in the this-> area (cg/dt_cg_str.c) */
static dt_type_t *cook_fn_strtok(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn)
{
	(void)dnp, (void)fn;
	DTP(cc)->dt_usestrtok = true;
	return NULL;
}

static cook_fn_f *const dt_cookfn[DT_FN_NFUNCS] = {
#define X(id, name, kind, min, max, ret, params, attr, vers, cook, cg) [DT_FN_##id] = cook_fn_##cook,
	DT_LANG_FUNCS(X)
#undef X
};

/* The aggregating functions' ids map onto DT_AGG_* (agg_ident()). */
_Static_assert(DT_FN_LLQUANTIZE - DT_FN_COUNT == DT_AGG_LLQUANTIZE - DT_AGG_COUNT &&
	       DT_FN_QUANTIZE - DT_FN_COUNT == DT_AGG_QUANTIZE - DT_AGG_COUNT,
	       "count() .. llquantize() in dt_lang.h must be in DT_AGG_* order");

/* The functions whose first argument is an aggregation. */
static bool takes_agg(const dt_builtin_fn_t *fn)
{
	return dt_cookfn[fn->bf_id] == cook_fn_printa || dt_cookfn[fn->bf_id] == cook_fn_aggarg;
}

/* The stack and symbol functions: actions that may be aggregation keys. */
static bool is_stackfn(const dt_builtin_fn_t *fn)
{
	return dt_cookfn[fn->bf_id] == cook_fn_stack || dt_cookfn[fn->bf_id] == cook_fn_sym;
}

/* Actions (recording, destructive, speculation control) have no value. */
static bool is_action(const dt_builtin_fn_t *fn)
{
	return fn->bf_kind == DT_FN_ACTION || fn->bf_kind == DT_FN_DESTRUCTIVE ||
	       fn->bf_kind == DT_FN_SPEC;
}

bool dt_cook_is_actcall(const dt_node_t *dnp)
{
	const dt_builtin_fn_t *fn;

	return dnp != NULL && dnp->dn_kind == N_CALL && (fn = dt_builtin_fn(dnp->dn_name)) != NULL &&
	       (is_action(fn) || fn->bf_kind == DT_FN_AGG);
}

/* An argument of call dnp to fn: no aggregation as a value, no action traced. */
static void cook_arg(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_fn_t *fn, dt_node_t *a)
{
	(void)dnp;
	if (a->dn_kind == N_AGG && (fn->bf_id == DT_FN_TRACE || fn->bf_id == DT_FN_PRINT))
		dt_cook_err(cc, fn->bf_id == DT_FN_TRACE ? D_TRACE_AGG : D_PRINT_AGG, a,
			    "%s( ) may not be applied to an aggregation%s", fn->bf_name,
			    fn->bf_id == DT_FN_TRACE ? "" : " -- did you mean printa()?");
	if (a->dn_kind == N_AGG)
		dt_cook_err(cc, D_AGG_SCALAR, a, "aggregation %s may not be used as a value: use printa( )",
			    a->dn_name);
	dt_cook_node(cc, a);
	if (fn->bf_id == DT_FN_PRINT && a->dn_type->dt_kind == DT_TK_VOID)
		dt_cook_err(cc, D_PRINT_VOID, a, "print( ) may not be applied to a void expression");
}

void dt_cook_call(dt_cookctx_t *cc, dt_node_t *dnp, bool stmt)
{
	const dt_builtin_fn_t *fn = dt_builtin_fn(dnp->dn_name);
	int n = argcount(dnp->dn_args);
	dtrace_hdl_t *dtp = DTP(cc);
	dt_type_t *t;

	dt_ident_t *idp;

	if (fn == NULL && (idp = dt_ident_lookup(dtp, dnp->dn_name, DT_ID_GLOBAL)) != NULL &&
	    idp->di_kind == DT_ID_INLINE && idp->di_lib && idp->di_pnames != NULL) {
		dt_cook_inline_args(cc, dnp, idp, "( )"); /* a D library function: dlib/lock.d */
		return;
	}
	if (fn == NULL || !dt_builtin_visible(fn->bf_since, dtp->dt_options[DTOPT_VERSION]) ||
	    (!strncmp(fn->bf_name, DT_LIBFN_PREFIX, strlen(DT_LIBFN_PREFIX)) && !dnp->dn_lib))
		dt_cook_err(cc, D_FUNC_UNDEF, dnp, "undefined function name: %s", dnp->dn_name);
	dnp->dn_builtin = fn->bf_id;
	if (n < fn->bf_minargs || (fn->bf_maxargs >= 0 && n > fn->bf_maxargs)) {
		if (fn->bf_minargs == fn->bf_maxargs)
			dt_cook_err(cc, D_PROTO_LEN, dnp, "%s( ) prototype mismatch: %d arg%s passed, %d expected",
			     fn->bf_name, n, n == 1 ? "" : "s", fn->bf_minargs);
		dt_cook_err(cc, D_PROTO_LEN, dnp, "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
		     fn->bf_name, n, n == 1 ? "" : "s", n < fn->bf_minargs ? "at least " : "at most ",
		     n < fn->bf_minargs ? fn->bf_minargs : fn->bf_maxargs);
	}
	/*
	 * As illumos, an action or an aggregating function called as a value
	 * is typed void: the operator or function that uses it reports the
	 * void operand (D_PROTO_ARG, D_KEY_TYPE, D_OP_ARITH...); if none does,
	 * the clause fails once cooked, as illumos' code generator fails it
	 * (D_CG_EXPR, dt_cook_clause).
	 */
	if ((fn->bf_kind == DT_FN_AGG || (is_action(fn) && !stmt)) && cc->cc_actval == NULL) {
		cc->cc_actval = dnp;
		cc->cc_actpred = cc->cc_inpred;
	}
	if (fn->bf_kind == DT_FN_AGG) {
		for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next)
			dt_cook_node(cc, a);
		dnp->dn_type = dt_type_void(dtp);
		return;
	}
	if (fn->bf_kind == DT_FN_SPEC)
		dtp->dt_speculates = true;
	if (fn->bf_kind == DT_FN_DESTRUCTIVE)
		spec_order(cc, dnp, SA_DESTR);
	/* as in DTrace, refused when enabling (driver/dt_work.c), not here */
	if (fn->bf_kind == DT_FN_DESTRUCTIVE && !dtp->dt_options[DTOPT_DESTRUCTIVE])
		dtp->dt_destructive = true;

	for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next) {
		if (a->dn_kind == N_AGG && takes_agg(fn)) {
			dt_ident_t *idp = dt_ident_lookup(dtp, a->dn_name, DT_ID_AGG);

			if (idp == NULL)
				dt_cook_err(cc, D_IDENT_UNDEF, a, "failed to resolve %s: Unknown variable name", a->dn_name);
			a->dn_ident = idp;
			a->dn_type = dt_type_void(dtp);
			continue;
		}
		cook_arg(cc, dnp, fn, a);
	}

	{
		dt_node_t *where = dnp;
		char msg[256];

		if (dt_subr_check(fn, dnp->dn_args, &where, msg, sizeof(msg)) != 0)
			dt_cook_err(cc, strstr(msg, "prototype mismatch") ? D_PROTO_LEN : D_PROTO_ARG, where, "%s", msg);
	}
	if ((t = dt_cookfn[fn->bf_id](cc, dnp, fn)) != NULL)
		dnp->dn_type = t;
	else if (fn->bf_params != NULL && fn->bf_kind == DT_FN_SUBR)
		dnp->dn_type = dt_subr_rettype(dtp, fn); /* front/dt_subr.c */
	else if (fn->bf_rettype == NULL)
		dnp->dn_type = dt_type_void(dtp);
	else if (!strcmp(fn->bf_rettype, "string"))
		dnp->dn_type = dt_type_string(dtp);
	else if (!strcmp(fn->bf_rettype, "int"))
		dnp->dn_type = dt_cook_int(cc);
	else
		dnp->dn_type = dt_type_lookup(dtp, fn->bf_rettype);
}

/* ------------------------------------------------------------ aggregations */

/*
 * Aggregation statements get illumos DTrace's checks and messages
 * (dt_cc.c's dt_compile_agg, dt_ident.c's key signatures), in its order:
 * redefinition, the function's prototype, the keys, argument #1, the
 * lquantize()/llquantize() parameters, the increment.
 */
#define DT_AGG_MAXWORDS 4096 /* a per-CPU hash value is at most 32k */

static const char *agg_name(const char *name)
{
	return strcmp(name, "@") == 0 ? "@_" : name;
}

static dt_node_t *nth_arg(dt_node_t *args, int n)
{
	for (; args != NULL && n > 0; n--)
		args = args->dn_next;
	return args;
}

static int64_t lq_const(dt_cookctx_t *cc, dt_node_t *a, int n)
{
	int64_t v;

	if (!dt_cook_const(a, &v))
		dt_cook_err(cc, n == 1 ? D_LQUANT_BASETYPE : D_LQUANT_LIMTYPE, a,
			    "lquantize( ) argument #%d must be an integer constant", n);
	if (v < INT32_MIN || v > INT32_MAX)
		dt_cook_err(cc, n == 1 ? D_LQUANT_BASEVAL : D_LQUANT_LIMVAL, a,
			    "lquantize( ) argument #%d must be a 32-bit quantity", n);
	return v;
}

/* lquantize(x, base, limit[, step[, incr]]): params base, levels, step */
static int cook_lquantize(dt_cookctx_t *cc, dt_node_t *call, int64_t *p)
{
	dt_node_t *a3 = nth_arg(call->dn_args, 3);
	int64_t base = lq_const(cc, nth_arg(call->dn_args, 1), 1);
	int64_t limit = lq_const(cc, nth_arg(call->dn_args, 2), 2), step = 1, levels;

	if (limit < base)
		dt_cook_err(cc, D_LQUANT_MISMATCH, call, "lquantize( ) base (argument #1) must be less than limit "
			       "(argument #2)");
	if (a3 != NULL && (!dt_cook_const(a3, &step) || step <= 0))
		dt_cook_err(cc, D_LQUANT_STEPTYPE, a3, "lquantize( ) argument #3 must be a non-zero positive integer "
			     "constant");
	if (step > UINT16_MAX)
		dt_cook_err(cc, D_LQUANT_STEPVAL, a3, "lquantize( ) argument #3 must be a 16-bit quantity");
	levels = (limit - base) / step;
	if (levels == 0)
		dt_cook_err(cc, D_LQUANT_STEPLARGE, call, "lquantize( ) step (argument #3) too large: must have at least "
			       "one quantization level");
	if (levels > UINT16_MAX)
		dt_cook_err(cc, D_LQUANT_STEPSMALL, call, "lquantize( ) step (argument #3) too small: number of "
			       "quantization levels must be a 16-bit quantity");
	if (levels + 3 > DT_AGG_MAXWORDS)
		dt_cook_err(cc, D_LQUANT_STEPSMALL, call, "lquantize( ) step (argument #3) too small: at most %d "
			       "quantization levels are supported on this platform",
		     DT_AGG_MAXWORDS - 3);
	p[0] = base;
	p[1] = levels;
	p[2] = step;
	return 3;
}

static void lq_match(dt_cookctx_t *cc, dt_node_t *call, const int64_t *o, const int64_t *p)
{
	if (o[0] != p[0])
		dt_cook_err(cc, D_LQUANT_MATCHBASE, call, "lquantize( ) base (argument #1) doesn't match previous "
			       "declaration: expected %d, found %d", (int)o[0], (int)p[0]);
	if (o[1] * o[2] != p[1] * p[2])
		dt_cook_err(cc, D_LQUANT_MATCHLIM, call, "lquantize( ) limit (argument #2) doesn't match previous "
			       "declaration: expected %d, found %d", (int)(o[0] + o[1] * o[2]),
			    (int)(p[0] + p[1] * p[2]));
	if (o[2] != p[2])
		dt_cook_err(cc, D_LQUANT_MATCHSTEP, call, "lquantize( ) step (argument #3) doesn't match previous "
			       "declaration: expected %d, found %d", (int)o[2], (int)p[2]);
}

static const char *const llq_names[] = { "factor", "low magnitude", "high magnitude",
					 "linear steps per magnitude" };
/* each parameter's tags, as illumos: not a constant, out of range, not as before */
static const int llq_tags[4][3] = {
	{ D_LLQUANT_FACTORTYPE, D_LLQUANT_FACTORVAL, D_LLQUANT_FACTORMATCH },
	{ D_LLQUANT_LOWTYPE, D_LLQUANT_LOWVAL, D_LLQUANT_LOWMATCH },
	{ D_LLQUANT_HIGHTYPE, D_LLQUANT_HIGHVAL, D_LLQUANT_HIGHMATCH },
	{ D_LLQUANT_NSTEPTYPE, D_LLQUANT_NSTEPVAL, D_LLQUANT_NSTEPMATCH },
};

/*
 * llquantize(x, factor, low, high, steps[, incr]).  As illumos, factor
 * raised to high + 2 must fit in 64 bits: the last bucket's bound,
 * factor^(high + 1), is then exact, and so is every bucket the consumer
 * walks (dt_agg_arith.c, dt_aggregate.c, dt_textout.c).
 */
static int cook_llquantize(dt_cookctx_t *cc, dt_node_t *call, int64_t *p)
{
	uint64_t v, order = 1;

	for (int i = 0; i < 4; i++) {
		dt_node_t *a = nth_arg(call->dn_args, i + 1);

		if (!dt_cook_const(a, &p[i]))
			dt_cook_err(cc, llq_tags[i][0], a, "llquantize( ) argument #%d (%s) must be an integer constant",
			     i + 1, llq_names[i]);
		if ((uint64_t)p[i] > UINT16_MAX)
			dt_cook_err(cc, llq_tags[i][1], a, "llquantize( ) argument #%d (%s) must be an unsigned 16-bit "
				    "quantity", i + 1, llq_names[i]);
	}
	if (p[0] < 2)
		dt_cook_err(cc, D_LLQUANT_FACTORSMALL, call, "llquantize( ) factor (argument #1) must be two or more");
	if (p[1] >= p[2])
		dt_cook_err(cc, D_LLQUANT_MAGRANGE, call, "llquantize( ) high magnitude (argument #3) must be greater than "
			       "low magnitude (argument #2)");
	if (p[3] < p[0])
		dt_cook_err(cc, D_LLQUANT_FACTORNSTEPS, call, "llquantize( ) factor (argument #1) must be less than or equal to "
			       "the number of linear steps per magnitude (argument #4)");
	for (v = (uint64_t)p[0]; v < (uint64_t)p[3]; v *= (uint64_t)p[0])
		continue;
	if (p[3] % p[0] != 0 || v % (uint64_t)p[3] != 0)
		dt_cook_err(cc, D_LLQUANT_FACTOREVEN, call, "llquantize( ) factor (argument #1) must evenly divide the number "
			       "of steps per magnitude (argument #4), and the number of steps per "
			       "magnitude must evenly divide a power of the factor");
	for (int i = 0; i <= p[2] + 1; i++) {
		if (order * (uint64_t)p[0] <= order)
			dt_cook_err(cc, D_LLQUANT_MAGTOOBIG, call, "llquantize( ) factor (%d) raised to power of high "
				       "magnitude (%d) plus 1 overflows 64-bits", (int)p[0], (int)p[2]);
		order *= (uint64_t)p[0];
	}
	if (dt_agg_nwords(DT_AGG_LLQUANTIZE, p) > DT_AGG_MAXWORDS)
		dt_cook_err(cc, D_LLQUANT_MAGTOOBIG, call, "llquantize( ) has too many buckets: at most %d are supported on "
			       "this platform", DT_AGG_MAXWORDS - 1);
	return 4;
}

static void llq_match(dt_cookctx_t *cc, dt_node_t *call, const int64_t *o, const int64_t *p)
{
	for (int i = 0; i < 4; i++)
		if (o[i] != p[i])
			dt_cook_err(cc, llq_tags[i][2], call, "llquantize( ) %s (argument #%d) doesn't match previous "
				       "declaration: expected %d, found %d", llq_names[i], i + 1, (int)o[i], (int)p[i]);
}

/* Parameters, checked against an earlier use; then the increment argument. */
static void cook_aggparams(dt_cookctx_t *cc, dt_node_t *call, dt_ident_t *idp,
			   const dt_builtin_fn_t *fn)
{
	int64_t p[5] = { 0 };
	int n = 0, incr = 0;
	dt_node_t *a;

	if (fn->bf_id == DT_FN_LQUANTIZE) {
		n = cook_lquantize(cc, call, p);
		if (idp->di_aggfunc != 0)
			lq_match(cc, call, idp->di_aggparams, p);
		incr = 5;
	} else if (fn->bf_id == DT_FN_LLQUANTIZE) {
		n = cook_llquantize(cc, call, p);
		if (idp->di_aggfunc != 0)
			llq_match(cc, call, idp->di_aggparams, p);
		incr = 6;
	} else if (fn->bf_id == DT_FN_QUANTIZE) {
		incr = 2;
	}
	if (incr != 0 && (a = nth_arg(call->dn_args, incr - 1)) != NULL &&
	    !dt_type_is_scalar(a->dn_type))
		dt_cook_err(cc, D_PROTO_ARG, call, "%s( ) increment value (argument #%d) must be of scalar type",
		     fn->bf_name, incr);
	memcpy(idp->di_aggparams, p, sizeof(p));
	idp->di_nparams = n;
}

/* The key tuple: same count and kinds as the aggregation's first use. */
static void cook_aggkeys(dt_cookctx_t *cc, dt_node_t *dnp, dt_node_t *keys, dt_ident_t *idp)
{
	const char *name = agg_name(idp->di_name);
	int n = argcount(keys), i = 0;

	for (dt_node_t *k = keys; k; k = k->dn_next, i++) {
		if (k->dn_kind == N_CALL && dt_builtin_fn(k->dn_name) != NULL &&
		    is_stackfn(dt_builtin_fn(k->dn_name))) {
			cc->cc_key = true; /* a stack or symbol key: not a record */
			dt_cook_call(cc, k, true);
			cc->cc_key = false;
			continue;
		}
		dt_cook_node(cc, k);
		if (k->dn_type->dt_kind == DT_TK_VOID)
			dt_cook_err(cc, D_KEY_TYPE, k, "void expression may not be used as aggregation index: key #%d",
			     i + 1);
		if (!dt_type_is_scalar(k->dn_type) && !dt_cook_strlike(k->dn_type))
			dt_cook_err(cc, D_KEY_TYPE, k, "%s expression may not be used as aggregation index: key #%d",
			     dt_cook_tname(k->dn_type), i + 1);
	}
	if (idp->di_nkeys < 0) {
		idp->di_nkeys = n;
		idp->di_keys = dt_arena_zalloc(&DTP(cc)->dt_arena, sizeof(dt_type_t *) * (n + 1));
		i = 0;
		for (dt_node_t *k = keys; k; k = k->dn_next, i++)
			idp->di_keys[i] = k->dn_type->dt_rec ? k->dn_type :
					  dt_cook_strlike(k->dn_type) ? dt_type_string(DTP(cc))
								 : dt_cook_promote(cc, k->dn_type);
		return;
	}
	if (n != idp->di_nkeys)
		dt_cook_err(cc, D_PROTO_LEN, dnp, "%s[ ] prototype mismatch: %d key%s passed, %d expected", name, n,
		     n == 1 ? "" : "s", idp->di_nkeys);
	i = 0;
	for (dt_node_t *k = keys; k; k = k->dn_next, i++)
		if (dt_cook_strlike(idp->di_keys[i]) != dt_cook_strlike(k->dn_type) ||
		    idp->di_keys[i]->dt_rec != k->dn_type->dt_rec ||
		    (k->dn_type->dt_rec && idp->di_keys[i]->dt_size != k->dn_type->dt_size))
			dt_cook_err(cc, D_PROTO_ARG, k, "%s[ ] key #%d is incompatible with prototype:\n"
				    "\tprototype: %s\n\t      key: %s", name, i + 1,
			     dt_cook_tname(idp->di_keys[i]), dt_cook_tname(k->dn_type));
}

static const dt_builtin_fn_t *aggfunc_check(dt_cookctx_t *cc, dt_node_t *dnp, dt_node_t *call,
					    const char *name)
{
	const dt_builtin_fn_t *fn;

	if (dnp->dn_op != '=')
		dt_cook_err(cc, D_AGG_REDEF, dnp, "operator %s= may not be applied to an aggregation",
		     dt_cook_opname(dnp->dn_op));
	if (call->dn_kind != N_CALL || (fn = dt_builtin_fn(call->dn_name)) == NULL ||
	    fn->bf_kind != DT_FN_AGG)
		dt_cook_err(cc, D_AGG_FUNC, dnp, "%s must be assigned the result of an aggregating function",
		     agg_name(name));
	spec_order(cc, dnp, SA_AGG);
	return fn;
}

static void aggproto_check(dt_cookctx_t *cc, dt_node_t *call, const dt_builtin_fn_t *fn)
{
	int n = argcount(call->dn_args);

	if (n < fn->bf_minargs || n > fn->bf_maxargs)
		dt_cook_err(cc, D_PROTO_LEN, call, "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
		     fn->bf_name, n, n == 1 ? "" : "s",
		     fn->bf_minargs == fn->bf_maxargs ? "" :
		     n < fn->bf_minargs ? "at least " : "at most ",
		     n < fn->bf_minargs ? fn->bf_minargs : fn->bf_maxargs);
}

static dt_ident_t *agg_ident(dt_cookctx_t *cc, dt_node_t *dnp, const char *name,
			     const dt_builtin_fn_t *fn)
{
	dtrace_hdl_t *dtp = DTP(cc);
	dt_ident_t *idp = dt_ident_lookup(dtp, name, DT_ID_AGG);
	int func = fn->bf_id - DT_FN_COUNT + DT_AGG_COUNT;

	if (idp == NULL) {
		idp = dt_ident_create(dtp, name, DT_ID_AGG);
		idp->di_id = dtp->dt_naggs++;
		dtp->dt_aggs = dt_realloc(dtp->dt_aggs, sizeof(dt_ident_t *) * dtp->dt_naggs);
		dtp->dt_aggs[idp->di_id] = idp;
		idp->di_type = dt_type_int(dtp, 8, true);
		idp->di_line = dnp->dn_line;
	}
	if (idp->di_aggfunc != 0 && idp->di_aggfunc != func)
		dt_cook_err(cc, D_AGG_REDEF, dnp, "aggregation redefined: %s\n\t current: %s = %s( )\n\tprevious: "
			      "%s = %s( ) : line %d", agg_name(name), agg_name(name), fn->bf_name,
		     agg_name(name),
		     dt_builtin_fn_byid(idp->di_aggfunc - DT_AGG_COUNT + DT_FN_COUNT)->bf_name,
		     idp->di_line);
	return idp;
}

void dt_cook_aggstmt(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_node_t *lhs = dnp->dn_left, *call = dnp->dn_right, *keys = NULL;
	const dt_builtin_fn_t *fn;
	dt_ident_t *idp;
	const char *name = lhs->dn_name;

	if (lhs->dn_kind == N_ARRAY) {
		keys = lhs->dn_args;
		name = lhs->dn_left->dn_name;
	}
	fn = aggfunc_check(cc, dnp, call, name);
	cc->cc_hasagg = true;
	idp = agg_ident(cc, dnp, name, fn);
	aggproto_check(cc, call, fn);
	cook_aggkeys(cc, dnp, keys, idp);
	for (dt_node_t *a = call->dn_args; a; a = a->dn_next) {
		cook_arg(cc, dnp, fn, a);
	}
	if (call->dn_args != NULL && !dt_type_is_scalar(call->dn_args->dn_type))
		dt_cook_err(cc, D_AGG_SCALAR, call, "%s( ) argument #1 must be of scalar type", fn->bf_name);
	cook_aggparams(cc, call, idp, fn);
	idp->di_aggfunc = fn->bf_id - DT_FN_COUNT + DT_AGG_COUNT;
	dnp->dn_kind = N_AGGSTMT;
	dnp->dn_ident = idp;
	dnp->dn_args = keys;
	call->dn_builtin = fn->bf_id;
}
