/*
 * dt_ring.c -- per-CPU principal buffers: one perf ring per CPU, written by
 * bpf_perf_event_output() and read by the consumer.
 *
 * The probe path never waits and never wakes the consumer (the ring's
 * wakeup watermark is left at its default of half the ring, and the
 * consumer does not poll: it sleeps until the next switchrate tick).
 *
 * Sizes.  perf wants a power of two of pages of data; dt_buffer.c asks for
 * a ring big enough to hold bufsize of records with their perf framing
 * (each record takes DT_RING_FRAMING = 16 more bytes in the ring: header,
 * raw size, padding) and does the accounting: the programs count every
 * record's own bytes against bufsize, as DTrace does, so bufsize means
 * what the user asked, whatever the framing and the rounding.
 *
 * Forward rings (switch and fill policies) are read from data_tail to
 * data_head; after a read data_tail is advanced, which gives the space
 * back to the kernel, and the record bytes (framing not included) read
 * and given back in all are published where dt_ring_account() said (the
 * programs' bs_read), as the read goes, for the programs' accounting.
 *
 * Overwrite rings (ring policy) are mapped read-only and written backward,
 * so that the kernel always keeps the newest records; they are read once,
 * at the end, output paused, keeping only the newest records whose own
 * bytes fit in bufsize (rb_keep), and delivered oldest first.
 */
#include "dt_bpf.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

struct dt_ring {
	int rb_fd;
	int rb_cpu;
	void *rb_base;	      /* mmap: control page + data */
	size_t rb_size;	      /* data bytes (power of two) */
	size_t rb_keep;	      /* overwrite: newest record bytes delivered (bufsize) */
	size_t rb_pagesz;
	bool rb_overwrite;
	uint64_t rb_consumed; /* forward: record bytes read and given back */
	uint64_t *rb_readp;   /* forward: where rb_consumed is published */
	char *rb_copy;	      /* linear copy of a wrapped record */
	size_t rb_copysz;
};

static int perf_open(struct perf_event_attr *attr, int cpu)
{
	return (int)syscall(__NR_perf_event_open, attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

/* Bytes of data of the ring that holds size bytes: a power of two of pages. */
size_t dt_ring_datasize(size_t size)
{
	size_t data = (size_t)sysconf(_SC_PAGESIZE);

	while (data < size && data < ((size_t)1 << 62))
		data <<= 1;
	return data;
}

/*
 * A ring of at least size data bytes (rounded up to a power of two of
 * pages); an overwrite ring delivers its newest records of at most keep
 * record bytes.  Returns NULL with errno set (ENOMEM when the kernel
 * refused the memory).
 */
dt_ring_t *dt_ring_open(int cpu, size_t size, size_t keep, bool overwrite, int *fdp)
{
	struct perf_event_attr attr = { 0 };
	size_t pagesz = (size_t)sysconf(_SC_PAGESIZE), data = dt_ring_datasize(size);
	dt_ring_t *rb;
	void *base;
	int fd, err;

	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_BPF_OUTPUT;
	attr.sample_type = PERF_SAMPLE_RAW;
	attr.sample_period = 1;
	attr.write_backward = overwrite;
	fd = perf_open(&attr, cpu);
	if (fd < 0)
		return NULL;
	base = mmap(NULL, pagesz + data, overwrite ? PROT_READ : PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	if (base == MAP_FAILED) {
		err = errno == EINVAL || errno == EPERM ? ENOMEM : errno;
		close(fd);
		errno = err;
		return NULL;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0) {
		err = errno;
		munmap(base, pagesz + data);
		close(fd);
		errno = err;
		return NULL;
	}
	rb = dt_zalloc(sizeof(*rb));
	rb->rb_fd = fd;
	rb->rb_cpu = cpu;
	rb->rb_base = base;
	rb->rb_size = data;
	rb->rb_keep = keep;
	rb->rb_pagesz = pagesz;
	rb->rb_overwrite = overwrite;
	*fdp = fd;
	return rb;
}

int dt_ring_fd(const dt_ring_t *rb)
{
	return rb->rb_fd;
}

size_t dt_ring_size(const dt_ring_t *rb)
{
	return rb->rb_size;
}

uint64_t dt_ring_consumed(const dt_ring_t *rb)
{
	return rb->rb_consumed;
}

/* Copy len bytes at ring offset off (mod size) into a linear buffer. */
static const void *ring_read(dt_ring_t *rb, uint64_t off, size_t len)
{
	char *data = (char *)rb->rb_base + rb->rb_pagesz;
	size_t start = off & (rb->rb_size - 1);

	if (start + len <= rb->rb_size)
		return data + start;
	if (rb->rb_copysz < len) {
		rb->rb_copy = dt_realloc(rb->rb_copy, len);
		rb->rb_copysz = len;
	}
	memcpy(rb->rb_copy, data + start, rb->rb_size - start);
	memcpy(rb->rb_copy + (rb->rb_size - start), data, len - (rb->rb_size - start));
	return rb->rb_copy;
}

/* Record bytes of a ring record: a sample's, less its framing; else none. */
static uint64_t rec_bytes(const struct perf_event_header *h)
{
	return h->type == PERF_RECORD_SAMPLE && h->size >= DT_RING_FRAMING
		       ? (uint64_t)h->size - DT_RING_FRAMING
		       : 0;
}

/* Deliver the sample at ring position pos (header h) to cb. */
static int deliver(dt_ring_t *rb, uint64_t pos, const struct perf_event_header *h,
		   dt_ring_cb_f *cb, void *ctx)
{
	const char *rec;
	uint32_t rawsz;

	if (h->type != PERF_RECORD_SAMPLE)
		return 0;
	rec = ring_read(rb, pos, h->size);
	memcpy(&rawsz, rec + sizeof(*h), sizeof(rawsz));
	if (rawsz + sizeof(*h) + 4 > h->size)
		return 0;
	return cb(ctx, rb->rb_cpu, rec + sizeof(*h) + 4, rawsz);
}

/*
 * Backward ring: head counts down from 0 and the newest record is at head.
 * Collect the offsets of the newest records whose record bytes fit in
 * rb_keep (and that are whole: within the ring's size of head), newest
 * first, and deliver them oldest first.
 */
static int ring_drain_backward(dt_ring_t *rb, dt_ring_cb_f *cb, void *ctx)
{
	struct perf_event_mmap_page *pg = rb->rb_base;
	uint64_t head, written, off, used = 0, kept = 0;
	uint64_t *offs = NULL;
	size_t n = 0, cap = 0;
	int rv = 0;

	(void)ioctl(rb->rb_fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	written = -head; /* bytes ever written */
	for (off = head; used < written;) {
		const struct perf_event_header *hdr = ring_read(rb, off, sizeof(*hdr));

		if (hdr->size == 0 || used + hdr->size > rb->rb_size || used + hdr->size > written ||
		    kept + rec_bytes(hdr) > rb->rb_keep)
			break;
		if (n == cap)
			offs = dt_realloc(offs, sizeof(uint64_t) * (cap = cap ? cap * 2 : 256));
		offs[n++] = off;
		off += hdr->size;
		used += hdr->size;
		kept += rec_bytes(hdr);
	}
	while (n-- > 0 && rv == 0) {
		struct perf_event_header h = *(const struct perf_event_header *)ring_read(
			rb, offs[n], sizeof(h));

		rv = deliver(rb, offs[n], &h, cb, ctx);
	}
	free(offs);
	/* deliver once: a second drain finds nothing */
	rb->rb_keep = 0;
	return rv;
}

/*
 * Give the ring up to position pos back to the kernel, then the record
 * bytes read up to there back to the programs' accounting (in that order,
 * so that the programs' view is never more generous than the ring).
 */
static void release(dt_ring_t *rb, uint64_t pos, uint64_t recbytes)
{
	struct perf_event_mmap_page *pg = rb->rb_base;

	__atomic_store_n(&pg->data_tail, pos, __ATOMIC_RELEASE);
	rb->rb_consumed += recbytes;
	if (rb->rb_readp != NULL)
		__atomic_store_n(rb->rb_readp, rb->rb_consumed, __ATOMIC_RELEASE);
}

/*
 * Forward ring: deliver the records in [data_tail, data_head), oldest
 * first, until cb returns non-zero (the rest is skipped, and given back
 * all the same).  Space is given back every DT_RING_STEP bytes read, not
 * only at the end: so the programs may write again as soon as the
 * consumer has read, and a buffer takes bufsize per switch interval
 * however long printing takes.
 */
#define DT_RING_STEP 65536

int dt_ring_drain(dt_ring_t *rb, dt_ring_cb_f *cb, void *ctx)
{
	struct perf_event_mmap_page *pg = rb->rb_base;
	uint64_t head, pos, mark, recbytes = 0;
	int rv = 0;

	if (rb->rb_overwrite)
		return ring_drain_backward(rb, cb, ctx);
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	pos = mark = pg->data_tail;
	while (pos < head) {
		struct perf_event_header h = *(const struct perf_event_header *)ring_read(
			rb, pos, sizeof(h));

		if (h.size == 0 || h.size > head - pos)
			break;
		recbytes += rec_bytes(&h);
		if (rv == 0)
			rv = deliver(rb, pos, &h, cb, ctx);
		pos += h.size;
		if (pos - mark >= DT_RING_STEP) {
			release(rb, pos, recbytes);
			mark = pos;
			recbytes = 0;
		}
	}
	release(rb, head, recbytes);
	return rv;
}

/* Where to publish the record bytes given back (the programs' bs_read). */
void dt_ring_account(dt_ring_t *rb, uint64_t *readp)
{
	rb->rb_readp = readp;
}

void dt_ring_close(dt_ring_t *rb)
{
	if (rb == NULL)
		return;
	munmap(rb->rb_base, rb->rb_pagesz + rb->rb_size);
	close(rb->rb_fd);
	free(rb->rb_copy);
	free(rb);
}
