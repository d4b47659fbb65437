/*
 * unit.h -- what every unit test shares: the pass/fail counters and the
 * checks.  Each check prints "ok - <name>" or "not ok - <name>: ..."; a
 * test ends with unit_done("<name>"), which prints "<name>: N passed, M
 * failed" (the line tests/run.sh counts) and gives the exit status.
 */
#ifndef UNIT_H
#define UNIT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define UNIT_USED __attribute__((unused))

static int npass, nfail;

static UNIT_USED void check(const char *name, bool ok, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static UNIT_USED void check(const char *name, bool ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		npass++;
		printf("ok - %s\n", name);
		return;
	}
	nfail++;
	printf("not ok - %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static UNIT_USED void check_str(const char *name, const char *got, const char *want)
{
	check(name, strcmp(got, want) == 0, "got '%s' want '%s'", got, want);
}

static UNIT_USED void check_int(const char *name, long long got, long long want)
{
	check(name, got == want, "got %lld want %lld", got, want);
}

static UNIT_USED int unit_done(const char *test)
{
	printf("%s: %d passed, %d failed\n", test, npass, nfail);
	return nfail != 0;
}

#endif /* UNIT_H */
