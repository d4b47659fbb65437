/*
 * dt_profout.c -- stack aggregations as profiles: -x oformat=folded, svg
 * and pprof (docs/stacks.md).  Clients of the aggregations as data
 * (dtrace_aggregate_walk(), dtrace_frames()), as the JSON output is.
 *
 * A profile is made of the aggregations whose key has a stack (stack(),
 * ustack()) and whose function has one value a row (count, sum, min, max,
 * avg; the distributions have no single value and are left out).  Each
 * row becomes a path of frames from the root: each key in order, a stack
 * from its outermost frame to its innermost, any other key (execname,
 * pid, a symbol) as one frame of its own text.  A frame is named as
 * DTrace prints it, without the offset (module`function, module`0xaddr
 * where the module has no symbol, 0xaddr outside every module), as
 * stackcollapse.pl names the frames of DTrace's stacks: the samples of one
 * function at different offsets are one box of the flame graph.  A user
 * frame above which frames may be missing (docs/stacks.md) has the line
 * DTrace prints under it as a frame of its own, between it and the frames
 * above.  Paths that name the same frames are one path, their values
 * added; paths are sorted by their text.  With several such aggregations,
 * each path starts with the aggregation's name (@name, or @).
 *
 * Formats.  folded: one line a path, the frames joined by ';', a space
 * and the value: the input of flamegraph.pl, speedscope and inferno
 * (here).  svg: a flame graph, written by dt_svgout.c.  pprof: profile.proto,
 * gzipped, written by dt_pprofout.c.  Each writes the aggregations at the
 * end of a run (with or without -O: they are what the format is for); the
 * firings' records are not printed (a profile holds aggregations only), so
 * that the file -o names holds the profile and nothing else.
 */
#include "dt_consume.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DT_PROF_MAXFRAMES 1024 /* frames of one stack (ustackframes' ceiling) */

typedef struct prof_walk {
	dtrace_hdl_t *pw_dtp;
	dt_profile_t *pw_prof;
	dtrace_frame_t *pw_frames;
	dt_pframe_t *pw_path;	/* the row being built */
	int pw_npath, pw_cap;
} prof_walk_t;

static bool has_value(dtrace_aggfunc_t f)
{
	return f != DTRACEAGG_QUANTIZE && f != DTRACEAGG_LQUANTIZE && f != DTRACEAGG_LLQUANTIZE &&
	       f != DTRACEAGG_STDDEV;
}

static bool has_stack(const dtrace_aggdesc_t *ad)
{
	for (int k = 0; k < ad->dtagd_nkeys; k++)
		if (ad->dtagd_keys[k].dtrd_kind == DTRACE_DATA_KSTACK ||
		    ad->dtagd_keys[k].dtrd_kind == DTRACE_DATA_USTACK)
			return true;
	return false;
}

/* A frame's text as the profile names it; ';' and newlines would split a path. */
static char *frame_text(const dtrace_frame_t *f)
{
	char buf[1100];

	if (f->dtf_module != NULL && f->dtf_function != NULL)
		snprintf(buf, sizeof(buf), "%s`%s", f->dtf_module, f->dtf_function);
	else if (f->dtf_module != NULL)
		snprintf(buf, sizeof(buf), "%s`0x%llx", f->dtf_module, (unsigned long long)f->dtf_pc);
	else
		snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)f->dtf_pc);
	for (char *s = buf; *s != '\0'; s++)
		if (*s == ';' || *s == '\n')
			*s = '_';
	return dt_strdup(buf);
}

static void push(prof_walk_t *pw, char *text, uint64_t pc, int pid, int label)
{
	if (pw->pw_npath == pw->pw_cap) {
		pw->pw_cap = pw->pw_cap ? pw->pw_cap * 2 : 32;
		pw->pw_path = dt_realloc(pw->pw_path, sizeof(dt_pframe_t) * (size_t)pw->pw_cap);
	}
	pw->pw_path[pw->pw_npath++] = (dt_pframe_t){ text, pc, pid, label };
}

/* A key that is not a stack: one frame, its text (a label in pprof). */
static char *key_text(dtrace_hdl_t *dtp, const dtrace_recdesc_t *rec, const char *p,
		      dtrace_frame_t *f)
{
	char buf[64];

	switch (rec->dtrd_kind) {
	case DTRACE_DATA_INT:
		if (rec->dtrd_signed)
			snprintf(buf, sizeof(buf), "%lld",
				 (long long)dt_rec_int(p, rec->dtrd_size, true));
		else
			snprintf(buf, sizeof(buf), "%llu",
				 (unsigned long long)dt_rec_int(p, rec->dtrd_size, false));
		return dt_strdup(buf);
	case DTRACE_DATA_STRING: {
		char *s = dt_strndup(p, strnlen(p, rec->dtrd_size));

		for (char *c = s; *c != '\0'; c++)
			if (*c == ';' || *c == '\n')
				*c = '_';
		return s;
	}
	case DTRACE_DATA_KADDR:
	case DTRACE_DATA_UADDR:
		if (dtrace_frames(dtp, rec, p, f, 1) != 1)
			return dt_strdup("?");
		if (rec->dtrd_action == DTRACEACT_MOD || rec->dtrd_action == DTRACEACT_UMOD)
			return dt_strdup(f->dtf_module != NULL ? f->dtf_module : "?");
		return frame_text(f);
	default:
		return dt_strdup("?");
	}
}

static void add_stack(prof_walk_t *pw, const dtrace_recdesc_t *rec, const char *p)
{
	int n = dtrace_frames(pw->pw_dtp, rec, p, pw->pw_frames, DT_PROF_MAXFRAMES);

	if (n > DT_PROF_MAXFRAMES)
		n = DT_PROF_MAXFRAMES;
	for (int i = n - 1; i >= 0; i--) {
		const dtrace_frame_t *f = &pw->pw_frames[i];

		if (f->dtf_nofp && dt_stack_marker(f->dtf_nofp) != NULL)
			push(pw, dt_strdup(dt_stack_marker(f->dtf_nofp)), 0, f->dtf_pid, -1);
		push(pw, frame_text(f), f->dtf_pc, f->dtf_pid, -1);
	}
}

static int prof_row(const dtrace_aggdata_t *ad, void *arg)
{
	prof_walk_t *pw = arg;
	const dtrace_aggdesc_t *desc = ad->dtada_desc;
	dt_profile_t *pr = pw->pw_prof;
	dt_prow_t *row;
	int agg;

	if (!has_value(desc->dtagd_func) || !has_stack(desc))
		return DTRACE_AGGWALK_NEXT;
	for (agg = 0; agg < pr->pf_naggs; agg++)
		if (pr->pf_aggs[agg] == desc)
			break;
	if (agg == pr->pf_naggs) {
		pr->pf_aggs = dt_realloc(pr->pf_aggs, sizeof(*pr->pf_aggs) * (size_t)(agg + 1));
		pr->pf_aggs[pr->pf_naggs++] = desc;
	}
	pw->pw_npath = 0;
	for (int k = 0; k < desc->dtagd_nkeys; k++) {
		const dtrace_recdesc_t *rec = &desc->dtagd_keys[k];
		const char *p = ad->dtada_key + rec->dtrd_offset;

		if (rec->dtrd_kind == DTRACE_DATA_KSTACK || rec->dtrd_kind == DTRACE_DATA_USTACK)
			add_stack(pw, rec, p);
		else
			push(pw, key_text(pw->pw_dtp, rec, p, pw->pw_frames), 0, 0, k);
	}
	if (pr->pf_nrows == pr->pf_cap) {
		pr->pf_cap = pr->pf_cap ? pr->pf_cap * 2 : 1024;
		pr->pf_rows = dt_realloc(pr->pf_rows, sizeof(dt_prow_t) * pr->pf_cap);
	}
	row = &pr->pf_rows[pr->pf_nrows++];
	row->pr_agg = agg;
	row->pr_value = ad->dtada_vals[0].dtav_value;
	row->pr_nframes = pw->pw_npath;
	row->pr_frames = dt_realloc(NULL, sizeof(dt_pframe_t) * (size_t)(pw->pw_npath + 1));
	memcpy(row->pr_frames, pw->pw_path, sizeof(dt_pframe_t) * (size_t)pw->pw_npath);
	return DTRACE_AGGWALK_NEXT;
}

/* The text of a path: its frames joined by ';' (the aggregation's name first if named). */
static char *path_text(const dt_profile_t *pr, const dt_prow_t *row)
{
	char *s = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&s, &len);

	if (fp == NULL)
		return dt_strdup("");
	if (pr->pf_naggs > 1)
		fprintf(fp, "@%s;", pr->pf_aggs[row->pr_agg]->dtagd_name);
	for (int i = 0; i < row->pr_nframes; i++)
		fprintf(fp, "%s%s", i ? ";" : "", row->pr_frames[i].pf_text);
	fclose(fp);
	return s;
}

static int row_cmp(const void *a, const void *b)
{
	const dt_prow_t *x = a, *y = b;
	int c = strcmp(x->pr_text, y->pr_text);

	return c != 0 ? c : (x->pr_agg > y->pr_agg) - (x->pr_agg < y->pr_agg);
}

static void free_row(dt_prow_t *row)
{
	for (int i = 0; i < row->pr_nframes; i++)
		free(row->pr_frames[i].pf_text);
	free(row->pr_frames);
	free(row->pr_text);
}

void dt_profile_free(dt_profile_t *pr)
{
	for (size_t i = 0; i < pr->pf_nrows; i++)
		free_row(&pr->pf_rows[i]);
	free(pr->pf_rows);
	free(pr->pf_aggs);
	memset(pr, 0, sizeof(*pr));
}

/*
 * The profile of the aggregations as they are now: rows sorted by path,
 * one a path and aggregation.  -1 if the walk failed (its error is set).
 */
int dt_profile_collect(dtrace_hdl_t *dtp, dt_profile_t *pr)
{
	prof_walk_t pw = { dtp, pr, NULL, NULL, 0, 0 };
	size_t n = 0;
	int rv;

	memset(pr, 0, sizeof(*pr));
	pw.pw_frames = dt_zalloc(sizeof(dtrace_frame_t) * DT_PROF_MAXFRAMES);
	rv = dtrace_aggregate_walk(dtp, DTRACE_AGGWALK_SORTED, prof_row, &pw);
	free(pw.pw_frames);
	free(pw.pw_path);
	for (size_t i = 0; i < pr->pf_nrows; i++)
		pr->pf_rows[i].pr_text = path_text(pr, &pr->pf_rows[i]);
	if (pr->pf_nrows > 0)
		qsort(pr->pf_rows, pr->pf_nrows, sizeof(dt_prow_t), row_cmp);
	for (size_t i = 0; i < pr->pf_nrows; i++) { /* the same path: one row */
		if (n > 0 && pr->pf_rows[n - 1].pr_agg == pr->pf_rows[i].pr_agg &&
		    strcmp(pr->pf_rows[n - 1].pr_text, pr->pf_rows[i].pr_text) == 0) {
			pr->pf_rows[n - 1].pr_value += pr->pf_rows[i].pr_value;
			free_row(&pr->pf_rows[i]);
			continue;
		}
		pr->pf_rows[n++] = pr->pf_rows[i];
	}
	pr->pf_nrows = n;
	return rv < 0 ? -1 : 0;
}

/* ------------------------------------------------------------ folded */

static int folded_aggs(dtrace_hdl_t *dtp, FILE *fp)
{
	dt_profile_t pr;
	int rv = dt_profile_collect(dtp, &pr);

	for (size_t i = 0; i < pr.pf_nrows; i++)
		fprintf(fp, "%s %lld\n", pr.pf_rows[i].pr_text, (long long)pr.pf_rows[i].pr_value);
	dt_profile_free(&pr);
	return rv;
}

static void prof_rec(dtrace_hdl_t *dtp, FILE *fp, const dtrace_probedata_t *pd,
		     const dtrace_recdesc_t *rec)
{
	(void)dtp, (void)fp, (void)pd, (void)rec; /* a profile holds aggregations only */
}

const dt_output_t dt_foldedout = {
	.op_name = "folded",
	.op_rec = prof_rec,
	.op_aggs = folded_aggs,
};

const dt_output_t dt_svgout = {
	.op_name = "svg",
	.op_rec = prof_rec,
	.op_aggs = dt_svg_aggs,
};

const dt_output_t dt_pprofout = {
	.op_name = "pprof",
	.op_rec = prof_rec,
	.op_aggs = dt_pprof_aggs,
};
