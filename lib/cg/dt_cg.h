/*
 * dt_cg.h -- the code generator's entry points (its internals are in
 * cg/dt_cg_impl.h).
 *
 * Included through dt_impl.h, which defines DT_INTERNAL and the handle.
 */
#ifndef DT_CG_H
#define DT_CG_H

/* cg/dt_cg.c */
DT_INTERNAL int dt_cg_program(dtrace_hdl_t *, dt_bpfprog_t *);
DT_INTERNAL void dt_dis(const struct bpf_insn *, int n, FILE *);

#endif /* DT_CG_H */
