/*
 * dt_vars.c -- where D variables live: globals at offsets in dt_global,
 * this-> variables at offsets in each CPU's scratch area, and the key and
 * value sizes of the dynamic variables (self->, associative arrays) in
 * dt_dvars.  Strings take strsize bytes, everything else 8.
 */
#include "dt_cg.h"

static int var_size(dtrace_hdl_t *dtp, const dt_type_t *t)
{
	if (t->dt_kind == DT_TK_STRING)
		return DT_STRSIZE(dtp);
	if (t->dt_kind == DT_TK_ARRAY || t->dt_kind == DT_TK_STRUCT || t->dt_kind == DT_TK_UNION)
		return t->dt_size; /* scalar arrays, struct values */
	return 8;
}

/* Offsets of globals and this-> variables; sizes of dynamic variables. */
void dt_vars_layout(dtrace_hdl_t *dtp)
{
	int strsize = DT_STRSIZE(dtp);

	for (dt_ident_t *idp = dtp->dt_globals; idp; idp = idp->di_next) {
		int ksz = 16, vsz;

		if (idp->di_type == NULL || idp->di_kind == DT_ID_AGG || idp->di_kind == DT_ID_INLINE)
			continue;
		vsz = (var_size(dtp, idp->di_type) + 7) & ~7;
		switch (idp->di_kind) {
		case DT_ID_GLOBAL:
			idp->di_off = dtp->dt_globsize;
			dtp->dt_globsize += vsz;
			break;
		case DT_ID_LOCAL:
			idp->di_off = dtp->dt_thissize;
			dtp->dt_thissize += vsz;
			break;
		default:
			for (int i = 0; i < idp->di_nkeys; i++)
				ksz += idp->di_keys[i]->dt_kind == DT_TK_STRING ? strsize : 8;
			ksz = (ksz + 7) & ~7;
			idp->di_keysize = ksz;
			if (ksz > dtp->dt_dvkeysize)
				dtp->dt_dvkeysize = ksz;
			if (vsz > dtp->dt_dvvalsize)
				dtp->dt_dvvalsize = vsz;
		}
	}
	/* strtok()'s per-CPU state (a position, a copy of the string): a hidden this-> */
	if (dtp->dt_usestrtok) {
		dtp->dt_strtokoff = dtp->dt_thissize;
		dtp->dt_thissize += 8 + ((strsize + 7) & ~7);
	}
}
