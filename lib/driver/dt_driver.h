/*
 * dt_driver.h -- the top floor of libdtrace: the public calls that run the
 * stages in order (open/close, compile, go/work/stop) and the binder that
 * gives each enabled probe its program.  The driver is the only floor that
 * sees every stage; it answers their questions about each other through
 * the handle's dt_hooks_t (driver/dt_open.c).
 *
 *   dt_open.c    dtrace_open/dtrace_close: the handle, its hooks
 *   dt_cc.c      compiling: parse, match probes, cook per signature
 *   dt_stab.c    a program's stability attributes (-v, -x amin)
 *   dt_enable.c  the binder: which programs serve which probes, EPIDs,
 *                dt_probetab; generate, load and attach them
 *   dt_work.c    dtrace_go/stop/status/sleep/work: the run loop
 *   dt_probeinfo.c  dtrace_probe_info/iter: probes as the caller sees them
 */
#ifndef DT_DRIVER_H
#define DT_DRIVER_H

#include "../front/dt_front.h"
#include "../cg/dt_cg.h"
#include "../consume/dt_consume.h"
#include "../prov/dt_prov.h"

/* driver/dt_work.c: layout and code generation only, no maps or loading (-S -e, tests) */
DT_INTERNAL int dt_cc_gen_only(dtrace_hdl_t *);

/* driver/dt_enable.c: programs, EPIDs, dt_probetab */
DT_INTERNAL int dt_enable_plan(dtrace_hdl_t *);
DT_INTERNAL int dt_enable_gen(dtrace_hdl_t *);
DT_INTERNAL int dt_enable_attach(dtrace_hdl_t *);
DT_INTERNAL uint32_t dt_epid_alloc(dtrace_hdl_t *, dt_probe_t *, dt_clause_t **, int n);

/*
 * driver/dt_stab.c: stability attributes (-v, -x amin).  A clause's
 * statement attributes are the least stable of the identifiers and
 * functions it uses; they and its descriptions' go into the program's
 * dtrace_proginfo_t.
 */
DT_INTERNAL void dt_stab_init(dtrace_hdl_t *, struct dtrace_prog *);
DT_INTERNAL void dt_stab_clause(dt_pcb_t *, struct dtrace_prog *, dt_clause_t *);

#endif /* DT_DRIVER_H */
