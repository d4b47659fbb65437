/*
 * dt_spec.c -- the consumer's side of speculative tracing (the model is in
 * docs/speculation.md, the code the programs run in cg/dt_cg_spec.c):
 *
 *   - reassembling the chunk records a commit() writes to the committing
 *     CPU's principal buffer into that CPU's part, printed only if whole;
 *   - cleaning, the work illumos' kernel does at cleanrate: a speculation
 *     committed while other CPUs held data in it (COMMITTINGMANY) has
 *     those CPUs' parts printed, as if copied to their principal buffers,
 *     and one discarded on several CPUs (DISCARDING) has them emptied;
 *     then it is INACTIVE again, free for speculation();
 *   - reporting the speculation counters in DTrace's words.
 *
 * Cleaning waits one cleanrate tick after it first sees a speculation
 * committed or discarded, so that a program still writing to a part it
 * joined before the commit (a few microseconds) has finished: a part is
 * read only when nothing writes to it any more.  The final clean, after
 * tracing has stopped, does not wait.
 */
#include "dt_consume.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HDR sizeof(dt_specchunk_t)

typedef struct dt_specasm {
	char *sa_buf;	    /* the part so far */
	uint32_t sa_len;    /* bytes received */
	uint32_t sa_total;  /* bytes of the whole part */
	uint32_t sa_id;
	bool sa_open;	    /* a part is being received */
} dt_specasm_t;

typedef struct dt_specwork {
	dt_specasm_t *sw_asm;	 /* per CPU */
	uint64_t *sw_seen;	 /* per speculation: tick it was first seen pending, or 0 */
	bool *sw_ready;		 /* per speculation: to be cleaned now */
	uint64_t sw_tick;
	uint64_t sw_lastclean;
	uint64_t sw_reported[3]; /* counters already reported */
} dt_specwork_t;

static int nspec(const dtrace_hdl_t *dtp)
{
	return dtp->dt_specbuf != NULL ? (int)dtp->dt_options[DTOPT_NSPEC] : 0;
}

int dt_spec_init(dtrace_hdl_t *dtp)
{
	dt_specwork_t *sw;

	if (!dtp->dt_speculates)
		return 0;
	sw = dt_zalloc(sizeof(*sw));
	sw->sw_asm = dt_zalloc(sizeof(dt_specasm_t) * dtp->dt_ncpus);
	sw->sw_seen = dt_zalloc(sizeof(uint64_t) * (nspec(dtp) + 1));
	sw->sw_ready = dt_zalloc(sizeof(bool) * (nspec(dtp) + 1));
	sw->sw_tick = 1;
	dtp->dt_specwork = sw;
	return 0;
}

/* ------------------------------------------------------------ options */


/* "speculation size lowered to 16k", in DTrace's format. */
static void report_lowered(dtrace_hdl_t *dtp, int64_t got)
{
	char msg[128];
	int j = 0, mul = 10;

	for (; (INT64_C(1) << mul) <= got && mul < 70; j++, mul += 10)
		continue;
	if (!(got & ((INT64_C(1) << (mul - 10)) - 1)))
		snprintf(msg, sizeof(msg), "speculation size lowered to %lld%c\n",
			 (long long)(got >> (mul - 10)), " kmgtpe"[j]);
	else
		snprintf(msg, sizeof(msg), "speculation size lowered to %lld bytes\n",
			 (long long)got);
	dt_notice(dtp, msg);
}

/* illumos' bounds on the cleaning interval: 5000 hz to once a minute. */
#define DT_CLEANRATE_MIN 200000LL
#define DT_CLEANRATE_MAX (60 * 1000000000LL)

static void fit_cleanrate(dtrace_hdl_t *dtp)
{
	int64_t *rate = &dtp->dt_options[DTOPT_CLEANRATE], was = *rate;
	char msg[128];

	*rate = *rate < DT_CLEANRATE_MIN ? DT_CLEANRATE_MIN : *rate;
	*rate = *rate > DT_CLEANRATE_MAX ? DT_CLEANRATE_MAX : *rate;
	if (*rate == was || !dtp->dt_optset[DTOPT_CLEANRATE])
		return;
	if (*rate <= 1000000000LL && 1000000000LL % *rate == 0)
		snprintf(msg, sizeof(msg), "cleaning rate %s to %lld hz\n",
			 *rate > was ? "reduced" : "increased", 1000000000LL / *rate);
	else
		snprintf(msg, sizeof(msg), "cleaning rate %s to once every %lld seconds\n",
			 *rate > was ? "reduced" : "increased", *rate / 1000000000LL);
	dt_notice(dtp, msg);
}

/*
 * The largest part a commit() copies: 1024 chunks of 32k.  The verifier
 * walks the copy loop once per chunk, and refuses much longer walks.
 */
#define DT_SPEC_MAXSIZE (32LL << 20)

/* speculation() scans the state words in a loop the verifier unrolls. */
#define DT_SPEC_MAXNSPEC 4096

/*
 * Before code generation (the programs' bounds depend on it): fit specsize,
 * nspec buffers on every CPU, into a quarter of memory as DTrace does, and
 * under DT_SPEC_MAXSIZE, halving it under bufresize=auto; keep cleanrate
 * within its bounds.
 */
int dt_spec_sizes(dtrace_hdl_t *dtp)
{
	int64_t *size = &dtp->dt_options[DTOPT_SPECSIZE], req = *size;
	int64_t n = dtp->dt_options[DTOPT_NSPEC] * dtp->dt_nonline;
	int64_t budget = (int64_t)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE) / 4;

	fit_cleanrate(dtp);
	if (!dtp->dt_speculates || n <= 0)
		return 0;
	if (dtp->dt_options[DTOPT_NSPEC] > DT_SPEC_MAXNSPEC)
		return dt_set_errmsg(dtp, EDT_BADOPTVAL, "nspec %lld exceeds the limit of %d here",
				     (long long)dtp->dt_options[DTOPT_NSPEC], DT_SPEC_MAXNSPEC);
	*size &= ~(int64_t)7;
	while (*size * n > budget || *size > DT_SPEC_MAXSIZE) {
		if (dtp->dt_options[DTOPT_BUFRESIZE] == DT_BUFRESIZE_MANUAL || *size < 16)
			return dt_set_errmsg(dtp, EDT_NOSPACE, "%s", "Not enough space");
		*size = (*size >> 1) & ~(int64_t)7;
	}
	if (*size < req - (int64_t)sizeof(uint64_t))
		report_lowered(dtp, *size);
	return 0;
}

/* ------------------------------------------------------------ commit chunks */

/* A chunk record of a commit on cpu; emit the part once it is whole. */
void dt_spec_chunk(dtrace_hdl_t *dtp, int cpu, const void *rec, uint32_t size,
		   dt_spec_emit_f *emit, void *arg)
{
	dt_specchunk_t sc;
	dt_specasm_t *a;
	uint32_t n;

	if (dtp->dt_specwork == NULL || size < HDR || cpu < 0 || cpu >= dtp->dt_ncpus)
		return;
	memcpy(&sc, rec, HDR);
	a = &dtp->dt_specwork->sw_asm[cpu];
	if (sc.sc_total == 0 || sc.sc_off >= sc.sc_total)
		return;
	if (sc.sc_off == 0) {
		a->sa_buf = dt_realloc(a->sa_buf, sc.sc_total);
		a->sa_len = 0;
		a->sa_total = sc.sc_total;
		a->sa_id = sc.sc_hdr.rh_spec;
		a->sa_open = true;
	} else if (!a->sa_open || a->sa_id != sc.sc_hdr.rh_spec || a->sa_total != sc.sc_total ||
		   a->sa_len != sc.sc_off) {
		a->sa_open = false; /* a chunk was lost: none of this part is printed */
		return;
	}
	n = (uint32_t)dt_spec_chunksize(dtp->dt_specent - (int64_t)HDR);
	if (size < HDR + n)
		n = size - (uint32_t)HDR;
	if (n > sc.sc_total - sc.sc_off)
		n = sc.sc_total - sc.sc_off;
	memcpy(a->sa_buf + sc.sc_off, (const char *)rec + HDR, n);
	a->sa_len += n;
	if (a->sa_len == a->sa_total) {
		a->sa_open = false;
		emit(arg, cpu, a->sa_buf, a->sa_len);
	}
}

/* ------------------------------------------------------------ cleaning */

static bool pending(uint64_t state)
{
	return state == DT_SPEC_COMMITTINGMANY || state == DT_SPEC_DISCARDING;
}

/* When the consumer must next clean: every cleanrate while speculating. */
uint64_t dt_spec_next(dtrace_hdl_t *dtp)
{
	dt_specwork_t *sw = dtp->dt_specwork;

	if (sw == NULL)
		return UINT64_MAX;
	return sw->sw_lastclean + (uint64_t)dtp->dt_options[DTOPT_CLEANRATE];
}

/*
 * A cleaning tick: note the speculations newly committed or discarded on
 * several CPUs; those noted at an earlier tick (all of them if final) are
 * ready.  Returns whether any is.
 */
bool dt_spec_tick(dtrace_hdl_t *dtp, bool final)
{
	dt_specwork_t *sw = dtp->dt_specwork;
	bool any = false;

	if (sw == NULL)
		return false;
	for (int i = 0; i < nspec(dtp); i++) {
		sw->sw_ready[i] = false;
		if (!pending(__atomic_load_n(&dtp->dt_specstate[i], __ATOMIC_ACQUIRE))) {
			sw->sw_seen[i] = 0;
			continue;
		}
		if (sw->sw_seen[i] == 0)
			sw->sw_seen[i] = sw->sw_tick;
		sw->sw_ready[i] = final || sw->sw_seen[i] < sw->sw_tick;
		any |= sw->sw_ready[i];
	}
	sw->sw_tick++;
	sw->sw_lastclean = dt_now();
	return any;
}

static char *part(dtrace_hdl_t *dtp, int spec, int cpu)
{
	return dtp->dt_specbuf + ((size_t)spec * dtp->dt_ncpus + cpu) * (size_t)dtp->dt_specent;
}

/* Print (if committed) and empty every CPU's part of speculation i. */
static void clean_one(dtrace_hdl_t *dtp, int i, bool commit, dt_spec_emit_f *emit, void *arg)
{
	uint64_t max = (uint64_t)dtp->dt_specent - HDR;

	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		uint64_t *used = (uint64_t *)(part(dtp, i, cpu) + DT_SPEC_USED);
		uint64_t n = __atomic_load_n(used, __ATOMIC_ACQUIRE);

		if (commit && n > 0)
			emit(arg, cpu, part(dtp, i, cpu) + HDR, (uint32_t)(n < max ? n : max));
		__atomic_store_n(used, 0, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&dtp->dt_specstate[i], DT_SPEC_INACTIVE, __ATOMIC_RELEASE);
}

/* Clean the speculations the last tick found ready, in speculation order,
 * each CPU's part in CPU order; they are INACTIVE again. */
void dt_spec_clean(dtrace_hdl_t *dtp, dt_spec_emit_f *emit, void *arg)
{
	dt_specwork_t *sw = dtp->dt_specwork;

	if (sw == NULL)
		return;
	for (int i = 0; i < nspec(dtp); i++) {
		if (!sw->sw_ready[i])
			continue;
		clean_one(dtp, i, dtp->dt_specstate[i] == DT_SPEC_COMMITTINGMANY, emit, arg);
		sw->sw_ready[i] = false;
		sw->sw_seen[i] = 0;
	}
}

/* ------------------------------------------------------------ counters */

static const struct {
	size_t sm_off;
	const char *sm_what;
	const char *sm_why;
	const char *sm_tag; /* -x droptags */
} dt_specmsgs[] = {
	{ offsetof(dt_cpustate_t, cs_specdrops), "speculative drop", "", "SPEC" },
	{ offsetof(dt_cpustate_t, cs_specfail_busy), "failed speculation",
	  " (available buffer(s) still busy)", "SPECBUSY" },
	{ offsetof(dt_cpustate_t, cs_specfail_none), "failed speculation",
	  " (no speculative buffer space available)", "SPECUNAVAIL" },
};

/* A counter summed over every CPU's scratch areas. */
static uint64_t total(dtrace_hdl_t *dtp, size_t off)
{
	uint64_t sum = 0;

	for (int i = 0; i < dtp->dt_ncpus * DT_SCRATCH_CLASSES; i++)
		sum += __atomic_load_n((uint64_t *)((char *)dtp->dt_scratchmap +
						    (size_t)i * (size_t)dtp->dt_scratchsize + off),
				       __ATOMIC_RELAXED);
	return sum;
}

/* Report the counters that grew, in illumos' order. */
void dt_spec_status(dtrace_hdl_t *dtp)
{
	dt_specwork_t *sw = dtp->dt_specwork;
	char msg[160], tag[40];

	if (sw == NULL || dtp->dt_scratchmap == NULL)
		return;
	for (size_t i = 0; i < sizeof(dt_specmsgs) / sizeof(dt_specmsgs[0]); i++) {
		uint64_t n = total(dtp, dt_specmsgs[i].sm_off);

		if (n <= sw->sw_reported[i])
			continue;
		snprintf(msg, sizeof(msg), "%s%llu %s%s%s\n",
			 dt_droptag(dtp, dt_specmsgs[i].sm_tag, tag, sizeof(tag)), (unsigned long long)(n - sw->sw_reported[i]), dt_specmsgs[i].sm_what,
			 n - sw->sw_reported[i] == 1 ? "" : "s", dt_specmsgs[i].sm_why);
		dt_drop(dtp, dt_specmsgs[i].sm_tag, -1, n - sw->sw_reported[i], msg);
		sw->sw_reported[i] = n;
	}
}

/* dtrace_close(): the cleaning state. */
void dt_spec_fini(dtrace_hdl_t *dtp)
{
	dt_specwork_t *sw = dtp->dt_specwork;

	if (sw == NULL)
		return;
	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++)
		free(sw->sw_asm[cpu].sa_buf);
	free(sw->sw_asm);
	free(sw->sw_seen);
	free(sw->sw_ready);
	free(sw);
	dtp->dt_specwork = NULL;
}
