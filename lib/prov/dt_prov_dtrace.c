/*
 * dt_prov_dtrace.c -- the dtrace provider: BEGIN, END and ERROR.
 *
 * BEGIN and END are raw-tracepoint programs that are never attached: the
 * consumer runs them itself with BPF_PROG_TEST_RUN on its own CPU, BEGIN
 * after every other probe is enabled (while tracing is in WARMUP) and END
 * after tracing has stopped (COOLDOWN).  So they fire in dtrace's own
 * context, as in DTrace: pid and execname are dtrace's.  ERROR's clauses
 * run inside the program that faulted (a BPF subprogram), with arg1..arg5
 * taken from the error record.
 */
#include "dt_prov.h"

#include <string.h>

static int dtrace_populate(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	dt_probe_create(dtp, pv, "", "", "BEGIN");
	dt_probe_create(dtp, pv, "", "", "END");
	dt_probe_create(dtp, pv, "", "", "ERROR");
	return 0;
}

/* ERROR: arg1..arg5 are the EPID, action, offset, fault and address. */
static const dt_argsrc_t dt_errargs[] = {
	{ DT_ARG_ZERO, 0, 0 },
	{ DT_ARG_ERRREC, 4, offsetof(dt_errrec_t, er_epid) },
	{ DT_ARG_ERRREC, 4, offsetof(dt_errrec_t, er_action) },
	{ DT_ARG_ERRREC, 4, offsetof(dt_errrec_t, er_offset) },
	{ DT_ARG_ERRREC, 4, offsetof(dt_errrec_t, er_fault) },
	{ DT_ARG_ERRREC, 8, offsetof(dt_errrec_t, er_addr) },
};

/* BEGIN/END: the context is the u64 argument array of the test run (zeros). */
static int dtraceprov_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	(void)dtp;
	pr->pr_progtype = DT_PT_RAW_TP;
	if (!strcmp(pr->pr_desc.dtpd_name, "ERROR")) {
		memcpy(pr->pr_argsrc, dt_errargs, sizeof(dt_errargs));
		return 0;
	}
	pr->pr_activity = !strcmp(pr->pr_desc.dtpd_name, "BEGIN") ? DT_ACTIVITY_WARMUP
								   : DT_ACTIVITY_COOLDOWN;
	for (int i = 0; i < 8; i++)
		pr->pr_argsrc[i] = (dt_argsrc_t){ DT_ARG_CTX, 8, (int16_t)(i * 8) };
	return 0;
}

static int dtrace_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	(void)dtp;
	(void)pr;
	(void)bp;
	(void)cookie;
	return 0; /* BEGIN and END are run by the consumer, ERROR by the faulting program */
}

dt_provider_t dt_prov_dtrace = {
	.pv_name = "dtrace",
	.pv_populate = dtrace_populate,
	.pv_probe_info = dtraceprov_probe_info,
	.pv_attach = dtrace_attach,
};
