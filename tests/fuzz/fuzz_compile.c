/*
 * fuzz_compile.c -- libFuzzer harness for the D compiler.
 *
 * The contract it enforces: the compiler never crashes, hangs or misbehaves
 * on any input; a bad input gets a message (non-empty, no control bytes but
 * newline and tab) and a failed compile, nothing else.  Sanitizers
 * (address, undefined) turn memory errors and undefined behaviour into
 * crashes the fuzzer reports.
 *
 * Input: one flags byte, then the D program.
 *   bit 0  probe specifier NAME (as -n) instead of NONE
 *   bit 1  DTRACE_C_ZDEFS (-Z): go past probe matching into cook even when
 *          a description matches nothing
 *   bit 2  compile with dtrace_program_fcompile() from a memory FILE, NUL
 *          bytes included (as -s), instead of dtrace_program_strcompile()
 *   bit 3  macro arguments $0 = "dtrace", $1 = "42", $2 = "hello" (-- args)
 *   bit 4  DTRACE_C_ARGREF (unused macro arguments are fine)
 *   bit 5  DTRACE_C_EMPTY (an empty program is fine)
 *   bit 7  compile the program twice on the same handle (-n a -n b)
 * The corpus uses printable flags: '@' + bits 0-4, lower case adds bit 5.
 *
 * A program that compiles is then laid out and code-generated
 * (dt_cc_gen_only: dtrace_go() without maps, loading or attaching) and
 * disassembled as -S does, to /dev/null; no
 * BPF is ever created, so the harness needs no privileges beyond reading
 * tracefs and vmlinux BTF for probe and type information.
 *
 * Memory: libdtrace frees compile-time memory (AST, tokens, identifiers,
 * types, generated programs) only when the process exits, which suits
 * dtrace(1) -- it compiles once.  A fuzzer opens a handle per input, so
 * the harness keeps the library's allocations in a table (the objects of
 * the library are built with malloc, calloc, realloc and free renamed to
 * fz_lib_malloc and so on, see Makefile.frag) and frees
 * whatever is left after dtrace_close(), like an arena per handle.  Memory
 * allocated outside the library (libbpf's BTF) is not reclaimed, so leak
 * detection still applies to it.
 */
#include <dtrace.h>
#include "driver/dt_driver.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ arena */

void *fz_lib_malloc(size_t);
void *fz_lib_calloc(size_t, size_t);
void *fz_lib_realloc(void *, size_t);
void fz_lib_free(void *);

static void **fz_tab;	/* open addressing; NULL empty, FZ_DEAD removed */
static size_t fz_cap, fz_used, fz_live;
static int fz_on;
#define FZ_DEAD ((void *)1)

static size_t fz_hash(const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return (size_t)h;
}

static void fz_grow(void);

static void fz_add(void *p)
{
	size_t i;

	if (p == NULL)
		return;
	if ((fz_used + 1) * 2 > fz_cap)
		fz_grow();
	for (i = fz_hash(p) & (fz_cap - 1); fz_tab[i] != NULL && fz_tab[i] != FZ_DEAD;
	     i = (i + 1) & (fz_cap - 1))
		;
	if (fz_tab[i] == NULL)
		fz_used++;
	fz_tab[i] = p;
	fz_live++;
}

static void fz_del(void *p)
{
	if (p == NULL || fz_cap == 0)
		return;
	for (size_t i = fz_hash(p) & (fz_cap - 1); fz_tab[i] != NULL; i = (i + 1) & (fz_cap - 1))
		if (fz_tab[i] == p) {
			fz_tab[i] = FZ_DEAD;
			fz_live--;
			return;
		}
}

static void fz_grow(void)
{
	void **old = fz_tab;
	size_t ocap = fz_cap;

	fz_cap = fz_cap ? fz_cap * 2 : 4096;
	while (fz_live * 4 > fz_cap)
		fz_cap *= 2;
	fz_tab = calloc(fz_cap, sizeof(void *));
	if (fz_tab == NULL)
		abort();
	fz_used = fz_live = 0;
	for (size_t i = 0; i < ocap; i++)
		if (old[i] != NULL && old[i] != FZ_DEAD)
			fz_add(old[i]);
	free(old);
}

void *fz_lib_malloc(size_t n)
{
	void *p = malloc(n);

	if (fz_on)
		fz_add(p);
	return p;
}

void *fz_lib_calloc(size_t n, size_t m)
{
	void *p = calloc(n, m);

	if (fz_on)
		fz_add(p);
	return p;
}

void *fz_lib_realloc(void *old, size_t n)
{
	void *p;

	if (fz_on)
		fz_del(old);
	p = realloc(old, n);
	if (fz_on)
		fz_add(p != NULL ? p : old);
	return p;
}

void fz_lib_free(void *p)
{
	if (fz_on)
		fz_del(p);
	free(p);
}

static void fz_reclaim(void)
{
	fz_on = 0;
	for (size_t i = 0; i < fz_cap; i++) {
		if (fz_tab[i] != NULL && fz_tab[i] != FZ_DEAD)
			free(fz_tab[i]);
		fz_tab[i] = NULL;
	}
	fz_used = fz_live = 0;
}

/* ------------------------------------------------------------ checks */

static void check_message(dtrace_hdl_t *dtp)
{
	const char *msg = dtrace_errmsg(dtp, dtrace_errno(dtp));

	if (msg == NULL || msg[0] == '\0' || msg[0] == '\n') {
		fprintf(stderr, "fuzz_compile: compile failed without a message\n");
		abort();
	}
	for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
		if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f) {
			fprintf(stderr, "fuzz_compile: control byte 0x%02x in message: %s\n", *p,
				msg);
			abort();
		}
	if (msg[strlen(msg) - 1] == '\n') {
		fprintf(stderr, "fuzz_compile: message ends with a newline: %s\n", msg);
		abort();
	}
}

/* What -S prints: the listing of every generated program. */
static void disassemble(dtrace_hdl_t *dtp)
{
	static FILE *devnull;

	if (devnull == NULL && (devnull = fopen("/dev/null", "w")) == NULL)
		return;
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp != NULL; bp = bp->bp_next)
		dt_dis(bp->bp_insns, bp->bp_ninsns, devnull);
}

static dtrace_prog_t *compile(dtrace_hdl_t *dtp, unsigned flags, const uint8_t *src,
			      size_t len, const char *str)
{
	unsigned cflags = 0;
	dtrace_prog_t *pgp;

	if (flags & 0x02)
		cflags |= DTRACE_C_ZDEFS;
	if (flags & 0x10)
		cflags |= DTRACE_C_ARGREF;
	if (flags & 0x20)
		cflags |= DTRACE_C_EMPTY;
	if (flags & 0x04) {
		FILE *fp = fmemopen((void *)src, len ? len : 1, "r");

		if (fp == NULL)
			return NULL;
		if (len == 0)
			fgetc(fp); /* fmemopen() refuses size 0: read past the byte */
		pgp = dtrace_program_fcompile(dtp, fp, cflags, "fuzz.d");
		fclose(fp);
	} else {
		pgp = dtrace_program_strcompile(dtp, str,
						(flags & 0x01) ? DTRACE_PROBESPEC_NAME
							       : DTRACE_PROBESPEC_NONE,
						cflags, NULL);
	}
	if (pgp == NULL)
		check_message(dtp);
	if (getenv("FUZZ_VERBOSE") != NULL) /* triage: what happened to an input */
		fprintf(stderr, "compile: %s\n",
			pgp ? "ok" : dtrace_errmsg(dtp, dtrace_errno(dtp)));
	return pgp;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const args[] = { "dtrace", "42", "hello" };
	dtrace_hdl_t *dtp;
	unsigned flags;
	char *str;
	int err, ok = 0;

	if (size < 1 || size > (1 << 20))
		return 0;
	flags = data[0];
	data++;
	size--;
	str = malloc(size + 1);
	memcpy(str, data, size);
	str[size] = '\0';

	fz_on = 1;
	dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	if (dtp == NULL)
		abort();
	if (flags & 0x08)
		dtrace_set_macroargs(dtp, 3, args);
	for (int pass = 0; pass < ((flags & 0x80) ? 2 : 1); pass++) {
		dtrace_prog_t *pgp = compile(dtp, flags, data, size, str);

		if (pgp != NULL) {
			dtrace_proginfo_t info;

			dtrace_program_exec(dtp, pgp, &info);
			ok++;
		}
	}
	if (ok > 0) {
		int rv = dt_cc_gen_only(dtp);

		if (rv != 0)
			check_message(dtp);
		else
			disassemble(dtp);
		if (getenv("FUZZ_VERBOSE") != NULL)
			fprintf(stderr, "codegen: %s\n",
				rv == 0 ? "ok" : dtrace_errmsg(dtp, dtrace_errno(dtp)));
	}
	dtrace_close(dtp);
	fz_reclaim();
	free(str);
	return 0;
}
