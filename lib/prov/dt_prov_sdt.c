/*
 * dt_prov_sdt.c -- the sdt provider: a probe for every kernel tracepoint,
 * sdt:<system>::<event> (prov/dt_tp.c lists them).
 *
 * DTrace's sdt probes are statically defined points in the kernel's code,
 * named by their module and function; Linux's are its tracepoints, named
 * by their system (TRACE_SYSTEM) and event.  The module is the system
 * (sched, block, signal, ...) and the function is empty: a tracepoint is
 * not tied to one function (many are called from several).  As DTrace
 * turns "__" in a DTRACE_PROBE name into "-", an event name's "__" is
 * shown as "-" (and turned back to attach).
 *
 * arg0..argN and args[] are the tracepoint's raw arguments, those its
 * TP_PROTO passes to the probe functions, typed from BTF (btf_trace_<event>),
 * not the fields of its tracefs record.
 *
 * Programs are raw tracepoint programs (the arguments are an array of u64
 * at the context).  One program serves every enabled tracepoint with the
 * same clauses, each attachment (BPF_RAW_TRACEPOINT_OPEN) carrying the
 * cookie that identifies its probe: sdt::: is one program and one link per
 * tracepoint.  A kernel without raw tracepoint cookies (before 6.10) gets
 * one program per probe, its identity as constants.  A raw tracepoint
 * program must read no argument a tracepoint lacks (the kernel refuses the
 * attachment), so arguments past a tracepoint's last are 0 without a read,
 * and probes with different argument counts get different programs when a
 * clause reads arguments.
 */
#include "dt_prov.h"

#include <stdio.h>
#include <string.h>

static int sdt_add(dtrace_hdl_t *dtp, const char *sys, const char *event, void *arg)
{
	char name[DTRACE_NAMELEN];
	size_t j = 0;

	for (size_t i = 0; event[i] != '\0' && j < sizeof(name) - 1; i++) {
		if (event[i] == '_' && event[i + 1] == '_') {
			name[j++] = '-';
			i++;
		} else {
			name[j++] = event[i];
		}
	}
	name[j] = '\0';
	dt_probe_create(dtp, arg, sys, "", name);
	return 0;
}

static int sdt_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	return dt_tp_iter(dtp, sdt_add, pv);
}

/* The tracepoint of a probe: its name with "-" back to "__". */
static void sdt_event(const dt_probe_t *pr, char *buf, size_t len)
{
	size_t j = 0;

	for (const char *s = pr->pr_desc.dtpd_name; *s != '\0' && j + 2 < len; s++) {
		if (*s == '-')
			buf[j++] = '_';
		buf[j++] = *s == '-' ? '_' : *s;
	}
	buf[j] = '\0';
}

static int sdt_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	(void)dtp;
	pr->pr_progtype = DT_PT_RAW_TP;
	return 0;
}

static int sdt_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	char ev[DTRACE_NAMELEN * 2];

	sdt_event(pr, ev, sizeof(ev));
	return dt_tp_probe_args(dtp, pr, ev);
}

/* Without raw tracepoint cookies, a program cannot tell its probes apart. */
static int sdt_prepare(dtrace_hdl_t *dtp, dt_provider_t *pv, dt_probe_t **probes, int n)
{
	(void)pv;
	if (dt_feature(dtp, DT_FEAT_RAWTP_COOKIE))
		return 0;
	for (int i = 0; i < n; i++)
		probes[i]->pr_alone = true;
	return 0;
}

static int sdt_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	char ev[DTRACE_NAMELEN * 2];

	sdt_event(pr, ev, sizeof(ev));
	return dt_tp_attach(dtp, ev, bp, cookie);
}

dt_provider_t dt_prov_sdt = {
	.pv_name = "sdt",
	.pv_populate = sdt_populate,
	.pv_probe_info = sdt_probe_info,
	.pv_probe_args = sdt_probe_args,
	.pv_prepare = sdt_prepare,
	.pv_attach = sdt_attach,
};
