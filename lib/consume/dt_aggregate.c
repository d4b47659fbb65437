/*
 * dt_aggregate.c -- aggregations at user level: snapshots of the per-CPU
 * maps, merging, the actions that act on aggregations (printa, clear, trunc,
 * normalize, denormalize, setopt) and DTrace's output layout.
 *
 * Data.  Each aggregation is a BPF hash whose values hold a slot per CPU
 * (docs/aggregations.md) and only ever grow: the probes never reset or
 * delete anything, so no update can be lost to the consumer.  A snapshot
 * reads every key with all CPUs' slots and merges them (the paper's
 * aggregating-function property: f applied to the per-CPU results).  The consumer keeps, per key, the last
 * snapshot (ae_cur) and, once clear() or trunc() acted on the key, the
 * snapshot it acted on (ae_base): what DTrace shows is ae_cur - ae_base, the
 * data since.  That is DTrace's semantics (its kernel buffers hold the data
 * since the last snapshot and the consumer folds them into its own copy,
 * which clear() zeroes and trunc() removes from) without any reset of
 * kernel data.
 *
 * Snapshots.  dt_aggregate_snap() (from dtrace_work, at most once per
 * aggrate) marks the snapshots stale; the first printa()/clear()/trunc() of
 * an aggregation in that pass re-reads its map, and the rest of the pass
 * uses that same snapshot, so "printa(@); clear(@)" prints and clears the
 * same data, and nothing is counted twice or never.
 *
 * Output.  Rows are "bundles": a key and one value per aggregation printed
 * (printa of several aggregations joins them on their keys, missing values
 * being zero).  Sorting follows DTrace: by value (then key), or by key (then
 * value) with aggsortkey, starting at key aggsortkeypos, on the value of
 * aggregation aggsortpos, all reversed by aggsortrev.  The pure functions
 * (buckets, merge, comparison, printing of values) have no BPF in them and
 * are unit-tested (tests/unit/agg_test.c).
 */
#include "dt_consume.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================ arithmetic */

typedef unsigned __int128 u128;

static u128 sq_get(const int64_t *w)
{
	return ((u128)(uint64_t)w[1] << 64) | (uint64_t)w[0];
}

static void sq_set(int64_t *w, u128 v)
{
	w[0] = (int64_t)(uint64_t)v;
	w[1] = (int64_t)(uint64_t)(v >> 64);
}

/* Fold one CPU's value (src) into dst; a CPU that made no update is skipped. */
void dt_agg_merge(int func, int nwords, int64_t *dst, const int64_t *src)
{
	if (src[0] == 0)
		return;
	switch (func) {
	case DT_AGG_MIN:
		if (dst[0] == 0 || src[1] < dst[1])
			dst[1] = src[1];
		dst[0] += src[0];
		return;
	case DT_AGG_MAX:
		if (dst[0] == 0 || src[1] > dst[1])
			dst[1] = src[1];
		dst[0] += src[0];
		return;
	case DT_AGG_STDDEV:
		dst[0] += src[0];
		dst[1] += src[1];
		sq_set(dst + 2, sq_get(dst + 2) + sq_get(src + 2));
		return;
	default:
		for (int i = 0; i < nwords; i++)
			dst[i] = (int64_t)((uint64_t)dst[i] + (uint64_t)src[i]);
	}
}

/*
 * The data since a clear()/trunc() (cur - base).  min() and max() are not
 * subtractive: as in DTrace, a cleared min/max restarts from zero, so it is
 * min(0, new minimum), known when the minimum moved since; else 0.
 */
static void agg_since(int func, int nwords, int64_t *out, const int64_t *cur,
		      const int64_t *base)
{
	switch (func) {
	case DT_AGG_MIN:
	case DT_AGG_MAX: {
		bool moved = func == DT_AGG_MIN ? cur[1] < base[1] : cur[1] > base[1];

		out[0] = cur[0] - base[0];
		out[1] = !moved || out[0] == 0 ? 0 :
			 func == DT_AGG_MIN ? (cur[1] < 0 ? cur[1] : 0) : (cur[1] > 0 ? cur[1] : 0);
		return;
	}
	case DT_AGG_STDDEV:
		out[0] = cur[0] - base[0];
		out[1] = (int64_t)((uint64_t)cur[1] - (uint64_t)base[1]);
		sq_set(out + 2, sq_get(cur + 2) - sq_get(base + 2));
		return;
	default:
		for (int i = 0; i < nwords; i++)
			out[i] = (int64_t)((uint64_t)cur[i] - (uint64_t)base[i]);
	}
}

static uint64_t isqrt128(u128 v)
{
	u128 res = 0, bit = (u128)1 << 126;

	while (bit > v)
		bit >>= 2;
	while (bit != 0) {
		if (v >= res + bit) {
			v -= res + bit;
			res = (res >> 1) + bit;
		} else {
			res >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)res;
}

/* DTrace's stddev: sqrt(avg(x^2) - avg(x)^2) in 128-bit integers, truncating. */
uint64_t dt_agg_stddev(const int64_t *d, uint64_t normal)
{
	u128 avgsq;
	int64_t avg;

	if (d[0] == 0)
		return 0;
	avgsq = sq_get(d + 2) / normal / normal / (uint64_t)d[0];
	avg = d[1] / (int64_t)normal / d[0];
	if (avg < 0)
		avg = -avg;
	return isqrt128(avgsq - (u128)(uint64_t)avg * (uint64_t)avg);
}

/* ---------------------------------------------------------- comparison */

static int cmp_ld(long double a, long double b)
{
	return a < b ? -1 : a > b;
}

static int cmp_i64(int64_t a, int64_t b)
{
	return a < b ? -1 : a > b;
}

/* Weighted sums and the weight at zero: how DTrace orders distributions. */
static long double quantize_sum(const int64_t *q, int64_t *zero)
{
	long double t = 0;

	for (int i = 0; i < DT_QUANTIZE_NBUCKETS; i++)
		t += (long double)dt_agg_quantize_bucketval(i) * (long double)q[i];
	*zero = q[DT_QUANTIZE_ZEROBUCKET];
	return t;
}

static long double lquantize_sum(const int64_t *q, const int64_t *p, int64_t *zero)
{
	int64_t base = p[0], step = p[2], levels = p[1], v = base;
	long double t = (long double)q[0] * (long double)(base - 1);

	*zero = base - 1 == 0 ? q[0] : 0;
	for (int64_t i = 0; i < levels; v += step, i++) {
		t += (long double)q[i + 1] * (long double)v;
		if (v == 0)
			*zero = q[i + 1];
	}
	if (v + 1 == 0)
		*zero = q[levels + 1];
	return t + (long double)q[levels + 1] * (long double)(v + 1);
}

static long double llquantize_sum(const int64_t *q, const int64_t *p, int nb, int64_t *zero)
{
	dt_agg_llqwalk_t w;
	long double t;

	dt_agg_llqwalk_init(&w, p, nb);
	t = (long double)q[0] * (long double)(w.lw_value - 1);
	while (dt_agg_llqwalk_next(&w))
		t += (long double)q[w.lw_bin] * (long double)w.lw_value;
	*zero = q[0];
	return t + (long double)q[w.lw_bin] * (long double)w.lw_value;
}

static int64_t avg_of(const int64_t *d)
{
	return d[0] ? d[1] / d[0] : 0;
}

/* Compare two values of an aggregation in DTrace's value order. */
int dt_agg_valcmp(const dt_aggmap_t *am, const int64_t *a, const int64_t *b)
{
	int64_t za = 0, zb = 0;
	long double sa, sb;
	int r;

	switch (am->am_func) {
	case DT_AGG_COUNT:
		return cmp_i64(a[0], b[0]);
	case DT_AGG_AVG:
		return cmp_i64(avg_of(a), avg_of(b));
	case DT_AGG_STDDEV: {
		uint64_t x = dt_agg_stddev(a, 1), y = dt_agg_stddev(b, 1);

		return x < y ? -1 : x > y;
	}
	case DT_AGG_QUANTIZE:
		sa = quantize_sum(a + 1, &za);
		sb = quantize_sum(b + 1, &zb);
		break;
	case DT_AGG_LQUANTIZE:
		sa = lquantize_sum(a + 1, am->am_params, &za);
		sb = lquantize_sum(b + 1, am->am_params, &zb);
		break;
	case DT_AGG_LLQUANTIZE:
		sa = llquantize_sum(a + 1, am->am_params, am->am_nwords - 1, &za);
		sb = llquantize_sum(b + 1, am->am_params, am->am_nwords - 1, &zb);
		break;
	default:
		return cmp_i64(a[1], b[1]);
	}
	if ((r = cmp_ld(sa, sb)) != 0)
		return r;
	return cmp_i64(za, zb);
}


/* ================================================================ state */

typedef struct dt_aggent {
	int64_t *ae_base;	   /* values at the last clear()/trunc(), or NULL */
	bool ae_hidden;		   /* trunc()ed: shown again once it has new data */
	int64_t *ae_cur;	   /* merged values of the last snapshot */
	char ae_key[];		   /* am_keysize bytes, then the values */
} dt_aggent_t;

typedef struct dt_aggvar {
	dt_aggmap_t *av_map;
	dt_hash_t av_keys;	/* entries by ae_key (core/dt_hash.c) ... */
	bool av_hashed;		/* ... once a snapshot after the first needs it */
	dt_aggent_t **av_ents; /* every entry, in creation order */
	size_t av_nents, av_cap;
	char *av_block;		/* the first snapshot's entries, in one allocation ... */
	size_t av_nblock;	/* ... of this many */
	uint64_t av_normal;
	bool av_printed;	/* printa() printed some of it */
	bool av_fresh;		/* snapshot taken in this pass */
	dtrace_aggdesc_t av_desc; /* as the caller sees it (include/dtrace.h) */
} dt_aggvar_t;

struct dt_aggstate {
	dt_aggvar_t *as_vars;
	int as_nvars;
	uint64_t as_last;	/* time of the last dt_aggregate_snap() tick */
	int64_t *as_zero;	/* zero value of the widest aggregation */
};

static void desc_make(struct dt_aggvar *, int id);

static void agg_state_undo(void *dtp)
{
	dt_aggregate_fini(dtp);
}

static struct dt_aggstate *agg_state(dtrace_hdl_t *dtp)
{
	struct dt_aggstate *as = dtp->dt_aggstate;
	dt_nomem_undo_t undo;
	dt_aggmap_t *maps;
	int maxw = 1;

	if (as != NULL)
		return as;
	maps = dtp->dt_aggmaps; /* cg/dt_agg_layout.c */
	/* the handle's as it is built; out of memory undoes it all (core/dt_alloc.c) */
	dt_nomem_hold(&undo, agg_state_undo, dtp);
	as = dtp->dt_aggstate = dt_zalloc(sizeof(*as));
	as->as_vars = dt_zalloc(sizeof(dt_aggvar_t) * (size_t)(dtp->dt_naggs + 1));
	for (int i = 0; i < dtp->dt_naggs; i++) {
		as->as_vars[i].av_map = &maps[i];
		as->as_vars[i].av_normal = 1;
		as->as_nvars = i + 1;
		desc_make(&as->as_vars[i], i);
		if (maps[i].am_nwords > maxw)
			maxw = maps[i].am_nwords;
	}
	as->as_zero = dt_zalloc(sizeof(int64_t) * (size_t)maxw);
	dt_nomem_release(&undo);
	return as;
}

/* Every entry into av_keys, keyed by its own key bytes (out of memory: those that fit). */
static void hash_build(dt_aggvar_t *av)
{
	size_t ksz = (size_t)av->av_map->am_keysize;

	av->av_hashed = true;
	for (size_t i = 0; i < av->av_nents; i++) {
		dt_aggent_t *e = av->av_ents[i];
		void **slot = dt_hash_slot(&av->av_keys, e->ae_key, ksz);

		if (slot == NULL)
			return;
		*slot = e;
	}
}

static size_t ent_size(const dt_aggmap_t *am)
{
	return sizeof(dt_aggent_t) + (((size_t)am->am_keysize + 7) & ~(size_t)7) +
	       sizeof(int64_t) * (size_t)am->am_nwords;
}

static void ent_init(const dt_aggmap_t *am, dt_aggent_t *e, const char *key)
{
	memcpy(e->ae_key, key, (size_t)am->am_keysize);
	e->ae_cur = (int64_t *)(void *)(e->ae_key + (((size_t)am->am_keysize + 7) & ~(size_t)7));
}

/*
 * The first snapshot's entries, in one allocation and not yet hashed: the
 * hash is built (hash_build) only if a later snapshot needs to find them.
 */
static void ents_new(dt_aggvar_t *av, const char *keys, int n)
{
	const dt_aggmap_t *am = av->av_map;
	size_t sz = ent_size(am), ksz = (size_t)am->am_keysize;
	char *block = dt_zalloc(sz * (size_t)n);

	free(av->av_block); /* (only ever made for an empty aggregation) */
	av->av_block = block;
	av->av_nblock = (size_t)n;

	av->av_cap = (size_t)n;
	av->av_ents = dt_realloc(av->av_ents, sizeof(*av->av_ents) * av->av_cap);
	for (int i = 0; i < n; i++) {
		dt_aggent_t *e = (dt_aggent_t *)(void *)(block + sz * (size_t)i);

		ent_init(am, e, keys + ksz * (size_t)i);
		av->av_ents[i] = e;
	}
	av->av_nents = (size_t)n;
}

static dt_aggent_t *ent_get(dt_aggvar_t *av, const char *key)
{
	const dt_aggmap_t *am = av->av_map;
	size_t ksz = (size_t)am->am_keysize;
	uint64_t h = dt_hash_bytes(key, ksz);
	dt_aggent_t *e;
	void **slot;

	if ((e = dt_hash_find_h(&av->av_keys, h, key, ksz)) != NULL)
		return e;
	e = dt_zalloc(ent_size(am));
	ent_init(am, e, key); /* the table's key is the entry's copy */
	if ((slot = dt_hash_slot_h(&av->av_keys, h, e->ae_key, ksz)) == NULL) {
		free(e);
		return NULL;
	}
	*slot = e;
	if (av->av_nents == av->av_cap) {
		av->av_cap = av->av_cap ? av->av_cap * 2 : 64;
		av->av_ents = dt_realloc(av->av_ents, sizeof(*av->av_ents) * av->av_cap);
	}
	av->av_ents[av->av_nents++] = e;
	return e;
}

/*
 * Keys made of sym(), func(), mod(), usym(), ufunc(), umod(): DTrace files
 * an address under its function's first address (its module's, for
 * mod()), so that each function (module) is one row, not one per address
 * (dt_aggregate_sym/mod/usym/umod).  Rewrites key in place; false if the
 * aggregation has no such key.
 */
static bool key_normalize(dtrace_hdl_t *dtp, const dt_aggmap_t *am, char *key)
{
	bool any = false;

	for (int i = 0; i < am->am_nkeys; i++) {
		const dt_aggkey_t *k = &am->am_keys[i];
		char *p = key + k->ak_off;
		const char *mod, *name;
		uint64_t v[2], sa;

		if (k->ak_rec != DT_ACT_SYM && k->ak_rec != DT_ACT_MOD && k->ak_rec != DT_ACT_USYM &&
		    k->ak_rec != DT_ACT_UMOD)
			continue;
		any = true;
		memcpy(v, p, k->ak_rec == DT_ACT_SYM || k->ak_rec == DT_ACT_MOD ? 8 : 16);
		switch (k->ak_rec) {
		case DT_ACT_SYM:
			if (dt_ksym_lookup(dtp, v[0], &mod, &name, &sa) == 0)
				v[0] = sa;
			break;
		case DT_ACT_MOD:
			v[0] = dt_ksym_modbase(dtp, v[0]);
			break;
		case DT_ACT_USYM:
			if (dt_usym_lookup(dtp, (pid_t)v[0], v[1], &mod, &name, &sa) == 0)
				v[1] = sa;
			break;
		default:
			v[1] = dt_usym_modbase(dtp, (pid_t)v[0], v[1]);
			break;
		}
		memcpy(p, v, k->ak_rec == DT_ACT_SYM || k->ak_rec == DT_ACT_MOD ? 8 : 16);
	}
	return any;
}

/* Read an aggregation's map and merge every key's per-CPU values. */
static int agg_read(dtrace_hdl_t *dtp, dt_aggvar_t *av)
{
	const dt_aggmap_t *am = av->av_map;
	dt_nomem_undo_t kundo, vundo;
	char *keys = NULL;
	int64_t *vals = NULL;
	int ncpus = am->am_ncpus, n;
	bool norm;

	if (av->av_fresh || am->am_fd < 0)
		return 0;
	if ((n = dt_bpf_agg_read(dtp, am, &keys, &vals)) < 0)
		return -1;
	dt_nomem_hold(&kundo, dt_nomem_free_ptr, &keys); /* out of memory: freed */
	dt_nomem_hold(&vundo, dt_nomem_free_ptr, &vals);
	if (am->am_array && n == 1) { /* an array's entry: data once a CPU updated it */
		int64_t updates = 0;

		for (int c = 0; c < ncpus; c++)
			updates += vals[(size_t)c * (size_t)am->am_stride];
		n = updates != 0 ? 1 : 0;
	}
	/* several keys may become one: merged into it, from zero */
	norm = n > 0 && key_normalize(dtp, am, keys);
	for (int i = 1; norm && i < n; i++)
		key_normalize(dtp, am, keys + (size_t)i * (size_t)am->am_keysize);
	/* the first keys, in one block (not after an empty read: the hash exists) */
	if (av->av_nents == 0 && !av->av_hashed && n > 0 && !norm)
		ents_new(av, keys, n);
	else if (!av->av_hashed)
		hash_build(av);
	for (size_t j = 0; norm && j < av->av_nents; j++)
		memset(av->av_ents[j]->ae_cur, 0, sizeof(int64_t) * (size_t)am->am_nwords);
	for (int i = 0; i < n; i++) {
		dt_aggent_t *e = !av->av_hashed ? av->av_ents[i] :
			ent_get(av, keys + (size_t)i * (size_t)am->am_keysize);
		const int64_t *v = vals + (size_t)i * (size_t)ncpus * (size_t)am->am_stride;

		if (e == NULL) /* out of memory */
			continue;
		if (!norm)
			memset(e->ae_cur, 0, sizeof(int64_t) * (size_t)am->am_nwords);
		for (int c = 0; c < ncpus; c++)
			dt_agg_merge(am->am_func, am->am_nwords, e->ae_cur,
				     v + (size_t)c * (size_t)am->am_stride);
	}
	for (size_t j = 0; j < av->av_nents; j++) {
		dt_aggent_t *e = av->av_ents[j];

		if (e->ae_hidden && e->ae_cur[0] != e->ae_base[0])
			e->ae_hidden = false; /* new data since trunc() */
	}
	dt_nomem_release(&vundo);
	dt_nomem_release(&kundo);
	free(keys);
	free(vals);
	av->av_fresh = true;
	return 0;
}

/*
 * From dtrace_work(): a new snapshot is due once per aggrate (or now), the
 * first at the first pass, as in DTrace.  With an aggrate longer than a
 * pass, the snapshot is taken now, every aggregation read, so that
 * printa() shows the data as of the last aggregation-rate tick, not as of
 * its own processing; at the default (0, every pass) reading is left to
 * the first use in the pass.
 */
void dt_aggregate_snap(dtrace_hdl_t *dtp, bool force)
{
	struct dt_aggstate *as = dtp->dt_aggstate;
	uint64_t now = dt_now(), rate = (uint64_t)dtp->dt_options[DTOPT_AGGRATE];
	bool eager = !force && rate > (uint64_t)dtp->dt_options[DTOPT_SWITCHRATE];

	if (as == NULL && eager && dtp->dt_naggs > 0 && dtp->dt_aggmaps != NULL)
		as = agg_state(dtp);
	if (as == NULL)
		return;
	if (!force && as->as_last != 0 && now - as->as_last < rate)
		return;
	as->as_last = now;
	for (int i = 0; i < as->as_nvars; i++) {
		as->as_vars[i].av_fresh = false;
		if (eager)
			agg_read(dtp, &as->as_vars[i]);
	}
}

/* ================================================================ rows */

typedef struct dt_aggrow {
	const dt_aggmap_t *r_map; /* layout of r_key */
	const char *r_key;
	const int64_t **r_vals;	  /* one per aggregation printed; NULL = no data */
	dt_aggent_t *r_ent;	  /* single aggregation: its entry */
	int64_t r_sv;		  /* scalar_sort(): the value compared */
} dt_aggrow_t;

static int64_t key_int(const dt_aggkey_t *k, const char *key);

typedef struct dt_aggsort {
	const dt_aggmap_t **s_maps;
	int s_naggs;
	int s_pos;		/* aggsortpos: the value compared first */
	int s_keypos;
	bool s_keysort, s_rev;
	const int64_t *s_zero;
} dt_aggsort_t;

static int keyslot_cmp(const dt_aggrow_t *a, const dt_aggrow_t *b, int i)
{
	const dt_aggkey_t *ka = &a->r_map->am_keys[i], *kb = &b->r_map->am_keys[i];
	uint64_t x, y;

	if (ka->ak_rec) { /* a stack or symbol: its bytes */
		int r = memcmp(a->r_key + ka->ak_off, b->r_key + kb->ak_off, (size_t)ka->ak_size);

		return r < 0 ? -1 : r > 0;
	}
	if (ka->ak_string) {
		int r = strncmp(a->r_key + ka->ak_off, b->r_key + kb->ak_off,
				(size_t)(ka->ak_size > kb->ak_size ? ka->ak_size : kb->ak_size));

		return r < 0 ? -1 : r > 0;
	}
	memcpy(&x, a->r_key + ka->ak_off, 8);
	memcpy(&y, b->r_key + kb->ak_off, 8);
	return x < y ? -1 : x > y;
}

/* Keys compared from key keypos on, wrapping around (aggsortkeypos). */
static int key_cmp(const dt_aggrow_t *a, const dt_aggrow_t *b, int keypos)
{
	int n = a->r_map->am_nkeys, r, i = n > 0 ? keypos % n : 0;

	for (int j = 0; j < n; j++, i = i + 1 == n ? 0 : i + 1)
		if ((r = keyslot_cmp(a, b, i)) != 0)
			return r;
	return 0;
}

static const int64_t *row_val(const dt_aggrow_t *r, int i, const dt_aggsort_t *s)
{
	return r->r_vals[i] != NULL ? r->r_vals[i] : s->s_zero;
}

static int vals_cmp(const dt_aggrow_t *a, const dt_aggrow_t *b, const dt_aggsort_t *s)
{
	int r;

	for (int j = -1; j < s->s_naggs; j++) {
		int i = j < 0 ? s->s_pos : j;

		if (j == s->s_pos)
			continue;
		if ((r = dt_agg_valcmp(s->s_maps[i], row_val(a, i, s), row_val(b, i, s))) != 0)
			return r;
	}
	return 0;
}

/* The rows' order: by keys then values, or values then keys; reversed. */
static int rows_order(const dt_aggrow_t *a, const dt_aggrow_t *b, const dt_aggsort_t *s,
		      int (*vcmp)(const dt_aggrow_t *, const dt_aggrow_t *, const dt_aggsort_t *))
{
	int r;

	if (s->s_keysort) {
		if ((r = key_cmp(a, b, s->s_keypos)) == 0)
			r = vcmp(a, b, s);
	} else if ((r = vcmp(a, b, s)) == 0) {
		r = key_cmp(a, b, s->s_keypos);
	}
	return s->s_rev ? -r : r;
}

static int row_cmp(const void *x, const void *y, void *arg)
{
	return rows_order(x, y, arg, vals_cmp);
}

/*
 * One aggregation of count/sum/min/max/avg: the value compared is one
 * int64, computed once per row rather than once per comparison.
 */
static bool scalar_sort(const dt_aggsort_t *s)
{
	int f = s->s_maps[0]->am_func;

	return s->s_naggs == 1 && f != DT_AGG_STDDEV && f < DT_AGG_QUANTIZE;
}

static int64_t scalar_of(const dt_aggmap_t *am, const int64_t *d)
{
	return am->am_func == DT_AGG_COUNT ? d[0] : am->am_func == DT_AGG_AVG ? avg_of(d) : d[1];
}

static int scalar_cmp(const dt_aggrow_t *a, const dt_aggrow_t *b, const dt_aggsort_t *s)
{
	(void)s;
	return cmp_i64(a->r_sv, b->r_sv);
}

static int row_cmp_scalar(const void *x, const void *y, void *arg)
{
	return rows_order(x, y, arg, scalar_cmp);
}

/*
 * Scalar values and at most one integer key (the common big case): sort
 * 128-bit keys (value, key) or (key, value) by LSD radix, 8 bits a pass,
 * skipping the passes where every element has the same digit; rows are
 * unique by key, so aggsortrev just reverses the result.
 */
typedef struct dt_sortkey {
	uint64_t sk_hi, sk_lo;
	const dt_aggrow_t *sk_row;
} dt_sortkey_t;

static void radix_sort(dt_sortkey_t *a, dt_sortkey_t *tmp, size_t n)
{
	dt_sortkey_t *src = a, *dst = tmp, *t;

	for (int pass = 0; pass < 16; pass++) {
		size_t cnt[256] = { 0 }, pos = 0;
		int sh = (pass & 7) * 8;
		bool lo = pass < 8, trivial = false;

		for (size_t i = 0; i < n; i++)
			cnt[((lo ? src[i].sk_lo : src[i].sk_hi) >> sh) & 0xff]++;
		for (int d = 0; d < 256; d++) {
			size_t c = cnt[d];

			trivial |= c == n;
			cnt[d] = pos;
			pos += c;
		}
		if (trivial)
			continue;
		for (size_t i = 0; i < n; i++)
			dst[cnt[((lo ? src[i].sk_lo : src[i].sk_hi) >> sh) & 0xff]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, sizeof(*a) * n);
}

static bool compact_sort(dt_aggrow_t *rows, size_t n, const dt_aggsort_t *s)
{
	const dt_aggmap_t *am = s->s_maps[0];
	dt_sortkey_t *sk, *buf;
	dt_aggrow_t *out;

	if (am->am_nkeys > 1 || (am->am_nkeys == 1 && am->am_keys[0].ak_string))
		return false;
	if (am->am_nkeys == 1 && am->am_keys[0].ak_rec && am->am_keys[0].ak_size > 8)
		return false; /* a stack, or pid and address: more than the first word */
	sk = dt_zalloc(sizeof(*sk) * (n + 1));
	buf = dt_zalloc(sizeof(*sk) * (n + 1));
	out = dt_zalloc(sizeof(*out) * (n + 1));
	for (size_t i = 0; i < n; i++) {
		uint64_t v = (uint64_t)scalar_of(am, row_val(&rows[i], 0, s)) ^ (1ULL << 63);
		uint64_t k = am->am_nkeys ? (uint64_t)key_int(&am->am_keys[0], rows[i].r_key) : 0;

		sk[i].sk_hi = s->s_keysort ? k : v;
		sk[i].sk_lo = s->s_keysort ? v : k;
		sk[i].sk_row = &rows[i];
	}
	radix_sort(sk, buf, n);
	for (size_t i = 0; i < n; i++)
		out[s->s_rev ? n - 1 - i : i] = *sk[i].sk_row;
	memcpy(rows, out, sizeof(*out) * n);
	free(out);
	free(buf);
	free(sk);
	return true;
}

static void rows_sort(dt_aggrow_t *rows, size_t n, const dt_aggsort_t *s)
{
	if (!scalar_sort(s)) {
		qsort_r(rows, n, sizeof(dt_aggrow_t), row_cmp, (void *)s);
		return;
	}
	if (compact_sort(rows, n, s))
		return;
	for (size_t i = 0; i < n; i++)
		rows[i].r_sv = scalar_of(s->s_maps[0], row_val(&rows[i], 0, s));
	qsort_r(rows, n, sizeof(dt_aggrow_t), row_cmp_scalar, (void *)s);
}

static void sort_init(dtrace_hdl_t *dtp, dt_aggsort_t *s, const dt_aggmap_t **maps, int n)
{
	int64_t pos = dtp->dt_options[DTOPT_AGGSORTPOS];
	int64_t kp = dtp->dt_options[DTOPT_AGGSORTKEYPOS];

	s->s_maps = maps;
	s->s_naggs = n;
	s->s_pos = pos > 0 && pos < n ? (int)pos : 0;
	s->s_keypos = kp > 0 && kp <= INT32_MAX ? (int)kp : 0;
	s->s_keysort = dtp->dt_options[DTOPT_AGGSORTKEY] != 0;
	s->s_rev = dtp->dt_options[DTOPT_AGGSORTREV] != 0;
	s->s_zero = dtp->dt_aggstate->as_zero;
}

/* The values shown for an entry: all of it, or what came after clear/trunc. */
static const int64_t *ent_value(const dt_aggmap_t *am, dt_aggent_t *e, int64_t *buf)
{
	if (e->ae_base == NULL)
		return e->ae_cur;
	agg_since(am->am_func, am->am_nwords, buf, e->ae_cur, e->ae_base);
	return buf;
}

typedef struct dt_rows {
	dt_aggrow_t *rs_rows;
	size_t rs_n;
	const int64_t **rs_vals;  /* rs_n * naggs pointers */
	int64_t *rs_bufs[64];	  /* values of entries with a base, per aggregation */
	int rs_nbufs;
	dt_nomem_undo_t rs_undo;  /* out of memory before rows_free() frees them */
} dt_rows_t;

static void rows_drop(void *arg)
{
	dt_rows_t *rs = arg;

	free(rs->rs_rows);
	free(rs->rs_vals);
	for (int i = 0; i < rs->rs_nbufs; i++)
		free(rs->rs_bufs[i]);
}

static void rows_init(dt_rows_t *rs)
{
	memset(rs, 0, sizeof(*rs));
	dt_nomem_hold(&rs->rs_undo, rows_drop, rs);
}

static void rows_free(dt_rows_t *rs)
{
	dt_nomem_release(&rs->rs_undo);
	free(rs->rs_rows);
	free(rs->rs_vals);
	for (int i = 0; i < rs->rs_nbufs; i++)
		free(rs->rs_bufs[i]);
}

/* Rows of one aggregation: the entries with something to show, unsorted. */
static void rows_one(dt_aggvar_t *av, dt_rows_t *rs)
{
	const dt_aggmap_t *am = av->av_map;
	size_t nb = 0, k = 0;
	int64_t *buf;

	for (size_t i = 0; i < av->av_nents; i++)
		nb += av->av_ents[i]->ae_base != NULL;
	rows_init(rs);
	rs->rs_rows = dt_zalloc(sizeof(dt_aggrow_t) * (av->av_nents + 1));
	rs->rs_vals = dt_zalloc(sizeof(int64_t *) * (av->av_nents + 1));
	buf = rs->rs_bufs[rs->rs_nbufs++] = dt_zalloc(sizeof(int64_t) *
						      (nb * (size_t)am->am_nwords + 1));
	for (size_t i = 0; i < av->av_nents; i++) {
		dt_aggent_t *e = av->av_ents[i];
		dt_aggrow_t *r = &rs->rs_rows[rs->rs_n];
		const int64_t *v;

		if (e->ae_hidden)
			continue;
		v = ent_value(am, e, buf + k * (size_t)am->am_nwords);
		k += e->ae_base != NULL;
		rs->rs_vals[rs->rs_n] = v;
		r->r_map = am;
		r->r_key = e->ae_key;
		r->r_vals = &rs->rs_vals[rs->rs_n];
		r->r_ent = e;
		rs->rs_n++;
	}
}

static int rowkey_cmp(const void *x, const void *y)
{
	return key_cmp(x, y, 0);
}

/*
 * Rows of several aggregations joined on their keys: each aggregation's
 * rows sorted by key, then one row per distinct key.
 */
static void rows_joined(dt_aggvar_t **avs, int n, dt_rows_t *rs)
{
	dt_rows_t *each = dt_zalloc(sizeof(dt_rows_t) * (size_t)n);
	dt_aggrow_t *all;
	size_t total = 0, k = 0;

	for (int j = 0; j < n; j++) {
		rows_one(avs[j], &each[j]);
		total += each[j].rs_n;
	}
	all = dt_zalloc(sizeof(dt_aggrow_t) * (total + 1));
	for (int j = 0; j < n; j++)
		for (size_t i = 0; i < each[j].rs_n; i++, k++) {
			all[k] = each[j].rs_rows[i];
			all[k].r_ent = (dt_aggent_t *)(uintptr_t)j; /* which aggregation */
		}
	qsort(all, total, sizeof(*all), rowkey_cmp);
	rows_init(rs);
	rs->rs_rows = dt_zalloc(sizeof(dt_aggrow_t) * (total + 1));
	rs->rs_vals = dt_zalloc(sizeof(int64_t *) * (total * (size_t)n + 1));
	for (size_t i = 0; i < total; i++) {
		dt_aggrow_t *r = &rs->rs_rows[rs->rs_n];

		if (i == 0 || key_cmp(&all[i - 1], &all[i], 0) != 0) {
			*r = all[i];
			r->r_vals = &rs->rs_vals[rs->rs_n * (size_t)n];
			r->r_ent = NULL;
			rs->rs_n++;
		} else {
			r--;
		}
		r->r_vals[(uintptr_t)all[i].r_ent] = all[i].r_vals[0];
	}
	/* the per-aggregation value buffers stay alive with the joined rows */
	for (int j = 0; j < n; j++) {
		free(each[j].rs_rows);
		free(each[j].rs_vals);
		for (int i = 0; i < each[j].rs_nbufs; i++)
			rs->rs_bufs[rs->rs_nbufs++] = each[j].rs_bufs[i];
	}
	free(all);
	free(each);
}

/* ================================================================ walks */

static int64_t key_int(const dt_aggkey_t *k, const char *key)
{
	int64_t v;

	memcpy(&v, key + k->ak_off, 8);
	return v;
}

/*
 * The descriptions of the aggregations (include/dtrace.h), made with the
 * state: the function, its parameters and the keys' layout.
 */
static const char *const dt_aggfuncs[] = {
	[DT_AGG_COUNT] = "count", [DT_AGG_SUM] = "sum", [DT_AGG_AVG] = "avg",
	[DT_AGG_MIN] = "min", [DT_AGG_MAX] = "max", [DT_AGG_STDDEV] = "stddev",
	[DT_AGG_QUANTIZE] = "quantize", [DT_AGG_LQUANTIZE] = "lquantize",
	[DT_AGG_LLQUANTIZE] = "llquantize",
};

static void desc_make(dt_aggvar_t *av, int id)
{
	const dt_aggmap_t *am = av->av_map;
	dtrace_aggdesc_t *d = &av->av_desc;
	dtrace_recdesc_t *k = dt_zalloc(sizeof(*k) * (size_t)(am->am_nkeys + 1));
	const char *name = am->am_ident != NULL ? am->am_ident->di_name : "@";

	d->dtagd_id = id;
	d->dtagd_name = name[0] == '@' ? name + 1 : name;
	d->dtagd_func = (dtrace_aggfunc_t)am->am_func;
	d->dtagd_funcname = am->am_func > 0 && am->am_func <= DT_AGG_LLQUANTIZE ?
			    dt_aggfuncs[am->am_func] : "?";
	d->dtagd_nkeys = am->am_nkeys;
	d->dtagd_keys = k;
	for (int i = 0; i < 4; i++)
		d->dtagd_params[i] = am->am_params[i];
	d->dtagd_nwords = am->am_nwords;
	for (int i = 0; i < am->am_nkeys; i++) {
		const dt_aggkey_t *ak = &am->am_keys[i];

		k[i].dtrd_offset = (uint32_t)ak->ak_off;
		k[i].dtrd_size = (uint32_t)ak->ak_size;
		if (ak->ak_rec) { /* a stack or symbol (dt_stack.c) */
			k[i].dtrd_action = (dtrace_actkind_t)dt_stack_pubact(ak->ak_rec);
			k[i].dtrd_kind = ak->ak_rec == DT_ACT_STACK ? DTRACE_DATA_KSTACK :
					 ak->ak_rec == DT_ACT_USTACK ? DTRACE_DATA_USTACK :
					 ak->ak_rec == DT_ACT_SYM || ak->ak_rec == DT_ACT_MOD ?
					 DTRACE_DATA_KADDR : DTRACE_DATA_UADDR;
		} else if (ak->ak_string) {
			k[i].dtrd_kind = DTRACE_DATA_STRING;
			k[i].dtrd_type = "string";
		} else {
			k[i].dtrd_kind = DTRACE_DATA_INT;
			k[i].dtrd_tsize = (uint32_t)ak->ak_tsize;
			k[i].dtrd_signed = ak->ak_signed;
			k[i].dtrd_type = dt_int_typename(ak->ak_tsize, ak->ak_signed);
		}
	}
}

const dtrace_aggdesc_t *dtrace_aggregate_desc(dtrace_hdl_t *dtp, int id)
{
	struct dt_aggstate *as;

	if (dtp->dt_naggs == 0 || dtp->dt_aggmaps == NULL || id < 0 || id >= dtp->dt_naggs)
		return NULL;
	as = agg_state(dtp);
	as->as_vars[id].av_desc.dtagd_printed = as->as_vars[id].av_printed;
	return &as->as_vars[id].av_desc;
}

/*
 * A distribution's buckets that are not empty, with their ranges: the
 * bucket layouts of dt_agg_quantize_bucket() and kin, read backwards.
 */
static int64_t pow2(int k)
{
	return (int64_t)(1ULL << k);
}

static int dist_buckets(const dt_aggmap_t *am, const int64_t *q, uint64_t normal,
			dtrace_aggbucket_t *b)
{
	int nb = am->am_nwords - 1, n = 0;
	const int64_t *p = am->am_params;

	/*
	 * Each bucket's low bound goes into b[i].dtab_min first (the caller
	 * gives room for am_nwords buckets: no fixed array a big llquantize()
	 * could overrun), then the empty buckets are squeezed out in place.
	 */
	if (am->am_func == DT_AGG_QUANTIZE) {
		for (int i = 0; i < nb; i++)
			b[i].dtab_min = i < DT_QUANTIZE_ZEROBUCKET ?
				(i == 0 ? INT64_MIN : -pow2(DT_QUANTIZE_ZEROBUCKET - i) + 1) :
				i == DT_QUANTIZE_ZEROBUCKET ? 0 : pow2(i - DT_QUANTIZE_ZEROBUCKET - 1);
	} else if (am->am_func == DT_AGG_LQUANTIZE) {
		b[0].dtab_min = INT64_MIN;
		for (int i = 1; i < nb; i++)
			b[i].dtab_min = p[0] + (int64_t)(i - 1) * p[2];
	} else { /* llquantize: its walk (layout/dt_agg_arith.c) */
		dt_agg_llqwalk_t w;

		dt_agg_llqwalk_init(&w, p, nb);
		b[0].dtab_min = INT64_MIN;
		while (dt_agg_llqwalk_next(&w))
			b[w.lw_bin].dtab_min = w.lw_value;
		for (int i = w.lw_bin; i < nb; i++)
			b[i].dtab_min = w.lw_value;
	}
	for (int i = 0; i < nb; i++) {
		int64_t lo = b[i].dtab_min;

		if (q[i] == 0)
			continue;
		b[n].dtab_min = lo;
		b[n].dtab_max = i + 1 < nb ? b[i + 1].dtab_min - 1 : INT64_MAX;
		b[n++].dtab_count = q[i] / (int64_t)normal;
	}
	return n;
}

/* A value as the caller sees it: DTrace's printed value and its parts. */
static void val_make(const dt_aggvar_t *av, const int64_t *d, dtrace_aggval_t *v,
		     dtrace_aggbucket_t *buckets)
{
	const dt_aggmap_t *am = av->av_map;
	int64_t normal = (int64_t)av->av_normal;

	memset(v, 0, sizeof(*v));
	v->dtav_desc = &av->av_desc;
	v->dtav_normal = av->av_normal;
	v->dtav_data = d;
	v->dtav_count = (uint64_t)d[0];
	switch (am->am_func) {
	case DT_AGG_COUNT:
		v->dtav_value = d[0] / normal;
		break;
	case DT_AGG_AVG:
		v->dtav_sum = d[1];
		v->dtav_value = d[0] ? d[1] / normal / d[0] : 0;
		break;
	case DT_AGG_STDDEV:
		v->dtav_sum = d[1];
		v->dtav_sumsq[0] = (uint64_t)d[2];
		v->dtav_sumsq[1] = (uint64_t)d[3];
		v->dtav_value = (int64_t)dt_agg_stddev(d, av->av_normal);
		break;
	case DT_AGG_QUANTIZE:
	case DT_AGG_LQUANTIZE:
	case DT_AGG_LLQUANTIZE:
		v->dtav_buckets = buckets;
		v->dtav_nbuckets = dist_buckets(am, d + 1, av->av_normal, buckets);
		break;
	default:
		v->dtav_value = d[1] / normal;
	}
}

/* Sort rows as asked (include/dtrace.h's DTRACE_AGGWALK_*) and hand them out. */
static int walk_rows(dtrace_hdl_t *dtp, dt_aggvar_t **avs, int n, dt_rows_t *rs, int how,
		     dtrace_aggregate_f *f, void *arg, bool *aborted)
{
	const dt_aggmap_t *maps[64];
	dtrace_aggval_t vals[64];
	dtrace_aggbucket_t *buckets = NULL;
	dt_aggsort_t s;
	int nb = 0, rv = 0;

	for (int i = 0; i < n; i++) {
		maps[i] = avs[i]->av_map;
		avs[i]->av_desc.dtagd_printed = avs[i]->av_printed;
		if (maps[i]->am_func >= DT_AGG_QUANTIZE && maps[i]->am_nwords > nb)
			nb = maps[i]->am_nwords;
	}
	if (nb > 0)
		buckets = dt_zalloc(sizeof(dtrace_aggbucket_t) * (size_t)nb * (size_t)n);
	sort_init(dtp, &s, maps, n);
	if (how & (DTRACE_AGGWALK_BYKEY | DTRACE_AGGWALK_BYVAL)) {
		s.s_keysort = (how & DTRACE_AGGWALK_BYKEY) != 0;
		s.s_rev = (how & DTRACE_AGGWALK_REVERSE) != 0;
		s.s_pos = s.s_keypos = 0;
	}
	rows_sort(rs->rs_rows, rs->rs_n, &s);
	for (size_t i = 0; i < rs->rs_n; i++) {
		const dt_aggrow_t *r = &rs->rs_rows[i];
		dtrace_aggdata_t ad = { .dtada_handle = dtp, .dtada_desc = &avs[0]->av_desc,
					.dtada_key = r->r_key, .dtada_nvals = n, .dtada_vals = vals };

		for (int j = 0; j < n; j++)
			val_make(avs[j], row_val(r, j, &s), &vals[j], buckets + (size_t)nb * (size_t)j);
		rv++;
		if (f(&ad, arg) == DTRACE_AGGWALK_ABORT) {
			*aborted = true;
			break;
		}
	}
	free(buckets);
	return rv;
}

/* ================================================================ actions */

static dt_aggvar_t *agg_var(dtrace_hdl_t *dtp, int id)
{
	struct dt_aggstate *as = agg_state(dtp);

	if (id < 0 || id >= as->as_nvars)
		return NULL;
	if (agg_read(dtp, &as->as_vars[id]) != 0)
		return NULL;
	return &as->as_vars[id];
}

static void set_base(const dt_aggmap_t *am, dt_aggent_t *e)
{
	if (e->ae_base == NULL)
		e->ae_base = dt_zalloc(sizeof(int64_t) * (size_t)am->am_nwords);
	memcpy(e->ae_base, e->ae_cur, sizeof(int64_t) * (size_t)am->am_nwords);
}

/* clear(): every value restarts from zero; the keys stay. */
static void act_clear(dt_aggvar_t *av)
{
	for (size_t i = 0; i < av->av_nents; i++)
		set_base(av->av_map, av->av_ents[i]);
}

/* trunc(@, n): keep the n largest (n < 0: the -n smallest); trunc(@): none. */
static void act_trunc(dtrace_hdl_t *dtp, dt_aggvar_t *av, int64_t keep)
{
	const dt_aggmap_t *maps[1] = { av->av_map };
	dt_aggsort_t s;
	dt_rows_t rs;

	rows_one(av, &rs);
	sort_init(dtp, &s, maps, 1);
	s.s_keysort = false;
	if (keep >= 0)
		s.s_rev = !s.s_rev;
	else
		keep = -keep;
	rows_sort(rs.rs_rows, rs.rs_n, &s);
	for (size_t i = (size_t)keep < rs.rs_n ? (size_t)keep : rs.rs_n; i < rs.rs_n; i++) {
		set_base(av->av_map, rs.rs_rows[i].r_ent);
		rs.rs_rows[i].r_ent->ae_hidden = true;
	}
	rows_free(&rs);
}

static int64_t rec_value(const char *data, const dt_recdesc_t *rd)
{
	int64_t v = 0;

	if (rd->rd_size == 8)
		memcpy(&v, data + rd->rd_off, 8);
	return rd->rd_size == 8 ? v : rd->rd_arg;
}

/* Options that may change while tracing, as DTrace's run-time options. */
static const char *const dt_rtopts[] = { "agghist", "aggpack", "aggrate", "aggsortkey",
					 "aggsortkeypos", "aggsortpos", "aggsortrev", "aggzoom",
					 "flowindent", "quiet", "rawbytes", "stackindent",
					 "statusrate", "switchrate", NULL };

static void act_setopt(dtrace_hdl_t *dtp, const dt_recdesc_t *rd)
{
	const char *opt = dtp->dt_formats[rd->rd_fmt].fm_str;
	const char *val = rd->rd_arg >= 0 ? dtp->dt_formats[rd->rd_arg].fm_str : NULL;
	const char *err = NULL;
	char msg[1024];
	const dt_epid_t *ep;
	const dtrace_probedesc_t *pd = NULL;
	int i;

	for (i = 0; dt_rtopts[i] != NULL && strcmp(dt_rtopts[i], opt) != 0; i++)
		continue;
	if (dt_rtopts[i] == NULL) {
		int64_t v;

		err = dtrace_getopt(dtp, opt, &v) == 0 ? "Operation illegal when tracing is active"
						       : dtrace_errmsg(dtp, EDT_BADOPTNAME);
	} else if (dtrace_setopt(dtp, opt, val) != 0) {
		err = dtrace_errmsg(dtp, dtrace_errno(dtp));
	}
	if (err == NULL)
		return;
	/* as illumos' dt_handle_liberr(): against the enabled probe */
	ep = dtp->dt_lastepid > 0 && dtp->dt_lastepid < (uint32_t)dtp->dt_nepids
		     ? dtp->dt_epids[dtp->dt_lastepid] : NULL;
	if (ep != NULL)
		pd = &ep->ep_probe->pr_desc;
	snprintf(msg, sizeof(msg),
		 "error on enabled probe ID %u (ID %u: %s:%s:%s:%s): "
		 "couldn't set option \"%s\" to \"%s\": %s",
		 (unsigned)dtp->dt_lastepid, pd ? pd->dtpd_id : 0, pd ? pd->dtpd_provider : "",
		 pd ? pd->dtpd_mod : "", pd ? pd->dtpd_func : "", pd ? pd->dtpd_name : "", opt,
		 val != NULL ? val : "", err);
	if (dtp->dt_errhdlr != NULL) { /* none: the caller does not want them */
		dtrace_errdata_t ed = { .dteda_msg = msg, .dteda_pdesc = pd,
					.dteda_epid = dtp->dt_lastepid };

		dtp->dt_errhdlr(&ed, dtp->dt_errarg);
	}
}

/* clear/trunc/normalize/denormalize/setopt: what they do to the consumer's state. */
int dt_aggregate_act(dtrace_hdl_t *dtp, const char *data, const dt_recdesc_t *rd)
{
	dt_aggvar_t *av = NULL;

	if (rd->rd_kind == DT_ACT_SETOPT) {
		act_setopt(dtp, rd);
		return 0;
	}
	if (rd->rd_kind == DT_ACT_PRINTA || (av = agg_var(dtp, rd->rd_aggid)) == NULL)
		return 0;
	switch (rd->rd_kind) {
	case DT_ACT_CLEAR:
		act_clear(av);
		break;
	case DT_ACT_TRUNC:
		act_trunc(dtp, av, rec_value(data, rd));
		break;
	case DT_ACT_NORMALIZE: {
		int64_t n = rec_value(data, rd);

		av->av_normal = n > 0 ? (uint64_t)n : 1;
		break;
	}
	case DT_ACT_DENORMALIZE:
		av->av_normal = 1;
		break;
	default:
		break;
	}
	return 0;
}

/* printa() printed rows of these: not printed again at the end. */
void dt_aggregate_printed(dtrace_hdl_t *dtp, const int *ids, int n)
{
	struct dt_aggstate *as = agg_state(dtp);

	for (int i = 0; i < n; i++)
		if (ids[i] >= 0 && ids[i] < as->as_nvars)
			as->as_vars[ids[i]].av_printed = true;
}

/* printa(@a, @b ...): the aggregations' rows joined on their keys. */
static int agg_walk_joined(dtrace_hdl_t *dtp, const int *ids, int n, int how,
			   dtrace_aggregate_f *f, void *arg);

typedef struct agg_joined_call {
	const int *aj_ids;
	int aj_n, aj_how;
	dtrace_aggregate_f *aj_func;
	void *aj_arg;
} agg_joined_call_t;

static int agg_joined_call(dtrace_hdl_t *dtp, void *arg)
{
	agg_joined_call_t *aj = arg;

	return agg_walk_joined(dtp, aj->aj_ids, aj->aj_n, aj->aj_how, aj->aj_func, aj->aj_arg);
}

/* Out of memory fails the call with EDT_NOMEM (core/dt_alloc.c). */
int dtrace_aggregate_walk_joined(dtrace_hdl_t *dtp, const int *ids, int n, int how,
				 dtrace_aggregate_f *f, void *arg)
{
	agg_joined_call_t aj = { ids, n, how, f, arg };

	return dt_nomem_call(dtp, agg_joined_call, &aj);
}

static int agg_walk_joined(dtrace_hdl_t *dtp, const int *ids, int n, int how,
			   dtrace_aggregate_f *f, void *arg)
{
	dt_aggvar_t *avs[64];
	dt_rows_t rs;
	bool aborted = false;
	int rv;

	if (n < 1 || n > 64 || dtp->dt_naggs == 0 || dtp->dt_aggmaps == NULL)
		return dt_set_errno(dtp, EDT_BADSTATE);
	if (!dtp->dt_consumer || !dtp->dt_consumer->cs_inwork)
		dt_aggregate_snap(dtp, true);
	for (int i = 0; i < n; i++)
		if ((avs[i] = agg_var(dtp, ids[i])) == NULL)
			return dt_set_errno(dtp, EDT_BADSTATE);
	if (n == 1)
		rows_one(avs[0], &rs);
	else
		rows_joined(avs, n, &rs);
	rv = walk_rows(dtp, avs, n, &rs, how, f, arg, &aborted);
	rows_free(&rs);
	return rv;
}

/* Every aggregation in turn, as DTrace prints them at the end (aggsortrev: backwards). */
static int agg_walk(dtrace_hdl_t *dtp, int how, dtrace_aggregate_f *f, void *arg)
{
	struct dt_aggstate *as;
	bool rev = how & (DTRACE_AGGWALK_BYKEY | DTRACE_AGGWALK_BYVAL) ?
		   (how & DTRACE_AGGWALK_REVERSE) != 0 : dtp->dt_options[DTOPT_AGGSORTREV] != 0;
	int total = 0;
	bool aborted = false;

	if (dtp->dt_naggs == 0 || !dtp->dt_gone || dtp->dt_aggmaps == NULL)
		return 0;
	as = agg_state(dtp);
	if (!dtp->dt_consumer || !dtp->dt_consumer->cs_inwork)
		dt_aggregate_snap(dtp, true);
	for (int j = 0; j < as->as_nvars && !aborted; j++) {
		dt_aggvar_t *av = &as->as_vars[rev ? as->as_nvars - 1 - j : j];
		dt_rows_t rs;
		int n;

		if ((av->av_printed && (how & DTRACE_AGGWALK_UNPRINTED)) || agg_read(dtp, av) != 0)
			continue;
		rows_one(av, &rs);
		n = walk_rows(dtp, &av, 1, &rs, how, f, arg, &aborted); /* back to back, as DTrace prints them */
		rows_free(&rs);
		total += n;
	}
	return total;
}

/* dtrace_close(): the aggregations' state, entries and descriptions. */
void dt_aggregate_fini(dtrace_hdl_t *dtp)
{
	struct dt_aggstate *as = dtp->dt_aggstate;

	if (as == NULL)
		return;
	for (int i = 0; i < as->as_nvars; i++) {
		dt_aggvar_t *av = &as->as_vars[i];
		size_t sz = ent_size(av->av_map);

		for (size_t j = 0; j < av->av_nents; j++) {
			char *e = (char *)av->av_ents[j];

			free(av->av_ents[j]->ae_base);
			if (av->av_block == NULL || e < av->av_block ||
			    e >= av->av_block + sz * av->av_nblock)
				free(e);
		}
		free(av->av_block);
		free(av->av_ents);
		dt_hash_fini(&av->av_keys);
		free((void *)av->av_desc.dtagd_keys);
	}
	free(as->as_vars);
	free(as->as_zero);
	free(as);
	dtp->dt_aggstate = NULL;
}

/* At exit: every aggregation that printa() did not print, in the output's layout. */
/* The public walk and print: out of memory fails the call (core/dt_alloc.c). */
typedef struct agg_call {
	int ac_how;
	dtrace_aggregate_f *ac_func;
	void *ac_arg;
	FILE *ac_fp;
} agg_call_t;

static int agg_walk_call(dtrace_hdl_t *dtp, void *arg)
{
	agg_call_t *ac = arg;

	return agg_walk(dtp, ac->ac_how, ac->ac_func, ac->ac_arg);
}

int dtrace_aggregate_walk(dtrace_hdl_t *dtp, int how, dtrace_aggregate_f *f, void *arg)
{
	agg_call_t ac = { how, f, arg, NULL };

	return dt_nomem_call(dtp, agg_walk_call, &ac);
}

static int agg_print(dtrace_hdl_t *dtp, FILE *fp);

static int agg_print_call(dtrace_hdl_t *dtp, void *arg)
{
	return agg_print(dtp, ((agg_call_t *)arg)->ac_fp);
}

int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *fp)
{
	agg_call_t ac = { 0, NULL, NULL, fp };

	return dt_nomem_call(dtp, agg_print_call, &ac);
}

static int agg_print(dtrace_hdl_t *dtp, FILE *fp)
{
	const dt_output_t *out = dt_output(dtp);
	dt_consumer_t *cs = dt_consumer(dtp);
	int rv;

	if (cs->cs_fp == NULL && out->op_start != NULL)
		out->op_start(dtp, fp); /* no dtrace_work() before: JSON's first object */
	cs->cs_fp = fp;
	rv = out->op_aggs != NULL ? out->op_aggs(dtp, fp) : 0;

	fflush(fp);
	return rv;
}