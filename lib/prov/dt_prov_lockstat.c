/*
 * dt_prov_lockstat.c -- the lockstat provider: DTrace's hold-event probes
 * (adaptive-acquire, adaptive-release, rw-acquire, rw-release,
 * rw-downgrade) as the
 * returns of the kernel's lock functions, and its contention-event probes
 * as cases of the kernel's lock contention tracepoints (dt_tpprov.c).
 *
 *   probe             function (fexit) or tracepoint               lock
 *   adaptive-acquire  mutex_lock*, mutex_trylock, rt_mutex_lock*     struct mutex, rt_mutex
 *   adaptive-release  mutex_unlock, rt_mutex_unlock                  (the same)
 *   rw-acquire        down_read*, down_write*                        struct rw_semaphore
 *   rw-release        up_read, up_write                              (the same)
 *   rw-downgrade      downgrade_write: a writer's hold becomes a reader's
 *   adaptive-spin     contention_end: MUTEX|SPIN in every begin of the wait  mutex, optimistic spin won
 *   adaptive-block    contention_end: MUTEX (or RT) in one, no READ/WRITE    mutex / rt_mutex, slept
 *   spin-spin         contention_end: SPIN alone                     spinlock (qspinlock slow path)
 *   rw-spin           contention_end: SPIN with READ or WRITE        rwlock_t (qrwlock)
 *   rw-block          contention_end: READ or WRITE, no SPIN         rw_semaphore, percpu_rw_semaphore
 *
 * The hold events are one probe per function, named by it as illumos
 * names them (lockstat:vmlinux:mutex_trylock:adaptive-acquire); each
 * exists where the kernel runs fentry/fexit programs and has the function
 * (not on a kernel with lockdep, whose mutex_lock is mutex_lock_nested).
 * Their args[0] is the lock as the function types it, rw's args[1]
 * RW_WRITER (0) or RW_READER (1).  If both are enabled, a contention
 * probe fires before the acquire of the same acquisition (contention_end
 * is inside the lock function), as the Guide says.
 *
 * For the contention probes, arg0 is the lock's address, arg1 the time in
 * nanoseconds from the first contention_begin of the wait to its
 * contention_end (spin and sleep together for a mutex that spun, then
 * slept: that is an adaptive-block), and the rw probes' arg2 is RW_WRITER
 * (0) or RW_READER (1), as illumos' krw_t numbers them.
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
 * nothing, or only for its part after the handler.
 */
#include "dt_tpprov.h"

/*
 * A thread's wait is two thread-local variables: the lock, and the start
 * time and flags packed in one (timestamp << 6 | flags: the six LCB_F_*
 * bits; a timestamp holds 58 bits, nine years of uptime), so that a
 * contention event costs the fewest dynamic-variable operations.
 */
#define LS_W "self->__dt_lockstat_wait"
#define LS_LOCK "self->__dt_lockstat_lock"
#define LS_TS "(" LS_W " >> 6)"
#define LS_FL "(" LS_W " & 63)"

/*
 * LCB_F_SPIN 1, READ 2, WRITE 4, RT 8, PERCPU 16, MUTEX 32
 * (include/trace/events/lock.h).  The lockstat probes' programs and the
 * companions' run on contention_end in the order of their attachment,
 * the companions' last (driver/dt_enable.c): the end's companion frees
 * the wait's variables, as a D user would, after the probes read them.
 * A begin for another lock, or with no wait recorded, starts a wait; a
 * later begin for the same lock clears SPIN if it lacks it.
 */
static const char dt_lockstat_companion[] =
	"sdt:lock::contention_begin\n"
	"{\n"
	"\t" LS_W " = " LS_W " == 0 || " LS_LOCK " != arg0 ?\n"
	"\t    (timestamp << 6) | (arg1 & 63) : " LS_W " & ((arg1 & 63) | ~1);\n"
	"\t" LS_LOCK " = arg0;\n"
	"}\n"
	"sdt:lock::contention_end\n"
	"{\n"
	"\t" LS_W " = 0;\n"
	"\t" LS_LOCK " = 0;\n"
	"}\n";

#define LS_PRED(cond) \
	LS_W " != 0 && " LS_LOCK " == (int64_t)args[0] && args[1] == 0 && (" cond ")"

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

/*
 * The hold-event probes: a lock function's return (acquire: the lock is
 * held; release: it was let go), with fexit, args[0] the lock as the
 * function's BTF types it.  A function that may fail fires only when it
 * took the lock: int 0 from the _interruptible/_killable ones (their
 * low 32 bits: an int's upper half of the return register is not the
 * callee's), 1 from the trylocks.  rw probes' args[1] is RW_WRITER 0 or
 * RW_READER 1.  nargs: the function's arguments (its return value's slot).
 *
 * Only sleeping locks (mutexes, rw_semaphores) have them.  The spin lock
 * functions (_raw_spin_lock*, _raw_read_lock*, _raw_write_lock* and their
 * unlocks) are called by the BPF runtime itself (helpers, maps, the
 * trampoline's bookkeeping): a program on them runs nested in another
 * one's helper on the same CPU, and in the 6.12 guest enabling all of
 * spin-acquire and spin-release hung the kernel, while the nested runs
 * that completed corrupted each other's per-CPU scratch (one aggregation
 * key printed as a hundred).  spin-acquire, spin-release and rwlock_t's
 * hold events are therefore absent (docs/linux-differences.md).
 */
#define OK0(nargs) { DT_FILT_ALLCLEAR, (nargs), 0xffffffff }
#define TRY(nargs) { DT_FILT_ANYSET, (nargs), 1 }

#define LS_FN(name, fn, nargs, ...)                                                 \
	{ .tp_name = (name), .tp_func = (fn), .tp_fn = DT_TPFN_RETURN, .tp_fnargs = (nargs), \
	  .tp_filt = { __VA_ARGS__ }, .tp_args = { { .ta_arg = 0 } }, .tp_nargs = 1 }
#define LS_RWFN(name, fn, rw, nargs, ...)                                           \
	{ .tp_name = (name), .tp_func = (fn), .tp_fn = DT_TPFN_RETURN, .tp_fnargs = (nargs), \
	  .tp_filt = { __VA_ARGS__ },                                                      \
	  .tp_args = { { .ta_arg = 0 }, { .ta_arg = DT_TPARG_CONST, .ta_val = (rw) } },        \
	  .tp_nargs = 2 }
#define RD 1 /* RW_READER */
#define WR 0 /* RW_WRITER */

static const dt_tpprobe_t dt_lockstat_probes[] = {
	/* struct mutex, struct rt_mutex */
	LS_FN("adaptive-acquire", "mutex_lock", 1),
	LS_FN("adaptive-acquire", "mutex_lock_io", 1),
	LS_FN("adaptive-acquire", "mutex_lock_interruptible", 1, OK0(1)),
	LS_FN("adaptive-acquire", "mutex_lock_killable", 1, OK0(1)),
	LS_FN("adaptive-acquire", "mutex_trylock", 1, TRY(1)),
	LS_FN("adaptive-acquire", "rt_mutex_lock", 1),
	LS_FN("adaptive-acquire", "rt_mutex_lock_interruptible", 1, OK0(1)),
	LS_FN("adaptive-acquire", "rt_mutex_lock_killable", 1, OK0(1)),
	LS_FN("adaptive-acquire", "rt_mutex_trylock", 1, TRY(1)),
	LS_FN("adaptive-release", "mutex_unlock", 1),
	LS_FN("adaptive-release", "rt_mutex_unlock", 1),
	/* struct rw_semaphore */
	LS_RWFN("rw-acquire", "down_read", RD, 1),
	LS_RWFN("rw-acquire", "down_read_interruptible", RD, 1, OK0(1)),
	LS_RWFN("rw-acquire", "down_read_killable", RD, 1, OK0(1)),
	LS_RWFN("rw-acquire", "down_read_trylock", RD, 1, TRY(1)),
	LS_RWFN("rw-acquire", "down_write", WR, 1),
	LS_RWFN("rw-acquire", "down_write_killable", WR, 1, OK0(1)),
	LS_RWFN("rw-acquire", "down_write_trylock", WR, 1, TRY(1)),
	LS_RWFN("rw-release", "up_read", RD, 1),
	LS_RWFN("rw-release", "up_write", WR, 1),
	LS_FN("rw-downgrade", "downgrade_write", 1),
	/* the contention probes */
	LS_PROBE("adaptive-spin", LS_FL " == (32 | 1)", LS_ARGS("void *")),
	LS_PROBE("adaptive-block", "(" LS_FL " & (32 | 8)) != 0 && (" LS_FL " & 7) == 0", LS_ARGS("void *")),
	LS_PROBE("spin-spin", LS_FL " == 1", LS_ARGS("void *")),
	LS_PROBE("rw-spin", "(" LS_FL " & 1) != 0 && (" LS_FL " & 6) != 0", LS_RWARGS("void *")),
	LS_PROBE("rw-block", "(" LS_FL " & 1) == 0 && (" LS_FL " & 6) != 0", LS_RWARGS("void *")),
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_lockstat = DT_TPPROV("lockstat", dt_lockstat_probes);
