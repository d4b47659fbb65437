/*
 * dt_stackfn.c -- stack(), ustack() and the symbol functions (sym(),
 * func(), mod(), usym(), ufunc(), umod(), uaddr()) as values.
 *
 * They are actions: a statement records them, and they may be the keys of
 * an aggregation (`@[ustack()] = count()`), but never operands.  Their
 * value is what the record or the key holds, described by a type whose
 * dt_rec names the record kind the consumer prints it as
 * (consume/dt_stack.c):
 *
 *   stack(n)        n kernel program counters, 0-terminated if fewer
 *   ustack(n)       the pid, then n user program counters
 *   sym/func/mod    a kernel address
 *   usym/ufunc/umod/uaddr   the pid, then a user address
 *
 * The types are DTrace's: "stack" for both stacks, "_symaddr" and
 * "_usymaddr" for the addresses.
 */
#include "dt_front.h"

/* The type of a call of fnid; nframes for the stacks. */
dt_type_t *dt_stackfn_type(dtrace_hdl_t *dtp, int fnid, int nframes)
{
	dt_type_t *u64 = dt_type_int(dtp, 8, false), *t;
	int act, n;
	const char *name;

	switch (fnid) {
	case DT_FN_STACK:
		act = DT_ACT_STACK, n = nframes, name = "stack";
		break;
	case DT_FN_USTACK:
	case DT_FN_JSTACK:
		act = DT_ACT_USTACK, n = nframes + 1, name = "stack";
		break;
	case DT_FN_SYM:
	case DT_FN_FUNC:
		act = DT_ACT_SYM, n = 1, name = "_symaddr";
		break;
	case DT_FN_MOD:
		act = DT_ACT_MOD, n = 1, name = "_symaddr";
		break;
	case DT_FN_USYM:
	case DT_FN_UFUNC:
		act = DT_ACT_USYM, n = 2, name = "_usymaddr";
		break;
	case DT_FN_UMOD:
		act = DT_ACT_UMOD, n = 2, name = "_usymaddr";
		break;
	default:
		act = DT_ACT_UADDR, n = 2, name = "_usymaddr";
		break;
	}
	/* a copy of uint64_t [n], not interned: one per call, a few per program */
	t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t)); /* the handle's, as types are */
	*t = *dt_type_array(dtp, u64, n);
	t->dt_anext = t->dt_arrays = t->dt_ptrto = t->dt_uptrto = NULL;
	t->dt_canon = t;
	t->dt_rec = act;
	t->dt_name = name;
	return t;
}
