/*
 * dt_prov_proc.c -- the proc provider: DTrace's process and thread
 * life-cycle probes as cases of Linux's tracepoints (dt_tpprov.c).
 *
 *   probe          fires on                              when              in the context of   args
 *   create         task_newtask                          not CLONE_THREAD  the parent          [0] the child (psinfo_t *)
 *   lwp-create     task_newtask                          CLONE_THREAD      the creator         [0],[1] the new thread (lwpsinfo_t *, psinfo_t *)
 *   start          sys_exit_{clone,clone3,fork,vfork}    returns 0, tid == pid   the new process  (none)
 *   lwp-start      the same                              returns 0, tid != pid   the new thread   (none)
 *   exec           sched_prepare_exec                    always            the process         [0] string: the path
 *   exec-success   sched_process_exec                    always            the new image       (none)
 *   exec-failure   sys_exit_execve, sys_exit_execveat    returns < 0       the process         [0] int: the errno
 *   exit           sched_process_exit                    last thread       the exiting thread  [0] int: CLD_EXITED, _KILLED, _DUMPED
 *   lwp-exit       sched_process_exit                    always            the exiting thread  (none)
 *   signal-send    signal_generate                       always            the sender          [0],[1] the receiver, [2] int: the signal
 *   signal-handle  signal_deliver                        always            the receiver        [0] int: the signal, [1] its siginfo, [2] the handler
 *
 * psinfo_t and lwpsinfo_t arguments are the tracepoints' struct
 * task_struct *, translated by the D library's translators (dlib/procfs.d;
 * native with -x nolibs); exec's path and exit's reason are computed from
 * the native arguments (ta_xexpr).  Linux has no tracepoint for
 * signal-clear (a pending signal taken by sigwait): it does not exist.
 */
#include "dt_tpprov.h"

#define CLONE_THREAD 0x00010000

#define LWP(a)                                                        \
	{ .ta_arg = (a), .ta_xtype = "lwpsinfo_t *" }, { .ta_arg = (a), .ta_xtype = "psinfo_t *" }

/* proc:::exit's args[0]: how the process ended (CLD_EXITED 1, CLD_KILLED 2, CLD_DUMPED 3) */
#define CLD_REASON                                                                 \
	"(A->signal->group_exit_code ? A->signal->group_exit_code : A->exit_code) & 0x7f ? " \
	"(((A->signal->group_exit_code ? A->signal->group_exit_code : A->exit_code) & 0x80) ? 3 : 2) : 1"

static const dt_tpprobe_t dt_proc_probes[] = {
	{ .tp_name = "create", .tp_func = "copy_process", .tp_sys = "task",
	  .tp_events = { "task_newtask" }, .tp_filt = { { DT_FILT_ALLCLEAR, 1, CLONE_THREAD } },
	  .tp_args = { { .ta_arg = 0, .ta_xtype = "psinfo_t *" } }, .tp_nargs = 1 },
	{ .tp_name = "lwp-create", .tp_func = "copy_process", .tp_sys = "task",
	  .tp_events = { "task_newtask" }, .tp_filt = { { DT_FILT_ANYSET, 1, CLONE_THREAD } },
	  .tp_args = { LWP(0) }, .tp_nargs = 2 },
	{ .tp_name = "start", .tp_func = "", .tp_sys = "syscalls", .tp_syscall = true,
	  .tp_events = { "sys_exit_clone", "sys_exit_clone3", "sys_exit_fork", "sys_exit_vfork" },
	  .tp_filt = { { DT_FILT_EQ, 0, 0 }, { DT_FILT_LEADER, 0, 0 } } },
	{ .tp_name = "lwp-start", .tp_func = "", .tp_sys = "syscalls", .tp_syscall = true,
	  .tp_events = { "sys_exit_clone", "sys_exit_clone3", "sys_exit_fork", "sys_exit_vfork" },
	  .tp_filt = { { DT_FILT_EQ, 0, 0 }, { DT_FILT_NOTLEADER, 0, 0 } } },
	{ .tp_name = "exec", .tp_func = "begin_new_exec", .tp_sys = "sched",
	  .tp_events = { "sched_prepare_exec" },
	  .tp_args = { { .ta_arg = 1, .ta_xtype = "string", .ta_xexpr = "stringof(A->filename)" } },
	  .tp_nargs = 1 },
	{ .tp_name = "exec-success", .tp_func = "exec_binprm", .tp_sys = "sched",
	  .tp_events = { "sched_process_exec" } },
	{ .tp_name = "exec-failure", .tp_func = "", .tp_sys = "syscalls", .tp_syscall = true,
	  .tp_events = { "sys_exit_execve", "sys_exit_execveat" },
	  .tp_filt = { { DT_FILT_SLT, 0, 0 } },
	  .tp_args = { { .ta_arg = 0, .ta_neg = true, .ta_xtype = "int" } }, .tp_nargs = 1 },
	{ .tp_name = "exit", .tp_func = "do_exit", .tp_sys = "sched",
	  .tp_events = { "sched_process_exit" }, .tp_filt = { { DT_FILT_NE, 1, 0 } },
	  .tp_args = { { .ta_arg = 0, .ta_xtype = "int", .ta_xexpr = CLD_REASON } }, .tp_nargs = 1 },
	{ .tp_name = "lwp-exit", .tp_func = "do_exit", .tp_sys = "sched",
	  .tp_events = { "sched_process_exit" } },
	{ .tp_name = "signal-send", .tp_func = "", .tp_sys = "signal",
	  .tp_events = { "signal_generate" },
	  .tp_args = { LWP(2), { .ta_arg = 0, .ta_xtype = "int" } }, .tp_nargs = 3 },
	{ .tp_name = "signal-handle", .tp_func = "get_signal", .tp_sys = "signal",
	  .tp_events = { "signal_deliver" },
	  .tp_args = { { .ta_arg = 0, .ta_xtype = "int" }, { .ta_arg = 1, .ta_xtype = "siginfo_t *" },
			{ .ta_arg = 2, .ta_xtype = "uintptr_t", .ta_xexpr = "(uintptr_t)A->sa.sa_handler" } },
	  .tp_nargs = 3 },
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_proc = DT_TPPROV("proc", dt_proc_probes);
