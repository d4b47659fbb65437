/*
 * dt_agg_layout.c -- the layout of each aggregation's map, shared by the
 * code generator (which writes keys and values), the loader (which creates
 * the maps) and the consumer (which reads them); made once, after the
 * front end and before any code is generated.
 *
 * Integer keys take 8 bytes; a string key takes a slot as wide as the
 * widest string any statement stores in it (execname: 16 bytes, a string
 * constant: its length + 1, anything else: strsize), rounded up to 8, so
 * that short string keys hash and compare quickly.  The value has a slot
 * per CPU of am_nwords words, rounded up to a cache line (see
 * docs/aggregations.md and cg/dt_cg_agg.c).
 */
#include "dt_cg.h"

#include <stdlib.h>
#include <string.h>

#define DT_TASK_COMM_LEN 16 /* bytes of execname (the kernel's TASK_COMM_LEN) */

static int strwidth(dtrace_hdl_t *dtp, const dt_node_t *k)
{
	int strsize = DT_STRSIZE(dtp), w = strsize;

	if (k->dn_kind == N_STR)
		w = k->dn_strlen + 1;
	else if (k->dn_kind == N_VAR && k->dn_ident == NULL && k->dn_builtin == DT_BV_EXECNAME)
		w = DT_TASK_COMM_LEN;
	else if (k->dn_kind == N_COND) {
		int l = strwidth(dtp, k->dn_left), r = strwidth(dtp, k->dn_right);

		w = l > r ? l : r;
	}
	return w < strsize ? w : strsize;
}

/* One statement: the first one gives the key types, every one the widths. */
static void layout_stmt(dtrace_hdl_t *dtp, dt_aggmap_t *maps, const dt_node_t *a)
{
	dt_aggmap_t *am = &maps[a->dn_ident->di_id];
	bool first = am->am_func == 0;
	int i = 0;

	am->am_func = a->dn_ident->di_aggfunc;
	for (const dt_node_t *k = a->dn_args; k && i < am->am_nkeys; k = k->dn_next, i++) {
		dt_aggkey_t *ak = &am->am_keys[i];
		const dt_type_t *t = k->dn_type;

		if (ak->ak_string) {
			int w = strwidth(dtp, k);

			ak->ak_size = w > ak->ak_size ? w : ak->ak_size;
		} else if (first) {
			ak->ak_tsize = t->dt_kind == DT_TK_INT && t->dt_size < 8 ? t->dt_size : 8;
			ak->ak_signed = t->dt_kind == DT_TK_INT && t->dt_signed;
		}
	}
}

static void layout_walk(dtrace_hdl_t *dtp, dt_aggmap_t *maps, const dt_node_t *s)
{
	for (; s != NULL; s = s->dn_next) {
		if (s->dn_kind == N_EXPRSTMT && s->dn_left != NULL &&
		    s->dn_left->dn_kind == N_AGGSTMT)
			layout_stmt(dtp, maps, s->dn_left);
		else if (s->dn_kind == N_IF) {
			layout_walk(dtp, maps, s->dn_body);
			layout_walk(dtp, maps, s->dn_else);
		} else if (s->dn_kind == N_BLOCK)
			layout_walk(dtp, maps, s->dn_body);
	}
}

static void layout_init(dt_aggmap_t *am, dt_ident_t *idp)
{
	am->am_ident = idp;
	am->am_fd = -1;
	am->am_nkeys = idp->di_nkeys < 0 ? 0 : idp->di_nkeys;
	am->am_keys = dt_zalloc(sizeof(dt_aggkey_t) * (size_t)(am->am_nkeys + 1));
	for (int i = 0; i < am->am_nkeys; i++) {
		am->am_keys[i].ak_string = idp->di_keys[i]->dt_kind == DT_TK_STRING;
		am->am_keys[i].ak_size = am->am_keys[i].ak_string ? 1 : 8;
		am->am_keys[i].ak_tsize = 8;
		if ((am->am_keys[i].ak_rec = idp->di_keys[i]->dt_rec) != 0)
			am->am_keys[i].ak_size = idp->di_keys[i]->dt_size;
	}
	memcpy(am->am_params, idp->di_aggparams, sizeof(am->am_params));
}

static void layout_finish(dt_aggmap_t *am, int ncpus)
{
	int off = 0;

	for (int i = 0; i < am->am_nkeys; i++) {
		am->am_keys[i].ak_size = (am->am_keys[i].ak_size + 7) & ~7;
		am->am_keys[i].ak_off = off;
		off += am->am_keys[i].ak_size;
	}
	am->am_keysize = off > 0 ? off : 8;
	if (am->am_func == 0)
		am->am_func = am->am_ident->di_aggfunc;
	am->am_nwords = dt_agg_nwords(am->am_func, am->am_params);
	am->am_stride = (am->am_nwords + 7) & ~7;
	am->am_ncpus = ncpus;
	am->am_valsize = am->am_ncpus * am->am_stride * 8;
	am->am_ident->di_keysize = am->am_keysize;
	am->am_ident->di_valsize = am->am_valsize;
}

/* The shapes of aggregations first..n-1, as arrays of maps; returns how many. */
static int group(dtrace_hdl_t *dtp, dt_aggmap_t *maps, int first, bool set)
{
	int nout = 0;

	for (int i = first; i < dtp->dt_naggs; i++) {
		dt_aggmap_t *am = &maps[i];
		int o;

		for (o = 0; o < nout; o++)
			if (dtp->dt_aggouter[o].ao_keysize == am->am_keysize &&
			    dtp->dt_aggouter[o].ao_valsize == am->am_valsize)
				break;
		if (o == nout) {
			dtp->dt_aggouter = dt_realloc(dtp->dt_aggouter, sizeof(dt_aggouter_t) * (nout + 1));
			dtp->dt_aggouter[o] = (dt_aggouter_t){ am->am_keysize, am->am_valsize, 0, -1 };
			nout++;
		}
		if (set) {
			am->am_outer = o;
			am->am_outeridx = dtp->dt_aggouter[o].ao_n++;
		}
	}
	return nout;
}

/* Which aggregations go through arrays of maps (see dt_layout.h). */
static void layout_outer(dtrace_hdl_t *dtp, dt_aggmap_t *maps)
{
	int first = DT_AGG_DIRECT;

	for (int i = 0; i < dtp->dt_naggs; i++)
		maps[i].am_outer = -1;
	if (dtp->dt_naggs <= DT_PROG_MAXMAPS)
		return;
	while (first > 0 && first + group(dtp, maps, first, false) > DT_PROG_MAXMAPS)
		first--;
	dtp->dt_naggouter = group(dtp, maps, first, true);
}

/* The layouts being made, freed by out of memory (core/dt_alloc.c). */
typedef struct layout_tmp {
	dt_aggmap_t *lt_maps;
	int lt_n;
} layout_tmp_t;

static void layout_undo(void *arg)
{
	layout_tmp_t *lt = arg;

	for (int i = 0; lt->lt_maps != NULL && i < lt->lt_n; i++)
		free(lt->lt_maps[i].am_keys);
	free(lt->lt_maps);
}

/* The layout of every aggregation of the handle's programs (dtrace_go, once). */
dt_aggmap_t *dt_agg_layout(dtrace_hdl_t *dtp)
{
	layout_tmp_t lt = { NULL, dtp->dt_naggs };
	dt_nomem_undo_t undo;
	dt_aggmap_t *maps;

	if (dtp->dt_aggmaps != NULL)
		return dtp->dt_aggmaps;
	dt_nomem_hold(&undo, layout_undo, &lt);
	maps = lt.lt_maps = dt_zalloc(sizeof(dt_aggmap_t) * (size_t)(dtp->dt_naggs + 1));
	for (int i = 0; i < dtp->dt_naggs; i++)
		layout_init(&maps[i], dtp->dt_aggs[i]);
	for (int c = 0; c < dtp->dt_nclauses; c++)
		layout_walk(dtp, maps, dtp->dt_clauses[c]->dc_body);
	for (int i = 0; i < dtp->dt_naggs; i++)
		layout_finish(&maps[i], dtp->dt_ncpus);
	layout_outer(dtp, maps);
	/*
	 * A key-less aggregation of its own is a one-entry array, whose
	 * lookup the verifier inlines (a hash's is a call): its 4-byte key
	 * is entry 0, and it never misses.
	 */
	for (int i = 0; i < dtp->dt_naggs; i++)
		if (maps[i].am_nkeys == 0 && maps[i].am_outer < 0) {
			maps[i].am_array = true;
			maps[i].am_keysize = maps[i].am_ident->di_keysize = 4;
		}
	dt_nomem_release(&undo);
	dtp->dt_aggmaps = maps;
	return maps;
}


/* dtrace_close(): the layouts (their maps are closed by bpf/dt_bpf.c). */
void dt_agg_layout_fini(dtrace_hdl_t *dtp)
{
	for (int i = 0; dtp->dt_aggmaps != NULL && i < dtp->dt_naggs; i++)
		free(dtp->dt_aggmaps[i].am_keys);
	free(dtp->dt_aggmaps);
	free(dtp->dt_aggouter);
	dtp->dt_aggmaps = NULL;
	dtp->dt_aggouter = NULL;
}
