/*
 * dt_cg.h -- the code generator's entry points (its internals are in
 * cg/dt_cg_impl.h).
 *
 * A stage: includes the bpf and types services, never another stage.
 */
#ifndef DT_CG_H
#define DT_CG_H

#include "../bpf/dt_bpf.h"
#include "../types/dt_types.h"

#include <stdio.h>

/* cg/dt_vars.c, cg/dt_agg_layout.c: where variables and aggregations live */
DT_INTERNAL void dt_vars_layout(dtrace_hdl_t *);
DT_INTERNAL dt_aggmap_t *dt_agg_layout(dtrace_hdl_t *);
/* cg/dt_cg_prefetch.c: a uprobe program's companion that faults in what it copies in */
DT_INTERNAL int dt_cg_prefetch(dtrace_hdl_t *, dt_bpfprog_t *);
/* cg/dt_cg.c */
DT_INTERNAL int dt_cg_program(dtrace_hdl_t *, dt_bpfprog_t *);
DT_INTERNAL void dt_dis(const struct bpf_insn *, int n, FILE *);

#endif /* DT_CG_H */
