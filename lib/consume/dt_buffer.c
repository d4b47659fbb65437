/*
 * dt_buffer.c -- principal buffer policy and sizes: how big each CPU's
 * buffer is, what happens when it cannot be allocated (bufresize), how much
 * of it each record may use (the per-CPU accounting the programs do), the
 * space reserved for END under the fill policy, and when the consumer may
 * read it.  See docs/buffers.md.
 *
 * Accounting.  bufsize is what DTrace makes it: the bytes of records
 * (EPID header + data) a CPU's buffer takes per switch interval; the perf
 * framing is not counted.  Before writing a record the programs add its
 * own bytes to their CPU's bs_written with an atomic add, and if more than
 * the limit would then be unread (bs_written - bs_read) they take the
 * bytes back and do not write it.  The consumer adds the record bytes it
 * has read to bs_read as it reads (every 64k of ring, dt_ring.c), so that
 * the space read is free again at once.  The limit is bufsize.
 *
 * Ring size.  Every CPU's principal buffer is a perf ring (bpf/dt_ring.c)
 * whose size is a power of two of pages, and in which each record takes
 * DT_RING_FRAMING (16) bytes more than its own.  The smallest record the
 * programs can write (dt_minrec: the code generator notes every record
 * size it emits, clause records, error records and speculation chunks) is
 * known before the rings are made, so a ring is made big enough for the
 * worst case, bufsize of records all of that size:
 *
 *     ring >= bufsize + 16 * (bufsize / minrec) (+ 8: a forward ring never
 *             fills its last 8 bytes), rounded up to a power of two of pages
 *
 * and the ring never refuses a record the accounting let through.  As
 * minrec >= 8, a ring is at most 3 times bufsize before the rounding: 2x
 * bufsize for records of 24 bytes or more, 4x for 8- and 16-byte ones.
 * The ring's real size is what counts against the memory budget below and
 * what bufresize lowers.
 *
 *   switch  a refused record is a drop, counted in the scratch area's
 *           cs_drops and reported as "N drops on CPU n".
 *   fill    the consumer does not read until tracing stops, so bs_written
 *           is all that was written; the first refused record marks the
 *           buffer full (bs_full) and stops tracing (activity DRAINING):
 *           what is printed is an exact prefix.  Probes other than END may
 *           use bufsize less the END reserve (the bytes of all END
 *           records); END may use all of it.  A reserve bigger than the
 *           buffer refuses to start (EDT_ENDTOOBIG).
 *   ring    the ring is written backward and overwrites its oldest
 *           records; only a record bigger than bufsize is refused (and
 *           counted).  The consumer reads it once, at the end, keeping the
 *           newest records whose bytes fit in bufsize.
 *
 * Sizes and resizing.  A buffer's memory is real kernel memory, so, as
 * DTrace limits its buffers to a share of physical memory, all buffers of
 * one kind together may take at most a quarter of it; beyond that, or when
 * the kernel refuses the memory, bufresize=auto halves the size until the
 * allocation succeeds and bufresize=manual fails with "Not enough space".
 * The sizes that were set and lowered are reported in DTrace's words, in
 * DTrace's order, once everything is allocated.
 */
#include "dt_consume.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The size options, in the order DTrace reports their lowering. */
typedef struct dt_sizeopt {
	int so_opt;
	const char *so_name;
	int64_t (*so_bytes)(dtrace_hdl_t *, int64_t size); /* memory it takes, 0 = none */
} dt_sizeopt_t;

static int64_t principal_bytes(dtrace_hdl_t *, int64_t);
static int64_t agg_bytes(dtrace_hdl_t *, int64_t);
static int64_t spec_bytes(dtrace_hdl_t *, int64_t);
static int64_t dynvar_bytes(dtrace_hdl_t *, int64_t);

static const dt_sizeopt_t dt_sizeopts[] = {
	{ DTOPT_BUFSIZE, "buffer size", principal_bytes },
	{ DTOPT_AGGSIZE, "aggregation size", agg_bytes },
	{ DTOPT_SPECSIZE, "speculation size", spec_bytes },
	{ DTOPT_DYNVARSIZE, "dynamic variable size", dynvar_bytes },
};
#define DT_NSIZEOPTS (sizeof(dt_sizeopts) / sizeof(dt_sizeopts[0]))

static int policy(const dtrace_hdl_t *dtp)
{
	return (int)dtp->dt_options[DTOPT_BUFPOLICY];
}

static bool cpu_traced(const dtrace_hdl_t *dtp, int cpu)
{
	return dtp->dt_options[DTOPT_CPU] < 0 || dtp->dt_options[DTOPT_CPU] == cpu;
}

static int nbuffers(const dtrace_hdl_t *dtp)
{
	return dtp->dt_options[DTOPT_CPU] >= 0 ? 1 : dtp->dt_nonline;
}

/*
 * What all buffers together may take: a quarter of memory, whatever their
 * kinds.  Each kind is fitted in DTrace's order (aggregations,
 * speculations, dynamic variables, then the principal buffers when they
 * are allocated) into what the kinds before it left.
 */
static int64_t budget(void)
{
	return (int64_t)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE) / 4;
}

/* The budget less what the kinds fitted before dt_sizeopts[upto] take
 * (the principal buffers, dt_sizeopts[0], come last: upto = DT_NSIZEOPTS). */
static int64_t budget_left(dtrace_hdl_t *dtp, size_t upto)
{
	int64_t left = budget();

	for (size_t i = 1; i < upto; i++) {
		int64_t b = dt_sizeopts[i].so_bytes(dtp, dtp->dt_options[dt_sizeopts[i].so_opt]);

		left = b >= left ? 0 : left - b;
	}
	return left;
}

/*
 * Data bytes of the ring that holds size bytes of records of at least
 * dt_minrec bytes each, with their framing (see above); INT64_MAX if that
 * is beyond any ring.
 */
static int64_t ring_bytes(const dtrace_hdl_t *dtp, int64_t size)
{
	uint64_t minrec = dtp->dt_minrec > 0 ? (uint64_t)dtp->dt_minrec : UINT64_MAX;
	unsigned __int128 need = (unsigned __int128)(uint64_t)size +
				 (unsigned __int128)DT_RING_FRAMING * ((uint64_t)size / minrec);

	if (policy(dtp) != DT_BUFPOLICY_RING)
		need += 8; /* a forward perf ring never fills its last 8 bytes */
	if (need > (unsigned __int128)1 << 62)
		return INT64_MAX;
	return (int64_t)dt_ring_datasize((size_t)need);
}

/* Memory of the principal buffers at bufsize size: the rings' real size. */
static int64_t principal_bytes(dtrace_hdl_t *dtp, int64_t size)
{
	int64_t ring = ring_bytes(dtp, size);

	return ring > INT64_MAX / nbuffers(dtp) ? INT64_MAX : ring * nbuffers(dtp);
}

static int64_t agg_bytes(dtrace_hdl_t *dtp, int64_t size)
{
	return dtp->dt_naggs > 0 ? size * nbuffers(dtp) : 0;
}

static int64_t spec_bytes(dtrace_hdl_t *dtp, int64_t size)
{
	bool spec = false;

	for (int i = 0; i < dtp->dt_nclauses; i++)
		spec |= dtp->dt_clauses[i]->dc_speculate != 0;
	return spec ? size * dtp->dt_options[DTOPT_NSPEC] * nbuffers(dtp) : 0;
}

static int64_t dynvar_bytes(dtrace_hdl_t *dtp, int64_t size)
{
	return dtp->dt_dvkeysize > 0 ? size : 0;
}

/* A size one step down: half, 8-byte aligned (0 when nothing is left). */
static int64_t lower(int64_t size)
{
	size >>= 1;
	return size & ~(int64_t)7;
}

/* Fit one option into the budget, halving it under bufresize=auto. */
static int fit(dtrace_hdl_t *dtp, const dt_sizeopt_t *so)
{
	int64_t *size = &dtp->dt_options[so->so_opt];

	while (so->so_bytes(dtp, *size) > budget_left(dtp, (size_t)(so - dt_sizeopts))) {
		if (dtp->dt_options[DTOPT_BUFRESIZE] == DT_BUFRESIZE_MANUAL || lower(*size) == 0)
			return dt_set_errmsg(dtp, EDT_NOSPACE, "%s", "Not enough space");
		*size = lower(*size);
	}
	return 0;
}


/* "buffer size lowered to 128m", in DTrace's format. */
static void report_lowered(dtrace_hdl_t *dtp, const char *name, int64_t req, int64_t got)
{
	char msg[128];
	int j = 0, mul = 10;

	if (got == req || got == 0 || got >= req - (int64_t)sizeof(uint64_t))
		return;
	for (; (INT64_C(1) << mul) <= got && mul < 70; j++, mul += 10)
		continue;
	if (!(got & ((INT64_C(1) << (mul - 10)) - 1)))
		snprintf(msg, sizeof(msg), "%s lowered to %lld%c\n", name,
			 (long long)(got >> (mul - 10)), " kmgtpe"[j]);
	else
		snprintf(msg, sizeof(msg), "%s lowered to %lld bytes\n", name, (long long)got);
	dt_notice(dtp, msg);
}

/* Bytes of all records END may write: reserved under fill. */
static int64_t end_reserve(dtrace_hdl_t *dtp)
{
	int64_t sum = 0;

	for (int i = 1; i < dtp->dt_nepids; i++) {
		const dt_epid_t *ep = dtp->dt_epids[i];
		const dtrace_probedesc_t *pd = &ep->ep_probe->pr_desc;

		if (strcmp(pd->dtpd_provider, "dtrace") != 0 || strcmp(pd->dtpd_name, "END") != 0)
			continue;
		if (ep->ep_nrecs > 0 || ep->ep_default)
			sum += ep->ep_size;
	}
	return sum;
}

/* The largest record any enabling writes: DTrace's dts_needed. */
static int64_t needed(const dtrace_hdl_t *dtp)
{
	int64_t max = sizeof(dt_rechdr_t);

	for (int i = 1; i < dtp->dt_nepids; i++) {
		const dt_epid_t *ep = dtp->dt_epids[i];

		if ((ep->ep_nrecs > 0 || ep->ep_default) && ep->ep_size > max)
			max = ep->ep_size;
	}
	return max;
}

/*
 * The largest record bpf_perf_event_output() can write: the perf record's
 * 16-bit size holds its 8-byte header, the raw data's 4-byte size and the
 * data, padded to 8 bytes.  DTrace has no such limit; a record past it is
 * refused before tracing starts rather than dropped at every firing.
 */
#define DT_REC_MAX 65512

/*
 * Sizes too small for the enablings refuse to start, as DTrace's do
 * ("Enabling exceeds size of buffer"): a principal buffer smaller than the
 * largest record, an aggregation buffer without room for one entry of
 * some aggregation (DTrace keeps 1/32 of it for its hash).
 */
static int check_sizes(dtrace_hdl_t *dtp)
{
	const char *msg = "Enabling exceeds size of buffer";
	int64_t agg = dtp->dt_options[DTOPT_AGGSIZE];

	if (dtp->dt_endreserve > dtp->dt_options[DTOPT_BUFSIZE])
		return 0; /* "END enablings exceed ...", when allocating */
	if (dtp->dt_options[DTOPT_BUFSIZE] < needed(dtp))
		return dt_set_errmsg(dtp, EDT_NOSPACE, "%s", msg);
	if (needed(dtp) > DT_REC_MAX) /* a Linux limit (docs/linux-differences.md) */
		return dt_set_errmsg(dtp, E2BIG, "a record of %lld bytes exceeds the %d bytes a perf buffer "
				     "record holds (lower -x strsize)", (long long)needed(dtp), DT_REC_MAX);
	for (int i = 0; i < dtp->dt_naggs; i++)
		if (agg - agg / 32 < dt_agg_dtentry(dtp, &dtp->dt_aggmaps[i]))
			return dt_set_errmsg(dtp, EDT_NOSPACE, "%s", msg);
	/*
	 * A dynamic variable space without room for one variable is rounded
	 * up to one, as illumos' dtrace_dstate_init() rounds it up to one
	 * chunk and its hash bucket, silently.
	 */
	if (dtp->dt_dvkeysize > 0 &&
	    dtp->dt_options[DTOPT_DYNVARSIZE] < dtp->dt_dvkeysize + dtp->dt_dvvalsize + 32)
		dtp->dt_options[DTOPT_DYNVARSIZE] = dtp->dt_dvkeysize + dtp->dt_dvvalsize + 32;
	return 0;
}

/*
 * Before the maps are made: remember the sizes asked for, fit the sizes of
 * the other buffers (aggregations, speculations, dynamic variables) into
 * their budget, and compute the END reserve.
 */
int dt_buffer_sizes(dtrace_hdl_t *dtp)
{
	dtp->dt_endreserve = policy(dtp) == DT_BUFPOLICY_FILL ? end_reserve(dtp) : 0;
	if (check_sizes(dtp) != 0)
		return -1;
	for (size_t i = 0; i < DT_NSIZEOPTS; i++)
		dtp->dt_sizereq[i] = dtp->dt_options[dt_sizeopts[i].so_opt];
	for (size_t i = 1; i < DT_NSIZEOPTS; i++)
		if (fit(dtp, &dt_sizeopts[i]) != 0)
			return -1;
	return 0;
}

static void close_rings(dtrace_hdl_t *dtp)
{
	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		dt_ring_close(dtp->dt_rings[cpu]);
		dtp->dt_rings[cpu] = NULL;
	}
}

/* Open the rings of every traced, online CPU; -1 with errno on failure. */
static int open_rings(dtrace_hdl_t *dtp, int64_t size)
{
	bool overwrite = policy(dtp) == DT_BUFPOLICY_RING;

	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		int fd;

		if (!cpu_traced(dtp, cpu))
			continue;
		dtp->dt_rings[cpu] = dt_ring_open(cpu, (size_t)ring_bytes(dtp, size), (size_t)size,
						  overwrite, &fd);
		if (dtp->dt_rings[cpu] != NULL || errno == ENODEV || errno == ENXIO)
			continue; /* opened, or an offline CPU */
		fd = errno;
		close_rings(dtp);
		errno = fd;
		return -1;
	}
	return 0;
}

/*
 * Allocate the rings for bufsize, halving it under bufresize=auto while the
 * rings' real size is over the budget or the kernel refuses it.
 */
static int alloc_rings(dtrace_hdl_t *dtp)
{
	int64_t *size = &dtp->dt_options[DTOPT_BUFSIZE];
	bool manual = dtp->dt_options[DTOPT_BUFRESIZE] == DT_BUFRESIZE_MANUAL;

	*size &= ~(int64_t)7;
	for (;;) {
		if (dtp->dt_endreserve > *size)
			return dt_set_errmsg(dtp, EDT_ENDTOOBIG, "%s",
					     "END enablings exceed size of principal buffer");
		if (principal_bytes(dtp, *size) <= budget_left(dtp, DT_NSIZEOPTS)) {
			if (open_rings(dtp, *size) == 0)
				return 0;
			if (errno != ENOMEM)
				return dt_set_errmsg(dtp, EDT_BPF,
						     "failed to allocate principal buffers: %s",
						     strerror(errno));
		}
		if (manual || lower(*size) == 0)
			return dt_set_errmsg(dtp, EDT_NOSPACE, "%s", "Not enough space");
		*size = lower(*size);
	}
}

/* Give every CPU its limits; a CPU without a buffer takes nothing. */
static void set_limits(dtrace_hdl_t *dtp)
{
	int64_t use = dtp->dt_options[DTOPT_BUFSIZE];

	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		dt_bufstate_t *bs = &dtp->dt_bufstate[cpu];
		bool has = dtp->dt_rings[cpu] != NULL;

		memset(bs, 0, sizeof(*bs));
		bs->bs_endlimit = has ? (uint64_t)use : 0;
		bs->bs_limit = has ? (uint64_t)(use - dtp->dt_endreserve) : 0;
		if (has && policy(dtp) != DT_BUFPOLICY_RING)
			dt_ring_account(dtp->dt_rings[cpu], &bs->bs_read);
	}
}

/*
 * After the maps are made: allocate every CPU's principal buffer, point
 * the programs' perf event array at them, set the limits, and report the
 * sizes that had to be lowered.
 */
int dt_buffer_alloc(dtrace_hdl_t *dtp)
{
	int only = (int)dtp->dt_options[DTOPT_CPU];

	dtp->dt_rings = dt_zalloc(sizeof(dt_ring_t *) * dtp->dt_ncpus);
	if (alloc_rings(dtp) != 0)
		return -1;
	if (only >= 0 && (only >= dtp->dt_ncpus || dtp->dt_rings[only] == NULL))
		return dt_set_errno(dtp, ENXIO); /* -x cpu names no online CPU */
	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		if (dtp->dt_rings[cpu] == NULL)
			continue;
		if (dt_bpf_perfbuf_set(dtp, cpu, dt_ring_fd(dtp->dt_rings[cpu])) != 0)
			return -1;
	}
	set_limits(dtp);
	/* as in DTrace, a size left at its default is lowered silently */
	for (size_t i = 0; i < DT_NSIZEOPTS; i++)
		if (dtp->dt_optset[dt_sizeopts[i].so_opt])
			report_lowered(dtp, dt_sizeopts[i].so_name, dtp->dt_sizereq[i],
				       dtp->dt_options[dt_sizeopts[i].so_opt]);
	return 0;
}

/*
 * After the consumer has read a CPU's ring: the record bytes read are in
 * bs_read.  dt_ring_drain() publishes them there itself as it reads
 * (dt_ring_account(), after giving the space back to the kernel, so that
 * the programs' view is never more generous than the ring's); this
 * stores the final count again.
 */
void dt_buffer_released(dtrace_hdl_t *dtp, int cpu)
{
	if (dtp->dt_rings[cpu] != NULL && policy(dtp) != DT_BUFPOLICY_RING)
		__atomic_store_n(&dtp->dt_bufstate[cpu].bs_read,
				 dt_ring_consumed(dtp->dt_rings[cpu]), __ATOMIC_RELEASE);
}

/* Has a fill buffer filled up (and so stopped tracing)? */
bool dt_buffer_filled(dtrace_hdl_t *dtp)
{
	if (dtp->dt_bufstate == NULL || policy(dtp) != DT_BUFPOLICY_FILL)
		return false;
	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++)
		if (__atomic_load_n(&dtp->dt_bufstate[cpu].bs_full, __ATOMIC_ACQUIRE) != 0)
			return true;
	return false;
}

/* May the consumer read the buffers now?  fill and ring: only at the end. */
bool dt_buffer_draining(dtrace_hdl_t *dtp, bool done)
{
	return done || policy(dtp) == DT_BUFPOLICY_SWITCH;
}
