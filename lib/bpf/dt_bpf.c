/*
 * dt_bpf.c -- the BPF wall: maps, program loading (a program the verifier
 * refuses is reported as dtrace's internal error, naming the clause and D
 * line, from the verifier's log), test runs for BEGIN/END, and the list of
 * attachments and their detaching (the attach kinds are in dt_attach.c,
 * the kernel features they need in dt_feature.c).  Only this folder calls
 * libbpf.
 *
 * Every attachment is a file descriptor owned by this process: when dtrace
 * exits, however it exits (kill -9 included), the kernel closes them and
 * nothing stays attached.
 */
#include "dt_bpf.h"

#include <sched.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <ctype.h>
#include <endian.h>
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

static int map_fd(dtrace_hdl_t *dtp, const dt_bpfprog_t *bp, int map)
{
	switch (map) {
	case DT_MAP_PROBETAB: return dtp->dt_probetabfd;
	case DT_MAP_BIND: return bp->bp_bindfd;
	case DT_MAP_GLOBAL: return dtp->dt_globfd;
	case DT_MAP_SCRATCH: return dtp->dt_scratchfd;
	case DT_MAP_DVARS: return dtp->dt_dvarfd;
	case DT_MAP_BUF: return dtp->dt_buffd;
	case DT_MAP_STRTAB: return dtp->dt_strtabfd;
	case DT_MAP_BUFSTATE: return dtp->dt_bufstatefd;
	case DT_MAP_SPEC: return dtp->dt_specfd;
	case DT_MAP_SPECBUF: return dtp->dt_specbuffd;
	case DT_MAP_UROWS: return dtp->dt_urowsfd;
	case DT_MAP_UMAPS: return dtp->dt_umapsfd;
	default:
		if (map - DT_MAP_AGG < dtp->dt_naggs)
			return dtp->dt_aggmaps[map - DT_MAP_AGG].am_fd;
		if (map - DT_MAP_AGG - dtp->dt_naggs < dtp->dt_naggouter)
			return dtp->dt_aggouter[map - DT_MAP_AGG - dtp->dt_naggs].ao_fd;
		return -1;
	}
}

static int mkmap(dtrace_hdl_t *dtp, enum bpf_map_type type, const char *name, int ksz, int vsz,
		 int n, unsigned flags)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts, .map_flags = flags);
	int fd = bpf_map_create(type, name, ksz, vsz, n, &opts);

	if (fd < 0) {
		int err = errno;

		if (err == EPERM)
			return dt_set_errmsg(dtp, EDT_NOPRIV, "failed to create BPF map %s: %s",
					     name, "insufficient privileges (are you root?)");
		return dt_set_errmsg(dtp, err == ENOMEM || err == E2BIG ? EDT_NOSPACE : EDT_BPF,
				     "failed to create BPF map %s: %s", name, strerror(err));
	}
	return fd;
}

/*
 * One hash per aggregation (a one-entry array if it has no keys: am_array),
 * laid out by cg/dt_agg_layout.c, its values holding a slot per CPU.  As
 * DTrace allocates aggsize bytes per CPU up front and never allocates in
 * probe context, the maps are preallocated.  aggsize is the budget of the
 * whole enabling, as in DTrace, not of each aggregation: the entries of all
 * maps together (each the kernel's element: header, key, every CPU's slot;
 * and its hash bucket) take at most aggsize bytes per CPU, whatever the
 * number of aggregations.  The key-less arrays take their one element
 * each; the hashes share the rest equally, at least one entry each; a key
 * that does not fit is an aggregation drop.  What the kernel adds per map
 * (its structure, locks, a spare element per possible CPU and its first
 * kilobyte of buckets: about 2 kB and two elements here) grows with the
 * number of aggregations, not with aggsize.
 * (Allocating on first update instead costs ~1 us per new key here, ~20 us
 * in a per-CPU hash.)
 */
#define DT_HTAB_ELEM 48	  /* the kernel's struct htab_elem before the key */
#define DT_HTAB_BUCKET 16 /* the kernel's struct bucket, one per entry or more */

/* Bytes of one element of a hash map in the kernel. */
static int64_t htab_elem(int keysize, int valsize)
{
	return DT_HTAB_ELEM + ((keysize + 7) & ~7) + ((valsize + 7) & ~7);
}

/*
 * Bytes of n elements and their buckets (a power of two of them), the
 * first kilobyte of buckets counted with the map's fixed part.
 */
static int64_t htab_entries_bytes(int64_t n, int64_t elem)
{
	int64_t nbuckets = 1;

	while (nbuckets < n)
		nbuckets <<= 1;
	return n * elem + (nbuckets * DT_HTAB_BUCKET > 1024 ? nbuckets * DT_HTAB_BUCKET - 1024 : 0);
}

/* The aggregation budget each hash gets: aggsize per CPU, less the arrays, shared. */
static int64_t agg_share(dtrace_hdl_t *dtp, const dt_aggmap_t *am)
{
	int64_t total = dtp->dt_options[DTOPT_AGGSIZE] * am->am_ncpus;
	int nhash = 0;

	for (int i = 0; i < dtp->dt_naggs; i++) {
		if (dtp->dt_aggmaps[i].am_array)
			total -= (dtp->dt_aggmaps[i].am_valsize + 7) & ~7;
		else
			nhash++;
	}
	return total > 0 && nhash > 0 ? total / nhash : 0;
}

/* The entries of an aggregation's hash. */
static int64_t agg_entries(dtrace_hdl_t *dtp, const dt_aggmap_t *am)
{
	int64_t share = agg_share(dtp, am), elem = htab_elem(am->am_keysize, am->am_valsize);
	int64_t n = share / elem;
	/* no more keys than one CPU's aggsize holds in DTrace (dt_buffer.c) */
	int64_t dt = (dtp->dt_options[DTOPT_AGGSIZE] - dtp->dt_options[DTOPT_AGGSIZE] / 32) /
		     dt_agg_dtentry(dtp, am);

	n = dt < n ? dt : n;
	n = n > INT32_MAX ? INT32_MAX : n;
	while (n > 1 && htab_entries_bytes(n, elem) > share)
		n -= n / 64 > 1 ? n / 64 : 1;
	return n < 1 ? 1 : n;
}

/*
 * The maps of an array of maps (dt_layout.h) must be alike, entries
 * included: all get the fewest entries any of them would have.  Then the
 * array is made, with the maps at their indexes.
 */
static int aggouter_create(dtrace_hdl_t *dtp, int o)
{
	dt_aggouter_t *ao = &dtp->dt_aggouter[o];
	dt_aggmap_t *maps = dtp->dt_aggmaps;
	int64_t n = INT32_MAX;
	char name[16];

	for (int i = 0; i < dtp->dt_naggs; i++)
		if (maps[i].am_outer == o && agg_entries(dtp, &maps[i]) < n)
			n = agg_entries(dtp, &maps[i]);
	for (int i = 0; i < dtp->dt_naggs; i++) {
		dt_aggmap_t *am = &maps[i];

		if (am->am_outer != o)
			continue;
		snprintf(name, sizeof(name), "dt_agg_%d", i & 0xffff);
		if ((am->am_fd = mkmap(dtp, BPF_MAP_TYPE_HASH, name, am->am_keysize, am->am_valsize,
				       (int)n, 0)) >= 0)
			continue;
		if (dtp->dt_errno != EDT_NOSPACE || n == 1)
			return -1;
		/* if the kernel refuses the memory, fewer entries for all (and drops) */
		for (int j = 0; j < i; j++)
			if (maps[j].am_outer == o && maps[j].am_fd >= 0) {
				close(maps[j].am_fd);
				maps[j].am_fd = -1;
			}
		n /= 2;
		i = -1;
	}
	for (int i = 0; i < dtp->dt_naggs; i++) {
		LIBBPF_OPTS(bpf_map_create_opts, opts);

		if (maps[i].am_outer != o)
			continue;
		if (ao->ao_fd < 0) {
			snprintf(name, sizeof(name), "dt_aggs_%d", o & 0xffff);
			opts.inner_map_fd = (uint32_t)maps[i].am_fd;
			ao->ao_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, name, 4, 4,
						   (uint32_t)ao->ao_n, &opts);
			if (ao->ao_fd < 0)
				return dt_set_errmsg(dtp, EDT_BPF, "failed to create BPF map %s: %s",
						     name, strerror(errno));
		}
		if (bpf_map_update_elem(ao->ao_fd, &maps[i].am_outeridx, &maps[i].am_fd, 0) != 0)
			return dt_set_errmsg(dtp, EDT_BPF, "failed to fill BPF map dt_aggs_%d: %s",
					     o, strerror(errno));
	}
	return 0;
}

static int aggmaps_create(dtrace_hdl_t *dtp)
{
	dt_aggmap_t *maps = dtp->dt_aggmaps;

	for (int o = 0; o < dtp->dt_naggouter; o++)
		if (aggouter_create(dtp, o) != 0)
			return -1;
	for (int i = 0; i < dtp->dt_naggs; i++) {
		dt_aggmap_t *am = &maps[i];
		int64_t n;
		char name[16];

		if (am->am_outer >= 0)
			continue;
		n = am->am_array ? 1 : agg_entries(dtp, am);
		snprintf(name, sizeof(name), "dt_agg_%d", i & 0xffff);
		/* if the kernel refuses the memory, fewer entries (and drops) */
		while ((am->am_fd = mkmap(dtp, am->am_array ? BPF_MAP_TYPE_ARRAY : BPF_MAP_TYPE_HASH,
					  name, am->am_keysize, am->am_valsize, (int)n, 0)) < 0 &&
		       dtp->dt_errno == EDT_NOSPACE && n > 1)
			n /= 2;
		if (am->am_fd < 0)
			return -1;
	}
	return 0;
}

/* One key at a time, if the kernel has no batch operations. */
static int agg_read_one(int fd, size_t ksz, size_t vsz, char *keys, int64_t *vals, int max)
{
	char *prev = NULL;
	int n = 0;

	while (n < max && bpf_map_get_next_key(fd, prev, keys + (size_t)n * ksz) == 0) {
		prev = keys + (size_t)n * ksz;
		if (bpf_map_lookup_elem(fd, prev, (char *)vals + (size_t)n * vsz) == 0)
			n++;
	}
	return n;
}

/* BPF_MAP_LOOKUP_BATCH: ~0.4 us per entry here, mostly the kernel's bucket walk. */
static int agg_read_batch(dtrace_hdl_t *dtp, const dt_aggmap_t *am, char **keysp,
			  int64_t **valsp)
{
	size_t ksz = (size_t)am->am_keysize, vsz = (size_t)am->am_valsize;
	dt_nomem_undo_t kundo, vundo;
	char *keys = NULL, tok[8];
	int64_t *vals = NULL;
	int max = 1024, n = 0, rc = 0;

	dt_nomem_hold(&kundo, dt_nomem_free_ptr, &keys); /* out of memory: freed */
	dt_nomem_hold(&vundo, dt_nomem_free_ptr, &vals);
	for (;;) {
		uint32_t count = (uint32_t)max;

		keys = dt_realloc(keys, ksz * (size_t)(n + max));
		vals = dt_realloc(vals, vsz * (size_t)(n + max));
		rc = bpf_map_lookup_batch(am->am_fd, n == 0 ? NULL : tok, tok, keys + ksz * (size_t)n,
					  (char *)vals + vsz * (size_t)n, &count, NULL);
		if (rc != 0 && errno == ENOSPC && count == 0) {
			max *= 2;
			continue;
		}
		if (rc != 0 && errno != ENOENT)
			break;
		n += (int)count;
		if (rc != 0) {
			dt_nomem_release(&vundo);
			dt_nomem_release(&kundo);
			*keysp = keys;
			*valsp = vals;
			return n;
		}
	}
	if (n == 0 && (errno == EINVAL || errno == ENOTSUP || errno == EOPNOTSUPP)) {
		for (max = 1024;; max *= 4) {
			keys = dt_realloc(keys, ksz * (size_t)max);
			vals = dt_realloc(vals, vsz * (size_t)max);
			if ((n = agg_read_one(am->am_fd, ksz, vsz, keys, vals, max)) < max)
				break;
		}
		dt_nomem_release(&vundo);
		dt_nomem_release(&kundo);
		*keysp = keys;
		*valsp = vals;
		return n;
	}
	dt_nomem_release(&vundo);
	dt_nomem_release(&kundo);
	free(keys);
	free(vals);
	return dt_set_errmsg(dtp, EDT_BPF, "failed to read aggregation %s: %s",
			     am->am_ident->di_name, strerror(errno));
}

/*
 * Every key of an aggregation's map with its value (all CPUs' slots): *keysp
 * gets n keys, *valsp n values.  Returns n, or -1.
 */
int dt_bpf_agg_read(dtrace_hdl_t *dtp, const dt_aggmap_t *am, char **keysp, int64_t **valsp)
{
	return agg_read_batch(dtp, am, keysp, valsp);
}

/*
 * An mmapped array map of n entries of size bytes (filled through the
 * mapping: no system call per entry); returns the fd, *mapp the mapping.
 */
static int mkmap_mmapped(dtrace_hdl_t *dtp, const char *name, int size, int n, void **mapp)
{
	int fd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, name, 4, size, n, BPF_F_MMAPABLE);

	if (fd < 0)
		return -1;
	*mapp = mmap(NULL, ((size_t)size * (size_t)n + 4095) & ~4095ul, PROT_READ | PROT_WRITE,
		     MAP_SHARED, fd, 0);
	if (*mapp == MAP_FAILED) {
		close(fd);
		return dt_set_errmsg(dtp, EDT_BPF, "failed to map %s: %s", name, strerror(errno));
	}
	return fd;
}

/* dt_probetab: the identity of the probes of shared programs (driver/dt_enable.c). */
static int probetab_create(dtrace_hdl_t *dtp)
{
	int n = dtp->dt_nprobetab > 0 ? dtp->dt_nprobetab : 1;
	void *map;

	dtp->dt_probetabfd = mkmap_mmapped(dtp, "dt_probetab", sizeof(dt_probetab_ent_t), n, &map);
	if (dtp->dt_probetabfd < 0)
		return -1;
	if (dtp->dt_nprobetab > 0)
		memcpy(map, dtp->dt_probetab, sizeof(dt_probetab_ent_t) * (size_t)dtp->dt_nprobetab);
	munmap(map, ((size_t)n * sizeof(dt_probetab_ent_t) + 4095) & ~4095ul);
	return 0;
}

/*
 * The unwind tables (layout/dt_layout.h): the rows in a mapped array that
 * dt_bpf_unwind_rows() fills, the mappings in an LPM trie.
 */
static int unwind_create(dtrace_hdl_t *dtp)
{
	size_t len = ((size_t)DT_UROWS_MAX * sizeof(dt_urow_t) + 4095) & ~4095ul;

	dtp->dt_urowsfd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, "dt_urows", 4, sizeof(dt_urow_t),
				DT_UROWS_MAX, BPF_F_MMAPABLE);
	if (dtp->dt_urowsfd < 0)
		return -1;
	dtp->dt_urowsmap = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, dtp->dt_urowsfd, 0);
	if (dtp->dt_urowsmap == MAP_FAILED) {
		dtp->dt_urowsmap = NULL;
		return dt_set_errmsg(dtp, EDT_BPF, "failed to map dt_urows: %s", strerror(errno));
	}
	dtp->dt_umapsfd = mkmap(dtp, BPF_MAP_TYPE_LPM_TRIE, "dt_umaps", sizeof(dt_umapkey_t),
				sizeof(dt_umapval_t), DT_UMAPS_MAX, BPF_F_NO_PREALLOC);
	return dtp->dt_umapsfd < 0 ? -1 : 0;
}

/* Rows first .. first + n - 1 of dt_urows. */
void dt_bpf_unwind_rows(dtrace_hdl_t *dtp, uint32_t first, const dt_urow_t *rows, uint32_t n)
{
	if (dtp->dt_urowsmap == NULL || first >= DT_UROWS_MAX || n > DT_UROWS_MAX - first)
		return;
	memcpy((dt_urow_t *)dtp->dt_urowsmap + first, rows, sizeof(dt_urow_t) * n);
}

static void umap_key(dt_umapkey_t *k, pid_t pid, uint64_t addr, int bits)
{
	k->uk_prefixlen = 32 + (uint32_t)bits;
	k->uk_pid = htobe32((uint32_t)pid);
	k->uk_addr = htobe64(addr);
}

/*
 * Enter (val != NULL) or remove pid's mapping [start, end) in dt_umaps, as
 * the aligned power-of-two blocks that cover it; start == end: the pid's
 * own entry.  0, or -1 if the trie is full (the mapping then ends stacks
 * with the marker).
 */
int dt_bpf_unwind_map(dtrace_hdl_t *dtp, pid_t pid, uint64_t start, uint64_t end,
		      const dt_umapval_t *val)
{
	dt_umapkey_t k;
	int rv = 0;

	if (dtp->dt_umapsfd < 0)
		return -1;
	if (start == end) {
		umap_key(&k, pid, 0, 0);
		return val != NULL ? bpf_map_update_elem(dtp->dt_umapsfd, &k, val, BPF_ANY)
				   : bpf_map_delete_elem(dtp->dt_umapsfd, &k);
	}
	while (start < end) {
		int lg = start == 0 ? 63 : __builtin_ctzll(start);

		while (lg > 0 && (lg >= 64 || end - start < (1ull << lg)))
			lg--;
		umap_key(&k, pid, start, 64 - lg);
		if (val != NULL ? bpf_map_update_elem(dtp->dt_umapsfd, &k, val, BPF_ANY) != 0
				: bpf_map_delete_elem(dtp->dt_umapsfd, &k) != 0)
			rv = -1;
		start += 1ull << lg;
	}
	return rv;
}

int dt_bpf_maps_create(dtrace_hdl_t *dtp)
{
	int strsize = DT_STRSIZE(dtp), zero = 0;
	size_t len;

	dtp->dt_globfd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, "dt_global", 4,
			       (dtp->dt_globsize + DT_G_VARS + 7) & ~7, 1, BPF_F_MMAPABLE);
	if (dtp->dt_globfd < 0)
		return -1;
	dtp->dt_globmap = mmap(NULL, (dtp->dt_globsize + DT_G_VARS + 4095) & ~4095,
			       PROT_READ | PROT_WRITE, MAP_SHARED, dtp->dt_globfd, 0);
	if (dtp->dt_globmap == MAP_FAILED)
		return dt_set_errmsg(dtp, EDT_BPF, "failed to map dt_global: %s", strerror(errno));

	dtp->dt_scratchsize = (dtp->dt_scratchsize + 7) & ~7;
	dtp->dt_scratchfd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, "dt_scratch", 4, dtp->dt_scratchsize,
				  dtp->dt_ncpus * DT_SCRATCH_CLASSES, BPF_F_MMAPABLE);
	if (dtp->dt_scratchfd < 0)
		return -1;
	dtp->dt_scratchmaplen = ((size_t)dtp->dt_scratchsize * dtp->dt_ncpus * DT_SCRATCH_CLASSES +
				 4095) & ~4095ul;
	dtp->dt_scratchmap = mmap(NULL, dtp->dt_scratchmaplen, PROT_READ | PROT_WRITE,
				  MAP_SHARED, dtp->dt_scratchfd, 0);
	if (dtp->dt_scratchmap == MAP_FAILED)
		return dt_set_errmsg(dtp, EDT_BPF, "failed to map dt_scratch: %s", strerror(errno));

	if (dtp->dt_dvkeysize > 0) {
		int entry = dtp->dt_dvkeysize + dtp->dt_dvvalsize + 32;
		int n = (int)(dtp->dt_options[DTOPT_DYNVARSIZE] / entry);

		dtp->dt_dvarfd = mkmap(dtp, BPF_MAP_TYPE_HASH, "dt_dvars", dtp->dt_dvkeysize,
				       dtp->dt_dvvalsize, n > 0 ? n : 1, 0);
		if (dtp->dt_dvarfd < 0)
			return -1;
	}
	dtp->dt_buffd = mkmap(dtp, BPF_MAP_TYPE_PERF_EVENT_ARRAY, "dt_buf", 4, 4, dtp->dt_ncpus, 0);
	if (dtp->dt_buffd < 0)
		return -1;
	len = sizeof(dt_bufstate_t) * (size_t)dtp->dt_ncpus;
	dtp->dt_bufstatefd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, "dt_bufstate", 4, (int)len, 1,
				   BPF_F_MMAPABLE);
	if (dtp->dt_bufstatefd < 0)
		return -1;
	dtp->dt_bufstate = mmap(NULL, (len + 4095) & ~4095ul, PROT_READ | PROT_WRITE, MAP_SHARED,
				dtp->dt_bufstatefd, 0);
	if (dtp->dt_bufstate == MAP_FAILED)
		return dt_set_errmsg(dtp, EDT_BPF, "failed to map dt_bufstate: %s", strerror(errno));

	if (dtp->dt_strtablen == 0)
		dt_strtab_add(dtp, "");
	len = (size_t)dtp->dt_strtablen;
	dtp->dt_strtabfd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, "dt_strtab", 4, (int)len, 1, 0);
	if (dtp->dt_strtabfd < 0)
		return -1;
	if (bpf_map_update_elem(dtp->dt_strtabfd, &zero, dtp->dt_strtab, BPF_ANY) != 0)
		return dt_set_errmsg(dtp, EDT_BPF, "failed to fill dt_strtab: %s", strerror(errno));
	(void)strsize;
	if (probetab_create(dtp) != 0 || (dtp->dt_uwalk && unwind_create(dtp) != 0))
		return -1;
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp != NULL; bp = bp->bp_next) {
		char name[16];

		if (!bp->bp_shared || bp->bp_probe->pr_bind == DT_BIND_COOKIE)
			continue;
		snprintf(name, sizeof(name), "dt_bind_%d", bp->bp_id);
		bp->bp_bindfd = mkmap_mmapped(dtp, name, 8, DT_BIND_KEYS, (void **)&bp->bp_bind);
		if (bp->bp_bindfd < 0)
			return -1;
	}
	return aggmaps_create(dtp);
}

/*
 * "123: (79) r1 = ...": an instruction as the verifier prints it; *idx =
 * 123, *text = the instruction's text.
 */
static bool log_insn(const char *l, const char *e, long *idx, const char **text)
{
	char *p;
	long n;

	if (!isdigit((unsigned char)*l))
		return false;
	n = strtol(l, &p, 10);
	if (e - p < 6 || strncmp(p, ": (", 3) != 0 || !isxdigit((unsigned char)p[3]) ||
	    !isxdigit((unsigned char)p[4]) || p[5] != ')')
		return false;
	*idx = n;
	*text = p + 6;
	return true;
}

/* Lines of the verifier's bookkeeping, not a reason: statistics, states. */
static bool log_noise(const char *l, const char *e)
{
	static const char *const pfx[] = { "processed ", "verification time ", "stack depth ",
					   "from ", "; ", "func#", NULL };
	const char *p = l;

	for (int i = 0; pfx[i]; i++)
		if ((size_t)(e - l) >= strlen(pfx[i]) && !strncmp(l, pfx[i], strlen(pfx[i])))
			return true;
	while (p < e && isdigit((unsigned char)*p))
		p++;
	return p > l && p < e && *p == ':'; /* "12: R1=ctx() ...": a state */
}

/*
 * A reason printed on the instruction's own line ("12: (55) if r0 != 0x0
 * goto pc-7 BPF program is too large. ..."): instructions are lower case,
 * messages like that one start with a capital.  Not the registers' states
 * that may follow ("; R1=...", or a jump's "goto pc+2 15: R0=...").
 */
static const char *log_glued(const char *text, const char *e)
{
	for (const char *p = text; p < e && *p != ';'; p++)
		if (p > text && p[-1] == ' ' && isupper((unsigned char)*p))
			return *p == 'R' && isdigit((unsigned char)p[1]) ? NULL : p;
	return NULL;
}

/*
 * The verifier's reason for refusing a program, from its log: the first
 * line after the last instruction it printed (the refused one: *idx), or
 * the end of that instruction's line; or, if it printed none (a check
 * before its walk: "unreachable insn 177", "back-edge from insn 9 to 5"),
 * its last line and the first instruction that line names.  *idx is -1 if
 * no instruction is known.  Returns the reason's length: 0 if the log
 * gives none.
 */
size_t dt_bpf_log_reason(const char *log, char *buf, size_t len, long *idx)
{
	const char *rl = NULL, *re = NULL, *last = NULL, *laste = NULL;
	const char *il = NULL, *ie = NULL; /* the last instruction's text */
	long n;

	*idx = -1;
	if (len > 0)
		buf[0] = '\0';
	for (const char *l = log, *nl; *l; l = *nl ? nl + 1 : nl) {
		const char *e, *text;

		nl = strchr(l, '\n');
		if (nl == NULL)
			nl = l + strlen(l);
		for (e = nl; e > l && isspace((unsigned char)e[-1]); e--)
			;
		if (e == l)
			continue;
		if (log_insn(l, e, &n, &text)) {
			*idx = n;
			il = text;
			ie = e;
			rl = NULL;
		} else if (!log_noise(l, e)) {
			if (il != NULL && rl == NULL) {
				rl = l;
				re = e;
			}
			last = l;
			laste = e;
		}
	}
	if (rl == NULL && il != NULL && (rl = log_glued(il, ie)) != NULL)
		re = ie;
	if (rl == NULL && il == NULL && last != NULL) {
		rl = last;
		re = laste;
		for (const char *p = rl; (p = strstr(p, "insn ")) != NULL && p < re;) {
			p += 5;
			if (isdigit((unsigned char)*p)) {
				*idx = strtol(p, NULL, 10);
				break;
			}
		}
	}
	if (rl == NULL)
		return 0;
	snprintf(buf, len, "%.*s", (int)(re - rl), rl);
	return (size_t)(re - rl);
}

/*
 * A program the verifier refuses is dtrace's bug, never the user's: say so
 * in one line naming the clause and D line of the refused instruction (as
 * dt_cg_insn() noted them) and the verifier's reason.  -x verifylog writes
 * the whole log to the listing FILE * (dtrace_set_listing()).
 */
static int load_error(dtrace_hdl_t *dtp, dt_bpfprog_t *bp, int err, const char *log)
{
	const dtrace_probedesc_t *pd = &bp->bp_probe->pr_desc;
	char reason[256];
	long idx;

	if (dtp->dt_options[DTOPT_VERIFYLOG] && log[0] != '\0' && dt_listing(dtp) != NULL)
		fprintf(dt_listing(dtp), "BPF verifier log for probe %s:%s:%s:%s:\n%s\n", pd->dtpd_provider,
			pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name, log);
	if (dt_bpf_log_reason(log, reason, sizeof(reason), &idx) == 0) {
		if (idx < 0) /* no verifier at work: privileges, resources */
			return dt_set_errmsg(dtp, err == EPERM ? EDT_NOPRIV : EDT_BPF,
					     "failed to load program for probe %s:%s:%s:%s: %s",
					     pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func,
					     pd->dtpd_name, strerror(err));
		snprintf(reason, sizeof(reason), "%s", strerror(err));
	}
	if (idx >= 0 && idx < bp->bp_ninsns && bp->bp_insclauses != NULL &&
	    bp->bp_insclauses[idx] != NULL)
		return dt_set_errmsg(dtp, EDT_BPF,
				     "internal error: BPF verifier rejected clause %d at line %d "
				     "(probe %s:%s:%s:%s): %s",
				     bp->bp_insclauses[idx]->dc_index + 1, bp->bp_lines[idx],
				     pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name,
				     reason);
	return dt_set_errmsg(dtp, EDT_BPF,
			     "internal error: BPF verifier rejected the program for probe "
			     "%s:%s:%s:%s: %s",
			     pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name, reason);
}

/*
 * How each program type is loaded: the kernel's type, and for the
 * multi-attach and trampoline kinds the attach type the load fixes.
 */
static const struct {
	enum bpf_prog_type type;
	enum bpf_attach_type attach;
} dt_progtypes[] = {
	[DT_PT_TRACEPOINT] = { BPF_PROG_TYPE_TRACEPOINT, 0 },
	[DT_PT_PERF_EVENT] = { BPF_PROG_TYPE_PERF_EVENT, 0 },
	[DT_PT_RAW_TP] = { BPF_PROG_TYPE_RAW_TRACEPOINT, 0 },
	[DT_PT_KPROBE] = { BPF_PROG_TYPE_KPROBE, 0 },
	[DT_PT_KPROBE_MULTI] = { BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI },
	[DT_PT_FENTRY] = { BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY },
	[DT_PT_FEXIT] = { BPF_PROG_TYPE_TRACING, BPF_TRACE_FEXIT },
	/* BPF_TRACE_UPROBE_MULTI: 48, not in the 6.1 headers */
	[DT_PT_UPROBE_MULTI] = { BPF_PROG_TYPE_KPROBE, (enum bpf_attach_type)48 },
};

/*
 * Load bp's code for the kernel function with BTF id btfid (fentry/fexit:
 * the target is fixed at load; 0 for other types): the fd, or -1 with the
 * message set.
 */
static int prog_load(dtrace_hdl_t *dtp, dt_bpfprog_t *bp, uint32_t btfid)
{
	struct bpf_insn *insns = dt_zalloc(sizeof(*insns) * bp->bp_ninsns);
	int pt = bp->bp_probe->pr_progtype;
	struct bpf_func_info *fi = NULL;
	uint32_t nfi = 0;
	char name[16];
	int fd, btffd;

	memcpy(insns, bp->bp_insns, sizeof(*insns) * bp->bp_ninsns);
	for (int i = 0; i < bp->bp_ninsns; i++) {
		if (insns[i].code == (BPF_LD | BPF_DW | BPF_IMM) &&
		    (insns[i].src_reg == BPF_PSEUDO_MAP_FD ||
		     insns[i].src_reg == BPF_PSEUDO_MAP_VALUE)) {
			insns[i].imm = map_fd(dtp, bp, insns[i].imm);
			if (insns[i].imm < 0) {
				free(insns);
				return dt_set_errmsg(dtp, EDT_BPF, "internal error: missing map");
			}
			i++;
		}
	}
	snprintf(name, sizeof(name), "dt_%d_%.8s", bp->bp_id, bp->bp_probe->pr_desc.dtpd_provider);
	bp->bp_type = dt_progtypes[pt].type;
	/* callbacks need BTF function information (dt_funcinfo.c) */
	btffd = dt_bpf_funcinfo(dtp, insns, bp->bp_ninsns, &fi, &nfi);
	if (btffd < 0) {
		free(insns);
		return dt_set_errmsg(dtp, EDT_BPF, "could not load BTF for program callbacks: %s",
				     strerror(errno));
	}
	{
		LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = dt_progtypes[pt].attach,
			    .attach_btf_id = btfid);

		if (btffd > 0) {
			opts.prog_btf_fd = (uint32_t)btffd;
			opts.func_info = fi;
			opts.func_info_cnt = nfi;
			opts.func_info_rec_size = sizeof(*fi);
		}
		fd = bpf_prog_load(bp->bp_type, name, "GPL", insns, bp->bp_ninsns, &opts);
	}
	if (fd < 0) {
		int err = errno;
		size_t loglen = 1 << 22;
		char *log = dt_zalloc(loglen);
		LIBBPF_OPTS(bpf_prog_load_opts, opts, .log_buf = log, .log_size = (unsigned)loglen,
			    .log_level = 1, .expected_attach_type = dt_progtypes[pt].attach,
			    .attach_btf_id = btfid);

		if (btffd > 0) {
			opts.prog_btf_fd = (uint32_t)btffd;
			opts.func_info = fi;
			opts.func_info_cnt = nfi;
			opts.func_info_rec_size = sizeof(*fi);
		}
		fd = bpf_prog_load(bp->bp_type, name, "GPL", insns, bp->bp_ninsns, &opts);
		if (fd < 0) {
			load_error(dtp, bp, err, log);
			free(log);
			free(insns);
			free(fi);
			return -1;
		}
		free(log);
	}
	free(insns);
	free(fi);
	return fd;
}

/*
 * A uprobe program's sleepable companion (cg/dt_cg_prefetch.c), attach type
 * BPF_TRACE_UPROBE_MULTI (48, not in the 6.1 headers): its fd, or -1.
 */
static int prefetch_load(const dt_bpfprog_t *bp)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = (enum bpf_attach_type)48,
		    .prog_flags = BPF_F_SLEEPABLE);

	return bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_prefetch", "GPL", bp->bp_pfinsns,
			     (size_t)bp->bp_npfinsns, &opts);
}

int dt_bpf_prog_load(dtrace_hdl_t *dtp, dt_bpfprog_t *bp)
{
	int fd = prog_load(dtp, bp, (uint32_t)bp->bp_probe->pr_btfid);

	if (fd < 0)
		return -1;
	bp->bp_fd = fd;
	if (bp->bp_npfinsns > 0) /* refused: nothing is prefetched (cg/dt_cg_prefetch.c) */
		bp->bp_pffd = prefetch_load(bp);
	return 0;
}

/* fentry/fexit: the same code loaded again for another function. */
int dt_bpf_prog_reload(dtrace_hdl_t *dtp, dt_bpfprog_t *bp, int btfid)
{
	return prog_load(dtp, bp, (uint32_t)btfid);
}

/* Run a BEGIN/END program once, on the current CPU. */
int dt_bpf_test_run(dtrace_hdl_t *dtp, dt_bpfprog_t *bp)
{
	uint64_t args[8] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = args, .ctx_size_in = sizeof(args));

	opts.flags = BPF_F_TEST_RUN_ON_CPU;
	/* with -x cpu, BEGIN and END fire on that CPU, the only one with a buffer */
	opts.cpu = (uint32_t)(dtp->dt_options[DTOPT_CPU] >= 0 ? dtp->dt_options[DTOPT_CPU]
							      : sched_getcpu());
	if (bpf_prog_test_run_opts(bp->bp_fd, &opts) != 0)
		return dt_set_errmsg(dtp, EDT_BPF, "failed to run %s probe: %s",
				     bp->bp_probe->pr_desc.dtpd_name, strerror(errno));
	return 0;
}

void dt_bpf_link_add(dtrace_hdl_t *dtp, int fd)
{
	if (dtp->dt_nlinks == dtp->dt_linkcap) {
		dtp->dt_linkcap = dtp->dt_linkcap ? dtp->dt_linkcap * 2 : 64;
		dtp->dt_linkfds = dt_realloc(dtp->dt_linkfds, sizeof(int) * dtp->dt_linkcap);
	}
	dtp->dt_linkfds[dtp->dt_nlinks++] = fd;
}

/*
 * Detaching a tracepoint perf event waits for an RCU grace period (about
 * 60 ms here), so closing 700 syscall probes one by one takes most of a
 * minute.  Concurrent waiters share grace periods: close them from many
 * threads at once and the whole detach takes a few grace periods.
 */
typedef struct dt_closer {
	int *cl_fds;
	int cl_n;
} dt_closer_t;

static void *closer(void *arg)
{
	dt_closer_t *cl = arg;

	for (int i = 0; i < cl->cl_n; i++)
		close(cl->cl_fds[i]);
	return NULL;
}

void dt_bpf_detach_all(dtrace_hdl_t *dtp)
{
	int n = dtp->dt_nlinks, nthr = n < 128 ? n : 128;
	pthread_t *tids;
	dt_closer_t *cls;
	bool *joined;

	dtp->dt_nlinks = 0;
	if (n <= 2) {
		for (int i = 0; i < n; i++)
			close(dtp->dt_linkfds[i]);
		return;
	}
	tids = dt_zalloc(sizeof(pthread_t) * nthr);
	cls = dt_zalloc(sizeof(dt_closer_t) * nthr);
	joined = dt_zalloc(sizeof(bool) * nthr);
	for (int t = 0, i = 0; t < nthr; t++) {
		cls[t].cl_fds = dtp->dt_linkfds + i;
		cls[t].cl_n = n / nthr + (t < n % nthr);
		i += cls[t].cl_n;
		if (pthread_create(&tids[t], NULL, closer, &cls[t]) == 0)
			joined[t] = true;
		else
			closer(&cls[t]); /* no thread: close them here */
	}
	for (int t = 0; t < nthr; t++)
		if (joined[t])
			pthread_join(tids[t], NULL);
	free(tids);
	free(cls);
	free(joined);
}

/* Find (or mount) tracefs; returns 0 with dt_tracefs set. */
int dt_bpf_tracefs(dtrace_hdl_t *dtp)
{
	static const char *const dirs[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	struct stat st;
	char path[128];

	if (dtp->dt_tracefs[0] != '\0')
		return 0;
	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/events", dirs[i]);
		if (stat(path, &st) == 0) {
			snprintf(dtp->dt_tracefs, sizeof(dtp->dt_tracefs), "%s", dirs[i]);
			return 0;
		}
	}
	if (mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) == 0) {
		snprintf(dtp->dt_tracefs, sizeof(dtp->dt_tracefs), "/sys/kernel/tracing");
		return 0;
	}
	return dt_set_errmsg(dtp, errno == EPERM ? EDT_NOPRIV : EDT_ATTACH,
			     "tracefs is not available: %s", strerror(errno));
}

int dt_bpf_tp_id(dtrace_hdl_t *dtp, const char *category, const char *event)
{
	char path[256], buf[32];
	int fd, n;

	if (dt_bpf_tracefs(dtp) != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", dtp->dt_tracefs, category, event);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return dt_set_errmsg(dtp, EDT_ATTACH, "tracepoint %s:%s: %s", category, event,
				     strerror(errno));
	n = (int)read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return dt_set_errmsg(dtp, EDT_ATTACH, "tracepoint %s:%s: no id", category, event);
	buf[n] = '\0';
	return atoi(buf);
}

/* Point the dt_buf perf event array's slot for cpu at its ring. */
int dt_bpf_perfbuf_set(dtrace_hdl_t *dtp, int cpu, int fd)
{
	if (bpf_map_update_elem(dtp->dt_buffd, &cpu, &fd, BPF_ANY) != 0)
		return dt_set_errmsg(dtp, EDT_BPF, "failed to set up the buffer of CPU %d: %s", cpu,
				     strerror(errno));
	return 0;
}

/*
 * The speculation maps (docs/speculation.md): dt_spec holds one state word
 * per speculation, dt_specbuf one buffer per speculation and CPU (a
 * dt_specchunk_t header, then specsize bytes of records).  Both are mmapped
 * for the consumer, which cleans committed and discarded speculations.
 * A specsize the kernel refuses is halved until accepted under
 * bufresize=auto (the lowered size is left in the option), and is an error
 * under bufresize=manual.
 */
static void *spec_mmap(dtrace_hdl_t *dtp, int fd, size_t len, const char *name)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED) {
		dt_set_errmsg(dtp, EDT_BPF, "failed to map %s: %s", name, strerror(errno));
		return NULL;
	}
	return p;
}

int dt_bpf_spec_create(dtrace_hdl_t *dtp)
{
	int64_t nspec = dtp->dt_options[DTOPT_NSPEC] > 0 ? dtp->dt_options[DTOPT_NSPEC] : 0;
	int64_t size = dtp->dt_options[DTOPT_SPECSIZE] & ~7LL;
	int n = (int)nspec * dtp->dt_ncpus;

	dtp->dt_specfd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, "dt_spec", 4, nspec > 0 ? (int)nspec * 8 : 8,
			       1, BPF_F_MMAPABLE);
	if (dtp->dt_specfd < 0 ||
	    (dtp->dt_specstate = spec_mmap(dtp, dtp->dt_specfd,
					   ((size_t)(nspec > 0 ? nspec : 1) * 8 + 4095) & ~4095ul,
					   "dt_spec")) == NULL)
		return -1;
	if (nspec == 0)
		return 0;
	for (;;) {
		if (size > INT32_MAX - (int64_t)sizeof(dt_specchunk_t))
			size = (INT32_MAX - sizeof(dt_specchunk_t)) & ~7LL;
		dtp->dt_specent = (int)(sizeof(dt_specchunk_t) + size);
		dtp->dt_specbuffd = mkmap(dtp, BPF_MAP_TYPE_ARRAY, "dt_specbuf", 4, dtp->dt_specent,
					  n, BPF_F_MMAPABLE);
		if (dtp->dt_specbuffd >= 0)
			break;
		if (dtp->dt_errno != EDT_NOSPACE || size == 0 ||
		    dtp->dt_options[DTOPT_BUFRESIZE] == DT_BUFRESIZE_MANUAL)
			return -1;
		size = (size / 2) & ~7LL;
		dtp->dt_options[DTOPT_SPECSIZE] = size;
	}
	dtp->dt_specbuflen = ((size_t)dtp->dt_specent * (size_t)n + 4095) & ~4095ul;
	dtp->dt_specbuf = spec_mmap(dtp, dtp->dt_specbuffd, dtp->dt_specbuflen, "dt_specbuf");
	return dtp->dt_specbuf == NULL ? -1 : 0;
}

static void close_fd(int *fdp)
{
	if (*fdp >= 0)
		close(*fdp);
	*fdp = -1;
}

static void unmap(void *p, size_t len)
{
	if (p != NULL && p != MAP_FAILED)
		munmap(p, (len + 4095) & ~4095ul);
}

/* dtrace_close(): every map dt_bpf_maps_create() and dt_bpf_spec_create() made, and the links' table. */
void dt_bpf_maps_destroy(dtrace_hdl_t *dtp)
{
	unmap(dtp->dt_globmap, (size_t)dtp->dt_globsize + DT_G_VARS);
	unmap(dtp->dt_scratchmap, dtp->dt_scratchmaplen);
	unmap(dtp->dt_bufstate, sizeof(dt_bufstate_t) * (size_t)dtp->dt_ncpus);
	unmap((void *)dtp->dt_specstate,
	      (size_t)(dtp->dt_options[DTOPT_NSPEC] > 0 ? dtp->dt_options[DTOPT_NSPEC] : 1) * 8);
	unmap(dtp->dt_specbuf, dtp->dt_specbuflen);
	unmap(dtp->dt_urowsmap, (size_t)DT_UROWS_MAX * sizeof(dt_urow_t));
	dtp->dt_urowsmap = NULL;
	dtp->dt_globmap = dtp->dt_scratchmap = NULL;
	dtp->dt_bufstate = NULL;
	dtp->dt_specstate = NULL;
	dtp->dt_specbuf = NULL;
	close_fd(&dtp->dt_globfd);
	close_fd(&dtp->dt_scratchfd);
	close_fd(&dtp->dt_dvarfd);
	close_fd(&dtp->dt_buffd);
	close_fd(&dtp->dt_bufstatefd);
	close_fd(&dtp->dt_strtabfd);
	close_fd(&dtp->dt_probetabfd);
	close_fd(&dtp->dt_specfd);
	close_fd(&dtp->dt_specbuffd);
	close_fd(&dtp->dt_urowsfd);
	close_fd(&dtp->dt_umapsfd);
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp != NULL; bp = bp->bp_next) {
		unmap(bp->bp_bind, 8 * (size_t)DT_BIND_KEYS);
		bp->bp_bind = NULL;
		close_fd(&bp->bp_bindfd);
	}
	for (int i = 0; dtp->dt_aggmaps != NULL && i < dtp->dt_naggs; i++)
		close_fd(&dtp->dt_aggmaps[i].am_fd);
	for (int i = 0; dtp->dt_aggouter != NULL && i < dtp->dt_naggouter; i++)
		close_fd(&dtp->dt_aggouter[i].ao_fd);
	free(dtp->dt_linkfds);
	dtp->dt_linkfds = NULL;
	dtp->dt_linkcap = 0;
}
