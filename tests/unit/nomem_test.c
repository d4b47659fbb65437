/*
 * nomem_test.c -- unit test of out of memory (lib/core/dt_alloc.c): the
 * library returns EDT_NOMEM to its caller and never aborts.
 *
 * The n-th allocation is made to fail (dt_alloc_fail_at), for every n from
 * 1 until a run makes fewer than n allocations, over: dtrace_open(); and
 * on an open handle, a compile of a small D program with the D library
 * (the library is loaded by the first compile, so its load is walked too);
 * and, as root with BPF, a BEGIN program enabled, started, consumed to its
 * exit() and its aggregations printed.  Each run must either succeed or fail with EDT_NOMEM, leave the handle
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
static long g_counted; /* allocations the last run made, the failed one included */

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
	g_counted = dt_alloc_counted();
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
	g_counted = dt_alloc_counted();
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

/*
 * BEGIN { exit(0) } enabled, started and consumed to the end with the n-th
 * allocation after the compile failing (dtrace_program_exec, dtrace_go,
 * dtrace_work, the end-of-run aggregation print), then closed.  Needs root
 * and BPF; *skip set if the run cannot start with nothing failing.
 */
static bool g_go_skip;

static int go_fails_at(long n, char *why, size_t len)
{
	static const char prog[] = "BEGIN { @a[\"x\", 1] = count(); @q = quantize(3); "
				   "printf(\"%d %s\\n\", 1, \"two\"); exit(0); }";
	int err, rc = 1, failed = 0;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	FILE *out = fopen("/dev/null", "w");
	dtrace_prog_t *pgp;

	if (dtp == NULL || out == NULL) {
		snprintf(why, len, "n=%ld: dtrace_open or /dev/null failed", n);
		return -1;
	}
	dtrace_setopt(dtp, "syslibdir", g_dlib);
	pgp = dtrace_program_strcompile(dtp, prog, DTRACE_PROBESPEC_NAME, 0, NULL);
	if (pgp == NULL) {
		snprintf(why, len, "n=%ld: %s", n, dtrace_errmsg(dtp, dtrace_errno(dtp)));
		rc = -1;
		goto out;
	}
	dt_alloc_fail_at(n);
	if (dtrace_program_exec(dtp, pgp, NULL) != 0 || dtrace_go(dtp) != 0)
		failed = 1;
	while (!failed) {
		dtrace_workstatus_t ws = dtrace_work(dtp, out, NULL, NULL, NULL);

		if (ws == DTRACE_WORKSTATUS_ERROR)
			failed = 1;
		else if (ws == DTRACE_WORKSTATUS_DONE)
			break;
		else
			dtrace_sleep(dtp);
	}
	if (!failed && dtrace_aggregate_print(dtp, out) != 0)
		failed = 1;
	g_counted = dt_alloc_counted();
	dt_alloc_fail_at(0);
	if (!failed)
		rc = 0;
	else if (n == 0) {
		g_go_skip = true;
		snprintf(why, len, "%s", dtrace_errmsg(dtp, dtrace_errno(dtp)));
	} else if (dtrace_errno(dtp) != EDT_NOMEM) {
		snprintf(why, len, "n=%ld: %s", n, dtrace_errmsg(dtp, dtrace_errno(dtp)));
		rc = -1;
	}
out:
	dtrace_close(dtp);
	fclose(out);
	return rc;
}

static void walk(const char *name, int (*fails_at)(long, char *, size_t))
{
	char why[1024] = "";
	long n;
	int rc = 1;

	/* a run that succeeded although its n-th allocation failed absorbed the failure: go on */
	for (n = 1; n <= MAX_N; n++) {
		rc = fails_at(n, why, sizeof(why));
		if (rc < 0 || (rc == 0 && g_counted < n))
			break;
	}
	if (rc == 0)
		check(name, true, "%s", "");
	else if (rc < 0)
		check(name, false, "%s", why);
	else
		check(name, false, "still going at n=%d", MAX_N);
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
	{
		char why[1024] = "";

		if (go_fails_at(0, why, sizeof(why)) != 0 || g_go_skip)
			printf("ok - dtrace_go: skipped, cannot run here (%s)\n", why);
		else
			walk("exec, go, work, print: every allocation failing in turn", go_fails_at);
	}
	return unit_done("nomem");
}
