/*
 * dt_probeinfo.c -- dtrace_probe_info(): a probe's attributes and argument
 * types as dtrace -l -v and -e -v show them.  The provider describes the
 * probe (prov/dt_provider.c); the D library, loaded first, gives the stable
 * types of translated arguments (psinfo_t * rather than struct
 * task_struct *), so the driver, which sees both, does it.
 */
#include "dt_driver.h"

static int probe_info(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probeinfo_t *pip);

typedef struct probe_info_call {
	const dtrace_probedesc_t *pc_desc;
	dtrace_probeinfo_t *pc_info;
} probe_info_call_t;

static int probe_info_call(dtrace_hdl_t *dtp, void *arg)
{
	probe_info_call_t *pc = arg;

	return probe_info(dtp, pc->pc_desc, pc->pc_info);
}

/* Out of memory fails the call with EDT_NOMEM (core/dt_alloc.c). */
int dtrace_probe_info(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probeinfo_t *pip)
{
	probe_info_call_t pc = { pdp, pip };

	return dt_nomem_call(dtp, probe_info_call, &pc);
}

static int probe_info(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probeinfo_t *pip)
{
	if (dt_dlib_load(dtp) != 0)
		dtp->dt_errmsg[0] = '\0'; /* the native types, then */
	return dt_probe_describe(dtp, pdp, pip);
}
