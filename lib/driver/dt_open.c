/*
 * dt_open.c -- creating and destroying the handle.
 */
#include "dt_driver.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

/*
 * The driver's answers to what a stage asks of a sibling (core/dt_core.h's
 * dt_hooks_t): the stages never name each other.
 */
static bool hook_provider_exists(dtrace_hdl_t *dtp, const char *name)
{
	return dt_provider_lookup(dtp, name) != NULL;
}

static const dt_hooks_t dt_driver_hooks = {
	.dh_probe_args = dt_probe_args,		    /* prov/dt_provider.c */
	.dh_provider_exists = hook_provider_exists,
	.dh_xlator_exists = dt_xlate_exists,	    /* front/dt_xlate.c */
};

/*
 * Out of memory while the handle is built comes back here
 * (core/dt_alloc.c): the handle, however far it got, is closed again.
 */
dtrace_hdl_t *dtrace_open(int version, int flags, int *errp)
{
	dtrace_hdl_t *volatile dtp = NULL;
	dt_nomem_trap_t trap;
	jmp_buf nomem;

	if (version > DTRACE_VERSION ||
	    (flags & ~(DTRACE_O_LIBBPF_PRINT | DTRACE_O_LP64 | DTRACE_O_ILP32)) != 0 ||
	    (flags & (DTRACE_O_LP64 | DTRACE_O_ILP32)) == (DTRACE_O_LP64 | DTRACE_O_ILP32)) {
		if (errp)
			*errp = version > DTRACE_VERSION ? EDT_VERSION : EINVAL;
		return NULL;
	}
	if (flags & DTRACE_O_LIBBPF_PRINT) /* process-wide: only when asked */
		dt_bpf_print_hook();
	dt_nomem_push(&trap, &nomem);
	if (setjmp(nomem) != 0) {
		dt_nomem_pop(&trap);
		dtrace_close(dtp);
		if (errp)
			*errp = EDT_NOMEM;
		return NULL;
	}
	dtp = dt_zalloc(sizeof(*dtp));
	dtp->dt_globfd = dtp->dt_scratchfd = dtp->dt_dvarfd = -1;
	dtp->dt_buffd = dtp->dt_strtabfd = dtp->dt_probetabfd = -1;
	dtp->dt_bufstatefd = dtp->dt_specfd = dtp->dt_specbuffd = -1;
	dtp->dt_urowsfd = dtp->dt_umapsfd = -1;
	dtp->dt_hooks = dt_driver_hooks;
	if (getrandom(&dtp->dt_defercookie, sizeof(dtp->dt_defercookie), GRND_NONBLOCK) !=
	    (ssize_t)sizeof(dtp->dt_defercookie)) { /* no entropy yet: still unknown to the traced */
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		dtp->dt_defercookie = ((uint64_t)ts.tv_nsec << 32) ^ (uint64_t)ts.tv_sec ^
				      ((uint64_t)getpid() << 48) ^ (uint64_t)(uintptr_t)dtp;
	}
	dtp->dt_defercookie |= 1; /* never 0, as a zeroed slot is */
	dtp->dt_oflags = flags;
	dt_options_init(dtp);
	dtp->dt_ncpus = dt_bpf_ncpus();
	dtp->dt_nonline = (int)sysconf(_SC_NPROCESSORS_ONLN);
	dt_provider_init(dtp);
	dt_nomem_pop(&trap);
	return dtp;
}

static void free_macroargs(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->dt_argc; i++)
		free(dtp->dt_argv[i]);
	free(dtp->dt_argv);
	free(dtp->dt_argused);
	dtp->dt_argv = NULL;
	dtp->dt_argused = NULL;
	dtp->dt_argc = 0;
}

void dtrace_close(dtrace_hdl_t *dtp)
{
	if (dtp == NULL)
		return;
	dt_proc_fini(dtp); /* kill the -c command if it still runs */
	dt_pdef_free(dtp);
	for (int i = 0; i < dtp->dt_ntimers; i++) /* dtrace_go() failed before starting them */
		close(dtp->dt_timerfds[i]);
	free(dtp->dt_timerfds);
	dt_bpf_detach_all(dtp);
	dt_consume_fini(dtp);
	dt_sym_fini(dtp); /* proc/dt_sym.c */
	dt_dwarf_close(dtp); /* types/dt_dwarf.c */
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp; bp = bp->bp_next) {
		if (bp->bp_fd >= 0)
			close(bp->bp_fd);
		if (bp->bp_pffd >= 0)
			close(bp->bp_pffd);
	}
	dt_bpf_maps_destroy(dtp); /* bpf/dt_bpf.c */
	dt_enable_fini(dtp);	  /* driver/dt_enable.c */
	dt_agg_layout_fini(dtp);  /* cg/dt_agg_layout.c */
	dt_bpf_funcinfo_fini(dtp);
	dt_type_fini(dtp); /* BTF, megabytes, and the types made from it */
	free(dtp->dt_tpbtf);
	for (int i = 0; i < dtp->dt_ntpsyms; i++)
		free(dtp->dt_tpsyms[i]);
	free(dtp->dt_tpsyms);
	dt_probe_fini(dtp); /* prov/dt_provider.c */
	dt_options_fini(dtp); /* core/dt_options.c */
	free_macroargs(dtp);
	dt_program_fini(dtp); /* driver/dt_cc.c */
	dt_dlib_fini(dtp);    /* front/dt_dlib.c */
	dt_strtab_fini(dtp);  /* layout/dt_strtab.c */
	dt_hash_fini(&dtp->dt_idents);
	dt_arena_free(&dtp->dt_arena); /* last: the D library, identifiers, types */
	free(dtp);
}

int dtrace_set_macroargs(dtrace_hdl_t *dtp, int argc, char *const argv[])
{
	char **av = dt_zalloc(sizeof(char *) * (argc + 1));
	bool *used = av != NULL ? dt_zalloc(sizeof(bool) * (argc + 1)) : NULL;

	for (int i = 0; used != NULL && i < argc; i++)
		if ((av[i] = dt_strdup(argv[i])) == NULL)
			goto nomem;
	if (used == NULL)
		goto nomem;
	free_macroargs(dtp); /* those set before */
	dtp->dt_argc = argc;
	dtp->dt_argv = av;
	dtp->dt_argused = used;
	return 0;
nomem:
	for (int i = 0; av != NULL && i < argc; i++)
		free(av[i]);
	free(av);
	free(used);
	return dt_set_errno(dtp, EDT_NOMEM);
}

void dtrace_set_target(dtrace_hdl_t *dtp, int pid)
{
	dtp->dt_target = pid;
}

int dtrace_handle_err(dtrace_hdl_t *dtp, dtrace_handle_err_f *f, void *arg)
{
	dtp->dt_errhdlr = f;
	dtp->dt_errarg = arg;
	return 0;
}

int dtrace_handle_drop(dtrace_hdl_t *dtp, dtrace_handle_drop_f *f, void *arg)
{
	dtp->dt_drophdlr = f;
	dtp->dt_droparg = arg;
	return 0;
}

int dtrace_handle_progress(dtrace_hdl_t *dtp, dtrace_handle_progress_f *f, void *arg)
{
	dtp->dt_proghdlr = f;
	dtp->dt_progarg = arg;
	return 0;
}

int dtrace_exit_status(dtrace_hdl_t *dtp)
{
	return dtp->dt_exitval;
}
