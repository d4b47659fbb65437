/*
 * dt_error.c -- the error contract: EDT_* codes above errno, one message
 * table, dt_set_errno() that stores and returns -1.
 */
#include "dt_core.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *const dt_errtab[] = {
#define X(e, m) m,
	DT_ERRORS(X)
#undef X
};

int dt_set_errno(dtrace_hdl_t *dtp, int err)
{
	if (dtp != NULL)
		dtp->dt_errno = err;
	errno = err < EDT_BASE ? err : errno;
	return -1;
}

/* Set the error code and a specific message (compile, load, attach). */
int dt_set_errmsg(dtrace_hdl_t *dtp, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dtp->dt_errmsg, sizeof(dtp->dt_errmsg), fmt, ap);
	va_end(ap);
	return dt_set_errno(dtp, err);
}

int dtrace_errno(dtrace_hdl_t *dtp)
{
	return dtp->dt_errno;
}

const char *dtrace_errmsg(dtrace_hdl_t *dtp, int err)
{
	if (dtp != NULL && dtp->dt_errmsg[0] != '\0' && err == dtp->dt_errno)
		return dtp->dt_errmsg;
	if (err >= EDT_BASE && err < EDT_LAST)
		return dt_errtab[err - EDT_BASE];
	return strerror(err);
}
