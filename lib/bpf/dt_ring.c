/*
 * dt_ring.c -- per-CPU principal buffers: one perf ring per CPU, written by
 * bpf_perf_event_output() and drained by the consumer at switchrate.
 *
 * The probe path never waits and never wakes the consumer (the ring's
 * wakeup watermark is left at its default of half the ring, and the
 * consumer does not poll: it sleeps until the next switchrate tick).  A
 * record that does not fit is refused by the kernel, and the program
 * counts the drop itself, so every drop is reported.  For the ring policy
 * the ring is mapped read-only in overwrite mode and written backward, so
 * it always holds the newest records; it is read once, at the end.
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
	size_t rb_pagesz;
	bool rb_overwrite;
	char *rb_copy;	      /* linear copy of a wrapped record */
	size_t rb_copysz;
};

static int perf_open(struct perf_event_attr *attr, int cpu)
{
	return (int)syscall(__NR_perf_event_open, attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

dt_ring_t *dt_ring_open(int cpu, size_t size, bool overwrite, int *fdp)
{
	struct perf_event_attr attr = { 0 };
	size_t pagesz = (size_t)sysconf(_SC_PAGESIZE), data = pagesz;
	dt_ring_t *rb;
	void *base;
	int fd;

	while (data < size)
		data <<= 1;
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
		int err = errno;

		close(fd);
		errno = err;
		return NULL;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) != 0) {
		munmap(base, pagesz + data);
		close(fd);
		return NULL;
	}
	rb = dt_zalloc(sizeof(*rb));
	rb->rb_fd = fd;
	rb->rb_cpu = cpu;
	rb->rb_base = base;
	rb->rb_size = data;
	rb->rb_pagesz = pagesz;
	rb->rb_overwrite = overwrite;
	*fdp = fd;
	return rb;
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

int dt_ring_drain(dt_ring_t *rb, dt_ring_cb_f *cb, void *ctx)
{
	struct perf_event_mmap_page *pg = rb->rb_base;
	uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = pg->data_tail;
	int rv;

	if (rb->rb_overwrite) {
		/*
		 * Backward ring: head counts down from 0; records from head
		 * (newest) toward head + size (oldest).  Collect the record
		 * offsets newest-first and deliver them oldest-first.
		 */
		uint64_t start = head, end = head + rb->rb_size, off = start;
		uint64_t *offs = NULL;
		size_t n = 0, cap = 0;

		if (head == 0)
			return 0;
		while (off < end) {
			const struct perf_event_header *hdr = ring_read(rb, off, sizeof(*hdr));

			if (hdr->size == 0 || off + hdr->size > end || (off - start) >= (uint64_t)-head)
				break;
			if (n == cap)
				offs = dt_realloc(offs, sizeof(uint64_t) * (cap = cap ? cap * 2 : 256));
			offs[n++] = off;
			off += hdr->size;
		}
		rv = 0;
		while (n-- > 0 && rv == 0) {
			const struct perf_event_header *hdr = ring_read(rb, offs[n], sizeof(*hdr));

			rv = ring_walk(rb, offs[n], offs[n] + hdr->size, cb, ctx);
		}
		free(offs);
		return rv;
	}
	rv = ring_walk(rb, tail, head, cb, ctx);
	__atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
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
