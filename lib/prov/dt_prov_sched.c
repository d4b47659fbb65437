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
 * struct task_struct * (dlib/procfs.d).  Linux
 * has no tracepoint for the clock tick, for run-queue insertion other than
 * by a wakeup, nor for surrender, schedctl-* or cpucaps-*: those probes do
 * not exist.  on-cpu and remain-cpu need sched_exit_tp (Linux 6.16).
 */
#include "dt_tpprov.h"

#define TASK_DEAD 0x80 /* task_struct.__state of a task leaving the CPU for good */

#define LWP(a)                                                        \
	{ .ta_arg = (a), .ta_xtype = "lwpsinfo_t *" }, { .ta_arg = (a), .ta_xtype = "psinfo_t *" }

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
	  .tp_args = { LWP(1) }, .tp_nargs = 2 },
	{ .tp_name = "wakeup", .tp_func = "try_to_wake_up", .tp_sys = "sched",
	  .tp_events = { "sched_waking" }, .tp_args = { LWP(0) }, .tp_nargs = 2 },
	{ .tp_name = "enqueue", .tp_func = "", .tp_sys = "sched",
	  .tp_events = { "sched_wakeup", "sched_wakeup_new" }, .tp_args = { LWP(0) }, .tp_nargs = 2 },
	{ .tp_name = "change-pri", .tp_func = "rt_mutex_setprio", .tp_sys = "sched",
	  .tp_events = { "sched_pi_setprio" }, .tp_args = { LWP(0) }, .tp_nargs = 2 },
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_sched = DT_TPPROV("sched", dt_sched_probes);
