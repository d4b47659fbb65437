/*
 * dt_probeinfo.c -- dtrace_probe_info(): a probe's attributes and argument
 * types as dtrace -l -v and -e -v show them.  The provider describes the
 * probe (prov/dt_provider.c); the D library, loaded first, gives the stable
 * types of translated arguments (psinfo_t * rather than struct
 * task_struct *), so the driver, which sees both, does it.
 */
#include "dt_driver.h"

int dtrace_probe_info(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probeinfo_t *pip)
{
	if (dt_dlib_load(dtp) != 0)
		dtp->dt_errmsg[0] = '\0'; /* the native types, then */
	return dt_probe_describe(dtp, pdp, pip);
}
