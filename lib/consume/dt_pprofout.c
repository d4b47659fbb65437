/*
 * dt_pprofout.c -- -x oformat=pprof: the stack aggregations as a pprof
 * profile (profile.proto, gzipped), the format go tool pprof, Pyroscope,
 * Parca and Grafana read (docs/stacks.md).
 *
 * The message is built with libprotobuf-c from dt_pprof.proto (the part
 * of pprof's profile.proto dtrace writes, compiled by protoc-c at build
 * time) and compressed by zlib: no hand-written encoder.  The profile's
 * paths (dt_profout.c) map onto it so:
 *
 *   - each aggregation is a sample type: its name without the '@' (an
 *     unnamed aggregation is named by its function, "count"), unit "count" for
 *     count(), else "value";
 *   - each path is a sample: its stack frames as locations, the innermost
 *     first, and its value under its aggregation's type (0 under the
 *     others);
 *   - a key that is not a stack (execname, pid) is a label of the sample,
 *     named "key1", "key2" ... by its position in the key: a string as
 *     the label's string, an integer as its number;
 *   - a frame is a function named as the frame is (module`function, as in
 *     the folded output), its file the module; a location a function, at
 *     the first address seen in it.
 */
#include "dt_consume.h"
#include "dt_pprof.pb-c.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

typedef Perftools__Profiles__Profile pb_profile_t;
typedef Perftools__Profiles__Sample pb_sample_t;
typedef Perftools__Profiles__Location pb_location_t;
typedef Perftools__Profiles__Function pb_function_t;
typedef Perftools__Profiles__ValueType pb_valuetype_t;
typedef Perftools__Profiles__Label pb_label_t;
typedef Perftools__Profiles__Line pb_line_t;

typedef struct pp_strings {
	dt_hash_t ps_index;	/* string -> index + 1 (as a pointer) */
	char **ps_strs;
	size_t ps_n, ps_cap;
} pp_strings_t;

typedef struct pp_func {
	pb_function_t pf_func;
	pb_location_t pf_loc;
	pb_line_t pf_line;
	pb_line_t *pf_lines[1];
} pp_func_t;

static int64_t str_index(pp_strings_t *ps, const char *s)
{
	void *found = dt_hash_findstr(&ps->ps_index, s);
	void **slot;
	char *copy;

	if (found != NULL)
		return (int64_t)(uintptr_t)found - 1;
	if (ps->ps_n == ps->ps_cap) {
		ps->ps_cap = ps->ps_cap ? ps->ps_cap * 2 : 256;
		ps->ps_strs = dt_realloc(ps->ps_strs, sizeof(char *) * ps->ps_cap);
	}
	copy = dt_strdup(s); /* the table's key is the entry's own copy */
	ps->ps_strs[ps->ps_n] = copy;
	if ((slot = dt_hash_slotstr(&ps->ps_index, copy)) != NULL)
		*slot = (void *)(uintptr_t)(ps->ps_n + 1);
	return (int64_t)ps->ps_n++;
}

/* gzip the bytes to fp; -1 on failure */
static int write_gzip(FILE *fp, const uint8_t *buf, size_t len)
{
	z_stream zs;
	uint8_t out[65536];
	int rc;

	memset(&zs, 0, sizeof(zs));
	if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	zs.next_in = (uint8_t *)buf;
	zs.avail_in = (uInt)len;
	do {
		zs.next_out = out;
		zs.avail_out = sizeof(out);
		rc = deflate(&zs, Z_FINISH);
		if (rc == Z_STREAM_ERROR)
			break;
		fwrite(out, 1, sizeof(out) - zs.avail_out, fp);
	} while (rc != Z_STREAM_END);
	deflateEnd(&zs);
	return rc == Z_STREAM_END ? 0 : -1;
}

int dt_pprof_aggs(dtrace_hdl_t *dtp, FILE *fp)
{
	pb_profile_t prof = PERFTOOLS__PROFILES__PROFILE__INIT;
	pp_strings_t ps = { 0 };
	dt_hash_t funcs = { 0 }; /* pp_func_t by frame text */
	pp_func_t **fv = NULL;
	size_t nf = 0, len;
	pb_valuetype_t *types;
	pb_sample_t *samples;
	dt_profile_t pr;
	int rv = dt_profile_collect(dtp, &pr);
	uint8_t *buf;
	struct timespec ts;

	str_index(&ps, "");
	types = dt_zalloc(sizeof(pb_valuetype_t) * (size_t)(pr.pf_naggs + 1));
	prof.sample_type = dt_zalloc(sizeof(pb_valuetype_t *) * (size_t)(pr.pf_naggs + 1));
	for (int a = 0; a < pr.pf_naggs; a++) {
		const dtrace_aggdesc_t *ad = pr.pf_aggs[a];

		perftools__profiles__value_type__init(&types[a]);
		types[a].type = str_index(&ps, ad->dtagd_name[0] ? ad->dtagd_name : ad->dtagd_funcname);
		types[a].unit = str_index(&ps, ad->dtagd_func == DTRACEAGG_COUNT ? "count" : "value");
		prof.sample_type[a] = &types[a];
	}
	prof.n_sample_type = (size_t)pr.pf_naggs;
	samples = dt_zalloc(sizeof(pb_sample_t) * (pr.pf_nrows + 1));
	prof.sample = dt_zalloc(sizeof(pb_sample_t *) * (pr.pf_nrows + 1));
	for (size_t i = 0; i < pr.pf_nrows; i++) {
		const dt_prow_t *row = &pr.pf_rows[i];
		pb_sample_t *s = &samples[i];
		size_t nl = 0;

		perftools__profiles__sample__init(s);
		s->value = dt_zalloc(sizeof(int64_t) * (size_t)pr.pf_naggs);
		s->n_value = (size_t)pr.pf_naggs;
		s->value[row->pr_agg] = row->pr_value;
		s->location_id = dt_zalloc(sizeof(uint64_t) * (size_t)(row->pr_nframes + 1));
		s->label = dt_zalloc(sizeof(pb_label_t *) * (size_t)(row->pr_nframes + 1));
		for (int f = row->pr_nframes - 1; f >= 0; f--) {
			const dt_pframe_t *pf = &row->pr_frames[f];
			void **slot;
			pp_func_t *fn;

			if (pf->pf_label >= 0) { /* a key that is not a stack */
				pb_label_t *l = dt_zalloc(sizeof(*l));
				char key[32];
				char *end;
				long long v = strtoll(pf->pf_text, &end, 10);

				perftools__profiles__label__init(l);
				snprintf(key, sizeof(key), "key%d", pf->pf_label + 1);
				l->key = str_index(&ps, key);
				if (*pf->pf_text != '\0' && *end == '\0')
					l->num = v;
				else
					l->str = str_index(&ps, pf->pf_text);
				s->label[s->n_label++] = l;
				continue;
			}
			if ((slot = dt_hash_slotstr(&funcs, pf->pf_text)) == NULL)
				continue;
			if ((fn = *slot) == NULL) {
				const char *tick = strchr(pf->pf_text, '`');
				char *mod = dt_strndup(pf->pf_text,
						       tick ? (size_t)(tick - pf->pf_text) : 0);

				fn = dt_zalloc(sizeof(*fn));
				perftools__profiles__function__init(&fn->pf_func);
				perftools__profiles__location__init(&fn->pf_loc);
				perftools__profiles__line__init(&fn->pf_line);
				fn->pf_func.id = fn->pf_loc.id = fn->pf_line.function_id = nf + 1;
				fn->pf_func.name = fn->pf_func.system_name = str_index(&ps, pf->pf_text);
				fn->pf_func.filename = str_index(&ps, mod);
				free(mod);
				fn->pf_loc.address = pf->pf_pc;
				fn->pf_lines[0] = &fn->pf_line;
				fn->pf_loc.line = fn->pf_lines;
				fn->pf_loc.n_line = 1;
				fv = dt_realloc(fv, sizeof(pp_func_t *) * (nf + 1));
				fv[nf++] = fn;
				*slot = fn;
			}
			s->location_id[nl++] = fn->pf_loc.id;
		}
		s->n_location_id = nl;
		prof.sample[i] = s;
	}
	prof.n_sample = pr.pf_nrows;
	prof.function = dt_zalloc(sizeof(pb_function_t *) * (nf + 1));
	prof.location = dt_zalloc(sizeof(pb_location_t *) * (nf + 1));
	for (size_t i = 0; i < nf; i++) {
		prof.function[i] = &fv[i]->pf_func;
		prof.location[i] = &fv[i]->pf_loc;
	}
	prof.n_function = prof.n_location = nf;
	if (pr.pf_naggs > 0)
		prof.period_type = prof.sample_type[0];
	prof.period = 1;
	clock_gettime(CLOCK_REALTIME, &ts);
	prof.time_nanos = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
	prof.string_table = ps.ps_strs;
	prof.n_string_table = ps.ps_n;

	len = perftools__profiles__profile__get_packed_size(&prof);
	buf = dt_zalloc(len + 1);
	perftools__profiles__profile__pack(&prof, buf);
	if (write_gzip(fp, buf, len) != 0 && rv == 0)
		rv = dt_set_errno(dtp, EDT_NOMEM);
	free(buf);

	for (size_t i = 0; i < pr.pf_nrows; i++) {
		for (size_t l = 0; l < samples[i].n_label; l++)
			free(samples[i].label[l]);
		free(samples[i].label);
		free(samples[i].value);
		free(samples[i].location_id);
	}
	free(samples);
	free(prof.sample);
	free(prof.sample_type);
	free(types);
	for (size_t i = 0; i < nf; i++)
		free(fv[i]);
	free(fv);
	free(prof.function);
	free(prof.location);
	dt_hash_fini(&funcs);
	for (size_t i = 0; i < ps.ps_n; i++)
		free(ps.ps_strs[i]);
	free(ps.ps_strs);
	dt_hash_fini(&ps.ps_index);
	dt_profile_free(&pr);
	return rv;
}
