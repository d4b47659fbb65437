/*
 * dt_alloc.c -- allocation helpers.  Allocation failure in a tracing tool
 * that is about to load programs into the kernel is not recoverable in any
 * useful way; these abort with a message rather than return NULL.
 */
#include "dt_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *dt_oom(void)
{
	fputs("dtrace: failed to allocate memory\n", stderr);
	abort();
}

void *dt_zalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	return p ? p : dt_oom();
}

void *dt_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	return p ? p : dt_oom();
}

char *dt_strdup(const char *s)
{
	return dt_strndup(s, strlen(s));
}

char *dt_strndup(const char *s, size_t n)
{
	char *p = dt_zalloc(n + 1);

	memcpy(p, s, n);
	return p;
}

uint64_t dt_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}
