/*
 * dt_report.c -- where the library's own words go.
 *
 * The library never writes to the process's stdout or stderr on its own:
 * they are the caller's.  What it has to say goes to the caller through
 * what the caller registered on the handle, and nowhere when the caller
 * registered nothing:
 *
 *   - run-time errors     -> dtrace_handle_err()'s handler (consume/)
 *   - drops and notices   -> dtrace_handle_drop()'s handler, here: a
 *                            "dtrace: N drops", a failed system() or
 *                            freopen(), a uprobe offset left out
 *   - listings (-S, -x verbose, -x verifylog)
 *                         -> the FILE * given to dtrace_set_listing()
 *   - attach progress     -> dtrace_handle_progress()'s handler (driver/)
 *
 * dtrace(1) registers all four and prints what DTrace prints.
 */
#include "dt_core.h"

#include <stdarg.h>
#include <stdio.h>

void dt_notice(dtrace_hdl_t *dtp, const char *msg)
{
	if (dtp->dt_drophdlr != NULL)
		dtp->dt_drophdlr(msg, dtp->dt_droparg);
}

void dt_noticef(dtrace_hdl_t *dtp, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (dtp->dt_drophdlr == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dtp->dt_drophdlr(msg, dtp->dt_droparg);
}

FILE *dt_listing(dtrace_hdl_t *dtp)
{
	return dtp->dt_listfp;
}

int dtrace_set_listing(dtrace_hdl_t *dtp, FILE *fp)
{
	dtp->dt_listfp = fp;
	return 0;
}
