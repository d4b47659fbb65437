/*
 * dt_cook.h -- the cook pass's own: its context and what its two files
 * share.  dt_cook.c cooks expressions, variables and operators;
 * dt_cook_call.c calls (actions, subroutines: the checks of each
 * function's row in layout/dt_lang.h), printf/printa formats and
 * aggregations.  Included by those two files only.
 */
#ifndef DT_COOK_H
#define DT_COOK_H

#include "dt_front.h"

typedef struct dt_cookctx {
	dt_pcb_t *cc_pcb;
	dt_clause_t *cc_clause;
	dt_probe_t *cc_probe; /* a probe of the clause's signature, for args[] */
	int cc_actions;	      /* data-recording actions so far in the clause */
	int cc_nstmt;
	bool cc_hasspec, cc_hascommit, cc_hasagg, cc_hasexit, cc_hasdestr;
	bool cc_hasdata;
	bool cc_key;	      /* cooking a stack or symbol function as an aggregation key */
	dt_node_t *cc_actval; /* the first action or aggregating function called as a value */
	bool cc_actpred;      /* ... in the predicate */
	bool cc_inpred;
} dt_cookctx_t;

#define DTP(cc) ((cc)->cc_pcb->pcb_hdl)

/* dt_cook.c */
DT_INTERNAL _Noreturn void dt_cook_err(dt_cookctx_t *cc, int tag, const dt_node_t *dnp,
				       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
DT_INTERNAL void dt_cook_node(dt_cookctx_t *cc, dt_node_t *dnp);
DT_INTERNAL bool dt_cook_const(dt_node_t *dnp, int64_t *vp);
DT_INTERNAL bool dt_cook_strlike(const dt_type_t *t);
DT_INTERNAL void dt_cook_mkint(dt_cookctx_t *cc, dt_node_t *dnp, int64_t v, dt_type_t *t);
DT_INTERNAL const char *dt_cook_opname(int op);
DT_INTERNAL dt_type_t *dt_cook_promote(dt_cookctx_t *cc, dt_type_t *t);
DT_INTERNAL dt_type_t *dt_cook_int(dt_cookctx_t *cc);
DT_INTERNAL const char *dt_cook_tname(const dt_type_t *t);

/* dt_cook_call.c */
DT_INTERNAL const char *dt_cook_aggbare(const char *name);
DT_INTERNAL void dt_cook_aggstmt(dt_cookctx_t *cc, dt_node_t *dnp);
DT_INTERNAL void dt_cook_call(dt_cookctx_t *cc, dt_node_t *dnp, bool stmt);
DT_INTERNAL void dt_cook_inline_args(dt_cookctx_t *cc, dt_node_t *dnp, dt_ident_t *idp, const char *br);
/* A call of an action or aggregating function (typed void, as in illumos). */
DT_INTERNAL bool dt_cook_is_actcall(const dt_node_t *dnp);

#endif /* DT_COOK_H */
