/*
 * dt_prov_profile.c -- the profile provider: profile-N fires on every CPU,
 * tick-N on one CPU, at a fixed interval, from a software cpu-clock perf
 * event per CPU.  N takes the units ns, us, ms, s/sec, m/min, h/hour,
 * d/day and hz; a bare number is hz.  arg0 is the kernel PC and arg1 the
 * user PC at the interrupt (the other one is 0).
 */
#include "../dt_impl.h"
#include "../cg/dt_insn.h"

#include <stdio.h>
#include <string.h>

static const char *const dt_profile_std[] = {
	"profile-97",  "profile-199", "profile-499", "profile-997", "profile-1999",
	"profile-4001", "profile-4999", "tick-1",     "tick-10",     "tick-100",
	"tick-500",    "tick-1000",   "tick-5000",   "tick-1sec",   "tick-10sec",
};

static dt_probe_t *profile_provide(dtrace_hdl_t *dtp, dt_provider_t *pv, const char *name)
{
	int64_t ns;
	const char *num;
	dt_probe_t *pr;

	if (!strncmp(name, "profile-", 8))
		num = name + 8;
	else if (!strncmp(name, "tick-", 5))
		num = name + 5;
	else
		return NULL;
	if (dt_parse_time_ns(num, &ns) != 0 || ns < 1000)
		return NULL;
	for (int id = 1; id < dtp->dt_nprobes; id++)
		if (dtp->dt_probes[id]->pr_prov == pv &&
		    !strcmp(dtp->dt_probes[id]->pr_desc.dtpd_name, name))
			return dtp->dt_probes[id];
	pr = dt_probe_create(dtp, pv, "", "", name);
	pr->pr_period = (uint64_t)ns;
	return pr;
}

static int profile_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	for (size_t i = 0; i < sizeof(dt_profile_std) / sizeof(dt_profile_std[0]); i++)
		profile_provide(dtp, pv, dt_profile_std[i]);
	return 0;
}

static int profile_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, int progfd)
{
	bool tick = !strncmp(pr->pr_desc.dtpd_name, "tick-", 5);
	int only = (int)dtp->dt_options[DTOPT_CPU];

	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		if (only >= 0 && cpu != only)
			continue;
		if (dt_bpf_attach_perf(dtp, cpu, pr->pr_period, progfd) != 0) {
			if (cpu >= dtp->dt_nonline)
				continue; /* offline CPU */
			return -1;
		}
		if (tick)
			break;
	}
	return 0;
}

/* ctx: struct bpf_perf_event_data; regs.ip at 128, regs.cs at 136 */
static void profile_cg_arg(struct dt_cg *cg, dt_probe_t *pr, int n, int reg)
{
	(void)pr;
	if (n > 1) {
		dt_cg_emit(cg, MOV64_IMM(reg, 0));
		return;
	}
	dt_cg_ldctx(cg, reg);
	dt_cg_emit(cg, LDX(BPF_DW, R0 == reg ? R1 : R0, reg, 136)); /* cs */
	dt_cg_emit(cg, LDX(BPF_DW, reg, reg, 128));			 /* ip */
	dt_cg_emit(cg, ALU64_IMM(BPF_AND, R0 == reg ? R1 : R0, 3));
	/* kernel mode (cpl 0): arg0 = ip, arg1 = 0; user mode: the reverse */
	dt_cg_emit(cg, JMP_IMM(n == 0 ? BPF_JEQ : BPF_JNE, R0 == reg ? R1 : R0, 0, 1));
	dt_cg_emit(cg, MOV64_IMM(reg, 0));
}

dt_provider_t dt_prov_profile = {
	.pv_name = "profile",
	.pv_progtype = DT_PT_PERF_EVENT,
	.pv_populate = profile_populate,
	.pv_provide = profile_provide,
	.pv_attach = profile_attach,
	.pv_cg_arg = profile_cg_arg,
};
