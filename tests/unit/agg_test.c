/*
 * agg_test.c -- unit test of the aggregations' pure functions
 * (lib/consume/dt_aggregate.c): DTrace's quantize/lquantize/llquantize
 * buckets, the merge of per-CPU values, stddev's 128-bit arithmetic, value
 * ordering, the printed layout of values and distributions, and the
 * rewriting of printa formats.  No BPF is involved.
 *
 * Links with build/libdtrace.a.  Each case prints "ok - <name>" or
 * "not ok - <name>: ..."; the last line is "agg: N passed, M failed" and
 * the exit status is non-zero if anything failed.
 */
#include "driver/dt_driver.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>




/* ---------------------------------------------------------------- buckets */

static void test_quantize_buckets(void)
{
	static const struct { int64_t v; int b; } cases[] = {
		{ 0, 63 }, { 1, 64 }, { 2, 65 }, { 3, 65 }, { 4, 66 }, { 1023, 73 },
		{ 1024, 74 }, { -1, 62 }, { -2, 61 }, { -3, 61 }, { -4, 60 },
		{ INT64_MAX, 126 }, { INT64_MIN, 0 }, { INT64_MIN + 1, 0 },
		{ (int64_t)1 << 62, 126 }, { ((int64_t)1 << 62) - 1, 125 },
	};
	char name[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(name, sizeof(name), "quantize bucket of %lld", (long long)cases[i].v);
		check_int(name, dt_agg_quantize_bucket(cases[i].v), cases[i].b);
	}
}

static void test_lquantize_buckets(void)
{
	/* lquantize(x, 0, 10, 2): base 0, 5 levels, step 2 */
	static const struct { int64_t v; int b; } cases[] = {
		{ -1, 0 }, { INT64_MIN, 0 }, { 0, 1 }, { 1, 1 }, { 2, 2 }, { 9, 5 },
		{ 10, 6 }, { 100, 6 }, { INT64_MAX, 6 },
	};
	char name[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(name, sizeof(name), "lquantize bucket of %lld", (long long)cases[i].v);
		check_int(name, dt_agg_lquantize_bucket(cases[i].v, 0, 2, 5), cases[i].b);
	}
	check_int("lquantize negative base", dt_agg_lquantize_bucket(-50, -100, 25, 8), 3);
}

static void test_llquantize_buckets(void)
{
	/* llquantize(x, 10, 0, 3, 10): < 1, 1..9, 10..90, 100..900, 1000..9000, >= 10000 */
	static const struct { int64_t v; int b; } cases[] = {
		{ -5, 0 }, { 0, 0 }, { 1, 1 }, { 9, 9 }, { 10, 10 }, { 55, 14 }, { 99, 18 },
		{ 100, 19 }, { 9999, 36 }, { 10000, 37 }, { INT64_MAX, 37 },
	};
	int64_t p[4] = { 10, 0, 3, 10 }, p2[4] = { 2, 1, 4, 4 };
	char name[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(name, sizeof(name), "llquantize bucket of %lld", (long long)cases[i].v);
		check_int(name, dt_agg_llquantize_bucket(10, 0, 3, 10, cases[i].v), cases[i].b);
	}
	check_int("llquantize(10, 0, 3, 10) words", dt_agg_nwords(DT_AGG_LLQUANTIZE, p), 39);
	/* factor 2, 4 steps: orders with fewer buckets than steps */
	check_int("llquantize(2,1,4,4) of 7", dt_agg_llquantize_bucket(2, 1, 4, 4, 7), 4);
	check_int("llquantize(2,1,4,4) of 13", dt_agg_llquantize_bucket(2, 1, 4, 4, 13), 6);
	check_int("llquantize(2,1,4,4) words", dt_agg_nwords(DT_AGG_LLQUANTIZE, p2), 11);
	/* 10^19 overflows: values past 10^18 stay in the last bucket of order 17 */
	check_int("llquantize overflow clamp",
		  dt_agg_llquantize_bucket(10, 0, 18, 10, INT64_MAX) ==
			  dt_agg_llquantize_bucket(10, 0, 18, 10, 9000000000000000000LL),
		  1);
}

/* The walk's buckets are the buckets values fall in: each bound in its own. */
static void llqwalk_check(const char *what, const int64_t *p, const int64_t *bounds, int nbounds)
{
	int nb = dt_agg_nwords(DT_AGG_LLQUANTIZE, p) - 1, i = 0;
	char name[96];
	dt_agg_llqwalk_t w;

	dt_agg_llqwalk_init(&w, p, nb);
	snprintf(name, sizeof(name), "%s: bucket 0 below", what);
	check_int(name, w.lw_value == bounds[0], 1);
	while (dt_agg_llqwalk_next(&w)) {
		i = w.lw_bin;
		snprintf(name, sizeof(name), "%s: bucket %d's bound", what, i);
		check_int(name, dt_agg_llquantize_bucket((int)p[0], (int)p[1], (int)p[2], (int)p[3],
							 w.lw_value), i);
		check_int(name, dt_agg_llquantize_bucket((int)p[0], (int)p[1], (int)p[2], (int)p[3],
							 w.lw_value - 1), i - 1);
		if (i < nbounds)
			check_int(name, w.lw_value == bounds[i], 1);
	}
	snprintf(name, sizeof(name), "%s: the last bucket", what);
	check_int(name, w.lw_bin, nb - 1);
	check_int(name, dt_agg_llquantize_bucket((int)p[0], (int)p[1], (int)p[2], (int)p[3],
						 w.lw_value), nb - 1);
}

static void test_llqwalk(void)
{
	static const int64_t p[4] = { 10, 0, 3, 10 }, p2[4] = { 2, 1, 4, 4 };
	/*
	 * 10^19 overflows int64: the walk's last bucket is order 17's last,
	 * 9 * 10^17 (where the bucket function, as illumos', clamps all of
	 * order 17: no bucket for 10^18 and up).
	 */
	static const int64_t p3[4] = { 10, 0, 17, 10 };
	static const int64_t b[] = { 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20 };
	static const int64_t b2[] = { 2, 2, 3, 4, 6, 8, 12, 16, 24, 32 };
	int nb = dt_agg_nwords(DT_AGG_LLQUANTIZE, p3) - 1;
	dt_agg_llqwalk_t w;

	llqwalk_check("llqwalk(10, 0, 3, 10)", p, b, (int)(sizeof(b) / sizeof(b[0])));
	llqwalk_check("llqwalk(2, 1, 4, 4)", p2, b2, (int)(sizeof(b2) / sizeof(b2[0])));
	dt_agg_llqwalk_init(&w, p3, nb);
	while (dt_agg_llqwalk_next(&w))
		continue;
	check_int("llqwalk(10, 0, 17, 10): the last bucket", w.lw_bin, nb - 1);
	check_int("llqwalk(10, 0, 17, 10): its bound 9 * 10^17",
		  w.lw_value == 900000000000000000LL, 1);
}

static void test_nwords(void)
{
	int64_t lq[3] = { 0, 5, 2 };

	check_int("count words", dt_agg_nwords(DT_AGG_COUNT, NULL), 1);
	check_int("avg words", dt_agg_nwords(DT_AGG_AVG, NULL), 2);
	check_int("stddev words", dt_agg_nwords(DT_AGG_STDDEV, NULL), 4);
	check_int("quantize words", dt_agg_nwords(DT_AGG_QUANTIZE, NULL), 128);
	check_int("lquantize words", dt_agg_nwords(DT_AGG_LQUANTIZE, lq), 8);
}

/* ---------------------------------------------------------------- merge */

static void test_merge(void)
{
	int64_t d[4], cpu0[4] = { 3, 10 }, cpu1[4] = { 2, -4 }, none[4] = { 0, 0 };

	memset(d, 0, sizeof(d));
	dt_agg_merge(DT_AGG_SUM, 2, d, cpu0);
	dt_agg_merge(DT_AGG_SUM, 2, d, cpu1);
	check_int("sum merges n", d[0], 5);
	check_int("sum merges", d[1], 6);

	memset(d, 0, sizeof(d));
	dt_agg_merge(DT_AGG_MIN, 2, d, none);
	dt_agg_merge(DT_AGG_MIN, 2, d, cpu0);
	dt_agg_merge(DT_AGG_MIN, 2, d, cpu1);
	check_int("min skips idle CPUs", d[1], -4);
	memset(d, 0, sizeof(d));
	dt_agg_merge(DT_AGG_MAX, 2, d, cpu1);
	dt_agg_merge(DT_AGG_MAX, 2, d, none);
	check_int("max of one CPU's negative values", d[1], -4);

	/* stddev: the sums of squares carry into the high word */
	{
		int64_t a[4] = { 1, 0, -1, 0 }, b[4] = { 1, 0, 1, 0 };

		memset(d, 0, sizeof(d));
		dt_agg_merge(DT_AGG_STDDEV, 4, d, a);
		dt_agg_merge(DT_AGG_STDDEV, 4, d, b);
		check_int("stddev squares low word", d[2], 0);
		check_int("stddev squares carry", d[3], 1);
	}
}

static void test_stddev(void)
{
	/* 2 4 4 4 5 5 7 9: n 8, sum 40, squares 232 */
	int64_t d[4] = { 8, 40, 232, 0 };
	/* 4e9 and -4e9: the squares add up to 3.2e19 > 2^64 */
	unsigned __int128 sq = (unsigned __int128)4000000000ULL * 4000000000ULL * 2;
	int64_t big[4] = { 2, 0, (int64_t)(uint64_t)sq, (int64_t)(uint64_t)(sq >> 64) };
	int64_t neg[4] = { 3, -15, 83, 0 };

	check_int("stddev of 2 4 4 4 5 5 7 9", (long long)dt_agg_stddev(d, 1), 2);
	check_int("stddev across 64 bits", (long long)dt_agg_stddev(big, 1), 4000000000LL);
	check_int("stddev of negative values", (long long)dt_agg_stddev(neg, 1), 1);
	check_int("stddev normalized", (long long)dt_agg_stddev(d, 2), 1);
	check_int("stddev of nothing", (long long)dt_agg_stddev((int64_t[4]){ 0 }, 1), 0);
}

/* ---------------------------------------------------------------- order */

static void test_valcmp(void)
{
	dt_aggmap_t avg = { .am_func = DT_AGG_AVG, .am_nwords = 2 };
	dt_aggmap_t q = { .am_func = DT_AGG_QUANTIZE, .am_nwords = 128 };
	int64_t a[2] = { 2, 9 }, b[2] = { 3, 12 }, qa[128] = { 0 }, qb[128] = { 0 };

	check_int("avg 4 > avg 4 is a tie", dt_agg_valcmp(&avg, a, b), 0);
	b[1] = 15;
	check_int("avg 4 < avg 5", dt_agg_valcmp(&avg, a, b), -1);
	qa[1 + 70] = 1; /* one value in [128, 256) */
	qb[1 + 64] = 3; /* three 1s */
	check_int("quantize by weighted sum", dt_agg_valcmp(&q, qa, qb), 1);
	memset(qb, 0, sizeof(qb));
	qa[1 + 70] = 0;
	qa[1 + 63] = 2;
	qb[1 + 63] = 1;
	check_int("quantize tie broken at zero", dt_agg_valcmp(&q, qa, qb), 1);
}

/* ---------------------------------------------------------------- output */

static char *printed(const dt_aggmap_t *am, const int64_t *d, uint64_t normal)
{
	static char *buf;
	size_t len;
	FILE *fp;

	free(buf);
	buf = NULL;
	fp = open_memstream(&buf, &len);
	dt_agg_print_value(fp, am, d, normal, false);
	fclose(fp);
	return buf;
}

static void test_print(void)
{
	dt_aggmap_t count = { .am_func = DT_AGG_COUNT, .am_nwords = 1 };
	dt_aggmap_t avg = { .am_func = DT_AGG_AVG, .am_nwords = 2 };
	dt_aggmap_t q = { .am_func = DT_AGG_QUANTIZE, .am_nwords = 128 };
	dt_aggmap_t lq = { .am_func = DT_AGG_LQUANTIZE, .am_nwords = 8,
			   .am_params = { 0, 5, 2 } };
	int64_t c[1] = { 42 }, a[2] = { 3, -7 }, qd[128] = { 0 }, lqd[8] = { 0 };

	check_str("count", printed(&count, c, 1), "               42");
	check_str("count normalized", printed(&count, c, 4), "               10");
	check_str("avg truncates toward zero", printed(&avg, a, 1), "               -2");
	qd[1 + 64] = 1;
	qd[1 + 65] = 3;
	check_str("quantize table", printed(&q, qd, 1),
		  "\n           value  ------------- Distribution ------------- count    \n"
		  "               0 |                                         0        \n"
		  "               1 |@@@@@@@@@@                               1        \n"
		  "               2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
		  "               4 |                                         0        \n");
	memset(qd, 0, sizeof(qd));
	check_str("empty quantize", printed(&q, qd, 1),
		  "\n           value  ------------- Distribution ------------- count    \n"
		  "              -1 |                                         0        \n"
		  "               0 |                                         0        \n"
		  "               1 |                                         0        \n");
	lqd[1 + 0] = 1;
	lqd[1 + 6] = 1;
	check_str("lquantize under and over", printed(&lq, lqd, 1),
		  "\n           value  ------------- Distribution ------------- count    \n"
		  "             < 0 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
		  "               0 |                                         0        \n"
		  "               2 |                                         0        \n"
		  "               4 |                                         0        \n"
		  "               6 |                                         0        \n"
		  "               8 |                                         0        \n"
		  "           >= 10 |@@@@@@@@@@@@@@@@@@@@                     1        \n");
}

/* ---------------------------------------------------------------- printa */

static void test_printa_fmt(void)
{
	bool isagg[8], dist[2] = { false, true };
	char slots[16];
	int n;
	char *f;

	f = dt_printa_fmt("%s %@d\n", 1, NULL, isagg, 8, &n);
	check_str("printa format without @", f, "%s %d\n");
	check_int("printa slots", n, 2);
	check_int("printa slot 2 is the value", isagg[1], 1);
	free(f);
	f = dt_printa_fmt("%-6s [%5@d] %% %@-x", 1, NULL, isagg, 8, &n);
	check_str("@ after the width", f, "%-6s [%5d] %% %-x");
	free(f);
	f = dt_printa_fmt("%@d %@d %@d", 2, dist, isagg, 8, &n);
	check_str("distributions print as their table", f, "%d %s %s");
	for (int i = 0; i < n; i++)
		slots[i] = isagg[i] ? 'v' : 'k';
	slots[n] = '\0';
	check_str("values only", slots, "vvv");
	free(f);
	f = dt_printa_fmt("%*d %@d", 1, NULL, isagg, 8, &n);
	for (int i = 0; i < n; i++)
		slots[i] = isagg[i] ? 'v' : 'k';
	slots[n] = '\0';
	check_str("a star takes a key", slots, "kkv");
	free(f);
}

int main(void)
{
	test_quantize_buckets();
	test_lquantize_buckets();
	test_llquantize_buckets();
	test_llqwalk();
	test_nwords();
	test_merge();
	test_stddev();
	test_valcmp();
	test_print();
	test_printa_fmt();
	return unit_done("agg");
}
