/*
 * dt_proc.h -- process control's internal types (proc/dt_proc.c): the -c
 * and -p processes of a handle, hung off dtrace_hdl.dt_procs.
 */
#ifndef DT_PROC_H
#define DT_PROC_H

#include "../layout/dt_layout.h"
#include "dt_umap.h"
#include "dt_sym.h"

#include <stdbool.h>
#include <sys/types.h>

typedef struct dt_proc {
	pid_t dpr_pid;
	bool dpr_created;	/* our child (-c), else grabbed (-p) */
	bool dpr_gone;		/* its end was reported by dtrace_proc_poll() */
	bool dpr_reaped;	/* created: waited for, the pid is no longer ours */
	int dpr_gofd;		/* created: write end of the go pipe, -1 once continued */
	int dpr_errfd;		/* created: read end of the exec-error pipe, or -1 */
	int dpr_pidfd;		/* grabbed: readable once the process has exited */
	char *dpr_args;		/* created: the command, cut into dpr_argv */
	char **dpr_argv;
	char *dpr_errmsg;	/* created: why its exec failed, or NULL */
	bool dpr_stopped;	/* created: held under ptrace, at its exec or entry (dt_pstart.c) */
	bool dpr_atentry;	/* created: run to its entry point, its libraries mapped */
	bool dpr_waited;	/* created: reaped while being started, status in dpr_wstatus */
	int dpr_wstatus;
	struct dt_proc *dpr_next;
} dt_proc_t;

typedef struct dt_proclist {
	dt_proc_t *dpl_head;	/* in order of creation and grabbing */
} dt_proclist_t;

/* Kill the created processes still running, release the grabbed ones. */
DT_INTERNAL void dt_proc_fini(dtrace_hdl_t *);
DT_INTERNAL dt_proc_t *dt_proc_find(dtrace_hdl_t *, pid_t);

/*
 * proc/dt_pstart.c: dt_proc_hold() lets a created process (-c) exec and
 * holds it at the exec event, before tracing is enabled; dt_proc_ready()
 * runs it on through its dynamic linker to its entry point, and holds it
 * there, so that its libraries are mapped when probes are created in them.
 * 0 if the process is held (or is not a created one, or has already ended).
 */
DT_INTERNAL int dt_proc_hold(dtrace_hdl_t *, pid_t);
DT_INTERNAL int dt_proc_ready(dtrace_hdl_t *, pid_t);
DT_INTERNAL void dt_proc_release(dt_proc_t *); /* let a held process go on */

#endif /* DT_PROC_H */
