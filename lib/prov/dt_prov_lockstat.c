/*
 * dt_prov_lockstat.c -- the lockstat provider's contention probes, as
 * cases of the kernel's lock contention tracepoints (dt_tpprov.c):
 * lock:contention_begin(lock, flags) before a thread spins or sleeps for
 * a lock, lock:contention_end(lock, ret) once it has it (ret 0) or gave
 * up (ret an error).  The probes fire at contention_end, when the wait
 * is over, as DTrace's fire once the lock is acquired:
 *
 *   probe           contention_begin's flags (LCB_F_*)     lock
 *   adaptive-spin   MUTEX|SPIN in every begin of the wait  struct mutex, optimistic spin won
 *   adaptive-block  MUTEX (or RT) in one, no READ/WRITE     struct mutex / rt_mutex, slept
 *   spin-spin       SPIN alone                              spinlock (qspinlock slow path)
 *   rw-spin         SPIN with READ or WRITE                 rwlock_t (qrwlock)
 *   rw-block        READ or WRITE, no SPIN                  rw_semaphore, percpu_rw_semaphore
 *
 * arg0 is the lock's address, arg1 the time in nanoseconds from the first
 * contention_begin of the wait to its contention_end (spin and sleep
 * together for a mutex that spun, then slept: that is an adaptive-block),
 * and the rw probes' arg2 is RW_WRITER (0) or RW_READER (1), as illumos'
 * krw_t numbers them.
 *
 * The wait is kept per thread by companion clauses (tp_companion, compiled
 * hidden into the first program enabling a lockstat probe:
 * driver/dt_cc.c): the first contention_begin of a wait records the lock,
 * the time and the flags; a later begin for the same lock before the end
 * (a mutex's first waiter, woken, spins again: MUTEX|SPIN, then MUTEX)
 * keeps the start and clears SPIN from the flags if it lacks it (a wait
 * that slept is a block, not a spin); contention_end frees the three
 * variables (the next begin starts a new wait).  A probe fires (tp_pred) at the
 * end of the recorded lock's wait, the lock acquired (ret 0), when the
 * flags are its own; the kernel pairs each end with a begin of the same
 * thread (a wait begun before the program started has none recorded).  A
 * contention in an interrupt handler between a thread's begin and end (a
 * spin lock) replaces the thread's record: the outer wait then fires
 * nothing, or only for its part after the handler.  The acquire/release
 * probes need function probes (fbt), which this provider does not use:
 * they are absent.
 */
#include "dt_tpprov.h"

#define LS_TS "self->__dt_lockstat_ts"
#define LS_LOCK "self->__dt_lockstat_lock"
#define LS_FL "self->__dt_lockstat_flags"

/*
 * LCB_F_SPIN 1, READ 2, WRITE 4, RT 8, PERCPU 16, MUTEX 32
 * (include/trace/events/lock.h).  The lockstat probes' programs and the
 * companions' run on contention_end in the order of their attachment,
 * the companions' last (driver/dt_enable.c): the end's companion frees
 * the wait's variables, as a D user would, after the probes read them.
 */
static const char dt_lockstat_companion[] =
	"sdt:lock::contention_begin\n"
	"/" LS_TS " == 0 || " LS_LOCK " != arg0/\n"
	"{\n"
	"\t" LS_TS " = timestamp;\n"
	"\t" LS_LOCK " = arg0;\n"
	"\t" LS_FL " = arg1;\n"
	"}\n"
	"sdt:lock::contention_begin\n"
	"{\n"
	"\t" LS_FL " = " LS_FL " & (arg1 | ~1);\n"
	"}\n"
	"sdt:lock::contention_end\n"
	"{\n"
	"\t" LS_TS " = 0;\n"
	"\t" LS_LOCK " = 0;\n"
	"\t" LS_FL " = 0;\n"
	"}\n";

#define LS_PRED(cond) \
	LS_TS " != 0 && " LS_LOCK " == (int64_t)args[0] && args[1] == 0 && (" cond ")"

#define LS_ARGS(type)                                                                    \
	.tp_args = { { .ta_arg = 0, .ta_xtype = type, .ta_xexpr = "(" type ")A" },          \
		     { .ta_arg = 1, .ta_xtype = "uint64_t", .ta_xexpr = "timestamp - " LS_TS } }, \
	.tp_nargs = 2
#define LS_RWARGS(type)                                                                  \
	.tp_args = { { .ta_arg = 0, .ta_xtype = type, .ta_xexpr = "(" type ")A" },          \
		     { .ta_arg = 1, .ta_xtype = "uint64_t", .ta_xexpr = "timestamp - " LS_TS },   \
		     { .ta_arg = 1, .ta_xtype = "int", .ta_xexpr = "(" LS_FL " & 4) ? 0 : 1" } },  \
	.tp_nargs = 3

#define LS_PROBE(name, cond, args)                                                       \
	{ .tp_name = (name), .tp_func = "", .tp_sys = "lock", .tp_events = { "contention_end" }, \
	  .tp_pred = LS_PRED(cond), .tp_companion = dt_lockstat_companion, args }

static const dt_tpprobe_t dt_lockstat_probes[] = {
	LS_PROBE("adaptive-spin", LS_FL " == (32 | 1)", LS_ARGS("void *")),
	LS_PROBE("adaptive-block", "(" LS_FL " & (32 | 8)) != 0 && (" LS_FL " & 7) == 0", LS_ARGS("void *")),
	LS_PROBE("spin-spin", LS_FL " == 1", LS_ARGS("void *")),
	LS_PROBE("rw-spin", "(" LS_FL " & 1) != 0 && (" LS_FL " & 6) != 0", LS_RWARGS("void *")),
	LS_PROBE("rw-block", "(" LS_FL " & 1) == 0 && (" LS_FL " & 6) != 0", LS_RWARGS("void *")),
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_lockstat = DT_TPPROV("lockstat", dt_lockstat_probes);
