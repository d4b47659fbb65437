/*
 * dt_jsonout.c -- -x oformat=json: the second client of the records and
 * aggregations as data (include/dtrace.h), one JSON object a line on the
 * output, so that a log shipper can stream it.  The schema is in
 * docs/json.md; its version is JSON_SCHEMA_VERSION, in the first object.
 *
 * Objects.  A firing is one object: its probe's identity (EPID, probe id,
 * provider, module, function, name, CPU) and its records, each typed:
 * trace() and exit() values with their D type, printf() (and system(),
 * freopen()) as the formatted text and each argument, print() as its text
 * and bytes, stacks as frame objects, printa() as the rows of its
 * aggregations, keys and values typed (distributions as their non-empty
 * buckets with their ranges).  Run-time errors and drops are events of
 * their own, in the stream where they happen.  With -O, the aggregations
 * at the end are one object each.
 *
 * Strings.  json-c escapes quotes, backslashes and control bytes; it
 * passes other bytes as they are, so a string is first made valid UTF-8
 * (each byte that starts no valid sequence becomes U+FFFD): whatever a
 * traced string holds, every line is valid JSON.  Addresses are strings in
 * hexadecimal ("0xffffffff81000000"): many JSON readers keep numbers in
 * doubles, exact only to 2^53.
 */
#include "dt_consume.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_SCHEMA_VERSION 1

struct dt_json {
	json_object *js_probe;	 /* the firing being built */
	json_object *js_recs;	 /* ... its records */
	json_object *js_agg;	 /* the end: the aggregation being built */
	json_object *js_rows;	 /* ... its rows */
	const dtrace_aggdesc_t *js_aggdesc;
};

static struct dt_json *json_state(dtrace_hdl_t *dtp)
{
	dt_consumer_t *cs = dt_consumer(dtp);

	if (cs->cs_json == NULL)
		cs->cs_json = dt_zalloc(sizeof(struct dt_json));
	return cs->cs_json;
}

/* One object, one line; the object is freed. */
static void emit(FILE *fp, json_object *o)
{
	fputs(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
						    JSON_C_TO_STRING_NOSLASHESCAPE), fp);
	fputc('\n', fp);
	json_object_put(o);
}

/* ------------------------------------------------------------ scalars */

/* The length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	size_t len;
	uint32_t c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, c = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10ffff)) ||
	    (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return len;
}

/* A string of n bytes as a JSON string: valid UTF-8, U+FFFD for bad bytes. */
static json_object *jstr(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, o = 0, len;
	char *buf;
	json_object *j;

	for (i = 0; i < n; i += len)
		if ((len = utf8_seq(u + i, n - i)) == 0)
			break;
	if (i >= n)
		return json_object_new_string_len(s, (int)n);
	buf = dt_zalloc(n * 3 + 1);
	for (i = 0; i < n;) {
		if ((len = utf8_seq(u + i, n - i)) == 0) {
			memcpy(buf + o, "\xef\xbf\xbd", 3); /* U+FFFD */
			o += 3;
			i++;
			continue;
		}
		memcpy(buf + o, s + i, len);
		o += len;
		i += len;
	}
	j = json_object_new_string_len(buf, (int)o);
	free(buf);
	return j;
}

static json_object *jcstr(const char *s)
{
	return s != NULL ? jstr(s, strlen(s)) : NULL;
}

static json_object *jaddr(uint64_t a)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)a);
	return json_object_new_string(buf);
}

static json_object *jhex(const char *p, size_t n)
{
	char *buf = dt_zalloc(n * 2 + 1);
	json_object *j;

	for (size_t i = 0; i < n; i++)
		snprintf(buf + 2 * i, 3, "%02x", (unsigned char)p[i]);
	j = json_object_new_string_len(buf, (int)(n * 2));
	free(buf);
	return j;
}

static void add(json_object *o, const char *k, json_object *v)
{
	json_object_object_add(o, k, v);
}

/* src's members added to dst; src is freed. */
static void merge(json_object *dst, json_object *src)
{
	json_object_object_foreach(src, k, v) {
		add(dst, k, json_object_get(v));
	}
	json_object_put(src);
}

/* An integer of size bytes as its type reads it. */
static json_object *jint(const char *p, uint32_t size, bool sign)
{
	int64_t v = dt_rec_int(p, size, sign);

	return !sign && size >= 8 ? json_object_new_uint64((uint64_t)v) : json_object_new_int64(v);
}

static json_object *jfloat(const char *p, uint32_t tsize)
{
	if (tsize == 4) {
		float f;

		memcpy(&f, p, 4);
		return json_object_new_double((double)f);
	} else {
		double d;

		memcpy(&d, p, 8);
		return json_object_new_double(d);
	}
}

/* Frames: {"address", "module", "function", "offset"} (and "pid", "nofp"). */
static json_object *jframe(const dtrace_frame_t *f)
{
	json_object *o = json_object_new_object();

	add(o, "address", jaddr(f->dtf_pc));
	add(o, "module", jcstr(f->dtf_module));
	add(o, "function", jcstr(f->dtf_function));
	add(o, "offset", f->dtf_function != NULL ? json_object_new_uint64(f->dtf_offset) : NULL);
	if (f->dtf_nofp)
		add(o, "frames_may_be_missing", json_object_new_boolean(1));
	return o;
}

/* A stack or a symbol's members added to o: frames, or one frame's fields. */
static void add_frames(dtrace_hdl_t *dtp, json_object *o, const dtrace_recdesc_t *r,
		       const char *p)
{
	dtrace_frame_t fr[1024];
	int n = dtrace_frames(dtp, r, p, fr, 1024);

	if (r->dtrd_kind == DTRACE_DATA_KSTACK || r->dtrd_kind == DTRACE_DATA_USTACK) {
		json_object *a = json_object_new_array();

		if (r->dtrd_kind == DTRACE_DATA_USTACK) {
			uint64_t pid = 0;

			memcpy(&pid, p, 8);
			add(o, "pid", json_object_new_int64((int64_t)(uint32_t)pid));
		}
		for (int i = 0; i < n && i < 1024; i++)
			json_object_array_add(a, jframe(&fr[i]));
		add(o, "frames", a);
		return;
	}
	if (n < 1)
		return;
	if (fr[0].dtf_pid != 0)
		add(o, "pid", json_object_new_int(fr[0].dtf_pid));
	merge(o, jframe(&fr[0]));
}

/*
 * A value (a record's, an argument's, a key's) as {"type", "value"}; for
 * bytes "bytes" in hexadecimal; for stacks and symbols their frames.
 */
static json_object *jvalue(dtrace_hdl_t *dtp, const dtrace_recdesc_t *r, const char *p,
			   json_object *o)
{
	if (o == NULL)
		o = json_object_new_object();
	switch (r->dtrd_kind) {
	case DTRACE_DATA_INT:
		add(o, "type", jcstr(r->dtrd_type != NULL ? r->dtrd_type : "int"));
		add(o, "value", jint(p, r->dtrd_tsize < r->dtrd_size ? r->dtrd_tsize : r->dtrd_size,
				     r->dtrd_signed));
		if (r->dtrd_conv == 'a')
			add_frames(dtp, o, r, p);
		break;
	case DTRACE_DATA_FLOAT:
		add(o, "type", jcstr(r->dtrd_type));
		add(o, "value", jfloat(p, r->dtrd_tsize));
		break;
	case DTRACE_DATA_STRING:
		add(o, "type", jcstr("string"));
		add(o, "value", jstr(p, strnlen(p, r->dtrd_size)));
		break;
	case DTRACE_DATA_BYTES:
		add(o, "type", jcstr(r->dtrd_type));
		add(o, "bytes", jhex(p, r->dtrd_size));
		break;
	case DTRACE_DATA_KADDR:
	case DTRACE_DATA_UADDR:
	case DTRACE_DATA_KSTACK:
	case DTRACE_DATA_USTACK: {
		static const char *const kinds[] = {
			[DTRACE_DATA_KADDR] = "kaddr", [DTRACE_DATA_UADDR] = "uaddr",
			[DTRACE_DATA_KSTACK] = "stack", [DTRACE_DATA_USTACK] = "ustack",
		};

		add(o, "type", jcstr(kinds[r->dtrd_kind]));
		add_frames(dtp, o, r, p);
		break;
	}
	default:
		break;
	}
	return o;
}

/* ------------------------------------------------------------ aggregations */

static json_object *jaggval(const dtrace_aggval_t *v)
{
	const dtrace_aggdesc_t *d = v->dtav_desc;
	json_object *o = json_object_new_object();

	add(o, "function", jcstr(d->dtagd_funcname));
	switch (d->dtagd_func) {
	case DTRACEAGG_QUANTIZE:
	case DTRACEAGG_LQUANTIZE:
	case DTRACEAGG_LLQUANTIZE: {
		json_object *a = json_object_new_array();

		for (int i = 0; i < v->dtav_nbuckets; i++) {
			const dtrace_aggbucket_t *b = &v->dtav_buckets[i];
			json_object *bo = json_object_new_object();

			add(bo, "min", b->dtab_min == INT64_MIN ? NULL : json_object_new_int64(b->dtab_min));
			add(bo, "max", b->dtab_max == INT64_MAX ? NULL : json_object_new_int64(b->dtab_max));
			add(bo, "count", json_object_new_int64(b->dtab_count));
			json_object_array_add(a, bo);
		}
		add(o, "buckets", a);
		break;
	}
	case DTRACEAGG_STDDEV: {
		char sq[48];
		unsigned __int128 s = (unsigned __int128)v->dtav_sumsq[1] << 64 | v->dtav_sumsq[0];
		char *p = sq + sizeof(sq);

		*--p = '\0';
		do {
			*--p = (char)('0' + (int)(s % 10));
			s /= 10;
		} while (s != 0);
		add(o, "value", json_object_new_uint64((uint64_t)v->dtav_value));
		add(o, "count", json_object_new_uint64(v->dtav_count));
		add(o, "sum", json_object_new_int64(v->dtav_sum));
		add(o, "sumsq", json_object_new_string(p));
		break;
	}
	case DTRACEAGG_AVG:
		add(o, "value", json_object_new_int64(v->dtav_value));
		add(o, "count", json_object_new_uint64(v->dtav_count));
		add(o, "sum", json_object_new_int64(v->dtav_sum));
		break;
	case DTRACEAGG_COUNT:
		add(o, "value", json_object_new_int64(v->dtav_value));
		break;
	default:
		add(o, "value", json_object_new_int64(v->dtav_value));
		add(o, "count", json_object_new_uint64(v->dtav_count));
		break;
	}
	if (v->dtav_normal != 1)
		add(o, "normal", json_object_new_uint64(v->dtav_normal));
	return o;
}

/* A row: {"keys": [typed values], "values": [one per aggregation]}. */
static json_object *jrow(const dtrace_aggdata_t *ad)
{
	const dtrace_aggdesc_t *d = ad->dtada_desc;
	json_object *o = json_object_new_object(), *keys = json_object_new_array(),
		    *vals = json_object_new_array();

	for (int i = 0; i < d->dtagd_nkeys; i++) {
		dtrace_recdesc_t k = d->dtagd_keys[i];

		if (k.dtrd_kind == DTRACE_DATA_INT) /* 8 bytes, read as its type */
			k.dtrd_size = k.dtrd_tsize;
		json_object_array_add(keys, jvalue(ad->dtada_handle, &k,
						   ad->dtada_key + k.dtrd_offset, NULL));
	}
	for (int i = 0; i < ad->dtada_nvals; i++)
		json_object_array_add(vals, jaggval(&ad->dtada_vals[i]));
	add(o, "keys", keys);
	add(o, "values", vals);
	return o;
}

static int row_add(const dtrace_aggdata_t *ad, void *arg)
{
	json_object_array_add(arg, jrow(ad));
	return DTRACE_AGGWALK_NEXT;
}

static json_object *jaggdesc(const dtrace_aggdesc_t *d)
{
	json_object *o = json_object_new_object();

	add(o, "id", json_object_new_int(d->dtagd_id));
	add(o, "name", jcstr(d->dtagd_name));
	add(o, "function", jcstr(d->dtagd_funcname));
	return o;
}

/* ------------------------------------------------------------ records */

static json_object *jrec(dtrace_hdl_t *dtp, FILE *fp, const dtrace_probedata_t *pd,
			 const dtrace_recdesc_t *r)
{
	const char *p = pd->dtpda_data + r->dtrd_offset;
	json_object *o = json_object_new_object();

	add(o, "action", jcstr(dtrace_action_name(r->dtrd_action)));
	switch (r->dtrd_action) {
	case DTRACEACT_PRINTF:
	case DTRACEACT_SYSTEM:
	case DTRACEACT_FREOPEN: {
		json_object *args = json_object_new_array();
		size_t n = 0;
		const char *text = dtrace_printf_text(dtp, pd, r, &n);

		add(o, "format", jcstr(r->dtrd_format));
		add(o, "output", text != NULL ? jstr(text, n) : NULL);
		for (int i = 0; i < r->dtrd_nargs; i++)
			json_object_array_add(args, jvalue(dtp, &r->dtrd_args[i],
							   pd->dtpda_data + r->dtrd_args[i].dtrd_offset,
							   NULL));
		add(o, "args", args);
		if (text != NULL && r->dtrd_action != DTRACEACT_PRINTF)
			dt_text_act(dtp, fp, r->dtrd_action); /* run it, or redirect */
		break;
	}
	case DTRACEACT_PRINTA: {
		json_object *aggs = json_object_new_array(), *rows = json_object_new_array();

		add(o, "format", jcstr(r->dtrd_format));
		for (int i = 0; i < r->dtrd_naggs; i++) {
			const dtrace_aggdesc_t *d = dtrace_aggregate_desc(dtp, r->dtrd_aggids[i]);

			if (d != NULL)
				json_object_array_add(aggs, jaggdesc(d));
		}
		if (dtrace_aggregate_walk_joined(dtp, r->dtrd_aggids, r->dtrd_naggs,
						 DTRACE_AGGWALK_SORTED, row_add, rows) > 0)
			dt_aggregate_printed(dtp, r->dtrd_aggids, r->dtrd_naggs);
		add(o, "aggregations", aggs);
		add(o, "rows", rows);
		break;
	}
	case DTRACEACT_TRACEMEM: {
		size_t n = r->dtrd_size;

		if (r->dtrd_nargs == 1) {
			const dtrace_recdesc_t *ds = &r->dtrd_args[0];
			int64_t d = dt_rec_int(pd->dtpda_data + ds->dtrd_offset, ds->dtrd_size,
					       ds->dtrd_signed);

			if (d >= 0 && (uint64_t)d < n)
				n = (size_t)d;
		}
		add(o, "bytes", jhex(p, n));
		break;
	}
	case DTRACEACT_PRINT: {
		const dt_recdesc_t *rd = dt_rec_internal(dtp, pd, r);
		char *buf = NULL;
		size_t len = 0;
		FILE *mf = open_memstream(&buf, &len);

		jvalue(dtp, r, p, o);
		if (rd != NULL && mf != NULL) { /* as print() prints it (dt_print.c) */
			dt_print_value(dtp, mf, rd->rd_ptype, p, (size_t)r->dtrd_size,
				       r->dtrd_kind == DTRACE_DATA_STRING);
			fclose(mf);
			add(o, "text", jstr(buf, len));
		} else if (mf != NULL) {
			fclose(mf);
		}
		free(buf);
		if (r->dtrd_kind != DTRACE_DATA_BYTES && r->dtrd_kind != DTRACE_DATA_STRING &&
		    r->dtrd_type != NULL)
			add(o, "type", jcstr(r->dtrd_type));
		break;
	}
	case DTRACEACT_FTRUNCATE:
		dt_text_act(dtp, fp, r->dtrd_action);
		break;
	case DTRACEACT_STACK:
	case DTRACEACT_USTACK:
		add_frames(dtp, o, r, p);
		break;
	case DTRACEACT_SYM:
	case DTRACEACT_MOD:
	case DTRACEACT_USYM:
	case DTRACEACT_UMOD:
	case DTRACEACT_UADDR: {
		char *text = dt_stack_text(dtp, dt_stack_act(r->dtrd_action), p, (int)r->dtrd_size);

		add_frames(dtp, o, r, p);
		add(o, "text", jcstr(text)); /* as DTrace prints it */
		free(text);
		break;
	}
	default: /* trace(), exit() */
		jvalue(dtp, r, p, o);
		break;
	}
	return o;
}

static json_object *jprobe(const dtrace_probedesc_t *pd, uint32_t epid)
{
	json_object *o = json_object_new_object();

	if (epid != 0)
		add(o, "epid", json_object_new_int64(epid));
	add(o, "id", json_object_new_int64(pd != NULL ? pd->dtpd_id : 0));
	add(o, "provider", jcstr(pd != NULL ? pd->dtpd_provider : ""));
	add(o, "module", jcstr(pd != NULL ? pd->dtpd_mod : ""));
	add(o, "function", jcstr(pd != NULL ? pd->dtpd_func : ""));
	add(o, "name", jcstr(pd != NULL ? pd->dtpd_name : ""));
	return o;
}

/* ------------------------------------------------------------ the output */

static void json_start(dtrace_hdl_t *dtp, FILE *fp)
{
	json_object *o = json_object_new_object();

	(void)dtp;
	add(o, "type", jcstr("start"));
	add(o, "version", json_object_new_int(JSON_SCHEMA_VERSION));
	emit(fp, o);
}

static void json_probe(dtrace_hdl_t *dtp, FILE *fp, const dtrace_probedata_t *pd)
{
	struct dt_json *js = json_state(dtp);
	json_object *o = json_object_new_object();

	(void)fp;
	add(o, "type", jcstr("probe"));
	add(o, "cpu", json_object_new_int(pd->dtpda_cpu));
	merge(o, jprobe(pd->dtpda_pdesc, pd->dtpda_epid));
	js->js_recs = json_object_new_array();
	add(o, "records", js->js_recs);
	js->js_probe = o;
}

static void json_rec(dtrace_hdl_t *dtp, FILE *fp, const dtrace_probedata_t *pd,
		     const dtrace_recdesc_t *r)
{
	struct dt_json *js = json_state(dtp);

	if (js->js_recs != NULL)
		json_object_array_add(js->js_recs, jrec(dtp, fp, pd, r));
}

static void json_end(dtrace_hdl_t *dtp, FILE *fp, const dtrace_probedata_t *pd)
{
	struct dt_json *js = json_state(dtp);

	(void)pd;
	if (js->js_probe != NULL)
		emit(fp, js->js_probe);
	js->js_probe = js->js_recs = NULL;
}

/* The end of a run (-O): an object per aggregation printa() did not print. */
static void agg_flush(struct dt_json *js, FILE *fp)
{
	if (js->js_agg != NULL)
		emit(fp, js->js_agg);
	js->js_agg = js->js_rows = NULL;
	js->js_aggdesc = NULL;
}

typedef struct dt_jsonaggs {
	struct dt_json *ja_js;
	FILE *ja_fp;
} dt_jsonaggs_t;

static int agg_row(const dtrace_aggdata_t *ad, void *arg)
{
	dt_jsonaggs_t *ja = arg;
	struct dt_json *js = ja->ja_js;

	if (ad->dtada_desc != js->js_aggdesc) {
		agg_flush(js, ja->ja_fp);
		js->js_agg = json_object_new_object();
		add(js->js_agg, "type", jcstr("aggregation"));
		merge(js->js_agg, jaggdesc(ad->dtada_desc));
		js->js_rows = json_object_new_array();
		add(js->js_agg, "rows", js->js_rows);
		js->js_aggdesc = ad->dtada_desc;
	}
	json_object_array_add(js->js_rows, jrow(ad));
	return DTRACE_AGGWALK_NEXT;
}

static int json_aggs(dtrace_hdl_t *dtp, FILE *fp)
{
	dt_jsonaggs_t ja = { json_state(dtp), fp };
	int rv = dtrace_aggregate_walk(dtp, DTRACE_AGGWALK_SORTED | DTRACE_AGGWALK_UNPRINTED,
				       agg_row, &ja);

	agg_flush(ja.ja_js, fp);
	return rv < 0 ? -1 : 0;
}

static void json_error(dtrace_hdl_t *dtp, FILE *fp, const dtrace_errdata_t *ed)
{
	json_object *o = json_object_new_object();

	(void)dtp;
	add(o, "type", jcstr("error"));
	add(o, "probe", jprobe(ed->dteda_pdesc, ed->dteda_epid));
	add(o, "fault", jcstr(dt_fault_text(ed->dteda_fault)));
	add(o, "action", json_object_new_int(ed->dteda_action));
	add(o, "offset", ed->dteda_offset >= 0 ? json_object_new_int(ed->dteda_offset) : NULL);
	add(o, "address", jaddr(ed->dteda_addr));
	add(o, "message", jcstr(ed->dteda_msg));
	emit(fp, o);
	fflush(fp);
}

static void json_drop(dtrace_hdl_t *dtp, FILE *fp, const char *kind, int cpu, uint64_t n,
		      const char *msg)
{
	json_object *o = json_object_new_object();
	char lower[32];
	size_t i, len = strlen(msg);

	(void)dtp;
	for (i = 0; kind[i] != '\0' && i < sizeof(lower) - 1; i++)
		lower[i] = (char)(kind[i] >= 'A' && kind[i] <= 'Z' ? kind[i] + 'a' - 'A' : kind[i]);
	lower[i] = '\0';
	add(o, "type", jcstr("drop"));
	add(o, "kind", jcstr(lower));
	add(o, "cpu", cpu >= 0 ? json_object_new_int(cpu) : NULL);
	add(o, "count", json_object_new_uint64(n));
	add(o, "message", jstr(msg, len > 0 && msg[len - 1] == '\n' ? len - 1 : len));
	emit(fp, o);
	fflush(fp);
}

static void json_fini(dtrace_hdl_t *dtp)
{
	struct dt_json *js = dtp->dt_consumer->cs_json;

	if (js == NULL)
		return;
	json_object_put(js->js_probe);
	json_object_put(js->js_agg);
	free(js);
	dtp->dt_consumer->cs_json = NULL;
}

const dt_output_t dt_jsonout = {
	.op_name = "json",
	.op_start = json_start,
	.op_probe = json_probe,
	.op_rec = json_rec,
	.op_end = json_end,
	.op_aggs = json_aggs,
	.op_error = json_error,
	.op_drop = json_drop,
	.op_fini = json_fini,
};
