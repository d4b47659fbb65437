/*
 * leak_test.c -- unit test of memory ownership (lib/core/dt_arena.c): a
 * program's memory is freed by dtrace_program_destroy() and by a failed
 * compile, the handle's by dtrace_close().
 *
 * The measure is what a service that opens a handle per request sees: the
 * resident set after 1,000 dtrace_open() / compile one clause (with the D
 * library) / dtrace_close() cycles is that after 100, within a bound far
 * below one cycle's memory before everything had an owner (about 500 KB a
 * cycle).  On one handle, the handle's arena does not grow when programs
 * are compiled and destroyed or fail to compile.  Built with
 * AddressSanitizer (make asan), the resident set is not a measure (freed
 * memory waits in quarantine): fewer cycles run and LeakSanitizer checks
 * instead, and uses after free of what a destroyed program made are
 * reported.
 *
 * Links with build/libdtrace.a; reads the D library from the source tree.
 * Each case prints "ok - <name>" or "not ok - <name>: ..."; the last line
 * is "leak: N passed, M failed".
 */
#include "driver/dt_driver.h"
#include "unit.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

#define RSS_BOUND_KB 1024 /* growth allowed from cycle 100 to cycle 1000 */

static char g_dlib[4096]; /* the source tree's dlib */

static long rss_kb(void)
{
	FILE *fp = fopen("/proc/self/statm", "r");
	long size = 0, res = 0;

	if (fp == NULL)
		return -1;
	if (fscanf(fp, "%ld %ld", &size, &res) != 2)
		res = -1;
	fclose(fp);
	return res * (sysconf(_SC_PAGESIZE) / 1024);
}

static dtrace_hdl_t *open_handle(void)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

	if (dtp != NULL)
		dtrace_setopt(dtp, "syslibdir", g_dlib);
	return dtp;
}

static dtrace_prog_t *compile(dtrace_hdl_t *dtp, const char *src)
{
	return dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, NULL);
}

/* dtrace_open, compile a clause with the D library, dtrace_close: n times. */
static bool cycles(int n, long *rss100, long *rssn)
{
	for (int i = 0; i < n; i++) {
		dtrace_hdl_t *dtp = open_handle();
		dtrace_prog_t *pgp;

		if (dtp == NULL)
			return false;
		pgp = compile(dtp, "BEGIN { trace(curpsinfo->pr_pid); @[execname] = count(); }");
		if (pgp == NULL) {
			printf("# %s\n", dtrace_errmsg(dtp, dtrace_errno(dtp)));
			dtrace_close(dtp);
			return false;
		}
		dtrace_close(dtp);
		if (i == 99)
			*rss100 = rss_kb();
	}
	*rssn = rss_kb();
	return true;
}

static void test_cycles(void)
{
	long rss100 = 0, rss1000 = 0;
	int n = SANITIZED ? 100 : 1000;
	bool ok = cycles(n, &rss100, &rss1000);

	check("open/compile/close cycles", ok, "a cycle failed");
	if (SANITIZED) /* LeakSanitizer checks at exit */
		return;
	printf("# RSS after 100 cycles %ld KB, after 1000 %ld KB\n", rss100, rss1000);
	check("RSS flat over 1000 cycles", ok && rss1000 - rss100 < RSS_BOUND_KB,
	      "grew by %ld KB from cycle 100 to 1000", rss1000 - rss100);
}

/* On one handle: compiled and destroyed programs leave the handle as it was. */
static void test_destroy(void)
{
	dtrace_hdl_t *dtp = open_handle();
	dtrace_prog_t *pgp;
	size_t before;
	int fails = 0;

	pgp = compile(dtp, "BEGIN { x = 1; trace(x + curpsinfo->pr_pid); }");
	check("compile", pgp != NULL, "%s", dtrace_errmsg(dtp, dtrace_errno(dtp)));
	dtrace_program_destroy(dtp, pgp);
	before = dtp->dt_arena.da_bytes;
	for (int i = 0; i < 200; i++) {
		pgp = compile(dtp, "BEGIN { x = 2; trace(x + curpsinfo->pr_pid); }");
		fails += pgp == NULL;
		dtrace_program_destroy(dtp, pgp);
	}
	check("compile and destroy 200 times", fails == 0, "%d failed", fails);
	check_int("handle arena after destroyed programs", (long long)dtp->dt_arena.da_bytes,
		  (long long)before);
	check("no programs left", dtp->dt_progs == NULL, "dt_progs is not empty");

	/* failed compiles: the program's memory goes with the error */
	for (int i = 0; i < 200; i++)
		fails += compile(dtp, "BEGIN { trace(x +); }") == NULL;
	check_int("failed compiles", fails, 200);
	check_int("handle arena after failed compiles", (long long)dtp->dt_arena.da_bytes,
		  (long long)before);
	dtrace_close(dtp);
}

/* A program's declarations outlive it: the handle keeps their memory. */
static void test_declarations(void)
{
	dtrace_hdl_t *dtp = open_handle();
	dtrace_prog_t *pgp;

	pgp = dtrace_program_strcompile(dtp, "inline int twice[int a] = a * 2;\n"
					"translator struct tx < int i > { a = i + 1; };\n"
					"struct tx { int a; };\n",
					DTRACE_PROBESPEC_NONE, DTRACE_C_EMPTY, "decl.d");
	/* the translator's output type comes after it: an error, after the inline */
	check("failed compile with an inline", pgp == NULL, "compiled");
	pgp = dtrace_program_strcompile(dtp, "struct ty { int b; };\n"
					"translator struct ty < int i > { b = i + 3; };\n",
					DTRACE_PROBESPEC_NONE, DTRACE_C_EMPTY, "decl.d");
	check("translator declared", pgp != NULL, "%s", dtrace_errmsg(dtp, dtrace_errno(dtp)));
	dtrace_program_destroy(dtp, pgp);
	pgp = compile(dtp, "BEGIN { trace(twice[21]); trace(xlate<struct ty>(4).b); }");
	check("inline and translator of destroyed programs", pgp != NULL, "%s",
	      dtrace_errmsg(dtp, dtrace_errno(dtp)));
	dtrace_program_exec(dtp, pgp, NULL);
	dtrace_program_destroy(dtp, pgp); /* enabled: the handle's until close */
	check("enabled program kept", dtp->dt_progs == pgp, "not on the handle's list");
	dtrace_close(dtp);
}

int main(int argc, char **argv)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	(void)argc;
	(void)argv;
	if (n <= 0) {
		printf("not ok - /proc/self/exe\nleak: 0 passed, 1 failed\n");
		return 1;
	}
	exe[n] = '\0';
	snprintf(g_dlib, sizeof(g_dlib), "%s/../../dlib", dirname(exe)); /* build/unit/.. */
	test_destroy();
	test_declarations();
	test_cycles();
	return unit_done("leak");
}
