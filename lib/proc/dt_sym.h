/*
 * dt_sym.h -- symbol tables (proc/dt_sym.c): kernel symbols from
 * /proc/kallsyms, process symbols through libdwfl from snapshots of the
 * processes' mappings.
 */
#ifndef DT_SYM_H
#define DT_SYM_H


#include <sys/types.h>

DT_INTERNAL int dt_ksym_lookup(dtrace_hdl_t *, uint64_t addr, const char **mod,
			       const char **name, uint64_t *symaddr);
DT_INTERNAL uint64_t dt_ksym_modbase(dtrace_hdl_t *, uint64_t addr);
DT_INTERNAL uint64_t dt_usym_modbase(dtrace_hdl_t *, pid_t, uint64_t addr);
DT_INTERNAL void dt_usym_capture(dtrace_hdl_t *, pid_t, bool force);
DT_INTERNAL int dt_usym_lookup(dtrace_hdl_t *, pid_t, uint64_t addr, const char **mod,
			       const char **name, uint64_t *symaddr);
DT_INTERNAL int dt_usym_nofp(dtrace_hdl_t *, pid_t, uint64_t pc, bool top);
DT_INTERNAL void dt_sym_fini(dtrace_hdl_t *);
/* time: the record's, CLOCK_MONOTONIC ns (dt_pmap.c) */
DT_INTERNAL void dt_usym_addmap(dtrace_hdl_t *, pid_t, uint64_t addr, uint64_t len,
				uint64_t pgoff, uint64_t ino, const char *file, size_t max,
				uint64_t time);
DT_INTERNAL void dt_usym_exec(dtrace_hdl_t *, pid_t, uint64_t time);

/* proc/dt_unwind.c: the unwind tables of the processes' objects */
typedef void dt_unwind_rows_f(dtrace_hdl_t *, uint32_t first, const dt_urow_t *, uint32_t n);
typedef int dt_unwind_map_f(dtrace_hdl_t *, pid_t, uint64_t start, uint64_t end,
			    const dt_umapval_t *); /* NULL: remove */
DT_INTERNAL void dt_unwind_addmap(dtrace_hdl_t *, pid_t, uint64_t addr, uint64_t len,
				  uint64_t pgoff, uint64_t ino, const char *path);
DT_INTERNAL void dt_unwind_addpid(dtrace_hdl_t *, pid_t);
DT_INTERNAL void dt_unwind_exec(dtrace_hdl_t *, pid_t, uint64_t time);
DT_INTERNAL void dt_unwind_sync(dtrace_hdl_t *, dt_unwind_rows_f *, dt_unwind_map_f *);
DT_INTERNAL void dt_unwind_fini(dtrace_hdl_t *);

/* proc/dt_pmap.c: mappings as they are made */
DT_INTERNAL int dt_pmap_start(dtrace_hdl_t *);
DT_INTERNAL void dt_pmap_drain(dtrace_hdl_t *);
DT_INTERNAL void dt_pmap_stop(dtrace_hdl_t *);

#endif /* DT_SYM_H */
