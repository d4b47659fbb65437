/*
 * dt_cook.c -- the semantic pass: resolve identifiers, give every node a
 * type, apply C's conversions, and check actions and subroutines against
 * the language's table (layout/dt_lang.h): every call gets the checks
 * common to all (arity, kind, prototype), then its row's cook hook.
 *
 * Clauses are cooked in program order, so a variable's type is fixed by the
 * first assignment the program text makes (or by its declaration), as in
 * DTrace.  Aggregation assignments become N_AGGSTMT nodes with the
 * aggregating function's parameters checked and recorded on the identifier.
 *
 * Invariants for the code generator after this pass:
 *  1. every expression node has dn_type; integers are at most 8 bytes;
 *  2. N_VAR nodes carry dn_ident (variables) or dn_builtin (built-ins:
 *     DT_BV_*); N_CALL nodes their function's DT_FN_* in dn_builtin;
 *     N_ARRAY nodes what they index in dn_index, comparisons how they
 *     compare in dn_cmp (dt_lang.h);
 *  3. macro arguments are gone (replaced by N_INT / N_STR);
 *  4. sizeof is folded into N_INT.
 */
#include "dt_cook.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static void cook_xlate(dt_cookctx_t *cc, dt_node_t *dnp);


_Noreturn void dt_cook_err(dt_cookctx_t *cc, int tag, const dt_node_t *dnp, const char *fmt, ...)
{
	char msg[800];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dt_node_error(cc->cc_pcb, tag, dnp, "%s", msg);
}

/* ------------------------------------------------------------ identifiers */

static const char *id_display(const dt_ident_t *idp, char *buf, size_t len)
{
	switch (idp->di_kind) {
	case DT_ID_TLS:
	case DT_ID_TARRAY:
		snprintf(buf, len, "self->%s", idp->di_name);
		break;
	case DT_ID_LOCAL:
		snprintf(buf, len, "this->%s", idp->di_name);
		break;
	default:
		snprintf(buf, len, "%s", idp->di_name);
	}
	return buf;
}

/* ------------------------------------------------------------ types */

dt_type_t *dt_cook_int(dt_cookctx_t *cc)
{
	return dt_type_int(DTP(cc), 4, true);
}

/* Integer promotion: anything narrower than int becomes int. */
dt_type_t *dt_cook_promote(dt_cookctx_t *cc, dt_type_t *t)
{
	if (t->dt_kind == DT_TK_INT && t->dt_size < 4)
		return dt_cook_int(cc);
	return t;
}

/*
 * D's arithmetic conversions (not C's): no promotion to int; the operand
 * of the higher rank (bits, plus one if unsigned) gives the type, so
 * `unsigned char + unsigned char` stays unsigned char, `char + int` is int
 * and `int + unsigned int` is unsigned int.  Values are computed in 64 bits
 * and narrowed to the type only when stored or recorded.
 */
static int arith_rank(const dt_type_t *t)
{
	return t->dt_size * 8 + !t->dt_signed;
}

static dt_type_t *arith_conv(dt_cookctx_t *cc, dt_type_t *a, dt_type_t *b)
{
	(void)cc;
	if (a->dt_kind != DT_TK_INT)
		a = dt_cook_int(cc);
	if (b->dt_kind != DT_TK_INT)
		b = dt_cook_int(cc);
	return arith_rank(b) > arith_rank(a) ? b : a;
}

const char *dt_cook_tname(const dt_type_t *t)
{
	return t ? t->dt_name : "void";
}

const char *dt_cook_opname(int op)
{
	static char buf[4];

	switch (op) {
	case OP_SHL: return "<<";
	case OP_SHR: return ">>";
	case OP_LE: return "<=";
	case OP_GE: return ">=";
	case OP_EQ: return "==";
	case OP_NE: return "!=";
	case OP_LAND: return "&&";
	case OP_LOR: return "||";
	case OP_LXOR: return "^^";
	case OP_NEG: return "-";
	case OP_PLUS: return "+";
	default:
		buf[0] = (char)op;
		buf[1] = '\0';
		return buf;
	}
}

bool dt_cook_strlike(const dt_type_t *t)
{
	return t && (t->dt_kind == DT_TK_STRING ||
		     (t->dt_kind == DT_TK_ARRAY && t->dt_base->dt_kind == DT_TK_INT &&
		      t->dt_base->dt_size == 1));
}

/* The null pointer constant: 0, or 0 cast to a pointer. */
static bool is_zero(const dt_node_t *dnp)
{
	while (dnp->dn_kind == N_CAST && dnp->dn_type->dt_kind == DT_TK_PTR)
		dnp = dnp->dn_left;
	return dnp->dn_kind == N_INT && dnp->dn_val == 0;
}

static bool is_charptr(const dt_type_t *t)
{
	return t && t->dt_kind == DT_TK_PTR && t->dt_base->dt_kind == DT_TK_INT &&
	       t->dt_base->dt_size == 1;
}

/*
 * Pointers are compatible when they point to the same type, or either
 * points to void (DTrace's rule, as C's).
 */
static bool ptr_compatible(const dt_type_t *a, const dt_type_t *b)
{
	if (a->dt_kind != DT_TK_PTR || b->dt_kind != DT_TK_PTR)
		return true;
	if (a->dt_base->dt_kind == DT_TK_VOID || b->dt_base->dt_kind == DT_TK_VOID)
		return true;
	return dt_type_same(a->dt_base, b->dt_base);
}

/* Can a value of type src be stored where dst is expected? */
static bool compatible(const dt_type_t *dst, const dt_type_t *src)
{
	if (dst->dt_kind == DT_TK_STRING)
		return dt_cook_strlike(src) || is_charptr(src);
	if (dst->dt_kind == DT_TK_PTR && src->dt_kind == DT_TK_PTR)
		return ptr_compatible(dst, src);
	if (dt_type_is_scalar(dst))
		return dt_type_is_scalar(src);
	if (dst->dt_kind == src->dt_kind)
		return dst->dt_size == src->dt_size;
	return false;
}

/*
 * A pointer the kernel gives as a user-space address (system call
 * arguments) is not read directly: DTrace's rule, copyin() reads it.
 */
static void user_check(dt_cookctx_t *cc, const dt_node_t *dnp, const dt_type_t *t,
		       const char *op)
{
	if (t->dt_kind == DT_TK_PTR && t->dt_user)
		dt_cook_err(cc, D_OP_PTR, dnp, "operator %s cannot be applied to a user-space pointer (%s): use "
			      "copyin( ) or copyinstr( ) to read user memory", op, dt_cook_tname(t));
}

/* ------------------------------------------------------------ constants */

/*
 * The value of integer operator op on constants l (and r, for a binary
 * one); false when it is no operator that folds or would divide by zero.
 * Arithmetic wraps at 64 bits and shift counts are taken modulo 64, as in
 * the generated code; C's undefined cases (overflow, INT64_MIN / -1,
 * shifts out of range) must not reach the host.  The parser's folding
 * and the cook's share it.
 */
bool dt_const_op(int kind, int op, int64_t l, int64_t r, int64_t *vp)
{
	if (kind == N_UNARY) {
		switch (op) {
		case OP_NEG: *vp = (int64_t)(0 - (uint64_t)l); return true;
		case OP_PLUS: *vp = l; return true;
		case '~': *vp = ~l; return true;
		case '!': *vp = !l; return true;
		}
		return false;
	}
	switch (op) {
	case OP_LAND: *vp = l && r; return true;
	case OP_LOR: *vp = l || r; return true;
	case OP_LXOR: *vp = !l != !r; return true;
	case '+': *vp = (int64_t)((uint64_t)l + (uint64_t)r); return true;
	case '-': *vp = (int64_t)((uint64_t)l - (uint64_t)r); return true;
	case '*': *vp = (int64_t)((uint64_t)l * (uint64_t)r); return true;
	case '/':
		if (r == 0)
			return false;
		*vp = r == -1 ? (int64_t)(0 - (uint64_t)l) : l / r;
		return true;
	case '%':
		if (r == 0)
			return false;
		*vp = r == -1 ? 0 : l % r;
		return true;
	case OP_SHL: *vp = (int64_t)((uint64_t)l << (r & 63)); return true;
	case OP_SHR: *vp = l >> (r & 63); return true;
	case '&': *vp = l & r; return true;
	case '|': *vp = l | r; return true;
	case '^': *vp = l ^ r; return true;
	case OP_EQ: *vp = l == r; return true;
	case OP_NE: *vp = l != r; return true;
	case '<': *vp = l < r; return true;
	case '>': *vp = l > r; return true;
	case OP_LE: *vp = l <= r; return true;
	case OP_GE: *vp = l >= r; return true;
	}
	return false;
}

/* Fold a cooked constant expression (dt_const_op()'s operators). */
bool dt_cook_const(dt_node_t *dnp, int64_t *vp)
{
	int64_t l, r = 0;

	switch (dnp->dn_kind) {
	case N_INT:
		*vp = dnp->dn_val;
		return true;
	case N_BINARY:
		if (!dt_cook_const(dnp->dn_right, &r))
			return false;
		/* FALLTHROUGH */
	case N_UNARY:
		return dt_cook_const(dnp->dn_left, &l) && dt_const_op(dnp->dn_kind, dnp->dn_op, l, r, vp);
	case N_CAST:
		return dt_cook_const(dnp->dn_left, vp);
	default:
		return false;
	}
}

/* dnp becomes the cast of the cooked expression e to scalar type t (translations) */
static void make_cast(dt_node_t *dnp, dt_node_t *e, dt_type_t *t)
{
	dnp->dn_kind = N_CAST;
	dnp->dn_ctype = t;
	dnp->dn_left = e;
	dnp->dn_right = NULL;
	dnp->dn_args = NULL;
	dnp->dn_type = t;
}

void dt_cook_mkint(dt_cookctx_t *cc, dt_node_t *dnp, int64_t v, dt_type_t *t)
{
	dt_node_t *next = dnp->dn_next; /* keep its place in an argument list */

	memset(&dnp->dn_left, 0, sizeof(dt_node_t) - offsetof(dt_node_t, dn_left));
	dnp->dn_next = next;
	dnp->dn_kind = N_INT;
	dnp->dn_val = v;
	dnp->dn_type = t ? t : dt_cook_int(cc);
}

/* The integer constant 0, which DTrace lets stand for any pointer. */
static bool is_nullconst(dt_node_t *dnp)
{
	int64_t v;

	return dt_type_is_int(dnp->dn_type) && dt_cook_const(dnp, &v) && v == 0;
}

/*
 * DTrace's dt_node_is_ptrcompat() where a pointer is involved: two
 * pointers to compatible types, or a pointer and the constant 0.  A
 * pointer and any other integer are incompatible (a cast says which).
 */
static bool ptr_mix_ok(dt_node_t *l, dt_node_t *r)
{
	bool lp = l->dn_type->dt_kind == DT_TK_PTR, rp = r->dn_type->dt_kind == DT_TK_PTR;

	if (lp && rp)
		return ptr_compatible(l->dn_type, r->dn_type);
	if (lp && dt_type_is_int(r->dn_type))
		return is_nullconst(r);
	if (rp && dt_type_is_int(l->dn_type))
		return is_nullconst(l);
	return true;
}

/* Type of an integer literal, after C's rules. */
static dt_type_t *literal_type(dt_cookctx_t *cc, dt_node_t *dnp)
{
	const dt_token_t *tok = dnp->dn_tok;
	uint64_t v = (uint64_t)dnp->dn_val;
	bool dec = tok && tok->tk_kind == TK_INT && !(tok->tk_loc[0] == '0' && tok->tk_len > 1);
	bool u = tok && tok->tk_unsigned, l = tok && tok->tk_long;

	/* a character constant: int, or as a hexadecimal literal if more than 4 bytes */
	if (tok && tok->tk_kind == TK_INT && tok->tk_loc[0] == '\'' &&
	    (int64_t)v == (int32_t)v)
		return dt_cook_int(cc);
	if (tok && tok->tk_kind == TK_INT && tok->tk_loc[0] == '\'')
		dec = false;
	if (!l && !u && v <= 0x7fffffff)
		return dt_cook_int(cc);
	if (!l && !dec && v <= 0xffffffffu)
		return dt_type_int(DTP(cc), 4, false);
	if (!l && u && v <= 0xffffffffu)
		return dt_type_int(DTP(cc), 4, false);
	if (!u && v <= 0x7fffffffffffffffull)
		return dt_type_int(DTP(cc), 8, true);
	return dt_type_int(DTP(cc), 8, false);
}

/* ------------------------------------------------------------ macros */

static void cook_macro(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dtrace_hdl_t *dtp = DTP(cc);
	const char *name = dnp->dn_name + 1;
	bool forcestr = false;
	const char *val = NULL;
	char *end;
	int64_t v;

	if (*name == '$') {
		forcestr = true;
		name++;
	}
	if (isdigit((unsigned char)*name)) {
		/* $99999999999 must not wrap to a valid (or negative) index */
		long i = strlen(name) > 9 ? INT32_MAX : atol(name);

		if (i < dtp->dt_argc) {
			val = dtp->dt_argv[i];
			dtp->dt_argused[i] = true;
		} else if (dtp->dt_options[DTOPT_DEFAULTARGS]) {
			val = forcestr ? "" : "0";
		} else {
			cc->cc_pcb->pcb_region = NULL; /* a lexical error in DTrace */
			dt_cook_err(cc, D_MACRO_UNDEF, dnp, "macro argument %s is not defined", dnp->dn_name);
		}
	} else {
		if (!strcmp(name, "target")) {
			/* without -c or -p, $target is 0, as in DTrace */
			v = dtp->dt_target;
		} else if (!strcmp(name, "pid")) {
			v = getpid();
		} else if (!strcmp(name, "ppid")) {
			v = getppid();
		} else if (!strcmp(name, "uid")) {
			v = getuid();
		} else if (!strcmp(name, "gid")) {
			v = getgid();
		} else {
			cc->cc_pcb->pcb_region = NULL; /* a lexical error in DTrace */
			dt_cook_err(cc, D_MACRO_UNDEF, dnp, "macro variable %s is not defined", dnp->dn_name);
		}
		dt_cook_mkint(cc, dnp, v, dt_cook_int(cc));
		return;
	}
	errno = 0;
	v = isdigit((unsigned char)*val) ? (int64_t)strtoull(val, &end, 0) : strtoll(val, &end, 0);
	if (!forcestr && *val != '\0' && *end == '\0') {
		if (errno == ERANGE) {
			cc->cc_pcb->pcb_region = NULL; /* a lexical error in DTrace */
			dt_cook_err(cc, D_MACRO_OFLOW, dnp, "macro argument %s constant %s results in integer "
			     "overflow", dnp->dn_name, val);
		}
		/* as an integer literal: int, long, or unsigned long above INT64_MAX */
		if (v < 0 && *val != '-')
			dt_cook_mkint(cc, dnp, v, dt_type_int(dtp, 8, false));
		else
			dt_cook_mkint(cc, dnp, v, v == (int32_t)v ? dt_cook_int(cc) : dt_type_int(dtp, 8, true));
		return;
	}
	dnp->dn_kind = N_STR;
	dnp->dn_str = dt_arena_strdup(cc->cc_pcb->pcb_arena, val);
	dnp->dn_strlen = (int)strlen(val);
	dnp->dn_type = dt_type_string(dtp);
}

/* ------------------------------------------------------------ variables */

/*
 * Reading a built-in variable: the cook column of its row in the
 * language's table (layout/dt_lang.h).  A hook checks what is particular
 * to the variable and returns its type, or NULL for the row's.
 */
typedef dt_type_t *cook_var_f(dt_cookctx_t *, dt_node_t *, const dt_builtin_var_t *);

static dt_type_t *cook_var_plain(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_var_t *bv)
{
	(void)cc, (void)dnp, (void)bv;
	return NULL;
}

/* arg0..arg9, errno: the probe's native arguments (its signature) */
static dt_type_t *cook_var_argn(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_var_t *bv)
{
	(void)dnp, (void)bv;
	cc->cc_clause->dc_uses |= DT_USES_ARGN;
	return NULL;
}

/* args[], uregs[]: arrays (cook_array()) */
static dt_type_t *cook_var_indexed(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_var_t *bv)
{
	dt_cook_err(cc, D_IDENT_BADREF, dnp, "%s[ ] must be indexed: use %s[n]", bv->bv_name, bv->bv_name);
}

/* curthread: a struct task_struct * where the kernel's BTF has it */
static dt_type_t *cook_var_curthread(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_var_t *bv)
{
	dt_type_t *t = dt_type_struct(DTP(cc), "task_struct", false);

	(void)dnp, (void)bv;
	return t != NULL ? dt_type_ptr(DTP(cc), t) : NULL;
}

static cook_var_f *const dt_cookvar[DT_BV_MAX] = {
#define X(id, name, type, attr, vers, cook, cg) [DT_BV_##id] = cook_var_##cook,
	DT_LANG_VARS(X)
#undef X
};

static dt_type_t *builtin_type(dt_cookctx_t *cc, const dt_builtin_var_t *bv)
{
	dtrace_hdl_t *dtp = DTP(cc);

	if (!strcmp(bv->bv_type, "string"))
		return dt_type_string(dtp);
	if (!strcmp(bv->bv_type, "int"))
		return dt_cook_int(cc);
	return dt_type_lookup(dtp, bv->bv_type);
}

/*
 * A dynamic variable read before the program assigns it: int64_t (and 0)
 * until an integer assignment gives it its type.
 */
static void provisional(dt_cookctx_t *cc, dt_ident_t *idp)
{
	if (idp->di_type != NULL)
		return;
	idp->di_type = dt_type_int(DTP(cc), 8, true);
	idp->di_provisional = true;
}

/* A copy of one node of a list (and its subtrees), without the rest of the list. */
static dt_node_t *clone_one(dt_pcb_t *pcb, dt_node_t *a)
{
	dt_node_t *next = a->dn_next, *c;

	a->dn_next = NULL;
	c = dt_node_clone(pcb, a);
	a->dn_next = next;
	return c;
}

/*
 * An inline, name or name[args]: the node becomes its definition (with
 * the arguments, uncooked, in place of the parameters, cast to their
 * types), converted to the declared type as by a cast, cooked where it is
 * used.
 */
static void cook_inline(dt_cookctx_t *cc, dt_node_t *dnp, dt_ident_t *idp)
{
	dt_node_t *e = dt_node_clone(cc->cc_pcb, idp->di_inline), *a = dnp->dn_args;

	for (int i = 0; i < idp->di_nkeys && idp->di_pnames != NULL; i++, a = a->dn_next)
		dt_xlate_subst(cc->cc_pcb, e, idp->di_pnames[i], idp->di_keys[i], clone_one(cc->cc_pcb, a));

	if (idp->di_busy)
		dt_cook_err(cc, D_IDENT_BADREF, dnp, "inline %s is defined in terms of itself", idp->di_name);
	idp->di_busy++;
	dt_cook_node(cc, e);
	idp->di_busy--;
	if (!compatible(idp->di_type, e->dn_type) &&
	    !(dt_type_is_scalar(idp->di_type) && dt_type_is_scalar(e->dn_type)))
		dt_cook_err(cc, D_OP_INCOMPAT, dnp, "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
		     idp->di_name, dt_cook_tname(idp->di_type), dt_cook_tname(e->dn_type));
	if (e->dn_kind == N_INT && dt_type_is_int(idp->di_type)) {
		dt_cook_mkint(cc, dnp, e->dn_val, idp->di_type);
		return;
	}
	dnp->dn_kind = N_CAST;
	dnp->dn_ctype = idp->di_type;
	dnp->dn_left = e;
	dnp->dn_type = idp->di_type;
}

/*
 * An inline's parameters, name[args] (fds[arg0]) or, for the D library's,
 * name(args) (mutex_owned(m): dlib/lock.d): checked against their types,
 * then the inline put in (br is "[ ]" or "( )" for the messages).
 */
void dt_cook_inline_args(dt_cookctx_t *cc, dt_node_t *dnp, dt_ident_t *idp, const char *br)
{
	int n = 0;

	for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next)
		n++;
	if (idp->di_pnames == NULL)
		dt_cook_err(cc, D_OP_ARRFUN, dnp, "inline %s has no parameters: it cannot be indexed",
		     idp->di_name);
	if (n != idp->di_nkeys)
		dt_cook_err(cc, D_PROTO_LEN, dnp, "%s%s prototype mismatch: %d arg%s passed, %d expected",
		     idp->di_name, br, n, n == 1 ? "" : "s", idp->di_nkeys);
	n = 0;
	for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next, n++) {
		dt_node_t *c = clone_one(cc->cc_pcb, a); /* cooked to check, substituted uncooked */
		dt_type_t *want = idp->di_keys[n];

		dt_cook_node(cc, c);
		if (dt_cook_strlike(want) != dt_cook_strlike(c->dn_type) ||
		    (!dt_cook_strlike(want) && !compatible(want, c->dn_type) &&
		     !(dt_type_is_scalar(want) && dt_type_is_scalar(c->dn_type))))
			dt_cook_err(cc, D_PROTO_ARG, a, "%s%s argument #%d is incompatible with prototype:\n"
				      "\tprototype: %s\n\t argument: %s", idp->di_name, br, n + 1,
			     dt_cook_tname(want), dt_cook_tname(c->dn_type));
	}
	cook_inline(cc, dnp, idp);
}

/*
 * A name that is no variable: an enumerator (D's, then the kernel's) or a
 * kernel symbol (`name).  False if neither.
 */
static bool dt_cook_ksym(dt_cookctx_t *cc, dt_node_t *dnp)
{
	int64_t v;
	dt_type_t *t;

	if (strchr(dnp->dn_name, '`') != NULL) {
		dt_cook_kvar(cc->cc_pcb, dnp);
		return true;
	}
	if (!dt_type_enumer(DTP(cc), dnp->dn_name, &v, &t))
		return false;
	dt_cook_mkint(cc, dnp, v, t);
	return true;
}

static void cook_array(dt_cookctx_t *cc, dt_node_t *dnp, bool lvalue);

/*
 * argN of a probe whose provider computes integer argument N (an integer
 * ta_xexpr: lockstat's time blocked) is that value, args[N]: the native
 * argument is not what DTrace's argN holds.  Computed pointers (tcp's
 * translated views) leave argN native.
 */
static bool cook_computed_argn(dt_cookctx_t *cc, dt_node_t *dnp, const dt_builtin_var_t *bv)
{
	dtrace_hdl_t *dtp = DTP(cc);
	dt_probe_t *pr = cc->cc_probe;
	int n = (int)bv->bv_id - DT_BV_ARG0;
	dt_node_t *base, *k;

	if (n < 0 || n > 9 || pr == NULL || dtp->dt_hooks.dh_probe_args(dtp, pr) != 0 ||
	    n >= pr->pr_nargs || pr->pr_xargexprs == NULL || pr->pr_xargexprs[n] == NULL ||
	    !dt_type_is_int(pr->pr_xargtypes[n]))
		return false;
	base = dt_node_new(cc->cc_pcb, N_VAR, NULL);
	base->dn_name = "args";
	base->dn_line = dnp->dn_line;
	k = dt_node_new(cc->cc_pcb, N_INT, NULL);
	k->dn_val = n;
	k->dn_line = dnp->dn_line;
	dnp->dn_kind = N_ARRAY;
	dnp->dn_op = 0;
	dnp->dn_name = NULL;
	dnp->dn_left = base;
	dnp->dn_args = k;
	cook_array(cc, dnp, false);
	return true;
}

static void cook_var(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dtrace_hdl_t *dtp = DTP(cc);
	const dt_builtin_var_t *bv;
	dt_ident_t *idp;
	char buf[128];

	if (dnp->dn_op == '$') {
		cook_macro(cc, dnp);
		return;
	}
	if (dnp->dn_op == 's' || dnp->dn_op == 't') {
		dt_idkind_t kind = dnp->dn_op == 's' ? DT_ID_TLS : DT_ID_LOCAL;

		/* as in DTrace, a reference creates self-> and this-> variables */
		if ((idp = dt_ident_lookup(dtp, dnp->dn_name, kind)) == NULL)
			idp = dt_ident_create(dtp, dnp->dn_name, kind);
		provisional(cc, idp);
		if (idp->di_kind == DT_ID_TARRAY)
			dt_cook_err(cc, D_IDENT_BADREF, dnp, "self->%s is an associative array and must be indexed",
			     dnp->dn_name);
		dnp->dn_ident = idp;
		dnp->dn_type = idp->di_type;
		return;
	}
	if ((bv = dt_builtin_var(dnp->dn_name)) != NULL &&
	    dt_builtin_visible(bv->bv_since, dtp->dt_options[DTOPT_VERSION])) {
		dt_type_t *t;

		if (cook_computed_argn(cc, dnp, bv))
			return;
		t = dt_cookvar[bv->bv_id](cc, dnp, bv);

		dnp->dn_builtin = bv->bv_id;
		dnp->dn_type = t != NULL ? t : builtin_type(cc, bv);
		return;
	}
	idp = dt_ident_lookup(dtp, dnp->dn_name, DT_ID_GLOBAL);
	if (idp != NULL && idp->di_kind == DT_ID_INLINE) {
		if (idp->di_pnames != NULL)
			dt_cook_err(cc, D_IDENT_BADREF, dnp, "%s[ ] must be indexed: it is an inline with %d parameter%s",
			     idp->di_name, idp->di_nkeys, idp->di_nkeys == 1 ? "" : "s");
		cook_inline(cc, dnp, idp);
		return;
	}
	if (idp == NULL && dt_cook_ksym(cc, dnp))
		return;
	if (idp == NULL || idp->di_type == NULL)
		dt_cook_err(cc, D_IDENT_UNDEF, dnp, "failed to resolve %s: Unknown variable name", dnp->dn_name);
	if (idp->di_kind == DT_ID_GARRAY)
		dt_cook_err(cc, D_IDENT_BADREF, dnp, "%s is an associative array and must be indexed",
		     id_display(idp, buf, sizeof(buf)));
	dnp->dn_ident = idp;
	dnp->dn_type = idp->di_type;
}

/* Check/record the key signature of an associative array. */
static void cook_keys(dt_cookctx_t *cc, dt_node_t *dnp, dt_ident_t *idp, const char *what)
{
	int n = 0;
	char buf[128];

	for (dt_node_t *k = dnp->dn_args; k; k = k->dn_next) {
		dt_cook_node(cc, k);
		if (k->dn_type->dt_kind == DT_TK_VOID)
			dt_cook_err(cc, D_KEY_TYPE, k, "%s key #%d is of type void", what, n + 1);
		if (!dt_type_is_scalar(k->dn_type) && !dt_cook_strlike(k->dn_type))
			dt_cook_err(cc, D_KEY_TYPE, k, "%s key #%d is of unsupported type %s", what, n + 1,
			     dt_cook_tname(k->dn_type));
		n++;
	}
	if (n == 0)
		dt_cook_err(cc, D_KEY_TYPE, dnp, "%s requires at least one key", id_display(idp, buf, sizeof(buf)));
	if (idp->di_nkeys < 0) {
		int i = 0;

		idp->di_nkeys = n;
		idp->di_keys = dt_arena_zalloc(&DTP(cc)->dt_arena, sizeof(dt_type_t *) * n);
		for (dt_node_t *k = dnp->dn_args; k; k = k->dn_next, i++)
			idp->di_keys[i] = dt_cook_strlike(k->dn_type) ? dt_type_string(DTP(cc))
								 : dt_cook_promote(cc, k->dn_type);
		return;
	}
	if (idp->di_nkeys != n)
		dt_cook_err(cc, D_PROTO_LEN, dnp, "%s[ ] prototype mismatch: %d key%s passed, %d expected",
		     id_display(idp, buf, sizeof(buf)), n, n == 1 ? "" : "s", idp->di_nkeys);
	n = 0;
	for (dt_node_t *k = dnp->dn_args; k; k = k->dn_next, n++) {
		dt_type_t *want = idp->di_keys[n];

		if (dt_cook_strlike(want) != dt_cook_strlike(k->dn_type))
			dt_cook_err(cc, D_PROTO_ARG, k, "%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n"
				    "\t      key: %s", id_display(idp, buf, sizeof(buf)), n + 1,
			     dt_cook_tname(want), dt_cook_tname(k->dn_type));
	}
}

/* a[k...] as an rvalue or lvalue; returns false if not an array variable. */
static void cook_array(dt_cookctx_t *cc, dt_node_t *dnp, bool lvalue)
{
	dtrace_hdl_t *dtp = DTP(cc);
	dt_node_t *base = dnp->dn_left;
	dt_ident_t *idp;

	if (base->dn_kind == N_VAR && base->dn_op == 0 && !strcmp(base->dn_name, "args")) {
		int64_t n;

		if (dnp->dn_args == NULL || dnp->dn_args->dn_next != NULL ||
		    !dt_cook_const(dnp->dn_args, &n))
			dt_cook_err(cc, D_ARGS_IDX, dnp, "args[ ] requires a constant index");
		if (cc->cc_probe == NULL || dtp->dt_hooks.dh_probe_args(dtp, cc->cc_probe) != 0 ||
		    n < 0 || n >= cc->cc_probe->pr_nargs) {
			const dt_pdesc_t *pd = cc->cc_clause->dc_descs;
			const dtrace_probedesc_t *d = cc->cc_probe ? &cc->cc_probe->pr_desc : NULL;

			/* the description as written, or the probe that lacks the argument */
			if (d == NULL || (cc->cc_clause->dc_nprobes == 1 && pd->pd_next == NULL))
				dt_cook_err(cc, D_ARGS_IDX, dnp, "index %lld is out of range for %s:%s:%s:%s args[ ]",
				     (long long)n, pd->pd_prov, pd->pd_mod, pd->pd_func,
				     pd->pd_name);
			dt_cook_err(cc, D_ARGS_IDX, dnp, "index %lld is out of range for %s:%s:%s:%s args[ ]",
			     (long long)n, d->dtpd_provider, d->dtpd_mod, d->dtpd_func,
			     d->dtpd_name);
		}
		if (dnp->dn_op != 'n' && cc->cc_probe->pr_xargtypes != NULL &&
		    cc->cc_probe->pr_xargtypes[n] != NULL) {
			/* a stable type (psinfo_t *): the native argument, translated */
			dt_node_t *next = dnp->dn_next, *nat;

			dnp->dn_next = NULL;
			nat = dt_node_clone(cc->cc_pcb, dnp);
			dnp->dn_next = next;
			nat->dn_op = 'n';
			if (cc->cc_probe->pr_xargexprs != NULL && cc->cc_probe->pr_xargexprs[n] != NULL) {
				/* computed from the native argument (proc:::exec's path) */
				dt_node_t *e = dt_xlate_argexpr(cc->cc_pcb, cc->cc_probe->pr_xargexprs[n], nat);
				dt_type_t *xt = cc->cc_probe->pr_xargtypes[n];

				dt_cook_node(cc, e);
				if (dt_type_is_scalar(xt)) {
					make_cast(dnp, e, xt);
					return;
				}
				*dnp = *e;
				dnp->dn_next = next;
				return;
			}
			dnp->dn_kind = N_XLATE;
			dnp->dn_ctype = cc->cc_probe->pr_xargtypes[n];
			dnp->dn_left = nat;
			dnp->dn_args = NULL;
			dnp->dn_right = NULL;
			cook_xlate(cc, dnp);
			return;
		}
		cc->cc_clause->dc_uses |= DT_USES_ARGS;
		dnp->dn_index = DT_INDEX_ARGS;
		dnp->dn_val = n;
		dnp->dn_type = cc->cc_probe->pr_argtypes[n];
		return;
	}
	if (base->dn_kind == N_VAR && base->dn_op == 0 &&
	    (idp = dt_ident_lookup(dtp, base->dn_name, DT_ID_GLOBAL)) != NULL &&
	    idp->di_kind == DT_ID_INLINE) {
		dt_cook_inline_args(cc, dnp, idp, "[ ]");
		return;
	}
	if (base->dn_kind == N_VAR && base->dn_op == 0 && !strcmp(base->dn_name, "uregs")) {
		/* the user registers: a constant index is checked here, others at run time */
		int64_t n;

		if (dnp->dn_args == NULL || dnp->dn_args->dn_next != NULL) {
			int cnt = 0;

			for (dt_node_t *a = dnp->dn_args; a; a = a->dn_next)
				cnt++;
			dt_cook_err(cc, D_PROTO_LEN, dnp, "uregs[ ] prototype mismatch: %d args passed, 1 expected",
			     cnt);
		}
		dt_cook_node(cc, dnp->dn_args);
		if (!dt_type_is_int(dnp->dn_args->dn_type))
			dt_cook_err(cc, D_PROTO_ARG, dnp, "uregs[ ] argument #1 is incompatible with prototype:\n"
				      "\tprototype: int\n\t argument: %s", dt_cook_tname(dnp->dn_args->dn_type));
		if (dt_cook_const(dnp->dn_args, &n) && (n < 0 || n >= DT_NUREGS + DT_NSEGREGS))
			dt_cook_err(cc, D_REGS_IDX, dnp, "index %lld is out of range for array uregs", (long long)n);
		dnp->dn_index = DT_INDEX_UREGS;
		dnp->dn_type = dt_type_lookup(dtp, "uint64_t");
		return;
	}
	if (base->dn_kind == N_VAR && (base->dn_op == 0 || base->dn_op == 't') &&
	    (idp = dt_ident_lookup(dtp, base->dn_name, base->dn_op == 't' ? DT_ID_LOCAL
									 : DT_ID_GLOBAL)) != NULL &&
	    (idp->di_kind == DT_ID_GLOBAL || idp->di_kind == DT_ID_LOCAL) &&
	    idp->di_type != NULL && idp->di_type->dt_kind == DT_TK_ARRAY) {
		/* a scalar array: int a[5]; this int b[3]; */
		int64_t n;

		if (dnp->dn_args == NULL || dnp->dn_args->dn_next != NULL)
			dt_cook_err(cc, D_OP_ARRFUN, dnp, "operator [ ] requires exactly one index");
		dt_cook_node(cc, dnp->dn_args);
		if (!dt_type_is_int(dnp->dn_args->dn_type))
			dt_cook_err(cc, D_OP_INT, dnp, "operator [ ] requires an integer index");
		if (dt_cook_const(dnp->dn_args, &n) && (n < 0 || n >= idp->di_type->dt_nelems))
			dt_cook_err(cc, D_ARGS_IDX, dnp, "index %lld is out of range for %s%s[%d]", (long long)n,
			     base->dn_op == 't' ? "this->" : "", base->dn_name,
			     idp->di_type->dt_nelems);
		dnp->dn_ident = idp;
		dnp->dn_index = DT_INDEX_SCALAR;
		dnp->dn_type = idp->di_type->dt_base;
		return;
	}
	/* a backquoted name is a kernel symbol (an error if the kernel has none), never an array */
	if (base->dn_kind == N_VAR && (base->dn_op == 0 || base->dn_op == 's') &&
	    (base->dn_op == 's' || (dt_builtin_var(base->dn_name) == NULL &&
				    strchr(base->dn_name, '`') == NULL)) &&
	    !((idp = dt_ident_lookup(dtp, base->dn_name, base->dn_op == 's' ? DT_ID_TLS
									      : DT_ID_GLOBAL)) != NULL &&
	      (idp->di_kind == DT_ID_GLOBAL || idp->di_kind == DT_ID_TLS) &&
	      idp->di_type != NULL && (idp->di_type->dt_kind == DT_TK_STRING ||
				       idp->di_type->dt_kind == DT_TK_PTR))) { /* p[i]: memory */
		dt_idkind_t kind = base->dn_op == 's' ? DT_ID_TARRAY : DT_ID_GARRAY;

		/* as in DTrace, a reference creates an associative array */
		idp = dt_ident_lookup(dtp, base->dn_name, kind);
		if (idp == NULL)
			idp = dt_ident_create(dtp, base->dn_name, kind);
		if (idp->di_kind != kind)
			dt_cook_err(cc, D_IDENT_BADREF, dnp, "%s%s is a scalar and cannot be indexed",
			     base->dn_op == 's' ? "self->" : "", base->dn_name);
		if (!lvalue)
			provisional(cc, idp);
		cook_keys(cc, dnp, idp, "associative array");
		dnp->dn_ident = idp;
		dnp->dn_type = idp->di_type;
		return;
	}
	/* pointer or array indexing: p[i] is *(p + i) */
	dt_cook_node(cc, base);
	user_check(cc, dnp, base->dn_type, "[ ]");
	if (base->dn_type->dt_kind == DT_TK_STRING) {
		/* s[i]: the character at i, as in DTrace */
		if (dnp->dn_args == NULL || dnp->dn_args->dn_next != NULL)
			dt_cook_err(cc, D_OP_ARRFUN, dnp, "operator [ ] requires exactly one index");
		dt_cook_node(cc, dnp->dn_args);
		if (!dt_type_is_int(dnp->dn_args->dn_type))
			dt_cook_err(cc, D_OP_INT, dnp, "operator [ ] requires an integer index");
		dnp->dn_index = DT_INDEX_STRING;
		dnp->dn_type = dt_type_int(dtp, 1, true);
		return;
	}
	if (base->dn_type->dt_kind != DT_TK_PTR && base->dn_type->dt_kind != DT_TK_ARRAY)
		dt_cook_err(cc, D_OP_ARRFUN, dnp, "operator [ ] cannot be applied to a value of type %s",
		     dt_cook_tname(base->dn_type));
	if (dnp->dn_args == NULL || dnp->dn_args->dn_next != NULL)
		dt_cook_err(cc, D_OP_ARRFUN, dnp, "operator [ ] requires exactly one index");
	dt_cook_node(cc, dnp->dn_args);
	if (!dt_type_is_int(dnp->dn_args->dn_type))
		dt_cook_err(cc, D_OP_INT, dnp, "operator [ ] requires an integer index");
	dnp->dn_index = DT_INDEX_MEM;
	dnp->dn_type = base->dn_type->dt_base;
}

/* ------------------------------------------------------------ operators */

static void cook_binary(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_node_t *l = dnp->dn_left, *r = dnp->dn_right;
	dt_type_t *lt, *rt;
	int op = dnp->dn_op;

	dt_cook_node(cc, l);
	dt_cook_node(cc, r);
	lt = l->dn_type;
	rt = r->dn_type;
	{
		int64_t zero;

		/* a constant zero after folding, as DTrace folds before checking */
		if ((op == '/' || op == '%') && dt_cook_const(r, &zero) && zero == 0)
			dt_cook_err(cc, D_DIV_ZERO, dnp, "expression contains division by zero");
	}

	if (op == OP_EQ || op == OP_NE || op == '<' || op == '>' || op == OP_LE || op == OP_GE) {
		bool ls = dt_cook_strlike(lt), rs = dt_cook_strlike(rt);

		if ((ls || rs) && (op == OP_EQ || op == OP_NE) &&
		    ((ls && is_zero(r)) || (rs && is_zero(l)))) {
			dnp->dn_cmp = DT_CMP_STRNULL;
		} else if (ls || rs) {
			if (!(ls || is_charptr(lt)) || !(rs || is_charptr(rt)))
				dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operands have incompatible types: \"%s\" %s \"%s\"",
				     dt_cook_tname(lt), dt_cook_opname(op), dt_cook_tname(rt));
			dnp->dn_cmp = DT_CMP_STRING;
		} else if (!dt_type_is_scalar(lt) || !dt_type_is_scalar(rt) || !ptr_mix_ok(l, r)) {
			dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operands have incompatible types: \"%s\" %s \"%s\"",
			     dt_cook_tname(lt), dt_cook_opname(op), dt_cook_tname(rt));
		} else if (dt_type_is_int(lt) && dt_type_is_int(rt)) {
			/* comparisons are done in the converted type */
			dnp->dn_ctype = arith_conv(cc, lt, rt);
		} else {
			dnp->dn_ctype = dt_type_int(DTP(cc), 8, false);
		}
		dnp->dn_type = dt_cook_int(cc);
		return;
	}
	/* illumos: no arithmetic on void * (or function pointers), pointers of one type subtract */
	if ((op == '+' || op == '-') &&
	    ((lt->dt_kind == DT_TK_PTR && (lt->dt_base->dt_kind == DT_TK_VOID ||
					   lt->dt_base->dt_kind == DT_TK_FUNC || rt->dt_kind == DT_TK_PTR)) ||
	     (rt->dt_kind == DT_TK_PTR && (rt->dt_base->dt_kind == DT_TK_VOID ||
					   rt->dt_base->dt_kind == DT_TK_FUNC || op == '-'))) &&
	    !(op == '-' && lt->dt_kind == DT_TK_PTR && rt->dt_kind == DT_TK_PTR &&
	      ptr_compatible(lt, rt) && lt->dt_base->dt_kind != DT_TK_VOID &&
	      lt->dt_base->dt_kind != DT_TK_FUNC && rt->dt_base->dt_kind != DT_TK_VOID &&
	      rt->dt_base->dt_kind != DT_TK_FUNC))
		dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operands have incompatible types: \"%s\" %s \"%s\"",
		     dt_cook_tname(lt), dt_cook_opname(op), dt_cook_tname(rt));
	if ((op == '+' || op == '-') && lt->dt_kind == DT_TK_PTR && dt_type_is_int(rt)) {
		dnp->dn_type = lt;
		return;
	}
	if (op == '+' && rt->dt_kind == DT_TK_PTR && dt_type_is_int(lt)) {
		dnp->dn_type = rt;
		return;
	}
	if (op == '-' && lt->dt_kind == DT_TK_PTR && rt->dt_kind == DT_TK_PTR) {
		dnp->dn_type = dt_type_int(DTP(cc), 8, true);
		return;
	}
	/* illumos' tags: + and - of no pointer D_OP_INCOMPAT, * and / D_OP_ARITH, the others D_OP_INT */
	if ((op == '+' || op == '-') && (lt->dt_kind == DT_TK_VOID || rt->dt_kind == DT_TK_VOID))
		dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operands have incompatible types: \"%s\" %s \"%s\"",
			    dt_cook_tname(lt), dt_cook_opname(op), dt_cook_tname(rt));
	if (!dt_type_is_int(lt) || !dt_type_is_int(rt)) {
		bool arith = op == '+' || op == '-' || op == '*' || op == '/';

		dt_cook_err(cc, arith ? D_OP_ARITH : D_OP_INT, dnp, "operator %s requires operands of %s type",
			    dt_cook_opname(op), arith ? "arithmetic" : "integral");
	}
	if (op == OP_SHL || op == OP_SHR)
		dnp->dn_type = lt->dt_kind == DT_TK_INT ? lt : dt_cook_int(cc); /* the left operand's */
	else
		dnp->dn_type = arith_conv(cc, lt, rt);
}

static void cook_unary(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_type_t *t;

	dt_cook_node(cc, dnp->dn_left);
	t = dnp->dn_left->dn_type;
	if (dnp->dn_op == '!') {
		if (!dt_type_is_scalar(t) && !dt_cook_strlike(t))
			dt_cook_err(cc, D_OP_SCALAR, dnp, "operator ! requires an operand of scalar type");
		dnp->dn_type = dt_cook_int(cc);
		return;
	}
	if (!dt_type_is_int(t))
		dt_cook_err(cc, dnp->dn_op == '~' ? D_OP_INT : D_OP_ARITH, dnp, "operator %s requires an operand of %s type",
			    dt_cook_opname(dnp->dn_op),
		     dnp->dn_op == '~' ? "integral" : "arithmetic");
	dnp->dn_type = t->dt_kind == DT_TK_INT ? t : dt_cook_int(cc); /* D: the operand's type */
}

/* Why a node that is_lvalue() refuses cannot be assigned, as DTrace says it. */
static const char *not_lvalue(const dt_node_t *dnp)
{
	if (dnp->dn_kind == N_VAR && dnp->dn_ident == NULL)
		return "can only be applied to a writable variable"; /* built-in */
	return "requires modifiable lvalue as an operand";
}

/*
 * Can an address computed from dnp be written through?  As illumos'
 * DT_NF_WRITABLE: what comes from a D variable or alloca() can (the store
 * is checked at run time to land in D memory), a built-in (curthread)
 * cannot.
 */
static bool writable(const dt_node_t *dnp)
{
	switch (dnp->dn_kind) {
	case N_VAR:
	case N_ARRAY:
		return dnp->dn_ident != NULL || (dnp->dn_kind == N_ARRAY && writable(dnp->dn_left));
	case N_MEMBER:
	case N_DEREF:
	case N_CAST:
	case N_ADDROF:
		return writable(dnp->dn_left);
	case N_BINARY:
		return (dnp->dn_op == '+' || dnp->dn_op == '-') &&
		       (writable(dnp->dn_left) || writable(dnp->dn_right));
	case N_CALL:
		return dnp->dn_name != NULL && strcmp(dnp->dn_name, "alloca") == 0;
	default:
		return false;
	}
}

/* A store into memory: a member (not of a translated struct), *p, p[i]. */
static bool is_memlvalue(const dt_node_t *dnp)
{
	if (dnp->dn_kind == N_MEMBER)
		return writable(dnp->dn_left);
	if (dnp->dn_kind == N_DEREF || (dnp->dn_kind == N_ARRAY && dnp->dn_index == DT_INDEX_MEM))
		return writable(dnp->dn_left);
	return false;
}

static bool is_lvalue(const dt_node_t *dnp)
{
	switch (dnp->dn_kind) {
	case N_VAR:
		return dnp->dn_ident != NULL;
	case N_ARRAY:
		return dnp->dn_ident != NULL || is_memlvalue(dnp);
	case N_MEMBER:
	case N_DEREF:
		return is_memlvalue(dnp);
	default:
		return false;
	}
}

/* Cook the target of an assignment, creating the variable if needed. */
static void cook_lvalue(dt_cookctx_t *cc, dt_node_t *lhs, dt_type_t *rt, dt_node_t *where)
{
	dtrace_hdl_t *dtp = DTP(cc);
	dt_ident_t *idp;
	char buf[128];

	if (lhs->dn_kind == N_MEMBER || lhs->dn_kind == N_DEREF) {
		dt_cook_node(cc, lhs); /* a store into memory: its type is the member's */
		if (!is_memlvalue(lhs))
			dt_cook_err(cc, D_OP_LVAL, where, "operator %s requires modifiable lvalue as an operand",
			     where->dn_kind == N_INCDEC ? (where->dn_op == '+' ? "++" : "--") : "=");
		return;
	}
	if (lhs->dn_kind == N_ARRAY) {
		cook_array(cc, lhs, true);
		if (lhs->dn_index == DT_INDEX_SCALAR)
			return; /* a scalar array element: its type is the array's */
		if (lhs->dn_index == DT_INDEX_MEM) {
			if (!is_memlvalue(lhs))
				dt_cook_err(cc, D_OP_LVAL, where, "operator %s requires modifiable lvalue as an operand",
				     where->dn_kind == N_INCDEC ? (where->dn_op == '+' ? "++" : "--") : "=");
			return;
		}
		idp = lhs->dn_ident;
		if (idp == NULL)
			dt_cook_err(cc, D_OP_LVAL, where, "operator = can only be applied to a variable or an "
					"associative array element");
	} else if (lhs->dn_kind == N_VAR && lhs->dn_op != '$') {
		dt_idkind_t kind = lhs->dn_op == 's' ? DT_ID_TLS :
				   lhs->dn_op == 't' ? DT_ID_LOCAL : DT_ID_GLOBAL;

		if (lhs->dn_op == 0 && dt_builtin_var(lhs->dn_name) != NULL)
			dt_cook_err(cc, D_OP_WRITE, where, "operator = can only be applied to a writable variable");
		idp = dt_ident_lookup(dtp, lhs->dn_name, kind);
		if (idp == NULL)
			idp = dt_ident_create(dtp, lhs->dn_name, kind);
		if (idp->di_kind == DT_ID_INLINE) /* EIO = 3: an inline is no variable */
			dt_cook_err(cc, D_OP_LVAL, where, "operator %s requires modifiable lvalue as an operand",
			     where->dn_kind == N_INCDEC ? (where->dn_op == '+' ? "++" : "--") : "=");
		if (idp->di_kind == DT_ID_GARRAY || idp->di_kind == DT_ID_TARRAY)
			dt_cook_err(cc, D_IDENT_BADREF, where, "%s is an associative array and must be indexed",
			     id_display(idp, buf, sizeof(buf)));
		lhs->dn_ident = idp;
	} else {
		dt_cook_err(cc, D_OP_LVAL, where, "operator %s requires modifiable lvalue as an operand",
		     where->dn_kind == N_INCDEC ? (where->dn_op == '+' ? "++" : "--") : "=");
	}
	if (idp->di_provisional && dt_type_is_scalar(rt)) {
		idp->di_type = NULL;
		idp->di_provisional = false;
	}
	if (idp->di_type == NULL) {
		if (rt->dt_kind == DT_TK_VOID)
			dt_cook_err(cc, D_OP_INCOMPAT, where, "operator = cannot be applied to a void expression");
		if (rt->dt_kind == DT_TK_ARRAY || rt->dt_kind == DT_TK_STRUCT ||
		    rt->dt_kind == DT_TK_UNION) {
			if (dt_cook_strlike(rt))
				rt = dt_type_string(dtp);
			else if (rt->dt_kind == DT_TK_ARRAY)
				dt_cook_err(cc, D_OP_INCOMPAT, where, "operator = cannot be applied to type %s",
				     dt_cook_tname(rt));
			/* a struct or union value: copied whole (cg/dt_cg.c) */
		}
		idp->di_type = rt; /* the type of the first assignment, as in DTrace */
	}
	lhs->dn_type = idp->di_type;
}

/* A pointer to void or to a function: no arithmetic on it (illumos' dt_node_is_vfptr) */
static bool vfptr(const dt_type_t *t)
{
	return t->dt_kind == DT_TK_PTR &&
	       (t->dt_base->dt_kind == DT_TK_VOID || t->dt_base->dt_kind == DT_TK_FUNC);
}

static dt_node_t *xlated(dt_node_t *dnp);

/*
 * A whole translated struct (xlate<psinfo_t>(t), *curpsinfo): the node its
 * members are taken from with *mop ('.' or ->), or NULL.
 */
static dt_node_t *whole_xlate(dt_node_t *rhs, int *mop)
{
	dt_node_t *xl;

	if (rhs->dn_kind == N_XLATE && rhs->dn_type->dt_kind != DT_TK_PTR) {
		*mop = '.';
		return rhs;
	}
	if (rhs->dn_kind == N_DEREF && (xl = xlated(rhs->dn_left)) != NULL &&
	    rhs->dn_left->dn_type->dt_kind == DT_TK_PTR) {
		*mop = OP_ARROW;
		return rhs->dn_left;
	}
	return NULL;
}

/*
 * v = a whole translated struct (self->ps = *curpsinfo): v gets the
 * translator's output type and the statement becomes one member store
 * per member the translator defines, (v.m1 = xl.m1, ..., v).
 */
static void cook_whole_xlate(dt_cookctx_t *cc, dt_node_t *dnp, dt_node_t *xl, int mop)
{
	dtrace_hdl_t *dtp = DTP(cc);
	dt_node_t *lhs = dnp->dn_left, *list = lhs, *next = dnp->dn_next;
	const dt_xlator_t *dx = (xlated(xl) != NULL ? xlated(xl) : xl)->dn_xlator;
	dt_type_t *st = dx->dx_otype;
	int line = dnp->dn_line;

	cook_lvalue(cc, lhs, st, dnp);
	if (lhs->dn_type->dt_canon != st->dt_canon)
		dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operands have incompatible types: \"%s\" = \"%s\"",
			    dt_cook_tname(lhs->dn_type), dt_cook_tname(st));
	for (const dt_xmember_t *xm = dx->dx_members; xm != NULL; xm = xm->xm_next) {
		dt_node_t *ml, *mr, *a, *c;

		if (dt_type_member(dtp, st, xm->xm_name) == NULL)
			continue;
		ml = dt_node_new(cc->cc_pcb, N_MEMBER, NULL);
		ml->dn_op = '.';
		ml->dn_left = lhs;
		ml->dn_name = xm->xm_name;
		mr = dt_node_new(cc->cc_pcb, N_MEMBER, NULL);
		mr->dn_op = mop;
		mr->dn_left = xl;
		mr->dn_name = xm->xm_name;
		a = dt_node_new(cc->cc_pcb, N_ASSIGN, NULL);
		a->dn_op = '=';
		a->dn_left = ml;
		a->dn_right = mr;
		c = dt_node_new(cc->cc_pcb, N_COMMA, NULL);
		c->dn_left = a;
		c->dn_right = list;
		ml->dn_line = mr->dn_line = a->dn_line = c->dn_line = line;
		list = c;
	}
	*dnp = *list;
	dnp->dn_next = next;
	dnp->dn_line = line;
	dt_cook_node(cc, dnp);
}

static void cook_assign(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_node_t *lhs = dnp->dn_left, *rhs = dnp->dn_right;

	if (lhs->dn_kind == N_AGG ||
	    (lhs->dn_kind == N_ARRAY && lhs->dn_left->dn_kind == N_AGG))
		dt_cook_err(cc, D_AGG_FUNC, dnp, "aggregation assignment must be a statement of its own");
	dt_cook_node(cc, rhs);
	{
		dt_node_t *xl;
		int mop;

		if (dnp->dn_op == '=' && (lhs->dn_kind == N_VAR || lhs->dn_kind == N_ARRAY) &&
		    (xl = whole_xlate(rhs, &mop)) != NULL) {
			cook_whole_xlate(cc, dnp, xl, mop);
			return;
		}
	}
	if (dnp->dn_op != '=') {
		/* compound: cook lhs as an rvalue first, then type as binary */
		if (lhs->dn_kind == N_VAR && lhs->dn_op == 0 && dt_type_is_int(rhs->dn_type) &&
		    dt_builtin_var(lhs->dn_name) == NULL &&
		    dt_ident_lookup(DTP(cc), lhs->dn_name, DT_ID_GLOBAL) == NULL)
			/* x += n on a new global creates it, as x++ does */
			cook_lvalue(cc, lhs, dt_cook_promote(cc, rhs->dn_type), dnp);
		dt_cook_node(cc, lhs);
		if (!is_lvalue(lhs))
			dt_cook_err(cc, D_OP_LVAL, dnp, "operator %s= %s", dt_cook_opname(dnp->dn_op), not_lvalue(lhs));
		if ((dnp->dn_op == '+' || dnp->dn_op == '-') &&
		    (lhs->dn_type->dt_kind == DT_TK_STRING || rhs->dn_type->dt_kind == DT_TK_STRING))
			dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operands have incompatible types: \"%s\" %s= \"%s\"",
				    dt_cook_tname(lhs->dn_type), dt_cook_opname(dnp->dn_op),
				    dt_cook_tname(rhs->dn_type));
		if (!dt_type_is_int(lhs->dn_type) && (dnp->dn_op == '+' || dnp->dn_op == '-') &&
		    (lhs->dn_type->dt_kind != DT_TK_PTR || vfptr(lhs->dn_type)))
			dt_cook_err(cc, D_OP_VFPTR, dnp, "operator %s= requires left-hand scalar operand of known size",
				    dt_cook_opname(dnp->dn_op));
		if (!dt_type_is_int(lhs->dn_type) &&
		    !(lhs->dn_type->dt_kind == DT_TK_PTR && (dnp->dn_op == '+' || dnp->dn_op == '-')))
			dt_cook_err(cc, D_OP_ARITH, dnp, "operator %s= requires operands of arithmetic type",
			     dt_cook_opname(dnp->dn_op));
		if (!dt_type_is_int(rhs->dn_type))
			dt_cook_err(cc, D_OP_ARITH, dnp, "operator %s= requires operands of arithmetic type",
			     dt_cook_opname(dnp->dn_op));
		dnp->dn_type = lhs->dn_type;
		return;
	}
	/* a new variable takes an action's void, as in illumos: the clause fails once cooked */
	if (dt_cook_is_actcall(rhs) && lhs->dn_kind == N_VAR && lhs->dn_op != '$') {
		dt_ident_t *idp = dt_ident_lookup(DTP(cc), lhs->dn_name, lhs->dn_op == 's' ? DT_ID_TLS :
						  lhs->dn_op == 't' ? DT_ID_LOCAL : DT_ID_GLOBAL);

		if (idp == NULL || idp->di_type == NULL) { /* not created: the clause fails */
			lhs->dn_type = dnp->dn_type = rhs->dn_type;
			return;
		}
	}
	if (rhs->dn_kind == N_VAR && rhs->dn_ident != NULL && rhs->dn_type->dt_kind == DT_TK_ARRAY &&
	    !dt_cook_strlike(rhs->dn_type))
		rhs->dn_type = dt_type_ptr(DTP(cc), rhs->dn_type->dt_base); /* p = a: a decays, as in C */
	cook_lvalue(cc, lhs, rhs->dn_type, dnp);
	/*
	 * A string is an array in illumos' D, and the constant 0 is
	 * compatible with an array as with a pointer (dt_node_is_ptrcompat):
	 * self->name = 0 frees a string variable.
	 */
	if (lhs->dn_type->dt_kind == DT_TK_STRING && is_nullconst(rhs)) {
		dnp->dn_type = lhs->dn_type;
		return;
	}
	if (lhs->dn_type->dt_kind == DT_TK_ARRAY && dt_cook_strlike(lhs->dn_type) &&
	    dt_cook_strlike(rhs->dn_type) && lhs->dn_kind != N_VAR && lhs->dn_kind != N_ARRAY) {
		dnp->dn_type = lhs->dn_type; /* a char array member from a string: its bytes */
		return;
	}
	if (!compatible(lhs->dn_type, rhs->dn_type) || !ptr_mix_ok(lhs, rhs))
		dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operands have incompatible types: \"%s\" = \"%s\"",
		     dt_cook_tname(lhs->dn_type), dt_cook_tname(rhs->dn_type));
	dnp->dn_type = lhs->dn_type;
}

static void cook_incdec(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_node_t *lhs = dnp->dn_left;

	if (lhs->dn_kind == N_VAR && lhs->dn_op != '$' &&
	    dt_ident_lookup(DTP(cc), lhs->dn_name,
			    lhs->dn_op == 's' ? DT_ID_TLS : lhs->dn_op == 't' ? DT_ID_LOCAL
									       : DT_ID_GLOBAL) == NULL &&
	    (lhs->dn_op != 0 || dt_builtin_var(lhs->dn_name) == NULL)) {
		/* x++ on a new variable creates it as int64_t, as illumos' dt_cook_op1() */
		cook_lvalue(cc, lhs, dt_type_int(DTP(cc), 8, true), dnp);
	} else if (lhs->dn_kind == N_ARRAY) {
		cook_array(cc, lhs, true);
		if (lhs->dn_ident != NULL && lhs->dn_ident->di_type == NULL)
			lhs->dn_ident->di_type = lhs->dn_type = dt_cook_int(cc);
	} else {
		dt_cook_node(cc, lhs);
	}
	if (!is_lvalue(lhs))
		dt_cook_err(cc, D_OP_LVAL, dnp, "operator %s %s", dnp->dn_op == '+' ? "++" : "--", not_lvalue(lhs));
	if (!dt_type_is_scalar(lhs->dn_type))
		dt_cook_err(cc, D_OP_SCALAR, dnp, "operator %s requires an operand of scalar type",
		     dnp->dn_op == '+' ? "++" : "--");
	if (vfptr(lhs->dn_type))
		dt_cook_err(cc, D_OP_VFPTR, dnp, "operator %s requires an operand of known size",
			    dnp->dn_op == '+' ? "++" : "--");
	dnp->dn_type = lhs->dn_type;
}

/*
 * xlate<out>(in) (front/dt_xlate.c): the translator from in's type to out
 * (or out's pointee); the member expressions are cooked where . or -> names
 * them (cook_xmember).  dn_right keeps the input uncooked, for them.
 */
static void cook_xlate(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_type_t *out = dnp->dn_ctype, *st = out->dt_canon->dt_kind == DT_TK_PTR ? out->dt_canon->dt_base : out;
	dt_node_t *in = dnp->dn_left;

	if (dnp->dn_right == NULL) {
		dt_node_t *next = in->dn_next;

		in->dn_next = NULL;
		dnp->dn_right = dt_node_clone(cc->cc_pcb, in);
		in->dn_next = next;
	}
	dt_cook_node(cc, in);
	if ((st->dt_canon->dt_kind != DT_TK_STRUCT && st->dt_canon->dt_kind != DT_TK_UNION) ||
	    (dnp->dn_xlator = dt_xlate_find(cc->cc_pcb, st, in->dn_type)) == NULL)
		dt_cook_err(cc, D_XLATE_NONE, dnp, "cannot translate from \"%s\" to \"%s\"", dt_cook_tname(in->dn_type),
		     dt_cook_tname(out));
	dnp->dn_type = out;
}

/* The xlate<> a member operator applies to (through an inline's cast), or NULL. */
static dt_node_t *xlated(dt_node_t *dnp)
{
	if (dnp->dn_kind == N_CAST && dnp->dn_left != NULL && dnp->dn_left->dn_kind == N_XLATE &&
	    dnp->dn_ctype == dnp->dn_left->dn_type)
		dnp = dnp->dn_left;
	return dnp->dn_kind == N_XLATE ? dnp : NULL;
}

/* xlate<out>(in).m, ->m: the translator's expression for m, as m's type. */
static void cook_xmember(dt_cookctx_t *cc, dt_node_t *dnp, dt_node_t *xl)
{
	dt_node_t *e = dt_xlate_member(cc->cc_pcb, xl, dnp), *next = dnp->dn_next;
	dt_member_t *dm = dt_type_member(DTP(cc), xl->dn_xlator->dx_otype, dnp->dn_name);
	dt_type_t *mt = dm->dm_type;
	int line = dnp->dn_line;

	dt_cook_node(cc, e);
	if (dt_type_is_scalar(mt) && dt_type_is_scalar(e->dn_type)) {
		make_cast(dnp, e, mt);
		return;
	}
	if (!(dt_cook_strlike(mt) && dt_cook_strlike(e->dn_type)) && !compatible(mt, e->dn_type))
		dt_cook_err(cc, D_XLATE_INCOMPAT, dnp, "translator member %s definition uses incompatible types: "
			      "\"%s\" = \"%s\"", dnp->dn_name, dt_cook_tname(mt), dt_cook_tname(e->dn_type));
	*dnp = *e;
	dnp->dn_next = next;
	dnp->dn_line = line;
}

static void cook_member(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dt_type_t *t;
	dt_member_t *dm;

	dt_cook_node(cc, dnp->dn_left);
	t = dnp->dn_left->dn_type;
	if (dnp->dn_op == OP_ARROW) {
		/* illumos' checks and texts (its dt_cook_op2) */
		if (t->dt_kind != DT_TK_PTR)
			dt_cook_err(cc, D_OP_PTR, dnp, "operator -> must be applied to a pointer");
		if (t->dt_base->dt_kind != DT_TK_STRUCT && t->dt_base->dt_kind != DT_TK_UNION)
			dt_cook_err(cc, D_OP_SOU, dnp, "operator -> cannot be applied to pointer to type \"%s\"; "
				    "must be applied to a struct or union pointer", dt_cook_tname(t->dt_base));
		t = t->dt_base;
	} else if (t->dt_kind != DT_TK_STRUCT && t->dt_kind != DT_TK_UNION) {
		dt_cook_err(cc, D_OP_SOU, dnp, "operator . cannot be applied to type \"%s\"; must be applied to a "
			    "struct or union", dt_cook_tname(t));
	}
	if (dnp->dn_op == OP_ARROW)
		user_check(cc, dnp, dnp->dn_left->dn_type, "->");
	if (t->dt_canon->dt_fwd)
		dt_cook_err(cc, D_OP_INCOMPLETE, dnp, "operator %s cannot be applied to a forward declaration: no %s "
			      "definition is available", dnp->dn_op == OP_ARROW ? "->" : ".",
		     dt_cook_tname(t));
	if (xlated(dnp->dn_left) != NULL) {
		cook_xmember(cc, dnp, xlated(dnp->dn_left));
		return;
	}
	dm = dt_type_member(DTP(cc), t, dnp->dn_name);
	if (dm == NULL)
		dt_cook_err(cc, D_TYPE_MEMBER, dnp, "%s is not a member of %s", dnp->dn_name, dt_cook_tname(t));
	if (dm->dm_bits != 0 && dm->dm_bitoff + dm->dm_bits > 64)
		dt_cook_err(cc, D_TYPE_MEMBER, dnp, "bit-field member %s spans more than 64 bits", dnp->dn_name);
	dnp->dn_val = dm->dm_off;
	dnp->dn_type = dm->dm_type;
	dnp->dn_member = dm->dm_bits != 0 ? dm : NULL;
}

/* ------------------------------------------------------------ dispatch */

void dt_cook_node(dt_cookctx_t *cc, dt_node_t *dnp)
{
	dtrace_hdl_t *dtp = DTP(cc);

	switch (dnp->dn_kind) {
	case N_INT:
		if (dnp->dn_type == NULL)
			dnp->dn_type = literal_type(cc, dnp);
		break;
	case N_STR:
		dnp->dn_type = dt_type_string(dtp);
		break;
	case N_VAR:
		cook_var(cc, dnp);
		break;
	case N_AGG:
		dt_cook_err(cc, D_AGG_SCALAR, dnp, "aggregation %s may not be used as a value: use printa( )",
		     dnp->dn_name);
	case N_ARRAY:
		if (dnp->dn_left->dn_kind == N_AGG)
			dt_cook_err(cc, D_AGG_SCALAR, dnp, "aggregation %s may not be used as a value: use printa( )",
			     dnp->dn_left->dn_name);
		cook_array(cc, dnp, false);
		break;
	case N_UNARY:
		cook_unary(cc, dnp);
		break;
	case N_BINARY:
		cook_binary(cc, dnp);
		break;
	case N_LOGICAL:
		dt_cook_node(cc, dnp->dn_left);
		dt_cook_node(cc, dnp->dn_right);
		if ((!dt_type_is_scalar(dnp->dn_left->dn_type) && !dt_cook_strlike(dnp->dn_left->dn_type)) ||
		    (!dt_type_is_scalar(dnp->dn_right->dn_type) && !dt_cook_strlike(dnp->dn_right->dn_type)))
			dt_cook_err(cc, D_OP_SCALAR, dnp, "operator %s requires operands of scalar type",
			     dt_cook_opname(dnp->dn_op));
		dnp->dn_type = dt_cook_int(cc);
		break;
	case N_COND: {
		dt_type_t *l, *r;

		dt_cook_node(cc, dnp->dn_cond);
		if (!dt_type_is_scalar(dnp->dn_cond->dn_type) && !dt_cook_strlike(dnp->dn_cond->dn_type))
			dt_cook_err(cc, D_OP_SCALAR, dnp, "operator ?: expression must be of scalar type");
		dt_cook_node(cc, dnp->dn_left);
		dt_cook_node(cc, dnp->dn_right);
		l = dnp->dn_left->dn_type;
		r = dnp->dn_right->dn_type;
		if (dt_cook_strlike(l) && dt_cook_strlike(r))
			dnp->dn_type = dt_type_string(dtp);
		else if (dt_type_is_int(l) && dt_type_is_int(r))
			dnp->dn_type = arith_conv(cc, l, r);
		else if (dt_type_is_scalar(l) && dt_type_is_scalar(r) &&
			 ptr_mix_ok(dnp->dn_left, dnp->dn_right))
			dnp->dn_type = l->dt_kind == DT_TK_PTR ? l : r;
		else if (l->dt_kind == DT_TK_VOID && r->dt_kind == DT_TK_VOID)
			dnp->dn_type = l;
		else
			dt_cook_err(cc, D_OP_INCOMPAT, dnp, "operator ?: operands must have compatible types");
		if (dt_cook_is_actcall(dnp->dn_left) || dt_cook_is_actcall(dnp->dn_right))
			dt_cook_err(cc, D_OP_ACT, dnp, "action cannot be used in a conditional context");
		break;
	}
	case N_ASSIGN:
		cook_assign(cc, dnp);
		break;
	case N_INCDEC:
		cook_incdec(cc, dnp);
		break;
	case N_CALL:
		dt_cook_call(cc, dnp, false);
		break;
	case N_MEMBER:
		cook_member(cc, dnp);
		break;
	case N_XLATE:
		cook_xlate(cc, dnp);
		break;
	case N_CAST:
		dt_cook_node(cc, dnp->dn_left);
		if (dnp->dn_ctype->dt_kind == DT_TK_STRING) {
			if (!dt_cook_strlike(dnp->dn_left->dn_type) && !is_charptr(dnp->dn_left->dn_type) &&
			    !dt_type_is_scalar(dnp->dn_left->dn_type))
				dt_cook_err(cc, D_CAST_INVAL, dnp, "invalid cast to string");
		} else if (dnp->dn_ctype->dt_kind != DT_TK_VOID &&
			   (!dt_type_is_scalar(dnp->dn_ctype) ||
			    (!dt_type_is_scalar(dnp->dn_left->dn_type) &&
			     /* an array in memory is its address, as in C */
			     !(dnp->dn_left->dn_type->dt_kind == DT_TK_ARRAY &&
			       dnp->dn_ctype->dt_kind == DT_TK_PTR &&
			       (dnp->dn_left->dn_kind == N_MEMBER || dnp->dn_left->dn_kind == N_DEREF))))) {
			dt_cook_err(cc, D_CAST_INVAL, dnp, "invalid cast expression: \"%s\" to \"%s\"",
			     dt_cook_tname(dnp->dn_left->dn_type), dt_cook_tname(dnp->dn_ctype));
		}
		dnp->dn_type = dnp->dn_ctype;
		break;
	case N_SIZEOF: {
		int64_t sz;

		if (dnp->dn_ctype != NULL) {
			sz = dnp->dn_ctype->dt_canon->dt_size;
			if (dnp->dn_ctype->dt_canon->dt_fwd || dnp->dn_ctype->dt_kind == DT_TK_FUNC)
				dt_cook_err(cc, D_SIZEOF_TYPE, dnp, "cannot apply sizeof to an operand of unknown size");
		} else {
			dt_cook_node(cc, dnp->dn_left);
			if (dnp->dn_left->dn_member != NULL)
				dt_cook_err(cc, D_SIZEOF_BITFIELD, dnp, "cannot apply sizeof to a bit-field");
			sz = dnp->dn_left->dn_type->dt_canon->dt_size;
		}
		if (sz == 0) /* void, as in illumos */
			dt_cook_err(cc, D_SIZEOF_TYPE, dnp, "cannot apply sizeof to an operand of unknown size");
		dt_cook_mkint(cc, dnp, sz, dt_type_lookup(dtp, "size_t"));
		break;
	}
	case N_STRINGOF:
		dt_cook_node(cc, dnp->dn_left);
		if (!dt_type_is_scalar(dnp->dn_left->dn_type) && !dt_cook_strlike(dnp->dn_left->dn_type))
			dt_cook_err(cc, D_STRINGOF_TYPE, dnp, "cannot apply stringof to a value of type %s",
				    dt_cook_tname(dnp->dn_left->dn_type));
		user_check(cc, dnp, dnp->dn_left->dn_type, "stringof");
		dnp->dn_type = dt_type_string(dtp);
		break;
	case N_COMMA:
		dt_cook_node(cc, dnp->dn_left);
		dt_cook_node(cc, dnp->dn_right);
		if (dt_cook_is_actcall(dnp->dn_left) || dt_cook_is_actcall(dnp->dn_right))
			dt_cook_err(cc, D_OP_ACT, dnp, "operator , operands cannot be actions");
		dnp->dn_type = dnp->dn_right->dn_type;
		break;
	case N_DEREF:
		dt_cook_node(cc, dnp->dn_left);
		if (dnp->dn_left->dn_type->dt_kind == DT_TK_ARRAY &&
		    (dnp->dn_left->dn_kind == N_MEMBER || dnp->dn_left->dn_kind == N_DEREF ||
		     (dnp->dn_left->dn_kind == N_ARRAY && dnp->dn_left->dn_index == DT_INDEX_MEM))) {
			/* an array in memory decays to a pointer to its first element: a[0] */
			dnp->dn_kind = N_ARRAY;
			dnp->dn_args = dt_node_new(cc->cc_pcb, N_INT, NULL);
			dnp->dn_args->dn_line = dnp->dn_line;
			dnp->dn_args->dn_type = dt_cook_int(cc);
			dnp->dn_index = DT_INDEX_MEM;
			dnp->dn_type = dnp->dn_left->dn_type->dt_base;
			break;
		}
		if (dnp->dn_left->dn_type->dt_kind != DT_TK_PTR)
			dt_cook_err(cc, D_DEREF_NONPTR, dnp, "cannot dereference non-pointer type");
		user_check(cc, dnp, dnp->dn_left->dn_type, "*");
		if (dnp->dn_left->dn_type->dt_base->dt_kind == DT_TK_FUNC)
			dt_cook_err(cc, D_DEREF_FUNC, dnp, "cannot dereference pointer to function");
		if (dnp->dn_left->dn_type->dt_base->dt_kind == DT_TK_VOID)
			dt_cook_err(cc, D_DEREF_VOID, dnp, "cannot dereference pointer to void");
		dnp->dn_type = dnp->dn_left->dn_type->dt_base;
		break;
	case N_ADDROF:
		dt_cook_node(cc, dnp->dn_left);
		/*
		 * illumos' checks and texts (its dt_cook_op1): no variable's
		 * address, whatever its class and type (&f, &self->st, &a[k]
		 * refused), but a member's or an element's (&f.m, &self->st.m)
		 */
		if (dnp->dn_left->dn_kind == N_VAR || dnp->dn_left->dn_kind == N_AGG ||
		    (dnp->dn_left->dn_kind == N_ARRAY && dnp->dn_left->dn_ident != NULL &&
		     dnp->dn_left->dn_index != DT_INDEX_MEM && dnp->dn_left->dn_index != DT_INDEX_SCALAR))
			dt_cook_err(cc, D_ADDROF_VAR, dnp, "cannot take address of dynamic variable");
		if (dnp->dn_left->dn_kind != N_MEMBER && dnp->dn_left->dn_kind != N_DEREF &&
		    !(dnp->dn_left->dn_kind == N_ARRAY && (dnp->dn_left->dn_index == DT_INDEX_MEM ||
							   dnp->dn_left->dn_index == DT_INDEX_SCALAR)))
			dt_cook_err(cc, D_ADDROF_LVAL, dnp, "unacceptable operand for unary & operator");
		if (dnp->dn_left->dn_member != NULL)
			dt_cook_err(cc, D_ADDROF_BITFIELD, dnp, "cannot take address of bit-field");
		dnp->dn_type = dt_type_ptr(dtp, dnp->dn_left->dn_type);
		break;
	default:
		dt_cook_err(cc, D_UNKNOWN, dnp, "unexpected node kind %d", dnp->dn_kind);
	}
}

/*
 * print(*curpsinfo), trace(xlate<psinfo_t>(t)): a translated struct used
 * whole as the argument of print() or trace() is first stored into a
 * hidden this-> variable (cook_whole_xlate()), which the action then
 * records: stmt becomes two statements, the store and the action.
 */
static bool split_whole_xlate(dt_cookctx_t *cc, dt_node_t *stmt)
{
	dt_node_t *call = stmt->dn_left, *arg = call->dn_args, *var, *asg, *act;
	char name[48];
	int mop;

	if (arg == NULL || arg->dn_next != NULL || call->dn_name == NULL ||
	    (strcmp(call->dn_name, "print") != 0 && strcmp(call->dn_name, "trace") != 0))
		return false;
	if (arg->dn_kind != N_XLATE && arg->dn_kind != N_DEREF)
		return false;
	dt_cook_node(cc, arg);
	if (whole_xlate(arg, &mop) == NULL)
		return false;
	snprintf(name, sizeof(name), "__dt_xlate%d", cc->cc_nstmt);
	var = dt_node_new(cc->cc_pcb, N_VAR, NULL);
	var->dn_op = 't';
	var->dn_name = dt_arena_strdup(cc->cc_pcb->pcb_arena, name);
	var->dn_line = call->dn_line;
	asg = dt_node_new(cc->cc_pcb, N_ASSIGN, NULL);
	asg->dn_op = '=';
	asg->dn_left = var;
	asg->dn_right = arg;
	asg->dn_line = call->dn_line;
	act = dt_node_new(cc->cc_pcb, N_EXPRSTMT, NULL);
	*act = *stmt;
	call->dn_args = dt_node_clone(cc->cc_pcb, var);
	stmt->dn_left = asg;
	stmt->dn_next = act;
	dt_cook_node(cc, asg);
	return true;
}

static void cook_stmt(dt_cookctx_t *cc, dt_node_t *dnp)
{
	for (; dnp; dnp = dnp->dn_next) {
		dt_node_t *e = dnp->dn_left;

		switch (dnp->dn_kind) {
		case N_EXPRSTMT:
			dnp->dn_actidx = ++cc->cc_nstmt;
			if (e->dn_kind == N_ASSIGN &&
			    (e->dn_left->dn_kind == N_AGG ||
			     (e->dn_left->dn_kind == N_ARRAY && e->dn_left->dn_left->dn_kind == N_AGG))) {
				dt_cook_aggstmt(cc, e);
			} else if (e->dn_kind == N_AGG ||
				   (e->dn_kind == N_ARRAY && e->dn_left->dn_kind == N_AGG)) {
				dt_cook_err(cc, D_AGG_NULL, e, "expression has null effect: @%s",
				     dt_cook_aggbare(e->dn_kind == N_AGG ? e->dn_name : e->dn_left->dn_name));
			} else if (e->dn_kind == N_CALL && split_whole_xlate(cc, dnp)) {
				break; /* the action is cooked as the next statement */
			} else if (e->dn_kind == N_CALL) {
				dt_cook_call(cc, e, true);
			} else {
				dt_cook_node(cc, e);
			}
			break;
		case N_IF:
			dt_cook_node(cc, dnp->dn_cond);
			cook_stmt(cc, dnp->dn_body);
			cook_stmt(cc, dnp->dn_else);
			break;
		case N_BLOCK:
			cook_stmt(cc, dnp->dn_body);
			break;
		default:
			break;
		}
	}
}

/* Cook a clause; probe is the first matched probe (for args[] typing). */
void dt_cook_clause(dt_pcb_t *pcb, dt_clause_t *clp, dt_probe_t *probe)
{
	dt_cookctx_t cc = { .cc_pcb = pcb, .cc_clause = clp, .cc_probe = probe };

	if (probe != NULL && probe->pr_pred != NULL) {
		/* the provider's condition first (a clause's probes share it: dt_cc.c) */
		dt_node_t *pp = dt_xlate_probepred(pcb, probe->pr_pred, clp->dc_line);

		if (clp->dc_pred != NULL) {
			dt_node_t *n = dt_node_new(pcb, N_LOGICAL, NULL);

			n->dn_op = OP_LAND;
			n->dn_left = pp;
			n->dn_right = clp->dc_pred;
			n->dn_line = clp->dc_line;
			pp = n;
		}
		clp->dc_pred = pp;
	}
	if (clp->dc_pred != NULL) {
		pcb->pcb_region = "predicate";
		cc.cc_inpred = true;
		dt_cook_node(&cc, clp->dc_pred);
		cc.cc_inpred = false;
		dt_xlate_check(pcb, clp->dc_pred);
		if (!dt_type_is_scalar(clp->dc_pred->dn_type) && !dt_cook_strlike(clp->dc_pred->dn_type))
			dt_node_error(pcb, D_PRED_SCALAR, clp->dc_pred, "predicate result must be of scalar type");
	}
	pcb->pcb_region = "action list";
	cook_stmt(&cc, clp->dc_body);
	dt_xlate_check(pcb, clp->dc_body);
	if (cc.cc_actval != NULL) { /* illumos' code generator refuses it (dt_cg.c) */
		const dt_builtin_fn_t *fn = dt_builtin_fn(cc.cc_actval->dn_name);

		pcb->pcb_region = cc.cc_actpred ? "predicate" : "action list";
		dt_cook_err(&cc, D_CG_EXPR, cc.cc_actval, "%s %s( ) may not be called from a D expression "
			    "(D program context required)", fn->bf_kind == DT_FN_AGG ? "aggregating function"
										: "action", fn->bf_name);
	}
	pcb->pcb_region = NULL;
	clp->dc_default = clp->dc_body == NULL;
	clp->dc_speculate = cc.cc_hasspec;
}
