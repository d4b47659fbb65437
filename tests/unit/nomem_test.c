/*
 * nomem_test.c -- unit test of out of memory (lib/core/dt_alloc.c): the
 * library returns EDT_NOMEM to its caller and never aborts.
 *
 * The n-th allocation is made to fail (dt_alloc_fail_at), for every n from
 * 1 until a run makes fewer than n allocations, over: dtrace_open(); and
 * on an open handle, a compile of a small D program with the D library
 * (the library is loaded by the first compile, so its load is walked too).
 * Each run must either succeed or fail with EDT_NOMEM, leave the handle
 * closable, and (under make asan) leak nothing.  One case per walk is
 * reported, naming the first n that went wrong.
 *
 * Links with build/libdtrace.a; reads the D library from the source tree.
 */
#include "core/dt_core.h"
#include "unit.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_N 200000 /* far more allocations than one compile makes */

static char g_dlib[4096];

static const char g_prog[] =
	"syscall::read:entry /pid == 1/ { @c[execname, probefunc] = count(); "
	"self->t = timestamp; printf(\"%s %d\\n\", stringof(curthread->comm), arg0); } "
	"syscall::read:return /self->t/ { @q = quantize(timestamp - self->t); self->t = 0; }";

/* One dtrace_open with its n-th allocation failing: 1 if it got that far, 0 if not, -1 wrong. */
static int open_fails_at(long n, char *why, size_t len)
{
	int err = 0;
	dtrace_hdl_t *dtp;

	dt_alloc_fail_at(n);
	dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	dt_alloc_fail_at(0);
	if (dtp != NULL) {
		dtrace_close(dtp);
		return 0; /* fewer than n allocations: done */
	}
	if (err != EDT_NOMEM) {
		snprintf(why, len, "n=%ld: error %d, not EDT_NOMEM", n, err);
		return -1;
	}
	return 1;
}

/* One compile on a fresh handle with the n-th allocation of the compile failing. */
static int compile_fails_at(long n, char *why, size_t len)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_prog_t *pgp;
	int rc = 1;

	if (dtp == NULL) {
		snprintf(why, len, "n=%ld: dtrace_open failed (%d)", n, err);
		return -1;
	}
	dtrace_setopt(dtp, "syslibdir", g_dlib);
	dt_alloc_fail_at(n);
	pgp = dtrace_program_strcompile(dtp, g_prog, DTRACE_PROBESPEC_NAME, 0, NULL);
	dt_alloc_fail_at(0);
	if (pgp != NULL) {
		dtrace_program_destroy(dtp, pgp);
		rc = 0;
	} else if (dtrace_errno(dtp) != EDT_NOMEM) {
		snprintf(why, len, "n=%ld: %s", n, dtrace_errmsg(dtp, dtrace_errno(dtp)));
		rc = -1;
	}
	dtrace_close(dtp);
	return rc;
}

static void walk(const char *name, int (*fails_at)(long, char *, size_t))
{
	char why[1024] = "";
	long n;
	int rc = 1;

	for (n = 1; n <= MAX_N && (rc = fails_at(n, why, sizeof(why))) == 1; n++)
		;
	if (rc == 0)
		check(name, true, "%s", "");
	else if (rc < 0)
		check(name, false, "%s", why);
	else
		check(name, false, "still failing at n=%d", MAX_N);
	printf("# %s: %ld allocations walked\n", name, n - 1);
}

int main(void)
{
	char exe[4096];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int err;
	dtrace_hdl_t *dtp;
	dtrace_prog_t *pgp;

	if (len <= 0)
		return 1;
	exe[len] = '\0';
	snprintf(g_dlib, sizeof(g_dlib), "%s/../../dlib", dirname(exe)); /* build/unit/.. */

	/* the program compiles when nothing fails */
	dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_setopt(dtp, "syslibdir", g_dlib);
	pgp = dtrace_program_strcompile(dtp, g_prog, DTRACE_PROBESPEC_NAME, 0, NULL);
	check("compiles", pgp != NULL, "%s", dtrace_errmsg(dtp, dtrace_errno(dtp)));
	dtrace_close(dtp);

	walk("dtrace_open: every allocation failing in turn", open_fails_at);
	walk("compile with the D library: every allocation failing in turn", compile_fails_at);
	return unit_done("nomem");
}
