/*
 * dt_prov_profile.c -- the profile provider: profile-N fires on every CPU,
 * tick-N on one CPU, at a fixed interval, from a software cpu-clock perf
 * event per CPU.  N takes the units ns, us, ms, s/sec, m/min, h/hour,
 * d/day and hz; a bare number is hz.  arg0 is the kernel PC and arg1 the
 * user PC at the interrupt (the other one is 0).  Probes other than the
 * standard ones are created when a description names them.
 */
#include "dt_prov.h"

#include <stdio.h>
#include <string.h>

static const char *const dt_profile_std[] = {
	"profile-97",  "profile-199", "profile-499", "profile-997", "profile-1999",
	"profile-4001", "profile-4999", "tick-1",     "tick-10",     "tick-100",
	"tick-500",    "tick-1000",   "tick-5000",   "tick-1sec",   "tick-10sec",
};

/* profile-N / tick-N with no module or function: the probe, if new */
static int profile_create(dtrace_hdl_t *dtp, dt_provider_t *pv, const char *mod,
			  const char *func, const char *name)
{
	int64_t ns;
	const char *num;
	dt_probe_t *pr;

	if ((*mod != '\0' && strpbrk(mod, "*?[\\") == NULL) ||
	    (*func != '\0' && strpbrk(func, "*?[\\") == NULL) || strpbrk(name, "*?[\\") != NULL)
		return 0; /* profile probes have no module or function */
	if (!strncmp(name, "profile-", 8))
		num = name + 8;
	else if (!strncmp(name, "tick-", 5))
		num = name + 5;
	else
		return 0;
	/* DTrace's minimum interval (profile_interval_min): 200 microseconds */
	if (dt_parse_time_ns(num, &ns) != 0 || ns < 200000)
		return 0;
	for (int id = 1; id < dtp->dt_nprobes; id++)
		if (dtp->dt_probes[id]->pr_prov == pv &&
		    !strcmp(dtp->dt_probes[id]->pr_desc.dtpd_name, name))
			return 0;
	pr = dt_probe_create(dtp, pv, "", "", name);
	pr->pr_period = (uint64_t)ns;
	return 0;
}

static int profile_provide(dtrace_hdl_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	return profile_create(dtp, pv, pd->pd_mod ? pd->pd_mod : "", pd->pd_func ? pd->pd_func : "",
			      pd->pd_name ? pd->pd_name : "");
}

static int profile_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	for (size_t i = 0; i < sizeof(dt_profile_std) / sizeof(dt_profile_std[0]); i++)
		profile_create(dtp, pv, "", "", dt_profile_std[i]);
	return 0;
}

static int profile_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	(void)dtp;
	pr->pr_progtype = DT_PT_PERF_EVENT;
	pr->pr_argsrc[0] = (dt_argsrc_t){ DT_ARG_PC_KERNEL, 8, 0 };
	pr->pr_argsrc[1] = (dt_argsrc_t){ DT_ARG_PC_USER, 8, 0 };
	return 0;
}

static int profile_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	bool tick = !strncmp(pr->pr_desc.dtpd_name, "tick-", 5);
	int only = (int)dtp->dt_options[DTOPT_CPU];

	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		if (only >= 0 && cpu != only)
			continue;
		if (dt_bpf_attach_perf(dtp, cpu, pr->pr_period, bp->bp_fd, cookie) != 0) {
			if (cpu >= dtp->dt_nonline)
				continue; /* offline CPU */
			return -1;
		}
		if (tick)
			break;
	}
	return 0;
}

dt_provider_t dt_prov_profile = {
	.pv_name = "profile",
	.pv_populate = profile_populate,
	.pv_provide = profile_provide,
	.pv_probe_info = profile_probe_info,
	.pv_attach = profile_attach,
};
