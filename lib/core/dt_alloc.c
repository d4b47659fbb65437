/*
 * dt_alloc.c -- allocation helpers, and what happens when memory runs out.
 *
 * The library never aborts, exits or prints on its own: out of memory is
 * an error its caller gets back, EDT_NOMEM ("memory allocation failure").
 * Thousands of places allocate, most deep inside a pass that cannot stop
 * half-way without unwinding (the parser, the cook pass, the code
 * generator), so a failed allocation does not return NULL to each of
 * them: it longjmps to the nearest *trap*, a jmp_buf that the function
 * responsible for the memory pushed before starting (dt_nomem_push) and
 * pops when done.  The trap's owner frees what it allocated, sets
 * EDT_NOMEM and returns its usual failure.  The traps are:
 *
 *   dtrace_open()           the handle being built, closed again;
 *   dt_compile()            the D library load, then the program, released
 *                           as on a compile error;
 *   dt_cg_generate()        the code generator's state, freed as on a
 *                           generation error (under dtrace_go());
 *   dtrace_go(), dtrace_work(), dtrace_aggregate_snap() and the other
 *                           run-time entries: the call fails, the handle
 *                           stays closable.
 *
 * With no trap pushed (a thread of the caller's calling an entry that sets
 * none) dt_nomem() returns NULL, and the allocation helpers with it.
 *
 * The traps are per thread: dtrace_work() in one thread and a compile in
 * another each unwind their own.
 *
 * Testing: allocation failure is injected by dt_alloc_fail_at(n) (a unit
 * test's hook) or the environment variable DTRACE_FAIL_ALLOC=n, read at the
 * first allocation: the n-th allocation from then on fails (n counts from
 * 1; 0 turns injection off).  Only allocations through these helpers, the
 * arenas and the hash tables count; libbpf's, libelf's and libc's own do
 * not.
 */
#include "dt_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static __thread dt_nomem_trap_t *dt_nomem_top; /* the innermost trap */
static __thread bool dt_nomem_raised;		/* it was sprung by dt_nomem() */

static long dt_fail_at = -1; /* -1: DTRACE_FAIL_ALLOC not read yet */
static long dt_alloc_count;

void dt_nomem_push(dt_nomem_trap_t *tp, jmp_buf *jb)
{
	tp->nt_jmp = jb;
	tp->nt_prev = dt_nomem_top;
	tp->nt_undo = NULL;
	dt_nomem_top = tp;
}

void dt_nomem_hold(dt_nomem_undo_t *up, void (*fn)(void *), void *arg)
{
	up->nu_fn = fn;
	up->nu_arg = arg;
	up->nu_next = NULL;
	if (dt_nomem_top == NULL) /* no trap: allocations return NULL, the holder checks */
		return;
	up->nu_next = dt_nomem_top->nt_undo;
	dt_nomem_top->nt_undo = up;
}

void dt_nomem_free_ptr(void *pp)
{
	free(*(void **)pp);
}

void dt_nomem_release(dt_nomem_undo_t *up)
{
	if (dt_nomem_top == NULL)
		return;
	for (dt_nomem_undo_t **pp = &dt_nomem_top->nt_undo; *pp != NULL; pp = &(*pp)->nu_next)
		if (*pp == up) {
			*pp = up->nu_next;
			return;
		}
}

bool dt_nomem_pop(dt_nomem_trap_t *tp)
{
	bool raised = dt_nomem_raised && dt_nomem_top == tp;

	if (dt_nomem_top == tp)
		dt_nomem_top = tp->nt_prev;
	if (raised)
		dt_nomem_raised = false;
	return raised;
}

/*
 * A public entry that allocates but owns nothing it must free on failure
 * runs its body through here: out of memory makes it return -1 with
 * EDT_NOMEM.
 */
int dt_nomem_call(dtrace_hdl_t *dtp, int (*body)(dtrace_hdl_t *, void *), void *arg)
{
	dt_nomem_trap_t trap;
	jmp_buf nomem;
	int rc;

	dt_nomem_push(&trap, &nomem);
	if (setjmp(nomem) != 0) {
		dt_nomem_pop(&trap);
		dtp->dt_errmsg[0] = '\0';
		return dt_set_errno(dtp, EDT_NOMEM);
	}
	rc = body(dtp, arg);
	dt_nomem_pop(&trap);
	return rc;
}

long dt_alloc_counted(void)
{
	return dt_alloc_count;
}

void *dt_nomem(void)
{
	if (dt_nomem_top != NULL) {
		/* the frames about to be jumped over free what they hold */
		for (dt_nomem_undo_t *up = dt_nomem_top->nt_undo; up != NULL; up = up->nu_next)
			up->nu_fn(up->nu_arg);
		dt_nomem_top->nt_undo = NULL;
		dt_nomem_raised = true;
		longjmp(*dt_nomem_top->nt_jmp, 1);
	}
	return NULL;
}

void dt_alloc_fail_at(long n)
{
	dt_fail_at = n;
	dt_alloc_count = 0;
}

bool dt_alloc_injected(void)
{
	if (dt_fail_at < 0) {
		const char *s = getenv("DTRACE_FAIL_ALLOC");

		dt_fail_at = s != NULL ? strtol(s, NULL, 10) : 0;
		dt_alloc_count = 0;
	}
	return dt_fail_at > 0 && __atomic_add_fetch(&dt_alloc_count, 1, __ATOMIC_RELAXED) == dt_fail_at;
}

void *dt_zalloc(size_t n)
{
	void *p = dt_alloc_injected() ? NULL : calloc(1, n ? n : 1);

	return p ? p : dt_nomem();
}

void *dt_realloc(void *p, size_t n)
{
	void *q = dt_alloc_injected() ? NULL : realloc(p, n ? n : 1);

	return q ? q : dt_nomem();
}

char *dt_strdup(const char *s)
{
	return dt_strndup(s, strlen(s));
}

char *dt_strndup(const char *s, size_t n)
{
	char *p = dt_zalloc(n + 1);

	if (p != NULL)
		memcpy(p, s, n);
	return p;
}

uint64_t dt_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}
