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
 * Memory: every input opens a handle and closes it, which frees all the
 * library allocated (lib/core/dt_arena.c): LeakSanitizer reports anything
 * left as a crash, as it would any other memory error.
 */
#include <dtrace.h>
#include "driver/dt_driver.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	free(str);
	return 0;
}
