/*
 * dt_textout.c -- DTrace's text output: a client of the records and
 * aggregations as data (include/dtrace.h), as dtrace(1) has always
 * printed them.
 *
 * Records.  The consumer (dt_consume.c) hands each record the caller's
 * record callback leaves to the library to text_rec(), with its
 * description and the firing's data: trace() as a number in a column of
 * its type's width (a string if the bytes look like one, else a hex
 * dump), printf() and its kin through the printf engine (system() runs the
 * command, freopen() points the output elsewhere), print() as C
 * (dt_print.c), tracemem() as a dump, stacks and symbols one frame a line
 * (dt_stack.c).  Under -q nothing pads the values.
 *
 * Aggregations.  printa() and the end of a run walk the rows in DTrace's
 * order (dtrace_aggregate_walk_joined(), dtrace_aggregate_walk()) and print
 * each: the keys in columns by type (strings 50 wide), then each value
 * (count and kin 16 wide; distributions as DTrace's bar charts, scaled to
 * the total, or to the largest bucket with -x aggzoom), or, with a printa
 * format, through the printf engine with "%@" taking the values.
 */
#include "dt_consume.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void text_printa(dtrace_hdl_t *, FILE *, const dtrace_recdesc_t *);

/* ================================================================ records */

static bool quiet(dtrace_hdl_t *dtp)
{
	return dtp->dt_options[DTOPT_QUIET] != 0;
}

/* Bytes that are not a string, as DTrace's dt_print_bytes dumps them. */
void dt_print_hexdump(FILE *fp, const char *c, size_t n)
{
	size_t i, j;

	fprintf(fp, "\n%*s      ", 5, "");
	for (i = 0; i < 16; i++)
		fprintf(fp, "  %c", "0123456789abcdef"[i]);
	fprintf(fp, "  0123456789abcdef\n");
	for (i = 0; i < n; i += 16) {
		fprintf(fp, "%*s%5zx:", 5, "", i);
		for (j = i; j < i + 16 && j < n; j++)
			fprintf(fp, " %02x", (unsigned char)c[j]);
		for (; j % 16; j++)
			fprintf(fp, "   ");
		fprintf(fp, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			fputc(c[j] < ' ' || c[j] > '~' ? '.' : c[j], fp);
		fputc('\n', fp);
	}
}

/*
 * Print bytes as DTrace's trace() does: a string if they look like one,
 * else a hex dump.
 */
static void print_bytes(FILE *fp, const char *c, size_t n, bool q)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (isprint((unsigned char)c[i]) || isspace((unsigned char)c[i]) || c[i] == '\b' ||
		    c[i] == '\a')
			continue;
		if (c[i] == '\0' && i > 0) {
			/* a string only if nothing but NULs follow (a struct's bytes) */
			size_t j = i + 1;

			while (j < n && c[j] == '\0')
				j++;
			if (j != n)
				break;
			fprintf(fp, q ? "%s" : "  %-33s", c);
			return;
		}
		break;
	}
	if (i == n) {
		fprintf(fp, q ? "%.*s" : "  %-33.*s", (int)n, c);
		return;
	}
	dt_print_hexdump(fp, c, n);
}

static void print_trace(dtrace_hdl_t *dtp, FILE *fp, const char *data, const dtrace_recdesc_t *r)
{
	bool q = quiet(dtp);

	if (r->dtrd_kind == DTRACE_DATA_STRING) {
		/*
		 * DTrace's string record is NUL-padded to strsize: printed as a
		 * string if it looks like one, else (empty, control characters)
		 * as a dump of all its bytes.
		 */
		const char *s = data + r->dtrd_offset;
		size_t n = strnlen(s, (size_t)r->dtrd_size);
		size_t size = (size_t)dtp->dt_options[DTOPT_STRSIZE]; /* the NUL is ours */
		char *z = dt_zalloc((size_t)r->dtrd_size + 1);

		memcpy(z, s, n);
		if (size > (size_t)r->dtrd_size)
			size = (size_t)r->dtrd_size;
		if (dtp->dt_options[DTOPT_RAWBYTES])
			dt_print_hexdump(fp, z, size); /* -x rawbytes: bytes, not text */
		else
			print_bytes(fp, z, size, q);
		free(z);
		return;
	}
	if (r->dtrd_kind == DTRACE_DATA_BYTES) { /* a struct, union or array: as DTrace's dt_print_bytes */
		if (dtp->dt_options[DTOPT_RAWBYTES])
			dt_print_hexdump(fp, data + r->dtrd_offset, (size_t)r->dtrd_size);
		else
			print_bytes(fp, data + r->dtrd_offset, (size_t)r->dtrd_size, q);
		return;
	}
	/*
	 * As Oracle's DTrace: the value with its type's signedness, in
	 * illumos' widths (illumos printed every size as signed except 1-
	 * and 2-byte values, which it read unsigned: (int16_t)-1 was 65535).
	 * A float or double is its bits as an unsigned integer of its own
	 * size, as Oracle's dt_print_trace() prints it (D types only integers
	 * signed: dt_node_type_assign()); here its slot is 8 bytes wide.
	 */
	static const struct { int size, width; } widths[] = { { 8, 16 }, { 4, 8 }, { 2, 5 }, { 1, 3 } };
	int width = 3, size = (int)(r->dtrd_kind == DTRACE_DATA_FLOAT ? r->dtrd_tsize : r->dtrd_size);
	int64_t v = dt_rec_int(data + r->dtrd_offset, (uint32_t)size, r->dtrd_signed);

	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (widths[i].size == size)
			width = widths[i].width;
	if (q)
		width = 0;
	if (!q)
		fputc(' ', fp);
	if (r->dtrd_signed)
		fprintf(fp, "%*lld", width, (long long)v);
	else
		fprintf(fp, "%*llu", width, (unsigned long long)v);
}

/*
 * tracemem(): the bytes as a hex dump, always (DTrace's dt_print_bytes
 * with raw set); with a dsize record after them, at most dsize of them.
 */
static void print_tracemem(FILE *fp, const char *data, const dtrace_recdesc_t *r)
{
	size_t n = (size_t)r->dtrd_size;

	if (r->dtrd_nargs == 1) {
		const dtrace_recdesc_t *ds = &r->dtrd_args[0];
		int64_t d = dt_rec_int(data + ds->dtrd_offset, ds->dtrd_size, ds->dtrd_signed);

		if (d >= 0 && (uint64_t)d < n)
			n = (size_t)d;
	}
	dt_print_hexdump(fp, data + r->dtrd_offset, n);
}

/*
 * system(): the formatted command run by the shell, after the output so
 * far, as DTrace runs it (its output goes where dtrace's does).
 */
static void act_system(dtrace_hdl_t *dtp, FILE *fp)
{
	int rc;

	fflush(fp); /* the caller's stdout stream is the caller's to flush */
	rc = system(dtp->dt_pfbuf);
	if (rc == -1)
		dt_noticef(dtp, "failed to execute \"%s\": %s\n", dtp->dt_pfbuf, strerror(errno));
}

/*
 * freopen(): the output goes to the file named (appended to), or back to
 * where it went at first for "" (illumos' dt_freopen).  The stream stays
 * the same: its descriptor is pointed elsewhere.
 */
static void act_freopen(dtrace_hdl_t *dtp, FILE *fp)
{
	int fd;

	fflush(fp);
	if (dtp->dt_pfbuf[0] == '\0') {
		if (dtp->dt_stdoutfd > 0) {
			dup2(dtp->dt_stdoutfd - 1, fileno(fp));
			close(dtp->dt_stdoutfd - 1);
			dtp->dt_stdoutfd = 0;
		}
		return;
	}
	if ((fd = open(dtp->dt_pfbuf, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666)) < 0) {
		dt_noticef(dtp, "couldn't freopen( ) \"%s\": %s\n", dtp->dt_pfbuf, strerror(errno));
		return;
	}
	if (dtp->dt_stdoutfd == 0)
		dtp->dt_stdoutfd = fcntl(fileno(fp), F_DUPFD_CLOEXEC, 3) + 1;
	dup2(fd, fileno(fp));
	close(fd);
}

/* ftruncate(): the output file emptied (nothing happens to a terminal or a pipe) */
static void act_ftruncate(FILE *fp)
{
	fflush(fp);
	if (ftruncate(fileno(fp), 0) == 0)
		(void)lseek(fileno(fp), 0, SEEK_SET);
}

/*
 * printf and its kin: the text (dt_records.c) written, run by the shell,
 * or the file to write to.  This runs for every printf record: the text
 * goes to a buffer kept in the handle, and the output stream is only ever
 * written by the consumer's thread.
 */
static void print_printf(dtrace_hdl_t *dtp, FILE *fp, const dtrace_probedata_t *pd,
			 const dtrace_recdesc_t *r)
{
	size_t n;

	if (dtrace_printf_text(dtp, pd, r, &n) == NULL)
		return;
	switch (r->dtrd_action) {
	case DTRACEACT_SYSTEM:
		act_system(dtp, fp);
		break;
	case DTRACEACT_FREOPEN:
		act_freopen(dtp, fp);
		break;
	default:
		fwrite_unlocked(dtp->dt_pfbuf, 1, n, fp);
	}
}

/* system(), freopen(), ftruncate() for other outputs: the text is in dt_pfbuf. */
void dt_text_act(dtrace_hdl_t *dtp, FILE *fp, dtrace_actkind_t act)
{
	if (act == DTRACEACT_SYSTEM)
		act_system(dtp, fp);
	else if (act == DTRACEACT_FREOPEN)
		act_freopen(dtp, fp);
	else if (act == DTRACEACT_FTRUNCATE)
		act_ftruncate(fp);
}

/* One record, as DTrace prints it. */
static void text_rec(dtrace_hdl_t *dtp, FILE *fp, const dtrace_probedata_t *pd,
		     const dtrace_recdesc_t *r)
{
	const char *data = pd->dtpda_data;

	switch (r->dtrd_action) {
	case DTRACEACT_TRACE:
		print_trace(dtp, fp, data, r);
		break;
	case DTRACEACT_PRINTF:
	case DTRACEACT_SYSTEM:
	case DTRACEACT_FREOPEN:
		print_printf(dtp, fp, pd, r);
		break;
	case DTRACEACT_FTRUNCATE:
		act_ftruncate(fp);
		break;
	case DTRACEACT_PRINT: {
		const dt_recdesc_t *rd = dt_rec_internal(dtp, pd, r); /* its type */

		if (rd != NULL)
			dt_print_value(dtp, fp, rd->rd_ptype, data + r->dtrd_offset,
				       (size_t)r->dtrd_size, r->dtrd_kind == DTRACE_DATA_STRING);
		break;
	}
	case DTRACEACT_TRACEMEM:
		print_tracemem(fp, data, r);
		break;
	case DTRACEACT_PRINTA:
		text_printa(dtp, fp, r);
		break;
	case DTRACEACT_EXIT:
		break;
	default:
		if (dt_stack_act(r->dtrd_action) >= 0) /* dt_stack.c */
			dt_stack_print(dtp, fp, dt_stack_act(r->dtrd_action),
				       data + r->dtrd_offset, (int)r->dtrd_size);
		break;
	}
}

/* ================================================================ aggregations */

/* ---------------------------------------------------------- value output */

static long double absld(long double v)
{
	return v < 0 ? -v : v;
}

/* One bar of a distribution: DTrace's dt_print_quantline. */
static void quantline(FILE *fp, int64_t val, uint64_t normal, long double total, bool pos,
		      bool neg)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	static const char sp[] = "                                        ";
	unsigned len = 40, depth = 0;
	long long v = (long long)(val / (int64_t)normal);

	if (!neg) {
		if (pos)
			depth = (unsigned)((absld((long double)val) * len) / total + 0.5);
		fprintf(fp, "|%s%s %-9lld\n", ats + len - depth, sp + depth, v);
		return;
	}
	if (!pos) {
		depth = (unsigned)((absld((long double)val) * len) / total + 0.5);
		fprintf(fp, "%s%s| %-9lld\n", sp + depth, ats + len - depth, v);
		return;
	}
	len /= 2;
	depth = (unsigned)((absld((long double)val) * len) / total + 0.5);
	if (val <= 0)
		fprintf(fp, "%s%s|%*s %-9lld\n", sp + 40 - len + depth, ats + 40 - depth, len, "",
			v);
	else
		fprintf(fp, "%20s|%s%s %-9lld\n", "", ats + 40 - depth, sp + 40 - len + depth, v);
}

typedef struct dt_qrange {
	int q_first, q_last;
	long double q_total;
	bool q_pos, q_neg;
} dt_qrange_t;

/*
 * With -x aggzoom the bars are scaled to the largest bucket, which gets
 * about 95% of the width (DTrace's DTRACE_AGGZOOM_MAX), not to the total.
 */
#define DT_AGGZOOM_MAX 0.95

/*
 * The rows shown: from the bucket below the first non-zero one to the one
 * above the last (or the three around empty, for an empty distribution).
 */
static void qrange(const int64_t *q, int n, int efirst, int elast, bool zoom, dt_qrange_t *r)
{
	int first = 0, last = n - 1;

	while (first < n && q[first] == 0)
		first++;
	if (first == n) {
		first = efirst;
		last = elast;
	} else {
		if (first > 0)
			first--;
		while (last > 0 && q[last] == 0)
			last--;
		if (last < n - 1)
			last++;
	}
	r->q_first = first;
	r->q_last = last;
	r->q_total = 0;
	r->q_pos = r->q_neg = false;
	for (int i = first; i <= last; i++) {
		r->q_pos |= q[i] > 0;
		r->q_neg |= q[i] < 0;
		if (!zoom)
			r->q_total += absld((long double)q[i]);
		else if (r->q_total < absld((long double)q[i]) * (1 / DT_AGGZOOM_MAX))
			r->q_total = absld((long double)q[i]) * (1 / DT_AGGZOOM_MAX);
	}
}

static void dist_header(FILE *fp)
{
	fprintf(fp, "\n%16s %41s %-9s\n", "value", "------------- Distribution -------------",
		"count");
}

static void print_quantize(FILE *fp, const int64_t *q, uint64_t normal, bool zoom)
{
	dt_qrange_t r;

	qrange(q, DT_QUANTIZE_NBUCKETS, DT_QUANTIZE_ZEROBUCKET - 1, DT_QUANTIZE_ZEROBUCKET + 1,
	       zoom, &r);
	dist_header(fp);
	for (int i = r.q_first; i <= r.q_last; i++) {
		fprintf(fp, "%16lld ", (long long)dt_agg_quantize_bucketval(i));
		quantline(fp, q[i], normal, r.q_total, r.q_pos, r.q_neg);
	}
}

static void print_lquantize(FILE *fp, const int64_t *q, const int64_t *p, uint64_t normal,
			    bool zoom)
{
	int base = (int)p[0], levels = (int)p[1], step = (int)p[2];
	dt_qrange_t r;
	char c[32];

	qrange(q, levels + 2, 0, 2, zoom, &r);
	dist_header(fp);
	for (int i = r.q_first; i <= r.q_last; i++) {
		if (i == 0) {
			snprintf(c, sizeof(c), "< %d", (int)((uint32_t)base / (uint32_t)normal));
			fprintf(fp, "%16s ", c);
		} else if (i == levels + 1) {
			snprintf(c, sizeof(c), ">= %d", base + levels * step);
			fprintf(fp, "%16s ", c);
		} else {
			fprintf(fp, "%16d ", base + (i - 1) * step);
		}
		quantline(fp, q[i], normal, r.q_total, r.q_pos, r.q_neg);
	}
}

static void print_llquantize(FILE *fp, const int64_t *q, const int64_t *p, int nb,
			     uint64_t normal, bool zoom)
{
	dt_agg_llqwalk_t w;
	dt_qrange_t r;
	char c[32];

	qrange(q, nb, 0, 1, zoom, &r);
	dist_header(fp);
	dt_agg_llqwalk_init(&w, p, nb);
	if (r.q_first == 0) {
		snprintf(c, sizeof(c), "< %lld", (long long)w.lw_value);
		fprintf(fp, "%16s ", c);
		quantline(fp, q[0], normal, r.q_total, r.q_pos, r.q_neg);
	}
	while (dt_agg_llqwalk_next(&w)) {
		if (w.lw_bin >= r.q_first && w.lw_bin <= r.q_last) {
			fprintf(fp, "%16lld ", (long long)w.lw_value);
			quantline(fp, q[w.lw_bin], normal, r.q_total, r.q_pos, r.q_neg);
		}
	}
	if (r.q_last < w.lw_bin || w.lw_bin >= nb)
		return;
	snprintf(c, sizeof(c), ">= %lld", (long long)w.lw_value);
	fprintf(fp, "%16s ", c);
	quantline(fp, q[w.lw_bin], normal, r.q_total, r.q_pos, r.q_neg);
}

/* fprintf(fp, " %*lld", width, v), without fprintf's cost for 100,000 rows */
static void put_num(FILE *fp, int64_t v, int width)
{
	char buf[32], *p = buf + sizeof(buf);
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
	int n;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (v < 0)
		*--p = '-';
	n = (int)(buf + sizeof(buf) - p);
	putc_unlocked(' ', fp);
	for (; n < width; n++)
		putc_unlocked(' ', fp);
	fwrite_unlocked(p, 1, (size_t)(buf + sizeof(buf) - p), fp);
}

/* An aggregation's value as DTrace prints it after the keys (zoom: -x aggzoom). */
static void print_value(FILE *fp, int func, const int64_t *params, int nwords, const int64_t *d,
			uint64_t normal, bool zoom)
{
	switch (func) {
	case DT_AGG_COUNT:
		put_num(fp, d[0] / (int64_t)normal, 16);
		break;
	case DT_AGG_AVG:
		put_num(fp, d[0] ? d[1] / (int64_t)normal / d[0] : 0, 16);
		break;
	case DT_AGG_STDDEV:
		fprintf(fp, " %16llu", (unsigned long long)dt_agg_stddev(d, normal));
		break;
	case DT_AGG_QUANTIZE:
		print_quantize(fp, d + 1, normal, zoom);
		break;
	case DT_AGG_LQUANTIZE:
		print_lquantize(fp, d + 1, params, normal, zoom);
		break;
	case DT_AGG_LLQUANTIZE:
		print_llquantize(fp, d + 1, params, nwords - 1, normal, zoom);
		break;
	default:
		put_num(fp, d[1] / (int64_t)normal, 16);
	}
}

void dt_agg_print_value(FILE *fp, const dt_aggmap_t *am, const int64_t *d, uint64_t normal,
			bool zoom)
{
	print_value(fp, am->am_func, am->am_params, am->am_nwords, d, normal, zoom);
}

static void print_aggval(FILE *fp, const dtrace_aggval_t *v, bool zoom)
{
	const dtrace_aggdesc_t *d = v->dtav_desc;

	print_value(fp, d->dtagd_func, d->dtagd_params, d->dtagd_nwords, v->dtav_data,
		    v->dtav_normal, zoom);
}

static bool is_dist(const dtrace_aggdesc_t *d)
{
	return d->dtagd_func == DTRACEAGG_QUANTIZE || d->dtagd_func == DTRACEAGG_LQUANTIZE ||
	       d->dtagd_func == DTRACEAGG_LLQUANTIZE;
}

/* ================================================================ output */

/* Printable, then a NUL and nothing but NULs: DTrace takes it for a string. */
static bool is_string(const char *c, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!isprint((unsigned char)c[i]) && !isspace((unsigned char)c[i]) &&
		    c[i] != '\b' && c[i] != '\a')
			break;
	if (i == n)
		return n > 0;
	if (i == 0 || c[i] != '\0')
		return false;
	while (i < n && c[i] == '\0')
		i++;
	return i == n;
}

/*
 * A string key as DTrace's dt_print_bytes (width 50) prints it: a string,
 * else (the empty string too) a hex dump of its strsize bytes.
 */
static void print_strkey(dtrace_hdl_t *dtp, FILE *fp, const char *s, int size)
{
	int n = (int)dtp->dt_options[DTOPT_STRSIZE];
	char *c = dt_zalloc((size_t)(n > size ? n : size) + 1);

	memcpy(c, s, (size_t)size);
	if (!dtp->dt_options[DTOPT_RAWBYTES] && is_string(c, n))
		fprintf(fp, "  %-50s", c);
	else
		dt_print_hexdump(fp, c, (size_t)n);
	free(c);
}

static int64_t key_int(const dtrace_recdesc_t *k, const char *key)
{
	int64_t v;

	memcpy(&v, key + k->dtrd_offset, 8);
	return v;
}

/* Keys as dt_print_datum prints them: by the size of the key's type. */
static void print_keys(dtrace_hdl_t *dtp, FILE *fp, const dtrace_aggdata_t *ad)
{
	const dtrace_aggdesc_t *d = ad->dtada_desc;

	for (int i = 0; i < d->dtagd_nkeys; i++) {
		const dtrace_recdesc_t *k = &d->dtagd_keys[i];
		int64_t v = key_int(k, ad->dtada_key);

		if (k->dtrd_action != DTRACEACT_NONE) /* dt_stack.c */
			dt_stack_print(dtp, fp, dt_stack_act(k->dtrd_action),
				       ad->dtada_key + k->dtrd_offset, (int)k->dtrd_size);
		else if (k->dtrd_kind == DTRACE_DATA_STRING)
			print_strkey(dtp, fp, ad->dtada_key + k->dtrd_offset, (int)k->dtrd_size);
		else if (k->dtrd_tsize == 8)
			put_num(fp, v, 16);
		else if (k->dtrd_tsize == 4)
			put_num(fp, (int32_t)v, 8);
		else if (k->dtrd_tsize == 2) /* 2- and 1-byte keys print unsigned */
			put_num(fp, (uint16_t)v, 5);
		else
			put_num(fp, (uint8_t)v, 3);
	}
}

typedef struct dt_printa {
	dtrace_hdl_t *pa_dtp;
	FILE *pa_fp;
	const char *pa_fmt;	/* rewritten printa format, or NULL */
	bool pa_isagg[64];
	int pa_nslots;
	bool pa_zoom;		/* -x aggzoom */
	bool pa_unprinted;	/* the end: only what printa() did not print */
	char pa_convs[64];	/* the conversion of each slot (dt_printf_argconvs) */
	int pa_nconvs;
} dt_printa_t;

/*
 * An integer key printed with %a (a kernel address) or %A (an address in
 * $target's address space, as illumos' pfprint_uaddr takes its pid):
 * symbol+offset, as printf() gives it; NULL if there is no symbol to give.
 */
static char *addr_text(dtrace_hdl_t *dtp, int conv, uint64_t addr)
{
	char buf[256];

	if (conv == 'a')
		dt_addr2str(dtp, addr, true, buf, sizeof(buf));
	else if (dtp->dt_target > 0)
		dt_uaddr2str(dtp, dtp->dt_target, addr, true, buf, sizeof(buf));
	else
		return NULL;
	return dt_strdup(buf);
}

static int print_row_plain(const dtrace_aggdata_t *ad, void *arg)
{
	dt_printa_t *pa = arg;

	print_keys(pa->pa_dtp, pa->pa_fp, ad);
	for (int i = 0; i < ad->dtada_nvals; i++)
		print_aggval(pa->pa_fp, &ad->dtada_vals[i], pa->pa_zoom);
	fputc('\n', pa->pa_fp);
	return DTRACE_AGGWALK_NEXT;
}

static char *dist_text(const dtrace_aggval_t *v, bool zoom)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (fp == NULL)
		return dt_strdup("");
	print_aggval(fp, v, zoom);
	fclose(fp);
	return buf;
}

static void value_arg(dt_pfarg_t *a, const dtrace_aggval_t *v, bool zoom, char **text)
{
	a->pa_size = 8;
	a->pa_signed = v->dtav_desc->dtagd_func != DTRACEAGG_STDDEV;
	if (is_dist(v->dtav_desc)) {
		*text = dist_text(v, zoom);
		a->pa_string = true;
		a->pa_str = *text;
	} else {
		a->pa_val = v->dtav_value;
	}
}

/* printa with a format: keys and "%@" values in the order the format takes them. */
static int print_row_fmt(const dtrace_aggdata_t *ad, void *arg)
{
	dt_printa_t *pa = arg;
	const dtrace_aggdesc_t *d = ad->dtada_desc;
	dt_pfarg_t args[64];
	char *texts[64] = { NULL }, *out = NULL;
	int nkeys = d->dtagd_nkeys, k = 0, v = 0, n;

	memset(args, 0, sizeof(args));
	for (n = 0; n < pa->pa_nslots; n++) {
		if (pa->pa_isagg[n]) {
			int j = v < ad->dtada_nvals - 1 ? v++ : ad->dtada_nvals - 1;

			value_arg(&args[n], &ad->dtada_vals[j], pa->pa_zoom, &texts[n]);
			continue;
		}
		if (k >= nkeys)
			break;
		if (d->dtagd_keys[k].dtrd_action != DTRACEACT_NONE) { /* %k and kin: the text (dt_stack.c) */
			const dtrace_recdesc_t *ak = &d->dtagd_keys[k];

			texts[n] = dt_stack_text(pa->pa_dtp, dt_stack_act(ak->dtrd_action),
						 ad->dtada_key + ak->dtrd_offset, (int)ak->dtrd_size);
			args[n].pa_string = true;
			args[n].pa_str = texts[n];
		} else if (d->dtagd_keys[k].dtrd_kind == DTRACE_DATA_STRING) {
			args[n].pa_string = true;
			args[n].pa_str = ad->dtada_key + d->dtagd_keys[k].dtrd_offset;
		} else {
			args[n].pa_val = key_int(&d->dtagd_keys[k], ad->dtada_key);
			args[n].pa_size = (int)d->dtagd_keys[k].dtrd_tsize;
			args[n].pa_signed = d->dtagd_keys[k].dtrd_signed;
			if (n < pa->pa_nconvs && (pa->pa_convs[n] == 'a' || pa->pa_convs[n] == 'A'))
				texts[n] = addr_text(pa->pa_dtp, pa->pa_convs[n], (uint64_t)args[n].pa_val);
			if (texts[n] != NULL)
				args[n].pa_str = texts[n]; /* %a, %A: the symbol, as printf's */
		}
		k++;
	}
	if ((n = dt_printf_format(pa->pa_fmt, args, n, &out)) >= 0)
		fwrite(out, 1, (size_t)n, pa->pa_fp);
	free(out);
	for (int i = 0; i < 64; i++)
		free(texts[i]);
	return DTRACE_AGGWALK_NEXT;
}

/* printa(): the rows of its aggregations, sorted, joined on their keys. */
static void text_printa(dtrace_hdl_t *dtp, FILE *fp, const dtrace_recdesc_t *r)
{
	dt_printa_t pa = { .pa_dtp = dtp, .pa_fp = fp,
			   .pa_zoom = dtp->dt_options[DTOPT_AGGZOOM] != 0 };
	bool dist[64];
	int n = r->dtrd_naggs;

	for (int i = 0; i < n; i++) {
		const dtrace_aggdesc_t *d = dtrace_aggregate_desc(dtp, r->dtrd_aggids[i]);

		if (d == NULL)
			return;
		dist[i] = is_dist(d);
	}
	if (r->dtrd_format != NULL) {
		pa.pa_fmt = dt_printa_fmt(r->dtrd_format, n, dist, pa.pa_isagg, 64, &pa.pa_nslots);
		pa.pa_nconvs = dt_printf_argconvs(pa.pa_fmt, pa.pa_convs, 64);
	}
	else
		fputc('\n', fp);
	if (dtrace_aggregate_walk_joined(dtp, r->dtrd_aggids, n, DTRACE_AGGWALK_SORTED,
					 pa.pa_fmt != NULL ? print_row_fmt : print_row_plain, &pa) > 0)
		dt_aggregate_printed(dtp, r->dtrd_aggids, n);
	free((char *)pa.pa_fmt);
}

/* At the end: every aggregation printa() did not print, back to back. */
static int text_aggs(dtrace_hdl_t *dtp, FILE *fp)
{
	dt_printa_t pa = { .pa_dtp = dtp, .pa_fp = fp,
			   .pa_zoom = dtp->dt_options[DTOPT_AGGZOOM] != 0 };

	return dtrace_aggregate_walk(dtp, DTRACE_AGGWALK_SORTED | DTRACE_AGGWALK_UNPRINTED,
				     print_row_plain, &pa) < 0 ? -1 : 0;
}

const dt_output_t dt_textout = {
	.op_name = "text",
	.op_rec = text_rec,
	.op_aggs = text_aggs,
};
