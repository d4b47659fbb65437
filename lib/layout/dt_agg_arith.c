/*
 * dt_agg_arith.c -- aggregation arithmetic that the code generator, the
 * consumer and the buffer sizing agree on: how many 64-bit words a
 * function's value takes, which bucket a value falls in for quantize(),
 * lquantize() and llquantize() (DTrace's buckets: the generated code
 * computes the same index), and what an entry would take in DTrace's
 * aggregation buffer (the aggsize check).  Merging, comparing and printing
 * values are the consumer's (consume/dt_aggregate.c).
 */
#include "dt_layout.h"

#include <stdbool.h>
#include <stdint.h>

static int64_t lq_levels(const int64_t *p)
{
	return p[1];
}

/* Words of an aggregation's value: the update count, then the function's data. */
int dt_agg_nwords(int func, const int64_t *p)
{
	switch (func) {
	case DT_AGG_COUNT:
		return 1;
	case DT_AGG_STDDEV:
		return 4; /* n, sum, sum of squares (128 bits: low, high) */
	case DT_AGG_QUANTIZE:
		return 1 + DT_QUANTIZE_NBUCKETS;
	case DT_AGG_LQUANTIZE:
		return 1 + (int)lq_levels(p) + 2;
	case DT_AGG_LLQUANTIZE:
		return 1 + dt_agg_llquantize_bucket((int)p[0], (int)p[1], (int)p[2], (int)p[3],
						    INT64_MAX) + 1;
	default:
		return 2; /* n, then sum / min / max */
	}
}

static int ilog2u(uint64_t v)
{
	int l = 0;

	while (v >>= 1)
		l++;
	return l;
}

/* DTrace's power-of-two buckets: 63 is zero, below it the negatives. */
int dt_agg_quantize_bucket(int64_t v)
{
	int b;

	if (v == 0)
		return DT_QUANTIZE_ZEROBUCKET;
	if (v > 0)
		return DT_QUANTIZE_ZEROBUCKET + 1 + ilog2u((uint64_t)v);
	b = DT_QUANTIZE_ZEROBUCKET - 1 - ilog2u(-(uint64_t)v);
	return b < 0 ? 0 : b;
}

int64_t dt_agg_quantize_bucketval(int b)
{
	if (b < DT_QUANTIZE_ZEROBUCKET)
		return -(int64_t)(1ULL << (DT_QUANTIZE_ZEROBUCKET - 1 - b));
	if (b == DT_QUANTIZE_ZEROBUCKET)
		return 0;
	return (int64_t)(1ULL << (b - DT_QUANTIZE_ZEROBUCKET - 1));
}

/* 0: below base; 1..levels: the steps; levels + 1: at or above the limit. */
int dt_agg_lquantize_bucket(int64_t v, int64_t base, int64_t step, int levels)
{
	uint64_t level;

	if (v < base)
		return 0;
	level = ((uint64_t)v - (uint64_t)base) / (uint64_t)step;
	return level < (uint64_t)levels ? (int)level + 1 : levels + 1;
}

/*
 * DTrace's log-linear buckets: bucket 0 is below factor^low; each order of
 * magnitude from low to high has nsteps buckets (fewer while factor^order
 * is smaller than nsteps), minus those the previous order already covers;
 * the last bucket is at or above factor^(high + 1).  Products wrap as
 * DTrace's 64-bit ones do.
 */
int dt_agg_llquantize_bucket(int factor, int low, int high, int nsteps, int64_t v)
{
	int64_t this = 1, last, next;
	int base = 1, order;

	for (order = 0; order < low; order++)
		this = (int64_t)((uint64_t)this * (uint64_t)factor);
	if (v < (last = this))
		return 0;
	for (this = (int64_t)((uint64_t)this * (uint64_t)factor); order <= high; order++) {
		int nbuckets = this > nsteps ? nsteps : (int)this;

		if ((next = (int64_t)((uint64_t)this * (uint64_t)factor)) < this)
			v = this - 1; /* factor^(order + 2) overflows: clamp */
		if (v < this)
			return base + (int)((v - last) / (this / nbuckets));
		base += nbuckets - nbuckets / factor;
		last = this;
		this = next;
	}
	return base;
}

/*
 * The walk of llquantize()'s buckets, as DTrace's dt_print_llquantize()
 * walks them: factor^low bounds bucket 0; from there each order of
 * magnitude steps by factor^(order + 1) / nsteps (by 1 while that is
 * smaller than nsteps) up to factor^(order + 1), where the next order
 * starts; past the high magnitude the last bucket holds the rest.  The
 * compiler (front/dt_cook_call.c) makes factor^(high + 2) fit 64 bits
 * unsigned; as a signed bound it saturates.
 */
static void llq_order(dt_agg_llqwalk_t *w)
{
	if (__builtin_mul_overflow(w->lw_value, w->lw_p[0], &w->lw_next))
		w->lw_next = INT64_MAX;
	w->lw_step = w->lw_next > w->lw_p[3] ? w->lw_next / w->lw_p[3] : 1;
}

void dt_agg_llqwalk_init(dt_agg_llqwalk_t *w, const int64_t *p, int nb)
{
	w->lw_p = p;
	w->lw_nb = nb;
	w->lw_bin = 0;
	w->lw_value = 1;
	for (w->lw_order = 0; w->lw_order < p[1]; w->lw_order++)
		w->lw_value *= p[0];
	llq_order(w);
}

bool dt_agg_llqwalk_next(dt_agg_llqwalk_t *w)
{
	if (w->lw_bin++ > 0 && (w->lw_value += w->lw_step) == w->lw_next) {
		llq_order(w);
		w->lw_order++;
	}
	return w->lw_order <= w->lw_p[2] && w->lw_bin < w->lw_nb - 1;
}

/*
 * What one aggregation entry takes in DTrace's per-CPU aggregation buffer
 * (dtrace_aggregate()): the key header (dtrace_aggkey_t, 32 bytes), the
 * tuple (a string takes strsize bytes, anything else 8) and the data.
 */
int64_t dt_agg_dtentry(const dtrace_hdl_t *dtp, const dt_aggmap_t *am)
{
	int64_t sz = 32 + (int64_t)am->am_nwords * 8;

	for (int k = 0; k < am->am_nkeys; k++)
		sz += am->am_keys[k].ak_string ? (DT_STRSIZE(dtp) + 7) & ~7 : am->am_keys[k].ak_size;
	return sz;
}
