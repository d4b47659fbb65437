/*
 * dt_work.c -- enabling and the run-time loop's control: dtrace_go(),
 * dtrace_stop(), dtrace_status(), dtrace_sleep().
 *
 * dtrace_go() runs the stages after the compiler, each once, in the
 * direction data flows:
 *   1. layout: offsets of variables (cg/dt_vars.c), the aggregations'
 *      maps (cg/dt_agg_layout.c), the programs to generate and who
 *      they serve, EPIDs and dt_probetab (driver/dt_enable.c);
 *   2. code generation, one program per clause list and signature
 *      (cg/dt_cg.c), each EPID then given its record layout;
 *   3. maps and per-CPU buffers (bpf/dt_bpf.c, consume/dt_buffer.c),
 *      program loading;
 *   4. attachment of each program to each of its probes, with the cookie
 *      that identifies the probe (the providers' attach);
 *   5. BEGIN, run by the consumer itself (WARMUP), then ACTIVE, and the
 *      timers of profile and tick probes started.
 * dtrace_stop() moves tracing to COOLDOWN, runs END on a known CPU, and
 * to STOPPED.  The consumer (consume/dt_consume.c) drains in dtrace_work().
 */
#include "dt_driver.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Lay out and plan: everything before code generation. */
static int dt_prepare(dtrace_hdl_t *dtp)
{
	if (dtp->dt_gone)
		return dt_set_errno(dtp, EDT_BADSTATE);
	/* DTrace compiles destructive actions and refuses to enable them without -w */
	if (dtp->dt_destructive)
		return dt_set_errmsg(dtp, EDT_NOPRIV, "%s", "Destructive actions not allowed");
	dtp->dt_gone = true;
	dtp->dt_scratchsize = 256;
	dt_vars_layout(dtp);
	dt_agg_layout(dtp);
	dt_strtab_add(dtp, ""); /* offset 0 */
	return dt_enable_plan(dtp);
}

/*
 * Lay out and generate every program, creating no map and loading nothing:
 * dtrace_go()'s first half, alone, for tests (the fuzzer) that must reach
 * the code generator without touching the kernel.  The speculation buffer
 * size is what dt_bpf_spec_create() would give the programs.
 */
int dt_cc_gen_only(dtrace_hdl_t *dtp)
{
	if (dt_prepare(dtp) != 0 || dt_spec_sizes(dtp) != 0)
		return -1;
	if (dtp->dt_speculates && dtp->dt_options[DTOPT_NSPEC] > 0)
		dtp->dt_specent = (int)sizeof(dt_specchunk_t) +
				  (int)(dtp->dt_options[DTOPT_SPECSIZE] & ~7LL);
	return dt_enable_gen(dtp);
}

/* -S: the generated programs. */
static void dt_print_programs(dtrace_hdl_t *dtp, FILE *fp)
{
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp; bp = bp->bp_next) {
		const dtrace_probedesc_t *pd = &bp->bp_probe->pr_desc;

		if (bp->bp_nprobes == 1)
			fprintf(fp, "\nBPF program for probe %u %s:%s:%s:%s (%d instructions):\n",
				pd->dtpd_id, pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func,
				pd->dtpd_name, bp->bp_ninsns);
		else
			fprintf(fp, "\nBPF program for %d probes, first %u %s:%s:%s:%s "
				"(%d instructions):\n", bp->bp_nprobes, pd->dtpd_id,
				pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name,
				bp->bp_ninsns);
		dt_dis(bp->bp_insns, bp->bp_ninsns, fp);
	}
}

/*
 * The listing of the programs generated for everything exec'd so far
 * (dtrace -S -e): generated as dtrace_go() would, but nothing is loaded
 * and tracing cannot start afterwards.  pgp is not used: code is generated
 * per clause list, across programs.
 */
static int program_dump(dtrace_hdl_t *dtp, void *fp);

/* Out of memory fails the call with EDT_NOMEM (core/dt_alloc.c). */
int dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, FILE *fp)
{
	(void)pgp;
	return dt_nomem_call(dtp, program_dump, fp);
}

static int program_dump(dtrace_hdl_t *dtp, void *fp)
{
	if (dt_cc_gen_only(dtp) != 0)
		return -1;
	dt_print_programs(dtp, fp);
	return 0;
}

static volatile int64_t *dt_activity(dtrace_hdl_t *dtp)
{
	return (volatile int64_t *)((char *)dtp->dt_globmap + DT_G_ACTIVITY);
}

/*
 * The unwind tables (proc/dt_unwind.c) into the kernel's maps (bpf/dt_bpf.c):
 * when tracing starts, those of the -c and -p processes (a -c command held
 * at its entry point first, its libraries mapped); then, at every
 * dtrace_work(), those of the mappings made since (dlopen, new processes).
 */
static void unwind_sync(dtrace_hdl_t *dtp)
{
	dt_pmap_drain(dtp);
	dt_unwind_sync(dtp, dt_bpf_unwind_rows, dt_bpf_unwind_map);
}

static int unwind_start(dtrace_hdl_t *dtp)
{
	if (dtp->dt_procs != NULL)
		for (dt_proc_t *dpr = dtp->dt_procs->dpl_head; dpr != NULL; dpr = dpr->dpr_next) {
			if (dt_proc_ready(dtp, dpr->dpr_pid) != 0)
				return -1;
			dt_unwind_addpid(dtp, dpr->dpr_pid);
		}
	unwind_sync(dtp);
	return 0;
}

/*
 * Every -c command execs now and is held at its exec event (proc/dt_pstart.c),
 * so that none of the system calls of its start-up by dtrace (the read of
 * the go pipe, the exec's entry) is seen once the probes are on; it runs on
 * at dtrace_proc_continue().
 */
static int procs_hold(dtrace_hdl_t *dtp)
{
	if (dtp->dt_procs != NULL)
		for (dt_proc_t *dpr = dtp->dt_procs->dpl_head; dpr != NULL; dpr = dpr->dpr_next)
			if (dt_proc_hold(dtp, dpr->dpr_pid) != 0)
				return -1;
	return 0;
}

static int go(dtrace_hdl_t *dtp, void *unused)
{
	struct timespec rt, mono;

	(void)unused;
	if (dt_prepare(dtp) != 0)
		return -1;
	/* speculations: sizes and maps first, the programs' bounds use them */
	if (dt_spec_sizes(dtp) != 0 || (dtp->dt_speculates && dt_bpf_spec_create(dtp) != 0))
		return -1;
	if (dt_enable_gen(dtp) != 0)
		return -1;
	if (dtp->dt_usyms && dt_pmap_start(dtp) != 0) /* proc/dt_pmap.c */
		return -1;
	/* -S, or -x verbose (DTrace's verbose is the same flag, DTRACE_C_DIFV) */
	if ((dtp->dt_cflags & DTRACE_C_DIFV) || dtp->dt_options[DTOPT_VERBOSE])
		if (dt_listing(dtp) != NULL)
			dt_print_programs(dtp, dt_listing(dtp));
	if (dt_buffer_sizes(dtp) != 0 || dt_bpf_maps_create(dtp) != 0 ||
	    dt_consume_init(dtp) != 0 || dt_spec_init(dtp) != 0)
		return -1;
	if (dtp->dt_uwalk && unwind_start(dtp) != 0)
		return -1;
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp; bp = bp->bp_next)
		if (dt_bpf_prog_load(dtp, bp) != 0)
			return -1;
	if (procs_hold(dtp) != 0)
		return -1;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	*(int64_t *)((char *)dtp->dt_globmap + DT_G_WALLOFF) =
		((int64_t)rt.tv_sec - mono.tv_sec) * 1000000000LL + (rt.tv_nsec - mono.tv_nsec);
	*dt_activity(dtp) = DT_ACTIVITY_INACTIVE;
	if (dt_enable_attach(dtp) != 0)
		return -1;
	*dt_activity(dtp) = DT_ACTIVITY_WARMUP;
	if (dtp->dt_beginprog != NULL && dt_bpf_test_run(dtp, dtp->dt_beginprog) != 0)
		return -1;
	__sync_bool_compare_and_swap(dt_activity(dtp), DT_ACTIVITY_WARMUP, DT_ACTIVITY_ACTIVE);
	if (dt_bpf_timers_start(dtp) != 0) /* profile-N, tick-N count from here */
		return -1;
	dtp->dt_status = DTRACE_STATUS_OKAY;
	return 0;
}

/*
 * Fire END on one known CPU (the consumer stays there meanwhile), so that,
 * as in DTrace, the consumer can drain that CPU's buffer last and END's
 * output follows everything traced before it.
 */
static int dt_run_end(dtrace_hdl_t *dtp)
{
	cpu_set_t old, one;
	int cpu = dtp->dt_options[DTOPT_CPU] >= 0 ? (int)dtp->dt_options[DTOPT_CPU] : sched_getcpu();
	bool pinned = sched_getaffinity(0, sizeof(old), &old) == 0;
	int rv;

	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	pinned = pinned && sched_setaffinity(0, sizeof(one), &one) == 0;
	dtp->dt_endedon = cpu;
	rv = dt_bpf_test_run(dtp, dtp->dt_endprog);
	if (pinned)
		sched_setaffinity(0, sizeof(old), &old);
	return rv;
}

int dtrace_stop(dtrace_hdl_t *dtp)
{
	if (dtp->dt_stopped || !dtp->dt_gone)
		return 0;
	dtp->dt_stopped = true;
	if (dtp->dt_globmap == NULL)
		return 0;
	*dt_activity(dtp) = DT_ACTIVITY_COOLDOWN;
	if (dtp->dt_endprog != NULL && dt_run_end(dtp) != 0)
		return -1;
	*dt_activity(dtp) = DT_ACTIVITY_STOPPED;
	return 0;
}

dtrace_status_t dtrace_status(dtrace_hdl_t *dtp)
{
	if (dtp->dt_stopped)
		return DTRACE_STATUS_STOPPED;
	if (dtp->dt_globmap == NULL)
		return DTRACE_STATUS_NONE;
	if (*dt_activity(dtp) == DT_ACTIVITY_DRAINING) {
		/* exit(), or a fill buffer that filled up */
		bool filled = dt_buffer_filled(dtp);

		dtrace_stop(dtp);
		return filled ? DTRACE_STATUS_FILLED : DTRACE_STATUS_EXITED;
	}
	return DTRACE_STATUS_OKAY;
}

/* Sleep until the next switchrate/statusrate tick (or a signal). */
void dtrace_sleep(dtrace_hdl_t *dtp)
{
	uint64_t now = dt_now(), rate = (uint64_t)dtp->dt_options[DTOPT_SWITCHRATE];
	uint64_t srate = (uint64_t)dtp->dt_options[DTOPT_STATUSRATE];
	uint64_t next = dtp->dt_lastswitch + rate, snext = dtp->dt_laststatus + srate;
	struct timespec ts;

	if (snext < next)
		next = snext;
	if (dt_spec_next(dtp) < next) /* cleanrate, when the programs speculate */
		next = dt_spec_next(dtp);
	if (next <= now)
		return;
	ts.tv_sec = (time_t)((next - now) / 1000000000ull);
	ts.tv_nsec = (long)((next - now) % 1000000000ull);
	nanosleep(&ts, NULL);
}

/*
 * Out of memory while starting comes back here (core/dt_alloc.c): the call
 * fails with EDT_NOMEM, what was made so far is the handle's, for
 * dtrace_close() to free.
 */
int dtrace_go(dtrace_hdl_t *dtp)
{
	return dt_nomem_call(dtp, go, NULL);
}

/*
 * The consumer's work at this time: records, aggregation snapshots,
 * speculations, drop and error reports; all of it, and DONE, once tracing
 * has stopped (exit(), a filled buffer, dtrace_stop()).
 */
typedef struct work_call {
	bool wc_done;
	FILE *wc_fp;
	dtrace_consume_probe_f *wc_pf;
	dtrace_consume_rec_f *wc_rf;
	void *wc_arg;
} work_call_t;

static int work(dtrace_hdl_t *dtp, void *arg)
{
	work_call_t *wc = arg;

	if (dtp->dt_uwalk)
		unwind_sync(dtp);
	return dt_consume_work(dtp, wc->wc_done, wc->wc_fp, wc->wc_pf, wc->wc_rf, wc->wc_arg);
}

/* Out of memory: this call fails (DTRACE_WORKSTATUS_ERROR), the next may not. */
dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pf,
				dtrace_consume_rec_f *rf, void *arg)
{
	work_call_t wc = { false, fp, pf, rf, arg };

	switch (dtrace_status(dtp)) {
	case DTRACE_STATUS_EXITED:
	case DTRACE_STATUS_FILLED:
	case DTRACE_STATUS_STOPPED:
		wc.wc_done = true;
		break;
	default:
		break;
	}
	return (dtrace_workstatus_t)dt_nomem_call(dtp, work, &wc);
}
