/*
 * dt_ring.c -- per-CPU principal buffers: one perf ring per CPU, written by
 * bpf_perf_event_output() and read by the consumer.
 *
 * The probe path never waits and never wakes the consumer (the ring's
 * wakeup watermark is left at its default of half the ring, and the
 * consumer does not poll: it sleeps until the next switchrate tick).
 *
 * Sizes.  perf wants a power of two of pages of data; a ring is the
 * smallest such size that holds the requested bufsize.  How much of it may
 * be used is not decided here but by the programs, which account every
 * record against bufsize themselves (dt_buffer.c): so bufsize means what
 * the user asked, whatever the rounding.  Each record costs its own bytes
 * plus 16 bytes of perf framing (header, raw size, padding): DT_RING_COST.
 *
 * Forward rings (switch and fill policies) are read from data_tail to
 * data_head; after a read data_tail is advanced, which gives the space
 * back to the kernel, and dt_ring_consumed() says how many bytes have
 * been given back in all, for the programs' accounting.
 *
 * Overwrite rings (ring policy) are mapped read-only and written backward,
 * so that the kernel always keeps the newest records; they are read once,
 * at the end, output paused, keeping only the newest records that fit in
 * bufsize, and delivered oldest first.
 */
#include "../dt_impl.h"

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
	size_t rb_keep;	      /* overwrite: newest bytes delivered (bufsize) */
	size_t rb_pagesz;
	bool rb_overwrite;
	uint64_t rb_consumed; /* forward: bytes given back to the kernel */
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

/* Returns NULL with errno set (ENOMEM when the kernel refused the memory). */
dt_ring_t *dt_ring_open(int cpu, size_t size, bool overwrite, int *fdp)
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
	rb->rb_keep = size < data ? size : data;
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

/* Walk records in [tail, head): samples go to cb in order. */
static int ring_walk(dt_ring_t *rb, uint64_t tail, uint64_t head, dt_ring_cb_f *cb, void *ctx)
{
	while (tail < head) {
		const struct perf_event_header *hdr = ring_read(rb, tail, sizeof(*hdr));
		struct perf_event_header h = *hdr;
		int rv = 0;

		if (h.size == 0)
			break;
		if (h.type == PERF_RECORD_SAMPLE) {
			const char *rec = ring_read(rb, tail, h.size);
			uint32_t rawsz;

			memcpy(&rawsz, rec + sizeof(h), sizeof(rawsz));
			if (rawsz + sizeof(h) + 4 <= h.size)
				rv = cb(ctx, rb->rb_cpu, rec + sizeof(h) + 4, rawsz);
		}
		if (rv != 0)
			return rv;
		tail += h.size;
	}
	return 0;
}

/*
 * Backward ring: head counts down from 0 and the newest record is at head.
 * Collect the offsets of the newest records that fit in rb_keep bytes,
 * newest first, and deliver them oldest first.
 */
static int ring_drain_backward(dt_ring_t *rb, dt_ring_cb_f *cb, void *ctx)
{
	struct perf_event_mmap_page *pg = rb->rb_base;
	uint64_t head, written, off, used = 0;
	uint64_t *offs = NULL;
	size_t n = 0, cap = 0;
	int rv = 0;

	(void)ioctl(rb->rb_fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	written = -head; /* bytes ever written */
	for (off = head; used < written;) {
		const struct perf_event_header *hdr = ring_read(rb, off, sizeof(*hdr));

		if (hdr->size == 0 || used + hdr->size > rb->rb_keep || used + hdr->size > written)
			break;
		if (n == cap)
			offs = dt_realloc(offs, sizeof(uint64_t) * (cap = cap ? cap * 2 : 256));
		offs[n++] = off;
		off += hdr->size;
		used += hdr->size;
	}
	while (n-- > 0 && rv == 0) {
		const struct perf_event_header *hdr = ring_read(rb, offs[n], sizeof(*hdr));

		rv = ring_walk(rb, offs[n], offs[n] + hdr->size, cb, ctx);
	}
	free(offs);
	/* deliver once: a second drain finds nothing */
	rb->rb_keep = 0;
	return rv;
}

int dt_ring_drain(dt_ring_t *rb, dt_ring_cb_f *cb, void *ctx)
{
	struct perf_event_mmap_page *pg = rb->rb_base;
	uint64_t head, tail;
	int rv;

	if (rb->rb_overwrite)
		return ring_drain_backward(rb, cb, ctx);
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	tail = pg->data_tail;
	rv = ring_walk(rb, tail, head, cb, ctx);
	__atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
	rb->rb_consumed = head;
	return rv;
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
