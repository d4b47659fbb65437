/*
 * dt_prov_dtrace.c -- the dtrace provider: BEGIN, END and ERROR.
 *
 * BEGIN and END are raw-tracepoint programs that are never attached: the
 * consumer runs them itself with BPF_PROG_TEST_RUN on its own CPU, BEGIN
 * after every other probe is enabled (while tracing is in WARMUP) and END
 * after tracing has stopped (COOLDOWN).  So they fire in dtrace's own
 * context, as in DTrace: pid and execname are dtrace's.
 */
#include "../dt_impl.h"
#include "../cg/dt_insn.h"

static int dtrace_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	dt_probe_create(dtp, pv, "", "", "BEGIN");
	dt_probe_create(dtp, pv, "", "", "END");
	dt_probe_create(dtp, pv, "", "", "ERROR");
	return 0;
}

static int dtrace_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, int progfd)
{
	(void)dtp;
	(void)pr;
	(void)progfd;
	return 0; /* run by the consumer */
}

/* ctx is the u64 argument array given to the test run (all zero) */
static void dtrace_cg_arg(struct dt_cg *cg, dt_probe_t *pr, int n, int reg)
{
	(void)pr;
	dt_cg_ldctx(cg, reg);
	dt_cg_emit(cg, LDX(BPF_DW, reg, reg, n < 8 ? n * 8 : 0));
	if (n >= 8)
		dt_cg_emit(cg, MOV64_IMM(reg, 0));
}

dt_provider_t dt_prov_dtrace = {
	.pv_name = "dtrace",
	.pv_progtype = DT_PT_RAW_TP,
	.pv_populate = dtrace_populate,
	.pv_attach = dtrace_attach,
	.pv_cg_arg = dtrace_cg_arg,
};
