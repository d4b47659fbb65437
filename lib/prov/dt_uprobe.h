/*
 * dt_uprobe.h -- what the user-level providers (pid, USDT) share
 * (prov/dt_uprobe.c): their processes' mappings, probe creation without
 * duplicates, and attachment as uprobes -- many offsets of a file on one
 * uprobe_multi link where the kernel has them, one uprobe each otherwise.
 */
#ifndef DT_UPROBE_H
#define DT_UPROBE_H

#include "dt_prov.h"

/* Where a probe attaches: file offset of the instruction, of its USDT semaphore (or 0). */
typedef struct dt_usite {
	uint64_t us_off;
	uint64_t us_refctr;
} dt_usite_t;

/* A probe of a user-level provider: where it attaches (pr_data). */
typedef struct dt_uprobe {
	char *up_path;	     /* the file */
	dt_usite_t *up_sites; /* a pid probe has one, a USDT probe one per site */
	int up_nsites;
	int up_pid;	     /* the process */
	bool up_ret;	     /* a uretprobe */
	int up_nargs;	     /* USDT: arguments described by the note */
	dt_argsrc_t up_args[DT_NARGS];
} dt_uprobe_t;

/* The mappings of process pid (grabbed, or started to its entry point if -c made it). */
DT_INTERNAL dt_umap_t *dt_uprobe_pmap(dtrace_hdl_t *, dt_provider_t *, int pid);
/* The processes the provider has read (for listing every probe of each). */
DT_INTERNAL bool dt_uprobe_seen(dt_provider_t *, int pid);
/*
 * A probe at site (up is copied); if a probe of that name and key exists
 * (key: what must be equal for one probe, say its operands), the site is
 * added to it instead.  Returns the probe.
 */
DT_INTERNAL dt_probe_t *dt_uprobe_create(dtrace_hdl_t *, dt_provider_t *, const char *prov,
					 const char *mod, const char *func, const char *name,
					 const char *key, const dt_uprobe_t *up, dt_usite_t site);
DT_INTERNAL bool dt_uprobe_field(const char *s, const char *pat); /* NULL/"" match all */
DT_INTERNAL int dt_uprobe_info(dtrace_hdl_t *, dt_probe_t *);
DT_INTERNAL int dt_uprobe_prepare(dtrace_hdl_t *, dt_provider_t *, dt_probe_t **, int);
DT_INTERNAL int dt_uprobe_attach(dtrace_hdl_t *, dt_probe_t *, dt_bpfprog_t *, uint64_t cookie);

#endif /* DT_UPROBE_H */
