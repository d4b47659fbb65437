/*
 * dt_pmap.c -- following processes' executable mappings as they are made,
 * so that the user stacks and addresses of a process that has exited by
 * the time they are printed still resolve.
 *
 * When a program records user stacks or addresses, one perf "dummy"
 * software event per CPU, counting nothing, asks the kernel for a record
 * of every executable mapping made on that CPU (PERF_RECORD_MMAP2: pid,
 * address, length, file offset, file name) and of every exec
 * (PERF_RECORD_COMM with PERF_RECORD_MISC_COMM_EXEC).  The kernel writes
 * them synchronously, in the mapping process, so that none is missed
 * however short-lived the process; the consumer reads them at every
 * dtrace_work() and before printing (dt_pmap_drain()), and hands them to
 * the symbol tables (proc/dt_sym.c), which prefer what /proc/PID/maps said
 * while the process lived and fall back on these for processes that had
 * gone before they were first looked at.
 *
 * Each record carries its time (CLOCK_MONOTONIC, as dt_now()), and a drain
 * hands them on in time order across the CPUs: an exec recorded on one CPU
 * and the mappings the new program then made on another must not be taken
 * in the wrong order; and an exec older than a snapshot of /proc/PID/maps
 * must not undo the snapshot (the symbol and unwind tables compare).
 */
#include "dt_proc.h"

#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define DT_PMAP_PAGES 16 /* data pages per CPU (64k: ~500 mappings between reads) */

struct dt_pmap {
	int pm_ncpus;
	int *pm_fds;
	void **pm_bases;
	size_t pm_pagesz;
};

int dt_pmap_start(dtrace_hdl_t *dtp)
{
	struct perf_event_attr attr;
	struct dt_pmap *pm;
	long ncpus = sysconf(_SC_NPROCESSORS_CONF);

	if (dtp->dt_pmap != NULL || ncpus <= 0)
		return 0;
	pm = dt_zalloc(sizeof(*pm));
	pm->pm_ncpus = (int)ncpus;
	pm->pm_fds = dt_zalloc(sizeof(int) * (size_t)ncpus);
	pm->pm_bases = dt_zalloc(sizeof(void *) * (size_t)ncpus);
	pm->pm_pagesz = (size_t)sysconf(_SC_PAGESIZE);
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.mmap = 1;	/* executable mappings only */
	attr.mmap2 = 1;
	attr.comm = 1;
	attr.comm_exec = 1;
	attr.sample_id_all = 1;	/* each record ends with its time ... */
	attr.sample_type = PERF_SAMPLE_TIME;
	attr.use_clockid = 1;	/* ... of the clock dt_now() reads */
	attr.clockid = CLOCK_MONOTONIC;
	attr.watermark = 1;
	attr.wakeup_watermark = 1 << 30; /* never wake anyone */
	for (int c = 0; c < pm->pm_ncpus; c++) {
		pm->pm_fds[c] = (int)syscall(__NR_perf_event_open, &attr, -1, c, -1,
					     PERF_FLAG_FD_CLOEXEC);
		if (pm->pm_fds[c] < 0)
			continue; /* an offline CPU */
		pm->pm_bases[c] = mmap(NULL, (1 + DT_PMAP_PAGES) * pm->pm_pagesz,
				       PROT_READ | PROT_WRITE, MAP_SHARED, pm->pm_fds[c], 0);
		if (pm->pm_bases[c] == MAP_FAILED) {
			pm->pm_bases[c] = NULL;
			close(pm->pm_fds[c]);
			pm->pm_fds[c] = -1;
		}
	}
	dtp->dt_pmap = pm;
	return 0;
}

static void pmap_record(dtrace_hdl_t *dtp, const struct perf_event_header *h)
{
	const char *p = (const char *)(h + 1);
	uint64_t time;

	memcpy(&time, (const char *)h + h->size - 8, 8); /* sample_id_all: the time, last */
	if (h->type == PERF_RECORD_MMAP2) {
		uint32_t pid;
		uint64_t addr, len, pgoff, ino;

		memcpy(&pid, p, 4);
		memcpy(&addr, p + 8, 8);
		memcpy(&len, p + 16, 8);
		memcpy(&pgoff, p + 24, 8);
		memcpy(&ino, p + 40, 8);
		/* then maj, min (or build id), ino, generation, prot, flags: 32 bytes */
		dt_usym_addmap(dtp, (pid_t)pid, addr, len, pgoff, ino, p + 64,
			       h->size - sizeof(*h) - 64 - 8, time);
	} else if (h->type == PERF_RECORD_COMM && (h->misc & PERF_RECORD_MISC_COMM_EXEC)) {
		uint32_t pid;

		memcpy(&pid, p, 4);
		dt_usym_exec(dtp, (pid_t)pid, time);
	}
}

typedef struct pmap_rec {
	uint64_t pr_time;
	char *pr_rec;
} pmap_rec_t;

static int rec_cmp(const void *a, const void *b)
{
	const pmap_rec_t *x = a, *y = b;

	if (x->pr_time != y->pr_time)
		return x->pr_time < y->pr_time ? -1 : 1;
	return x->pr_rec < y->pr_rec ? -1 : x->pr_rec > y->pr_rec; /* one CPU's: in order */
}

/* Read every CPU's records so far; hand them on in time order. */
void dt_pmap_drain(dtrace_hdl_t *dtp)
{
	struct dt_pmap *pm = dtp->dt_pmap;
	size_t size = DT_PMAP_PAGES * (pm != NULL ? pm->pm_pagesz : 0), n = 0, cap = 0;
	pmap_rec_t *recs = NULL;
	char *pool = NULL;
	size_t plen = 0, pcap = 0;

	if (pm == NULL)
		return;
	for (int c = 0; c < pm->pm_ncpus; c++) {
		struct perf_event_mmap_page *mp = pm->pm_bases[c];
		const char *data;
		uint64_t head, tail;

		if (mp == NULL)
			continue;
		data = (const char *)mp + pm->pm_pagesz;
		head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE);
		tail = mp->data_tail;
		while (tail < head) {
			struct perf_event_header h;
			size_t off = tail % size, first;

			first = size - off < sizeof(h) ? size - off : sizeof(h);
			memcpy(&h, data + off, first);
			memcpy((char *)&h + first, data, sizeof(h) - first);
			if (h.size < sizeof(h) + 8 || h.size > 8192)
				break;
			if ((h.type == PERF_RECORD_MMAP2 && h.size >= sizeof(h) + 64 + 8) ||
			    h.type == PERF_RECORD_COMM) {
				if (plen + h.size > pcap) {
					pcap = (plen + h.size) * 2 + 65536;
					pool = dt_realloc(pool, pcap);
				}
				first = size - off < h.size ? size - off : h.size;
				memcpy(pool + plen, data + off, first);
				memcpy(pool + plen + first, data, h.size - first);
				if (n == cap) {
					cap = cap ? cap * 2 : 256;
					recs = dt_realloc(recs, sizeof(*recs) * cap);
				}
				memcpy(&recs[n].pr_time, pool + plen + h.size - 8, 8);
				recs[n++].pr_rec = (char *)(uintptr_t)plen; /* an offset while the pool grows */
				plen += h.size;
			}
			tail += h.size;
		}
		__atomic_store_n(&mp->data_tail, head, __ATOMIC_RELEASE);
	}
	for (size_t i = 0; i < n; i++)
		recs[i].pr_rec = pool + (uintptr_t)recs[i].pr_rec;
	if (n > 1)
		qsort(recs, n, sizeof(*recs), rec_cmp);
	for (size_t i = 0; i < n; i++)
		pmap_record(dtp, (const struct perf_event_header *)recs[i].pr_rec);
	free(recs);
	free(pool);
}

void dt_pmap_stop(dtrace_hdl_t *dtp)
{
	struct dt_pmap *pm = dtp->dt_pmap;

	if (pm == NULL)
		return;
	for (int c = 0; c < pm->pm_ncpus; c++) {
		if (pm->pm_bases[c] != NULL)
			munmap(pm->pm_bases[c], (1 + DT_PMAP_PAGES) * pm->pm_pagesz);
		if (pm->pm_fds[c] >= 0 && pm->pm_bases[c] != NULL)
			close(pm->pm_fds[c]);
	}
	free(pm->pm_fds);
	free(pm->pm_bases);
	free(pm);
	dtp->dt_pmap = NULL;
}
