/*
 * stab_test.c -- unit test of the stability computation
 * (lib/front/dt_stab.c, the Dynamic Tracing Guide's "Stability" chapter):
 * the minimum probe description and statement attributes of compiled
 * programs (dtrace_program_info()), -x amin's parsing (illumos'
 * dtrace_str2attr()) and its refusals.  Attributes are shown as
 * "name/data/class".  Links with build/libdtrace.a.
 */
#include "driver/dt_driver.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static dtrace_hdl_t *g_dtp;

static const char *astr(dtrace_attribute_t a, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s/%s", dtrace_stability_name(a.dtat_name),
		 dtrace_stability_name(a.dtat_data), dtrace_class_name(a.dtat_class));
	return buf;
}

/* The program's description and statement attributes ("desc stmt"), or its error. */
static void attrs(const char *src, const char *want)
{
	char got[1100], d[64], s[64];
	dtrace_prog_t *pgp = dtrace_program_strcompile(g_dtp, src, DTRACE_PROBESPEC_NAME, 0, NULL);
	dtrace_proginfo_t pi;

	if (pgp == NULL) {
		snprintf(got, sizeof(got), "%s", dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
	} else {
		dtrace_program_info(g_dtp, pgp, &pi);
		snprintf(got, sizeof(got), "%s %s", astr(pi.dpi_descattr, d, sizeof(d)),
			 astr(pi.dpi_stmtattr, s, sizeof(s)));
	}
	check_str(src, got, want);
}

static void str2attr(const char *s, const char *want)
{
	dtrace_attribute_t a;
	char buf[64], name[128];

	snprintf(name, sizeof(name), "amin '%s'", s);
	check_str(name, dt_str2attr(s, &a) == 0 ? astr(a, buf, sizeof(buf)) : "error", want);
}

#define STAB "Stable/Stable/Common"

static void test_descriptions(void)
{
	/* the least stable of the fields given, by the provider's table */
	attrs("dtrace:::BEGIN", STAB " " STAB);
	attrs("dtrace:::", STAB " " STAB);
	attrs("syscall::read:entry", "Evolving/Evolving/ISA " STAB);
	attrs("syscall:::entry", "Evolving/Evolving/Common " STAB);
	attrs("syscall:vmlinux:read:entry", "Private/Private/Unknown " STAB);
	attrs("profile:::tick-1sec", "Evolving/Evolving/Common " STAB);
	/* no provider, or a pattern: DTrace's defaults */
	attrs("BEGIN", "Unstable/Unstable/Common " STAB);
	attrs("dtr*:::BEGIN", "Unstable/Unstable/Common " STAB);
	/* the least stable description of the program */
	attrs("dtrace:::BEGIN, syscall::read:entry {}", "Evolving/Evolving/ISA " STAB);
	attrs("dtrace:::BEGIN {} syscall:::entry {}", "Evolving/Evolving/Common " STAB);
}

static void test_statements(void)
{
	attrs("dtrace:::BEGIN { exit(0); }", STAB " " STAB);
	attrs("dtrace:::BEGIN { @[execname, pid] = count(); printf(\"%d\", timestamp); }",
	      STAB " " STAB);
	/* the Guide's example: curthread is Stable, its data Private */
	attrs("dtrace:::BEGIN { trace(curthread->pid); }", STAB " Stable/Private/Common");
	attrs("dtrace:::BEGIN /curthread->pid/ {}", STAB " Stable/Private/Common");
	attrs("dtrace:::BEGIN { self->t = curthread; }", STAB " Stable/Private/Common");
	attrs("dtrace:::BEGIN { @c[curthread] = count(); }", STAB " Stable/Private/Common");
	attrs("dtrace:::BEGIN { trace(getminor(0)); }", STAB " Evolving/Evolving/Common");
	/* the program's inlines are their expression's (the library's: tests/e2e/cli/stability) */
	attrs("inline int p = curthread->pid; dtrace:::BEGIN { trace(p); }",
	      STAB " Stable/Private/Common");
	/* probefunc and args[] are the provider's */
	attrs("dtrace:::BEGIN { trace(probefunc); }", STAB " Private/Private/Unknown");
	attrs("dtrace:::BEGIN { trace(probename); }", STAB " " STAB);
	attrs("syscall::read:entry { trace(probefunc); }",
	      "Evolving/Evolving/ISA Evolving/Evolving/ISA");
	attrs("syscall::read:entry { trace(args[0]); }",
	      "Evolving/Evolving/ISA Private/Private/ISA");
	attrs("BEGIN { trace(probefunc); }", "Unstable/Unstable/Common Unstable/Unstable/Common");
	/* the least stable clause */
	attrs("dtrace:::BEGIN { trace(curthread->pid); } dtrace:::END { trace(getmajor(0)); }",
	      STAB " Evolving/Private/Common");
}

static void test_amin(void)
{
	str2attr("Stable/Private/Common", "Stable/Private/Common");
	str2attr("evolving/EVOLVING/isa", "Evolving/Evolving/ISA");
	str2attr("Evolving", "Evolving/Standard/Common");
	str2attr("Stable/", "Stable/Standard/Common");
	str2attr("", "Standard/Standard/Common");
	str2attr("Stable/Bogus", "error");
	str2attr("Stable/Stable/Common/Common", "error");
	str2attr("Stable/Stable/Stable", "error");
	str2attr("Stable//Common", "error");

	dtrace_setopt(g_dtp, "amin", "Evolving/Evolving/Common");
	attrs("dtrace:::BEGIN { trace(curthread->pid); }",
	      "in action list: attributes for scalar curthread (Stable/Private/Common) are less than "
	      "predefined minimum");
	attrs("dtrace:::BEGIN /curthread/ {}",
	      "in predicate: attributes for scalar curthread (Stable/Private/Common) are less than "
	      "predefined minimum");
	attrs("dtrace:::BEGIN { trace(probefunc); }",
	      "in action list: attributes for scalar probefunc (Private/Private/Unknown) are less than "
	      "predefined minimum");
	attrs("syscall::read:entry { @[args[0]] = count(); }",
	      "in action list: attributes for associative array args (Private/Private/ISA) are less "
	      "than predefined minimum");
	attrs("dtrace:::BEGIN { trace(getmajor(0)); trace(execname); }",
	      STAB " Evolving/Evolving/Common");
	dtrace_setopt(g_dtp, "amin", "Stable");
	attrs("dtrace:::BEGIN { trace(getmajor(0)); }",
	      "in action list: attributes for function getmajor( ) (Evolving/Evolving/Common) are "
	      "less than predefined minimum");
	dtrace_setopt(g_dtp, "amin", "Stable/Stable/Common");
	attrs("dtrace:::BEGIN { @a = count(); x = 1; trace(x + 2); }", STAB " " STAB);
	check_int("amin refuses a bad value", dtrace_setopt(g_dtp, "amin", "Stable/Nope"), -1);
	dtrace_setopt(g_dtp, "amin", "Internal/Internal/Unknown");
}

int main(void)
{
	int err;

	if ((g_dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		printf("not ok - dtrace_open: %d\nstab: 0 passed, 1 failed\n", err);
		return 1;
	}
	test_descriptions();
	test_statements();
	test_amin();
	return unit_done("stab");
}
