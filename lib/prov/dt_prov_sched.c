/*
 * dt_prov_sched.c -- the sched provider: DTrace's scheduling probes as
 * cases of the scheduler's tracepoints (dt_tpprov.c).
 *
 *   probe       fires on                        when                   args[0], args[1] of
 *   on-cpu      sched_exit_tp (end of __schedule) a switch happened    (none: curthread is the new thread)
 *   remain-cpu  sched_exit_tp                    no switch happened     (none)
 *   off-cpu     sched_switch                     always                 next: the thread switched to
 *   preempt     sched_switch                     preempted, or still runnable  (none)
 *   sleep       sched_switch                     blocking (not preempted, state not running nor dead)  (none)
 *   dequeue     sched_switch                     as sleep               prev: the blocking thread
 *   wakeup      sched_waking                     always                 the thread woken
 *   enqueue     sched_wakeup, sched_wakeup_new   always                 the thread made runnable
 *   change-pri  sched_pi_setprio                 always                 the thread whose priority changes
 *
 * A thread preempted in the kernel switches with the preempt argument
 * true; one whose time slice ends while it runs user code (or that
 * returns from a system call with a reschedule pending) switches from
 * schedule() with it false but its state still TASK_RUNNING: both are
 * DTrace's preempt (so is sched_yield(2), DTrace's surrender).
 *
 * Every probe but on-cpu and remain-cpu fires in the context of the thread
 * leaving the CPU or doing the waking, as in DTrace.  args[0] is
 * lwpsinfo_t * and args[1] psinfo_t *, translated from the tracepoint's
 * struct task_struct * (dlib/procfs.d); dequeue's and enqueue's args[2] is
 * the cpuinfo_t * of the thread's CPU (its run queue's), enqueue's args[3]
 * 0 (a woken thread is not put at the front).  Linux has no tracepoint for the
 * clock tick (tick is a perf event, below), for run-queue insertion other than
 * by a wakeup, nor for surrender, schedctl-* or cpucaps-*: those probes do
 * not exist.  on-cpu and remain-cpu need sched_exit_tp (Linux 6.16).
 */
#include "dt_tpprov.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>

#define TASK_DEAD 0x80 /* task_struct.__state of a task leaving the CPU for good */

#define LWP(a)                                                        \
	{ .ta_arg = (a), .ta_xtype = "lwpsinfo_t *" }, { .ta_arg = (a), .ta_xtype = "psinfo_t *" }
/* the run queue's CPU: the thread's (task_cpu()) */
#define RQCPU(a) \
	{ .ta_arg = (a), .ta_xtype = "cpuinfo_t *", .ta_xexpr = "xlate <cpuinfo_t *> (A->thread_info.cpu)" }

static const dt_tpprobe_t dt_sched_probes[] = {
	{ .tp_name = "on-cpu", .tp_func = "__schedule", .tp_events = { "sched_exit_tp" },
	  .tp_filt = { { DT_FILT_NE, 0, 0 } } },
	{ .tp_name = "remain-cpu", .tp_func = "__schedule", .tp_events = { "sched_exit_tp" },
	  .tp_filt = { { DT_FILT_EQ, 0, 0 } } },
	{ .tp_name = "off-cpu", .tp_func = "__schedule", .tp_sys = "sched",
	  .tp_events = { "sched_switch" }, .tp_args = { LWP(2) }, .tp_nargs = 2 },
	{ .tp_name = "preempt", .tp_func = "__schedule", .tp_sys = "sched",
	  .tp_events = { "sched_switch" },
	  .tp_filt = { { DT_FILT_NE, 0, 0, true }, { DT_FILT_EQ, 3, 0 } } },
	{ .tp_name = "sleep", .tp_func = "__schedule", .tp_sys = "sched",
	  .tp_events = { "sched_switch" },
	  .tp_filt = { { DT_FILT_EQ, 0, 0 }, { DT_FILT_NE, 3, 0 }, { DT_FILT_ALLCLEAR, 3, TASK_DEAD } } },
	{ .tp_name = "dequeue", .tp_func = "__schedule", .tp_sys = "sched",
	  .tp_events = { "sched_switch" },
	  .tp_filt = { { DT_FILT_EQ, 0, 0 }, { DT_FILT_NE, 3, 0 }, { DT_FILT_ALLCLEAR, 3, TASK_DEAD } },
	  .tp_args = { LWP(1), RQCPU(1) }, .tp_nargs = 3 },
	{ .tp_name = "wakeup", .tp_func = "try_to_wake_up", .tp_sys = "sched",
	  .tp_events = { "sched_waking" }, .tp_args = { LWP(0) }, .tp_nargs = 2 },
	{ .tp_name = "enqueue", .tp_func = "", .tp_sys = "sched",
	  .tp_events = { "sched_wakeup", "sched_wakeup_new" },
	  .tp_args = { LWP(0), RQCPU(0), { .ta_arg = 0, .ta_xtype = "int", .ta_xexpr = "0" } },
	  .tp_nargs = 4 },
	{ .tp_name = "change-pri", .tp_func = "rt_mutex_setprio", .tp_sys = "sched",
	  .tp_events = { "sched_pi_setprio" }, .tp_args = { LWP(0) }, .tp_nargs = 2 },
	{ .tp_name = NULL },
};

/*
 * sched:::tick has no tracepoint: it is a cpu-clock perf event on every
 * CPU (as profile-N), at the kernel's clock rate, CONFIG_HZ from its
 * config in /boot when there is one, else 100 (DTrace's hz); it fires in
 * the context of the thread running on the CPU.  It has no args[] (in
 * DTrace, the running thread's lwpsinfo_t and psinfo_t: curthread here).
 */
static uint64_t tick_period(void)
{
	char path[128], line[128];
	struct utsname u;
	long hz = 100;
	FILE *fp;

	if (uname(&u) == 0) {
		snprintf(path, sizeof(path), "/boot/config-%s", u.release);
		if ((fp = fopen(path, "r")) != NULL) {
			while (fgets(line, sizeof(line), fp) != NULL)
				if (sscanf(line, "CONFIG_HZ=%ld", &hz) == 1)
					break;
			fclose(fp);
		}
	}
	return hz > 0 && hz <= 10000 ? 1000000000ull / (uint64_t)hz : 10000000ull;
}

static bool is_tick(const dt_probe_t *pr)
{
	return pr->pr_pvdata == NULL;
}

static int sched_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	dt_probe_t *pr;

	if (dt_tpprov_populate(dtp, pv) != 0)
		return -1;
	pr = dt_probe_create(dtp, pv, "vmlinux", "", "tick");
	pr->pr_exists = 1;
	return 0;
}

static bool sched_exists(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	return is_tick(pr) || dt_tpprov_exists(dtp, pr);
}

static int sched_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	if (!is_tick(pr))
		return dt_tpprov_probe_info(dtp, pr);
	pr->pr_progtype = DT_PT_PERF_EVENT;
	pr->pr_period = tick_period();
	return 0;
}

static int sched_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	return is_tick(pr) ? 0 : dt_tpprov_probe_args(dtp, pr);
}

static int sched_prepare(dtrace_hdl_t *dtp, dt_provider_t *pv, dt_probe_t **probes, int n)
{
	dt_probe_t **tp = dt_zalloc(sizeof(dt_probe_t *) * (n + 1));
	int k = 0, rv;

	for (int i = 0; i < n; i++)
		if (!is_tick(probes[i]))
			tp[k++] = probes[i];
	rv = dt_tpprov_prepare(dtp, pv, tp, k);
	free(tp);
	return rv;
}

static int sched_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	int only = (int)dtp->dt_options[DTOPT_CPU];

	if (!is_tick(pr))
		return dt_tpprov_attach(dtp, pr, bp, cookie);
	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		if (only >= 0 && cpu != only)
			continue;
		if (dt_bpf_attach_perf(dtp, cpu, pr->pr_period, bp->bp_fd, cookie) != 0 &&
		    cpu < dtp->dt_nonline)
			return -1;
	}
	return 0;
}

dt_provider_t dt_prov_sched = {
	.pv_name = "sched",
	.pv_populate = sched_populate,
	.pv_exists = sched_exists,
	.pv_probe_info = sched_probe_info,
	.pv_probe_args = sched_probe_args,
	.pv_prepare = sched_prepare,
	.pv_attach = sched_attach,
	.pv_data = (void *)dt_sched_probes,
};
