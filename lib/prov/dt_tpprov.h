/*
 * dt_tpprov.h -- providers whose probes are cases of kernel tracepoints
 * (sched, proc, io), described as data: prov/dt_tpprov.c turns a table
 * of dt_tpprobe_t into a provider's probes, arguments and attachments.
 */
#ifndef DT_TPPROV_H
#define DT_TPPROV_H

#include "dt_prov.h"

/*
 * A condition on the tracepoint's native argument tf_arg (dt_filtop_t);
 * tf_or: enough on its own (dt_filter_t's fl_or).
 */
typedef struct dt_tpfilt {
	uint8_t tf_op;
	int8_t tf_arg;
	int64_t tf_val;
	bool tf_or;
} dt_tpfilt_t;

/*
 * args[i]: native argument ta_arg, of the type the tracepoint gives it;
 * ta_xtype names the stable type DTrace gives the argument
 * ("lwpsinfo_t *"), translated from the native one when the translator
 * exists, or computed by ta_xexpr.  ta_arg DT_TPARG_CONST: the int ta_val
 * (DT_ARG_CONST: a constant per probe, so clauses reading it over probes
 * that differ need no split, their programs differ).  ta_neg: the argument is minus the native one (an errno from a
 * -errno return value).
 */
#define DT_TPARG_CONST (-1) /* ta_arg: no native argument, the constant int ta_val */

typedef struct dt_tparg {
	int8_t ta_arg;
	int64_t ta_val;
	bool ta_neg;
	const char *ta_xtype;
	const char *ta_xexpr; /* a D expression of ta_xtype over the native argument A */
} dt_tparg_t;

#define DT_TP_MAXEV 4
#define DT_TP_MAXARGS 6

/*
 * A probe: its name and function, the tracepoints it fires on (it exists
 * if the kernel has the first), the conditions under which it does, and
 * its arguments.  tp_sys is the tracepoints' tracefs system, NULL for
 * tracepoints that have no tracefs event.  tp_syscall: the events are
 * the syscalls system's (perf tracepoints on a system call's entry or
 * exit), whose native argument i is the record's field at 16 + 8 * i (the
 * return value is argument 0 at exit).  tp_pred: a D condition the
 * probe fires under, over its native arguments written args[i] (the
 * native argument of args[i], not its translation): the front end ands
 * it to every clause's predicate (tcp:::send is net_dev_start_xmit of a
 * TCP packet), for conditions that read memory, which pr_filter does not.
 * tp_companion: D clauses on other probes that every program enabling
 * this one gets, hidden (lockstat's start time kept at contention_begin).
 *
 * tp_fn: the probe is instead the entry (DT_TPFN_ENTRY) or the return
 * (DT_TPFN_RETURN) of the kernel function tp_func, probed with an fentry
 * or fexit program (lockstat:vmlinux:mutex_lock:adaptive-acquire); it
 * exists where the kernel runs fentry programs and its BTF has the
 * function with tp_fnargs arguments of at most 8 bytes.  Native argument
 * i is the function's argument i, argument tp_fnargs its return value
 * (at return), for args[] as for tp_filt.
 */
typedef struct dt_tpprobe {
	const char *tp_name;
	const char *tp_func;
	const char *tp_sys;
	const char *tp_events[DT_TP_MAXEV];
	bool tp_syscall;
	dt_tpfilt_t tp_filt[DT_NFILT];
	const char *tp_pred;
	const char *tp_companion; /* dt_probe_t's pr_companion: D clauses keeping state */
	uint8_t tp_fn;		  /* 0, or DT_TPFN_*: a function's entry or return */
	int8_t tp_fnargs;	  /* the function's arguments (then its return value) */
	dt_tparg_t tp_args[DT_TP_MAXARGS];
	int tp_nargs;
} dt_tpprobe_t;

#define DT_TPFN_ENTRY 1
#define DT_TPFN_RETURN 2

/* The provider ops; pv_data is the table, ended by a row with no name. */
DT_INTERNAL int dt_tpprov_populate(dtrace_hdl_t *, dt_provider_t *);
DT_INTERNAL bool dt_tpprov_exists(dtrace_hdl_t *, dt_probe_t *);
DT_INTERNAL int dt_tpprov_probe_info(dtrace_hdl_t *, dt_probe_t *);
DT_INTERNAL int dt_tpprov_probe_args(dtrace_hdl_t *, dt_probe_t *);
DT_INTERNAL int dt_tpprov_prepare(dtrace_hdl_t *, dt_provider_t *, dt_probe_t **, int n);
DT_INTERNAL int dt_tpprov_attach(dtrace_hdl_t *, dt_probe_t *, struct dt_bpfprog *,
				 uint64_t cookie);

#define DT_TPPROV(name, table)                                   \
	{                                                        \
		.pv_name = (name), .pv_populate = dt_tpprov_populate, \
		.pv_exists = dt_tpprov_exists,                    \
		.pv_probe_info = dt_tpprov_probe_info,           \
		.pv_probe_args = dt_tpprov_probe_args,           \
		.pv_prepare = dt_tpprov_prepare,                 \
		.pv_attach = dt_tpprov_attach, .pv_data = (void *)(table), \
	}

#endif /* DT_TPPROV_H */
