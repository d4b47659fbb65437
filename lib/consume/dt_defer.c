/*
 * dt_defer.c -- the consumer's half of a deferred copyinstr() or copyin()
 * (the essay is in cg/dt_cg_defer.c): a slot that holds a dt_defer_t
 * tagged with the handle's secret cookie is read from the process, as the
 * process could read it, before the firing's records are handed on.
 * process_vm_readv() faults the pages in, which the program could not; a
 * string is read page by page, so that one ending before an unmapped page
 * is read whole; copyin()'s bytes must all be readable, as in DTrace.
 *
 * If the process is gone or the address is bad, the firing is handled as
 * a faulting clause in DTrace: its records are dropped and the error is
 * reported (invalid address, the action of the copyinstr()).
 */
#include "dt_consume.h"

#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

/* Read the NUL-terminated string at addr of pid into buf (size bytes): 0 or -1. */
static int read_ustr(pid_t pid, uint64_t addr, char *buf, size_t size)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t got = 0;

	if (pg <= 0)
		pg = 4096;
	while (got < size - 1) {
		size_t n = (size_t)pg - (size_t)((addr + got) % (uint64_t)pg);
		struct iovec l, r;
		ssize_t rv;

		if (n > size - 1 - got)
			n = size - 1 - got;
		l.iov_base = buf + got;
		l.iov_len = n;
		r.iov_base = (void *)(uintptr_t)(addr + got);
		r.iov_len = n;
		rv = process_vm_readv(pid, &l, 1, &r, 1, 0);
		if (rv <= 0)
			return got > 0 ? 0 : -1; /* the first page must be readable */
		if (memchr(buf + got, '\0', (size_t)rv) != NULL)
			return 0;
		got += (size_t)rv;
	}
	buf[size - 1] = '\0';
	return 0;
}

/* Read exactly len bytes at addr of pid into buf: 0 or -1 (any of them unreadable). */
static int read_umem(pid_t pid, uint64_t addr, char *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		struct iovec l = { buf + got, len - got }, r = { (void *)(uintptr_t)(addr + got), len - got };
		ssize_t rv = process_vm_readv(pid, &l, 1, &r, 1, 0);

		if (rv <= 0)
			return -1;
		got += (size_t)rv;
	}
	return 0;
}

/*
 * Read into the slot s as df says, kind DT_DEFER_*: a string into size
 * bytes with its NUL; copyin()'s bytes into the size bytes they may fill
 * (a string slot keeps its last byte for the NUL).  0 or -1.
 */
static int read_deferred(const dt_defer_t *df, int kind, char *s, size_t size)
{
	if (df->df_pid == 0)
		return -1;
	if (kind == DT_DEFER_MEM) /* copyin(): df_len bytes, in a slot that holds them */
		return df->df_len < 0 || (size_t)df->df_len > size ? -1
								    : read_umem((pid_t)df->df_pid, df->df_addr, s,
										(size_t)df->df_len);
	if (read_ustr((pid_t)df->df_pid, df->df_addr, s, size) != 0)
		return -1;
	if (df->df_len >= 0 && (size_t)df->df_len < size)
		s[df->df_len] = '\0'; /* copyinstr(addr, len): at most len bytes */
	return 0;
}

/*
 * The records of a firing with its deferred strings read: data itself if
 * it has none, else a copy in the consumer's buffer.  NULL if one cannot be
 * read, with the fault in *er.
 */
const char *dt_defer_resolve(dtrace_hdl_t *dtp, const dt_epid_t *ep, const char *data, uint32_t size,
			     dt_errrec_t *er)
{
	dt_consumer_t *cs = dt_consumer(dtp);
	char *copy = NULL;

	for (int i = 0; i < ep->ep_nrecs; i++) {
		const dt_recdesc_t *rd = &ep->ep_recs[i];
		dt_defer_t df;
		char *s;

		if (!rd->rd_defer || (uint32_t)(rd->rd_off + (int)sizeof(df)) > size)
			continue;
		memcpy(&df, data + rd->rd_off, sizeof(df));
		if (df.df_cookie != dtp->dt_defercookie)
			continue;
		if (copy == NULL) {
			if (cs->cs_defersize < size) {
				cs->cs_deferbuf = dt_realloc(cs->cs_deferbuf, size);
				cs->cs_defersize = size;
			}
			copy = cs->cs_deferbuf;
			memcpy(copy, data, size);
		}
		s = copy + rd->rd_off;
		memset(s, 0, (size_t)rd->rd_size);
		if (read_deferred(&df, rd->rd_defer, s,
				  (size_t)rd->rd_size - (rd->rd_defer == DT_DEFER_MEM && rd->rd_string)) != 0) {
			memset(er, 0, sizeof(*er));
			er->er_epid = ep->ep_id;
			er->er_action = (uint32_t)rd->rd_action;
			er->er_offset = 0;
			er->er_fault = DT_FAULT_BADADDR;
			er->er_addr = df.df_addr;
			return NULL;
		}
	}
	return copy != NULL ? copy : data;
}
