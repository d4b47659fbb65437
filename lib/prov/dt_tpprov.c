/*
 * dt_tpprov.c -- providers whose probes are cases of kernel tracepoints:
 * DTrace's stable sched, proc and io probes, each a table
 * (dt_prov_sched.c, ...) of dt_tpprobe_t (dt_tpprov.h).
 *
 * A probe is one or more tracepoints (sched:::enqueue is sched_wakeup and
 * sched_wakeup_new), under conditions on their arguments checked first by
 * the program (sched:::preempt is sched_switch when its preempt argument
 * is true: pr_filter), with args[] chosen from the tracepoint's arguments
 * (sched:::off-cpu's args[0] is sched_switch's next task).  The program is
 * a raw tracepoint program, shared as sdt's are (prov/dt_prov_sdt.c), or,
 * for the syscalls system's events (proc:::start is the child's return
 * from fork), a tracepoint program reading the record.  One probe on
 * several tracepoints is one program attached to each with the probe's
 * cookie.
 *
 * A probe may instead be a kernel function's entry or return (tp_fn:
 * lockstat's acquire and release probes), as fbt's fentry mode probes it:
 * an fentry or fexit program, loaded once per function against its BTF id
 * (pr_btfid), whose context is the function's arguments as u64s, then its
 * return value.  Such a probe is checked only when a description names it
 * (pv_exists): the fentry feature first (a kernel that refuses fentry
 * reads no BTF), then the function's prototype.  Nothing is attached
 * until the probe is enabled.
 */
#include "dt_tpprov.h"

#include <bpf/btf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define DT_TP_SYSCALL_ARGS 16 /* syscalls records: the arguments or return value */

static const dt_tpprobe_t *tpprobe(const dt_probe_t *pr)
{
	return pr->pr_pvdata;
}

int dt_tpprov_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	for (const dt_tpprobe_t *tp = pv->pv_data; tp->tp_name != NULL; tp++) {
		dt_probe_t *pr;

		/*
		 * A tracepoint without a tracefs event is found in kallsyms,
		 * whose read costs more than the rest of a start-up: it is
		 * looked for only when a description matches the probe
		 * (dt_tpprov_exists), not for every "BEGIN".
		 */
		if (tp->tp_sys != NULL && !dt_tp_have(dtp, tp->tp_sys, tp->tp_events[0]))
			continue;
		pr = dt_probe_create(dtp, pv, "vmlinux", tp->tp_func, tp->tp_name);
		pr->pr_pvdata = tp;
		pr->pr_pred = tp->tp_pred;
		pr->pr_companion = tp->tp_companion;
		pr->pr_exists = tp->tp_sys != NULL ? 1 : 0;
	}
	return 0;
}

/*
 * A function probe's BTF id, if the kernel's BTF has the function with
 * tp_fnargs arguments of at most 8 bytes each (one context slot each),
 * else 0; the types of its arguments then its return value in types[]
 * (if not NULL, tp_fnargs + 1 of them).
 */
static int fn_proto(dtrace_hdl_t *dtp, const dt_tpprobe_t *tp, dt_type_t **types)
{
	struct btf *btf = dt_type_kbtf(dtp);
	const struct btf_type *fn, *proto;
	const struct btf_param *p;
	int id;

	if (btf == NULL || (id = btf__find_by_name_kind(btf, tp->tp_func, BTF_KIND_FUNC)) <= 0 ||
	    (fn = btf__type_by_id(btf, id)) == NULL ||
	    (proto = btf__type_by_id(btf, fn->type)) == NULL || !btf_is_func_proto(proto) ||
	    btf_vlen(proto) != tp->tp_fnargs)
		return 0;
	p = btf_params(proto);
	for (int i = 0; i < tp->tp_fnargs; i++, p++) {
		if (p->type == 0 || btf__resolve_size(btf, p->type) > 8)
			return 0;
		if (types != NULL)
			types[i] = dt_type_btf(dtp, (int)p->type);
	}
	if (types != NULL)
		types[tp->tp_fnargs] = proto->type != 0 ? dt_type_btf(dtp, (int)proto->type) : NULL;
	return id;
}

bool dt_tpprov_exists(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	const dt_tpprobe_t *tp = tpprobe(pr);

	if (tp->tp_fn != 0)
		return dt_feature(dtp, DT_FEAT_FENTRY) && fn_proto(dtp, tp, NULL) > 0;
	return dt_tp_have(dtp, tp->tp_sys, tp->tp_events[0]);
}

/* Native argument i: where the program finds it. */
static dt_argsrc_t native(const dt_tpprobe_t *tp, int i)
{
	dt_argsrc_t as = { DT_ARG_CTX, 8, 0 };

	as.as_off = (int16_t)(tp->tp_syscall ? DT_TP_SYSCALL_ARGS + 8 * i : 8 * i);
	return as;
}

int dt_tpprov_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	const dt_tpprobe_t *tp = tpprobe(pr);

	pr->pr_progtype = tp->tp_syscall ? DT_PT_TRACEPOINT : DT_PT_RAW_TP;
	if (tp->tp_fn != 0) {
		pr->pr_progtype = tp->tp_fn == DT_TPFN_RETURN ? DT_PT_FEXIT : DT_PT_FENTRY;
		if ((pr->pr_btfid = fn_proto(dtp, tp, NULL)) <= 0)
			return dt_set_errmsg(dtp, EDT_NOPROBE, "%s:%s:%s:%s: no BTF prototype of %s "
					     "with %d arguments", pr->pr_desc.dtpd_provider,
					     pr->pr_desc.dtpd_mod, pr->pr_desc.dtpd_func,
					     pr->pr_desc.dtpd_name, tp->tp_func, tp->tp_fnargs);
	}
	for (int i = 0; i < DT_NFILT; i++) {
		pr->pr_filter[i].fl_op = tp->tp_filt[i].tf_op;
		if (tp->tp_filt[i].tf_op == DT_FILT_NONE || tp->tp_filt[i].tf_op == DT_FILT_LEADER ||
		    tp->tp_filt[i].tf_op == DT_FILT_NOTLEADER)
			continue;
		pr->pr_filter[i].fl_src = native(tp, tp->tp_filt[i].tf_arg);
		pr->pr_filter[i].fl_val = tp->tp_filt[i].tf_val;
		pr->pr_filter[i].fl_or = tp->tp_filt[i].tf_or;
	}
	return 0;
}

/*
 * args[i]'s stable type, "psinfo_t *", where the D library has a
 * translator to it (the cook pass translates the native argument).
 */
/* A stable type named by a probe table: "int", "string", "cpuinfo_t *"... */
static dt_type_t *xtype_lookup(dtrace_hdl_t *dtp, const char *xtype)
{
	size_t len = strlen(xtype);
	char name[64];
	dt_type_t *t;

	if (len < 3 || len >= sizeof(name) || strcmp(xtype + len - 2, " *") != 0)
		return dt_type_lookup_builtin(dtp, xtype);
	snprintf(name, sizeof(name), "%.*s", (int)(len - 2), xtype);
	return (t = dt_type_lookup_builtin(dtp, name)) != NULL ? dt_type_ptr(dtp, t) : NULL;
}

static void xlated(dtrace_hdl_t *dtp, dt_probe_t *pr, int i, const char *xtype, const char *xexpr)
{
	dt_type_t *t;

	if (xtype == NULL || (t = xtype_lookup(dtp, xtype)) == NULL)
		return;
	/* a translated pointer: only if the library has the translator */
	if (xexpr == NULL && (t->dt_kind != DT_TK_PTR || !dtp->dt_hooks.dh_xlator_exists(dtp, t->dt_base)))
		return;
	if (pr->pr_xargtypes == NULL)
		pr->pr_xargtypes = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_type_t *) * DT_NARGS);
	pr->pr_xargtypes[i] = t;
	if (xexpr != NULL) {
		if (pr->pr_xargexprs == NULL)
			pr->pr_xargexprs = dt_arena_zalloc(&dtp->dt_arena, sizeof(char *) * DT_NARGS);
		pr->pr_xargexprs[i] = xexpr;
	}
}

/*
 * args[i] and argI: the table's choice of native arguments, typed as the
 * first tracepoint types them (raw tracepoints: from BTF; system call
 * return values: long).
 */
int dt_tpprov_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	const dt_tpprobe_t *tp = tpprobe(pr);
	dt_type_t *types[DT_NARGS] = { 0 };
	int n = 0;

	if (tp->tp_fn != 0)
		n = fn_proto(dtp, tp, types) > 0 ? tp->tp_fnargs + 1 : 0;
	else if (!tp->tp_syscall)
		n = dt_tp_args(dtp, tp->tp_events[0], types, DT_NARGS);
	pr->pr_argtypes = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_type_t *) * DT_NARGS);
	for (int i = 0; i < tp->tp_nargs; i++) {
		const dt_tparg_t *ta = &tp->tp_args[i];
		dt_type_t *t;

		if (ta->ta_arg == DT_TPARG_CONST) {
			pr->pr_argtypes[i] = dt_type_int(dtp, 4, true);
			pr->pr_argsrc[i] = (dt_argsrc_t){ DT_ARG_CONST, 0, 0 };
			pr->pr_argval[i] = ta->ta_val;
			continue;
		}
		t = tp->tp_syscall ? dt_type_int(dtp, 8, true) : ta->ta_arg < n ? types[ta->ta_arg] : NULL;
		if (t == NULL)
			return dt_set_errmsg(dtp, EDT_NOPROBE, "%s:::%s: %s %s has no "
					     "argument %d in the kernel's BTF", pr->pr_desc.dtpd_provider,
					     pr->pr_desc.dtpd_name, tp->tp_fn ? "function" : "tracepoint",
					     tp->tp_fn ? tp->tp_func : tp->tp_events[0], ta->ta_arg);
		if (ta->ta_neg)
			t = dt_type_int(dtp, 4, true);
		pr->pr_argtypes[i] = t;
		pr->pr_argsrc[i] = native(tp, ta->ta_arg);
		xlated(dtp, pr, i, ta->ta_xtype, ta->ta_xexpr);
		if (ta->ta_neg)
			pr->pr_argsrc[i].as_kind = DT_ARG_NEGCTX;
	}
	pr->pr_nargs = tp->tp_nargs;
	return 0;
}

/* As sdt: without raw tracepoint cookies, one program per probe. */
int dt_tpprov_prepare(dtrace_hdl_t *dtp, dt_provider_t *pv, dt_probe_t **probes, int n)
{
	(void)pv;
	if (dt_feature(dtp, DT_FEAT_RAWTP_COOKIE))
		return 0;
	for (int i = 0; i < n; i++)
		if (!tpprobe(probes[i])->tp_syscall && tpprobe(probes[i])->tp_fn == 0)
			probes[i]->pr_alone = true;
	return 0;
}

/* A function probe: the program, loaded again for each other function it serves. */
static int fn_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	const dt_tpprobe_t *tp = tpprobe(pr);
	int fd = pr == bp->bp_probe ? bp->bp_fd : dt_bpf_prog_reload(dtp, bp, pr->pr_btfid);
	int rv;

	if (fd < 0)
		return -1;
	rv = dt_bpf_attach_fentry(dtp, tp->tp_func, tp->tp_fn == DT_TPFN_RETURN, fd, cookie);
	if (fd != bp->bp_fd)
		close(fd); /* the link holds the program */
	return rv;
}

int dt_tpprov_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	const dt_tpprobe_t *tp = tpprobe(pr);

	if (tp->tp_fn != 0)
		return fn_attach(dtp, pr, bp, cookie);

	for (int i = 0; i < DT_TP_MAXEV && tp->tp_events[i] != NULL; i++) {
		const char *ev = tp->tp_events[i];
		int id;

		if (i > 0 && !dt_tp_have(dtp, tp->tp_sys, ev))
			continue; /* the first exists: the probe does */
		if (!tp->tp_syscall) {
			if (dt_tp_attach(dtp, ev, bp, cookie) != 0)
				return -1;
			continue;
		}
		if ((id = dt_bpf_tp_id(dtp, tp->tp_sys, ev)) < 0 ||
		    dt_bpf_attach_tp(dtp, id, bp->bp_fd, cookie) != 0)
			return -1;
	}
	return 0;
}
