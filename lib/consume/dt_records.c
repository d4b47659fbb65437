/*
 * dt_records.c -- records as data: the public description of an
 * enabling's records (include/dtrace.h's dtrace_recdesc_t), made from the
 * layout the code generator left in its EPID.
 *
 * The code generator's layout (dt_recdesc_t, layout/dt_layout.h) is a list
 * of slots as the program writes them: printf() is a first slot with the
 * format and one slot per argument, printa(@a, @b) one slot per
 * aggregation, tracemem() its bytes and perhaps a dsize slot.  A consumer
 * wants one description per action, with what it needs to read the bytes:
 * their kind (integer, string, stack ...), offset, size and D type, and
 * for printf-like actions the format and the arguments.  The view of an
 * EPID makes that list once, the first time a record of the EPID is read,
 * and keeps for each slot which public record starts there (or -1: a slot
 * the consumer acts on itself, clear() and kin, or an argument) and how
 * many slots it takes.  dt_rec_internal() goes back from a public record
 * to its slot, for the library's own outputs (print()'s type).
 *
 * dtrace_printf_text() formats a printf-like record from its public
 * description: the same engine (dt_printf.c), the same symbols for %a and
 * %A, the text in a buffer kept in the handle.
 */
#include "dt_consume.h"

#include <stdlib.h>
#include <string.h>

static const char *const dt_actnames[] = {
	[DTRACEACT_NONE] = "none",	   [DTRACEACT_TRACE] = "trace",
	[DTRACEACT_PRINTF] = "printf",	   [DTRACEACT_PRINTA] = "printa",
	[DTRACEACT_PRINT] = "print",	   [DTRACEACT_TRACEMEM] = "tracemem",
	[DTRACEACT_STACK] = "stack",	   [DTRACEACT_USTACK] = "ustack",
	[DTRACEACT_SYM] = "sym",	   [DTRACEACT_MOD] = "mod",
	[DTRACEACT_USYM] = "usym",	   [DTRACEACT_UMOD] = "umod",
	[DTRACEACT_UADDR] = "uaddr",	   [DTRACEACT_EXIT] = "exit",
	[DTRACEACT_SYSTEM] = "system",	   [DTRACEACT_FREOPEN] = "freopen",
	[DTRACEACT_FTRUNCATE] = "ftruncate",
};

/* An action's name as D spells it ("trace", "printf" ...), or NULL. */
const char *dtrace_action_name(dtrace_actkind_t act)
{
	return (unsigned)act < sizeof(dt_actnames) / sizeof(dt_actnames[0]) ? dt_actnames[act] : NULL;
}

struct dt_recview {
	int rv_nrecs;
	dtrace_recdesc_t *rv_recs;	 /* the public records, in order */
	const dt_recdesc_t **rv_heads;	 /* the slot each starts at */
	int rv_nslots;
	int *rv_pubidx;			 /* per slot: its public record, or -1 */
	int *rv_span;			 /* per slot: the slots its action takes */
	dtrace_recdesc_t *rv_args;	 /* the printf-like records' arguments */
	int *rv_aggids;			 /* the printa records' aggregations */
};

/* The stack and symbol records: their public kinds. */
static const struct {
	dt_actkind_t sr_slot;
	dtrace_actkind_t sr_action;
	dtrace_datakind_t sr_data;
} dt_stackrecs[] = {
	{ DT_ACT_STACK, DTRACEACT_STACK, DTRACE_DATA_KSTACK },
	{ DT_ACT_USTACK, DTRACEACT_USTACK, DTRACE_DATA_USTACK },
	{ DT_ACT_SYM, DTRACEACT_SYM, DTRACE_DATA_KADDR },
	{ DT_ACT_MOD, DTRACEACT_MOD, DTRACE_DATA_KADDR },
	{ DT_ACT_USYM, DTRACEACT_USYM, DTRACE_DATA_UADDR },
	{ DT_ACT_UMOD, DTRACEACT_UMOD, DTRACE_DATA_UADDR },
	{ DT_ACT_UADDR, DTRACEACT_UADDR, DTRACE_DATA_UADDR },
};

/* An integer type's name when the slot has no D type (C's names by size). */
const char *dt_int_typename(int size, bool sign)
{
	static const char *const names[2][4] = {
		{ "uint8_t", "uint16_t", "uint32_t", "uint64_t" },
		{ "int8_t", "int16_t", "int32_t", "int64_t" },
	};

	return names[sign][size >= 8 ? 3 : size >= 4 ? 2 : size >= 2 ? 1 : 0];
}

/* A value slot (trace, exit, print, a printf argument) described. */
static void value_desc(dtrace_recdesc_t *r, const dt_recdesc_t *rd)
{
	r->dtrd_offset = (uint32_t)rd->rd_off;
	r->dtrd_size = (uint32_t)rd->rd_size;
	r->dtrd_tsize = (uint32_t)(rd->rd_fmt > 0 && !rd->rd_string ? rd->rd_fmt : rd->rd_size);
	r->dtrd_signed = rd->rd_signed;
	r->dtrd_type = rd->rd_ptype != NULL ? rd->rd_ptype->dt_name : NULL;
	if (rd->rd_string) {
		r->dtrd_kind = DTRACE_DATA_STRING;
		r->dtrd_type = "string";
	} else if (rd->rd_bytes) {
		r->dtrd_kind = DTRACE_DATA_BYTES;
	} else if (rd->rd_arg == 'A' && rd->rd_size == 16) {
		r->dtrd_kind = DTRACE_DATA_UADDR; /* pid, address (cg/dt_cg_stack.c) */
		r->dtrd_tsize = 8;
	} else if (rd->rd_float) {
		r->dtrd_kind = DTRACE_DATA_FLOAT;
		r->dtrd_tsize = (uint32_t)rd->rd_fmt;
		if (r->dtrd_type == NULL)
			r->dtrd_type = rd->rd_fmt == 4 ? "float" : "double";
	} else {
		r->dtrd_kind = DTRACE_DATA_INT;
		if (r->dtrd_type == NULL)
			r->dtrd_type = dt_int_typename((int)r->dtrd_tsize, rd->rd_signed);
	}
}

/* Slots of printa(@a, @b ...): all with the action's index. */
static int printa_span(const dt_recdesc_t *rd, int left)
{
	int n = 1;

	while (n < left && rd[n].rd_kind == DT_ACT_PRINTA && rd[n].rd_action == rd[0].rd_action)
		n++;
	return n;
}

/* How many public records and arguments the slots make (counting pass). */
static void view_count(const dt_epid_t *ep, int *nrecs, int *nargs, int *naggs)
{
	*nrecs = *nargs = *naggs = 0;
	for (int i = 0; i < ep->ep_nrecs; i++) {
		const dt_recdesc_t *rd = &ep->ep_recs[i];

		switch (rd->rd_kind) {
		case DT_ACT_PRINTF:
		case DT_ACT_SYSTEM:
		case DT_ACT_FREOPEN:
			*nargs += rd->rd_nargs > 0 ? rd->rd_nargs : 0;
			break;
		case DT_ACT_TRACEMEM:
			(*nargs)++;
			break;
		case DT_ACT_PRINTA:
			(*naggs)++;
			break;
		default:
			break;
		}
		(*nrecs)++;
	}
}

static void view_free(dt_recview_t *v);

static void view_undo(void *pv)
{
	view_free(*(dt_recview_t **)pv);
}

static dt_recview_t *view_make(dtrace_hdl_t *dtp, const dt_epid_t *ep)
{
	dt_recview_t *v = NULL;
	dt_nomem_undo_t undo;
	int nrecs, nargs, naggs, a = 0, g = 0;

	dt_nomem_hold(&undo, view_undo, &v); /* out of memory: the half-made view freed */
	v = dt_zalloc(sizeof(*v));

	view_count(ep, &nrecs, &nargs, &naggs);
	v->rv_recs = dt_zalloc(sizeof(dtrace_recdesc_t) * (size_t)(nrecs + 1));
	v->rv_heads = dt_zalloc(sizeof(dt_recdesc_t *) * (size_t)(nrecs + 1));
	v->rv_args = dt_zalloc(sizeof(dtrace_recdesc_t) * (size_t)(nargs + 1));
	v->rv_aggids = dt_zalloc(sizeof(int) * (size_t)(naggs + 1));
	v->rv_nslots = ep->ep_nrecs;
	v->rv_pubidx = dt_zalloc(sizeof(int) * (size_t)(ep->ep_nrecs + 1));
	v->rv_span = dt_zalloc(sizeof(int) * (size_t)(ep->ep_nrecs + 1));
	for (int i = 0; i < ep->ep_nrecs; i++) {
		v->rv_pubidx[i] = -1;
		v->rv_span[i] = 1;
	}
	for (int i = 0; i < ep->ep_nrecs; i += v->rv_span[i]) {
		const dt_recdesc_t *rd = &ep->ep_recs[i];
		dtrace_recdesc_t *r = &v->rv_recs[v->rv_nrecs];
		int left = ep->ep_nrecs - i;

		memset(r, 0, sizeof(*r));
		switch (rd->rd_kind) {
		case DT_ACT_TRACE:
		case DT_ACT_EXIT:
		case DT_ACT_PRINT:
			r->dtrd_action = rd->rd_kind == DT_ACT_TRACE ? DTRACEACT_TRACE :
					 rd->rd_kind == DT_ACT_EXIT ? DTRACEACT_EXIT : DTRACEACT_PRINT;
			value_desc(r, rd);
			break;
		case DT_ACT_PRINTF:
		case DT_ACT_SYSTEM:
		case DT_ACT_FREOPEN: {
			int n = rd->rd_nargs > 0 && rd->rd_nargs < left ? rd->rd_nargs : 0;

			r->dtrd_action = rd->rd_kind == DT_ACT_PRINTF ? DTRACEACT_PRINTF :
					 rd->rd_kind == DT_ACT_SYSTEM ? DTRACEACT_SYSTEM : DTRACEACT_FREOPEN;
			r->dtrd_offset = (uint32_t)rd->rd_off;
			r->dtrd_format = dtp->dt_formats[rd->rd_fmt].fm_str;
			r->dtrd_nargs = n;
			r->dtrd_args = &v->rv_args[a];
			for (int j = 0; j < n; j++, a++) {
				value_desc(&v->rv_args[a], &rd[1 + j]);
				v->rv_args[a].dtrd_action = r->dtrd_action;
				v->rv_args[a].dtrd_conv = (int)rd[1 + j].rd_arg;
			}
			v->rv_span[i] = 1 + n;
			break;
		}
		case DT_ACT_FTRUNCATE:
			r->dtrd_action = DTRACEACT_FTRUNCATE;
			r->dtrd_offset = (uint32_t)rd->rd_off;
			break;
		case DT_ACT_TRACEMEM:
			if (rd->rd_nargs < 0) /* a dsize slot alone: taken with its bytes */
				continue;
			r->dtrd_action = DTRACEACT_TRACEMEM;
			r->dtrd_kind = DTRACE_DATA_BYTES;
			r->dtrd_offset = (uint32_t)rd->rd_off;
			r->dtrd_size = (uint32_t)rd->rd_size;
			if (rd->rd_nargs == 1 && left > 1) { /* dsize: how many to show */
				value_desc(&v->rv_args[a], &rd[1]);
				v->rv_args[a].dtrd_action = DTRACEACT_TRACEMEM;
				r->dtrd_nargs = 1;
				r->dtrd_args = &v->rv_args[a++];
				v->rv_span[i] = 2;
			}
			break;
		case DT_ACT_PRINTA: {
			int n = printa_span(rd, left);

			v->rv_span[i] = n;
			if (n > 64) /* as many as printa() takes */
				continue;
			r->dtrd_action = DTRACEACT_PRINTA;
			r->dtrd_format = rd->rd_fmt >= 0 ? dtp->dt_formats[rd->rd_fmt].fm_str : NULL;
			r->dtrd_naggs = n;
			r->dtrd_aggids = &v->rv_aggids[g];
			for (int j = 0; j < n; j++)
				v->rv_aggids[g++] = rd[j].rd_aggid;
			break;
		}
		default: {
			size_t k;

			for (k = 0; k < sizeof(dt_stackrecs) / sizeof(dt_stackrecs[0]); k++)
				if (dt_stackrecs[k].sr_slot == rd->rd_kind)
					break;
			if (k == sizeof(dt_stackrecs) / sizeof(dt_stackrecs[0]))
				continue; /* acted on by the consumer (clear() ...), or nothing */
			r->dtrd_action = dt_stackrecs[k].sr_action;
			r->dtrd_kind = dt_stackrecs[k].sr_data;
			r->dtrd_offset = (uint32_t)rd->rd_off;
			r->dtrd_size = (uint32_t)rd->rd_size;
			break;
		}
		}
		v->rv_heads[v->rv_nrecs] = rd;
		v->rv_pubidx[i] = v->rv_nrecs++;
	}
	dt_nomem_release(&undo);
	return v;
}

static void view_free(dt_recview_t *v)
{
	if (v == NULL)
		return;
	free(v->rv_recs);
	free(v->rv_heads);
	free(v->rv_args);
	free(v->rv_aggids);
	free(v->rv_pubidx);
	free(v->rv_span);
	free(v);
}

/* The view of an EPID's records, made the first time it is asked for. */
const dt_recview_t *dt_recview(dtrace_hdl_t *dtp, uint32_t epid)
{
	dt_consumer_t *cs = dt_consumer(dtp);

	if (epid == 0 || epid >= (uint32_t)dtp->dt_nepids)
		return NULL;
	if (epid >= (uint32_t)cs->cs_nviews) {
		int n = dtp->dt_nepids;

		cs->cs_views = dt_realloc(cs->cs_views, sizeof(dt_recview_t *) * (size_t)n);
		memset(cs->cs_views + cs->cs_nviews, 0,
		       sizeof(dt_recview_t *) * (size_t)(n - cs->cs_nviews));
		cs->cs_nviews = n;
	}
	if (cs->cs_views[epid] == NULL)
		cs->cs_views[epid] = view_make(dtp, dtp->dt_epids[epid]);
	return cs->cs_views[epid];
}

void dt_recviews_free(dt_consumer_t *cs)
{
	for (int i = 0; i < cs->cs_nviews; i++)
		view_free(cs->cs_views[i]);
	free(cs->cs_views);
	cs->cs_views = NULL;
	cs->cs_nviews = 0;
}

int dt_recview_nrecs(const dt_recview_t *v, const dtrace_recdesc_t **recs)
{
	*recs = v->rv_recs;
	return v->rv_nrecs;
}

/* The public record starting at slot i (NULL: none), and the slots it takes. */
const dtrace_recdesc_t *dt_recview_slot(const dt_recview_t *v, int i, int *span)
{
	*span = v->rv_span[i];
	return v->rv_pubidx[i] < 0 ? NULL : &v->rv_recs[v->rv_pubidx[i]];
}

/* The slot a public record of a probe firing starts at. */
const dt_recdesc_t *dt_rec_internal(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd,
				    const dtrace_recdesc_t *rec)
{
	const dt_recview_t *v = dt_recview(dtp, pd->dtpda_epid);

	if (v == NULL || rec < v->rv_recs || rec >= v->rv_recs + v->rv_nrecs)
		return NULL;
	return v->rv_heads[rec - v->rv_recs];
}

/* An integer of a record's size (1, 2, 4, 8 bytes), sign-extended if signed. */
int64_t dt_rec_int(const char *p, uint32_t size, bool sign)
{
	switch (size) {
	case 1: return sign ? *(const int8_t *)p : *(const uint8_t *)p;
	case 2: { int16_t v; memcpy(&v, p, 2); return sign ? v : (uint16_t)v; }
	case 4: { int32_t v; memcpy(&v, p, 4); return sign ? (int64_t)v : (int64_t)(uint32_t)v; }
	default: { int64_t v; memcpy(&v, p, 8); return v; }
	}
}

/* ------------------------------------------------------------ printf text */

typedef struct pftext_call {
	const dtrace_probedata_t *pc_pd;
	const dtrace_recdesc_t *pc_rec;
	size_t *pc_lenp;
	const char *pc_text;
} pftext_call_t;

static int printf_text(dtrace_hdl_t *dtp, void *arg)
{
	pftext_call_t *pc = arg;
	const dtrace_probedata_t *pd = pc->pc_pd;
	const dtrace_recdesc_t *rec = pc->pc_rec;
	size_t *lenp = pc->pc_lenp;
	const char *data = pd->dtpda_data;
	dt_pfarg_t stackpa[16];
	char symtext[4][512]; /* %a, %A: symbols (a format with more reuses them) */
	dt_pfarg_t *pa = rec->dtrd_nargs <= 16 ? stackpa
			 : dt_zalloc(sizeof(dt_pfarg_t) * (size_t)(rec->dtrd_nargs + 1));
	dt_nomem_undo_t undo;
	int n;

	if (rec->dtrd_format == NULL) {
		if (lenp != NULL)
			*lenp = 0;
		pc->pc_text = "";
		return 0;
	}
	if (pa != stackpa)
		dt_nomem_hold(&undo, dt_nomem_free_ptr, &pa); /* out of memory: freed */
	for (int i = 0; i < rec->dtrd_nargs; i++) {
		const dtrace_recdesc_t *a = &rec->dtrd_args[i];

		memset(&pa[i], 0, sizeof(pa[i]));
		if (a->dtrd_kind == DTRACE_DATA_STRING) {
			pa[i].pa_string = true;
			pa[i].pa_str = data + a->dtrd_offset;
		} else if (a->dtrd_kind == DTRACE_DATA_UADDR) {
			uint64_t v[2];

			memcpy(v, data + a->dtrd_offset, 16); /* pid, address: dt_stack.c */
			pa[i].pa_val = (int64_t)v[1];
			pa[i].pa_size = 8;
			dt_uaddr2str(dtp, (pid_t)v[0], v[1], true, symtext[i % 4], sizeof(symtext[0]));
			pa[i].pa_str = symtext[i % 4];
		} else {
			pa[i].pa_val = dt_rec_int(data + a->dtrd_offset, a->dtrd_size, a->dtrd_signed);
			pa[i].pa_size = (int)a->dtrd_tsize;
			pa[i].pa_signed = a->dtrd_signed;
			pa[i].pa_float = a->dtrd_kind == DTRACE_DATA_FLOAT;
			if (a->dtrd_conv == 'a') {
				dt_addr2str(dtp, (uint64_t)pa[i].pa_val, true, symtext[i % 4],
					    sizeof(symtext[0]));
				pa[i].pa_str = symtext[i % 4];
			}
		}
	}
	n = dt_printf_format_into(rec->dtrd_format, pa, rec->dtrd_nargs, &dtp->dt_pfbuf,
				  &dtp->dt_pfbufsz);
	if (pa != stackpa) {
		dt_nomem_release(&undo);
		free(pa);
	}
	if (n < 0)
		return dt_set_errno(dtp, EDT_NOMEM);
	if (lenp != NULL)
		*lenp = (size_t)n;
	pc->pc_text = dtp->dt_pfbuf;
	return 0;
}

/* A printf-like record's text; out of memory: NULL and EDT_NOMEM (core/dt_alloc.c). */
const char *dtrace_printf_text(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd,
			       const dtrace_recdesc_t *rec, size_t *lenp)
{
	pftext_call_t pc = { pd, rec, lenp, NULL };

	return dt_nomem_call(dtp, printf_text, &pc) == 0 ? pc.pc_text : NULL;
}
