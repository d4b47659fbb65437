/*
 * dt_defer.c -- the consumer's half of a deferred copyinstr() (the essay
 * is in cg/dt_cg_defer.c): a string slot that holds a dt_defer_t is read
 * from the process, as the process could read it, before the firing's
 * records are handed on.  process_vm_readv() faults the pages in, which
 * the program could not; it reads page by page, so that a string ending
 * before an unmapped page is read whole.
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
		if (df.df_magic != DT_DEFER_MAGIC)
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
		if (df.df_pid == 0 || read_ustr((pid_t)df.df_pid, df.df_addr, s, (size_t)rd->rd_size) != 0) {
			memset(er, 0, sizeof(*er));
			er->er_epid = ep->ep_id;
			er->er_action = (uint32_t)rd->rd_action;
			er->er_offset = 0;
			er->er_fault = DT_FAULT_BADADDR;
			er->er_addr = df.df_addr;
			return NULL;
		}
		if (df.df_len >= 0 && df.df_len < rd->rd_size)
			s[df.df_len] = '\0';
	}
	return copy != NULL ? copy : data;
}
