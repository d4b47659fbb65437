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
#include "../cg/dt_cg_impl.h"

#include <string.h>

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

/*
 * BEGIN/END: ctx is the u64 argument array given to the test run (zeros).
 * ERROR: arg1..arg5 are the EPID, action, offset, fault and address of
 * the error record in the scratch area.
 */
static void dtrace_cg_arg(struct dt_cg *cg, dt_probe_t *pr, int n, int reg)
{
	static const struct {
		int off, size;
	} errargs[] = {
		{ -1, 0 },
		{ offsetof(dt_errrec_t, er_epid), BPF_W },
		{ offsetof(dt_errrec_t, er_action), BPF_W },
		{ offsetof(dt_errrec_t, er_offset), BPF_W },
		{ offsetof(dt_errrec_t, er_fault), BPF_W },
		{ offsetof(dt_errrec_t, er_addr), BPF_DW },
	};

	if (!strcmp(pr->pr_desc.dtpd_name, "ERROR")) {
		if (n >= 6 || errargs[n].off < 0)
			dt_cg_emit(cg, MOV64_IMM(reg, 0));
		else
			dt_cg_emit(cg, LDX(errargs[n].size, reg, R9, DT_SCR_ERR + errargs[n].off));
		return;
	}
	if (n >= 8) {
		dt_cg_emit(cg, MOV64_IMM(reg, 0));
		return;
	}
	dt_cg_ldctx(cg, reg);
	dt_cg_emit(cg, LDX(BPF_DW, reg, reg, n * 8));
}

dt_provider_t dt_prov_dtrace = {
	.pv_name = "dtrace",
	.pv_progtype = DT_PT_RAW_TP,
	.pv_populate = dtrace_populate,
	.pv_attach = dtrace_attach,
	.pv_cg_arg = dtrace_cg_arg,
};
