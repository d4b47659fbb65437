/*
 * dt_consume.c -- the consumer: draining the per-CPU principal buffers and
 * turning records back into DTrace's output.
 *
 * The drain loop.  dtrace_work() is called after each dtrace_sleep(): at
 * most once per switchrate it drains every CPU's ring in CPU order (records
 * of one CPU are in the order they were written; records of different CPUs
 * are not ordered, as in DTrace).  Each record starts with its EPID; the
 * EPID's description, made by the code generator, says which records follow
 * at which offsets and how to print them.  At most once per statusrate, and
 * at the end, it reads the per-CPU counters the programs keep in their
 * scratch areas and reports new drops and errors, so that nothing that was
 * lost goes unreported.  When the programs have called exit() (the activity
 * word is DRAINING) it stops tracing, runs END, drains the rest and returns
 * DTRACE_WORKSTATUS_DONE.
 *
 * A firing's records.  The consumer hands each firing to the caller's
 * probe callback, then each of its records, as data (dt_records.c), to the
 * record callback; a record the callback leaves to the library
 * (DTRACE_CONSUME_THIS) goes to the output -x oformat chose: DTrace's text
 * (dt_textout.c) or JSON (dt_jsonout.c).  Only what changes the consumer's
 * own state is done here, whatever the callbacks say: clear(), trunc(),
 * normalize(), denormalize() and setopt() (dt_aggregate.c), exit()'s
 * status, and noting the processes of user stacks while they live.
 * Run-time errors and drops go to the output (JSON prints them as events)
 * and to the caller's handlers.
 */
#include "dt_consume.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <errno.h>
#include <unistd.h>

typedef struct dt_walk {
	dtrace_hdl_t *w_dtp;
	FILE *w_fp;
	dtrace_consume_probe_f *w_pfunc;
	dtrace_consume_rec_f *w_rfunc;
	void *w_arg;
	int w_rv;
	uint32_t w_next; /* flowindent: EPID of the next record, 0 if unknown */
	char *w_held;	 /* flowindent: the record held back until the next one */
	uint32_t w_heldlen;
} dt_walk_t;

/* The per-CPU principal buffers: sizes, policy and resizing in dt_buffer.c. */
int dt_consume_init(dtrace_hdl_t *dtp)
{
	dtp->dt_lastdrops = dt_zalloc(sizeof(uint64_t) * dtp->dt_ncpus * 8);
	return dt_buffer_alloc(dtp);
}

dt_consumer_t *dt_consumer(dtrace_hdl_t *dtp)
{
	if (dtp->dt_consumer == NULL)
		dtp->dt_consumer = dt_zalloc(sizeof(dt_consumer_t));
	return dtp->dt_consumer;
}

/* The outputs -x oformat chooses from, by DTRACE_OFORMAT_* (include/dtrace.h). */
static const dt_output_t *const dt_outputs[] = {
	&dt_textout, &dt_jsonout, &dt_foldedout, &dt_svgout, &dt_pprofout,
};

int dtrace_oformat(dtrace_hdl_t *dtp)
{
	const char *f = dtp->dt_optstr[DTOPT_OFORMAT];

	for (size_t i = 0; f != NULL && i < sizeof(dt_outputs) / sizeof(dt_outputs[0]); i++)
		if (!strcmp(f, dt_outputs[i]->op_name))
			return (int)i;
	return DTRACE_OFORMAT_TEXT;
}

/* The output -x oformat chose. */
const dt_output_t *dt_output(dtrace_hdl_t *dtp)
{
	return dt_outputs[dtrace_oformat(dtp)];
}

void dt_consume_fini(dtrace_hdl_t *dtp)
{
	if (dtp->dt_consumer != NULL) {
		if (dt_output(dtp)->op_fini != NULL)
			dt_output(dtp)->op_fini(dtp);
		dt_recviews_free(dtp->dt_consumer);
		free(dtp->dt_consumer->cs_deferbuf);
		free(dtp->dt_consumer);
		dtp->dt_consumer = NULL;
	}
	dt_aggregate_fini(dtp);
	free(dtp->dt_pfbuf);
	dtp->dt_pfbuf = NULL;
	free(dtp->dt_lastdrops);
	dtp->dt_lastdrops = NULL;
	dt_spec_fini(dtp);
	if (dtp->dt_rings == NULL)
		return;
	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++)
		dt_ring_close(dtp->dt_rings[cpu]);
	free(dtp->dt_rings);
	dtp->dt_rings = NULL;
}

/* ------------------------------------------------------------ records */

/* A fault's text in DTrace's error message ("invalid address"), by DT_FAULT_*. */
const char *dt_fault_text(int64_t fault)
{
	static const char *const faults[] = {
#define X(e, m) m,
		DT_FAULTS(X)
#undef X
	};

	return fault >= 0 && fault < DT_FAULT_MAX ? faults[fault] : "unknown fault";
}

static void report_error(dtrace_hdl_t *dtp, const dt_errrec_t *er)
{
	dt_epid_t *ep = er->er_epid < (uint32_t)dtp->dt_nepids ? dtp->dt_epids[er->er_epid] : NULL;
	const dtrace_probedesc_t *pd = ep ? &ep->ep_probe->pr_desc : NULL;
	char msg[1024], where[64], what[128], offinfo[32] = "";
	dtrace_errdata_t ed = { 0 };

	if (er->er_fault == DT_FAULT_BADADDR || er->er_fault == DT_FAULT_BADALIGN)
		snprintf(what, sizeof(what), "%s (0x%llx)", dt_fault_text(er->er_fault),
			 (unsigned long long)er->er_addr);
	else
		snprintf(what, sizeof(what), "%s", dt_fault_text(er->er_fault));
	/* an offset of -1 (a bad speculation id) is not printed, as in illumos */
	if (er->er_offset != UINT32_MAX)
		snprintf(offinfo, sizeof(offinfo), " at DIF offset %u", er->er_offset);
	if (er->er_action == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%u", er->er_action);
	snprintf(msg, sizeof(msg), "error on enabled probe ID %u (ID %u: %s:%s:%s:%s): %s in %s%s",
		 er->er_epid, pd ? pd->dtpd_id : 0, pd ? pd->dtpd_provider : "",
		 pd ? pd->dtpd_mod : "", pd ? pd->dtpd_func : "", pd ? pd->dtpd_name : "", what, where,
		 offinfo);
	ed.dteda_epid = er->er_epid;
	ed.dteda_pdesc = pd;
	ed.dteda_action = (int)er->er_action;
	ed.dteda_offset = (int)er->er_offset;
	ed.dteda_fault = (int)er->er_fault;
	ed.dteda_addr = er->er_addr;
	ed.dteda_msg = msg;
	if (dtp->dt_consumer != NULL && dtp->dt_consumer->cs_fp != NULL &&
	    dt_output(dtp)->op_error != NULL)
		dt_output(dtp)->op_error(dtp, dtp->dt_consumer->cs_fp, &ed);
	if (dtp->dt_errhdlr != NULL) /* none: the caller does not want them */
		dtp->dt_errhdlr(&ed, dtp->dt_errarg);
}

/*
 * flowindent, as illumos' dt_flowindent(): a probe named "entry" or
 * "...-entry" is an entry (prefix " -> ", " => " for syscall), "return" or
 * "...-return" a return (" <- ", " <= "), unless the record before (for an
 * entry) or after (for a return, when known) is another enabling of the
 * same probe; anything else is "| " and shows func:name.  One depth for
 * all CPUs, as in illumos: a return unindents by 2 before it is printed,
 * an entry indents by 2 after.
 */
enum { DT_FLOW_NONE, DT_FLOW_ENTRY, DT_FLOW_RETURN };

static int flowkind(const char *name)
{
	static const char *const kinds[] = { [DT_FLOW_ENTRY] = "entry", [DT_FLOW_RETURN] = "return" };

	for (int k = DT_FLOW_ENTRY; k <= DT_FLOW_RETURN; k++) {
		const char *sub = strstr(name, kinds[k]);

		if (sub != NULL && sub[strlen(kinds[k])] == '\0' && (sub == name || sub[-1] == '-'))
			return k;
	}
	return DT_FLOW_NONE;
}

/* Another enabling (EPID other than ep's) of ep's probe? */
static bool same_probe(dtrace_hdl_t *dtp, const dt_epid_t *ep, uint32_t other)
{
	return other != 0 && other != ep->ep_id && other < (uint32_t)dtp->dt_nepids &&
	       dtp->dt_epids[other]->ep_probe == ep->ep_probe;
}

static int flowindent(dtrace_hdl_t *dtp, dtrace_probedata_t *pd, const dt_epid_t *ep,
		      uint32_t next)
{
	static const char *const prefix[2][3] = { { "| ", " -> ", " <- " },
						  { "| ", " => ", " <= " } };
	const dtrace_probedesc_t *d = &ep->ep_probe->pr_desc;
	int flow = flowkind(d->dtpd_name);

	if ((flow == DT_FLOW_ENTRY && same_probe(dtp, ep, dtp->dt_lastepid)) ||
	    (flow == DT_FLOW_RETURN && same_probe(dtp, ep, next)))
		flow = DT_FLOW_NONE;
	if (flow == DT_FLOW_RETURN && dtp->dt_indent > 0)
		dtp->dt_indent -= 2;
	pd->dtpda_prefix = prefix[!strcmp(d->dtpd_provider, "syscall")][flow];
	pd->dtpda_indent = dtp->dt_indent;
	pd->dtpda_flow = flow;
	return flow;
}

static int consume_rec(void *ctx, int cpu, const void *buf, uint32_t size);

/* The clause records of a committed speculation's part, in order. */
static void spec_emit(void *ctx, int cpu, const char *recs, uint32_t len)
{
	dt_walk_t *w = ctx;
	dtrace_hdl_t *dtp = w->w_dtp;
	uint32_t off = 0, epid;

	while (off + sizeof(dt_rechdr_t) <= len) {
		uint32_t size, next = 0;

		memcpy(&epid, recs + off, sizeof(epid));
		if (epid == 0 || epid >= (uint32_t)dtp->dt_nepids)
			break;
		size = (uint32_t)dtp->dt_epids[epid]->ep_size;
		if (size == 0 || off + size > len)
			break;
		if (off + size + sizeof(next) <= len)
			memcpy(&next, recs + off + size, sizeof(next));
		w->w_next = next;
		consume_rec(w, cpu, recs + off, size);
		off += size;
	}
	w->w_next = 0;
}

/*
 * The records of one firing: to the record callback, then (unless it says
 * otherwise) to the output; the consumer's own actions whatever it says.
 * Returns 1 to stop draining (a callback said DTRACE_CONSUME_ABORT).
 */
static int consume_recs(dt_walk_t *w, const dt_epid_t *ep, const char *data,
			dtrace_probedata_t *pd)
{
	dtrace_hdl_t *dtp = w->w_dtp;
	const dt_output_t *out = dt_output(dtp);
	const dt_recview_t *v = dt_recview(dtp, ep->ep_id);

	for (int i = 0, span; i < ep->ep_nrecs; i += span) {
		const dt_recdesc_t *rd = &ep->ep_recs[i];
		const dtrace_recdesc_t *rec = dt_recview_slot(v, i, &span);
		int rv = DTRACE_CONSUME_THIS;

		if (rec == NULL) { /* clear(), trunc(), normalize() ... (dt_aggregate.c) */
			dt_aggregate_act(dtp, data, rd);
			continue;
		}
		if (dt_stack_isrec(rd->rd_kind)) /* while the process lives (dt_stack.c) */
			dt_stack_seen(dtp, rd->rd_kind, data + rd->rd_off);
		if (rd->rd_kind == DT_ACT_EXIT) {
			/*
			 * As dtrace(1)'s chewrec(): every exit record processed
			 * sets the status, the last one wins (exit(1) in an
			 * ERROR clause for a fault in END, after BEGIN's
			 * exit(0), gives 1).
			 */
			dtp->dt_exited = true;
			dtp->dt_exitval = (int)dt_rec_int(data + rd->rd_off, (uint32_t)rd->rd_size,
							  rd->rd_signed);
		}
		if (w->w_rfunc != NULL)
			rv = w->w_rfunc(pd, rec, w->w_arg);
		if (rv == DTRACE_CONSUME_ABORT)
			return 1;
		if (rv == DTRACE_CONSUME_THIS && out->op_rec != NULL)
			out->op_rec(dtp, w->w_fp, pd, rec);
	}
	return 0;
}

/* One record from a CPU's ring. */
static int consume_rec(void *ctx, int cpu, const void *buf, uint32_t size)
{
	dt_walk_t *w = ctx;
	dtrace_hdl_t *dtp = w->w_dtp;
	const dt_output_t *out = dt_output(dtp);
	const char *data = buf;
	dt_rechdr_t hdr;
	dt_epid_t *ep;
	dtrace_probedata_t pd = { 0 };
	int flow, rv = DTRACE_CONSUME_THIS;

	if (size < sizeof(hdr))
		return 0;
	memcpy(&hdr, data, sizeof(hdr));
	if (hdr.rh_epid == DT_EPID_ERROR) {
		dt_errrec_t er;

		memcpy(&er, data, sizeof(er) <= size ? sizeof(er) : size);
		report_error(dtp, &er);
		return 0;
	}
	if (hdr.rh_epid == DT_EPID_SPEC) {
		dt_spec_chunk(dtp, cpu, buf, size, spec_emit, w); /* dt_spec.c */
		return 0;
	}
	if (hdr.rh_epid == 0 || hdr.rh_epid >= (uint32_t)dtp->dt_nepids)
		return 0;
	ep = dtp->dt_epids[hdr.rh_epid];
	if (ep->ep_defers) { /* copyinstr()s the program left to us (dt_defer.c) */
		dt_errrec_t er;

		data = dt_defer_resolve(dtp, ep, data, size, &er);
		if (data == NULL) { /* a fault: the clause's records are dropped, as in DTrace */
			report_error(dtp, &er);
			return 0;
		}
	}
	pd.dtpda_handle = dtp;
	pd.dtpda_pdesc = &ep->ep_probe->pr_desc;
	pd.dtpda_cpu = cpu;
	pd.dtpda_epid = hdr.rh_epid;
	pd.dtpda_data = data;
	pd.dtpda_size = size;
	pd.dtpda_nrecs = dt_recview_nrecs(dt_recview(dtp, hdr.rh_epid), &pd.dtpda_recs);
	flow = dtp->dt_options[DTOPT_FLOWINDENT] ? flowindent(dtp, &pd, ep, w->w_next)
						  : DT_FLOW_NONE;
	if (flow == DT_FLOW_ENTRY)
		dtp->dt_indent += 2;
	dtp->dt_lastepid = hdr.rh_epid;
	if (w->w_pfunc != NULL)
		rv = w->w_pfunc(&pd, w->w_arg);
	if (rv == DTRACE_CONSUME_ABORT)
		return 1;
	if (rv == DTRACE_CONSUME_NEXT)
		return 0;
	if (out->op_probe != NULL)
		out->op_probe(dtp, w->w_fp, &pd);
	if (consume_recs(w, ep, data, &pd) != 0)
		return 1;
	if (w->w_rfunc != NULL && w->w_rfunc(&pd, NULL, w->w_arg) == DTRACE_CONSUME_ABORT)
		return 1;
	if (out->op_end != NULL)
		out->op_end(dtp, w->w_fp, &pd);
	return 0;
}

static void report_cpudrops(dtrace_hdl_t *, FILE *, int cpu);

/*
 * With flowindent, a return's prefix depends on the record after it
 * (illumos looks ahead in the buffer): each record of a ring is held back
 * until the next one arrives, or the ring is drained.
 */
static int consume_held(void *ctx, int cpu, const void *buf, uint32_t size)
{
	dt_walk_t *w = ctx;
	int rv = 0;

	if (w->w_heldlen > 0) {
		w->w_next = 0;
		if (size >= sizeof(w->w_next))
			memcpy(&w->w_next, buf, sizeof(w->w_next));
		rv = consume_rec(w, cpu, w->w_held, w->w_heldlen);
		w->w_next = 0;
	}
	w->w_held = dt_realloc(w->w_held, size);
	memcpy(w->w_held, buf, size);
	w->w_heldlen = size;
	return rv;
}

static void flush_held(dt_walk_t *w, int cpu)
{
	if (w->w_heldlen > 0)
		consume_rec(w, cpu, w->w_held, w->w_heldlen);
	w->w_heldlen = 0;
}

/*
 * Read every CPU's buffer in CPU order; as in DTrace, a CPU's drops are
 * reported when its buffer is read, before its records.  The space read
 * is then given back to the programs' accounting.
 */
static int consume_all(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pf,
		       dtrace_consume_rec_f *rf, void *arg)
{
	dt_walk_t w = { .w_dtp = dtp, .w_fp = fp, .w_pfunc = pf, .w_rfunc = rf, .w_arg = arg };

	/* once stopped, END's CPU comes last, as in DTrace */
	int last = dtp->dt_stopped && dtp->dt_endprog != NULL ? dtp->dt_endedon : -1;

	for (int i = 0; i <= dtp->dt_ncpus; i++) {
		int cpu = i < dtp->dt_ncpus ? i : last;

		if (cpu < 0 || (i < dtp->dt_ncpus && cpu == last) || dtp->dt_rings[cpu] == NULL)
			continue;
		report_cpudrops(dtp, fp, cpu);
		dt_ring_drain(dtp->dt_rings[cpu],
			      dtp->dt_options[DTOPT_FLOWINDENT] ? consume_held : consume_rec, &w);
		flush_held(&w, cpu);
		dt_buffer_released(dtp, cpu);
	}
	free(w.w_held);
	return 0;
}

/* ------------------------------------------------------------ status */

/* A drop: to the output (an event in JSON), then as a notice. */
void dt_drop(dtrace_hdl_t *dtp, const char *kind, int cpu, uint64_t n, const char *msg)
{
	dt_consumer_t *cs = dtp->dt_consumer;

	if (cs != NULL && cs->cs_fp != NULL && dt_output(dtp)->op_drop != NULL)
		dt_output(dtp)->op_drop(dtp, cs->cs_fp, kind, cpu, n, msg);
	dt_notice(dtp, msg);
}

/*
 * A CPU's counters: the sum over its scratch areas, one per context class
 * (programs that may interrupt each other use different areas).
 */
static dt_cpustate_t cpustate(dtrace_hdl_t *dtp, int cpu)
{
	dt_cpustate_t sum = { 0 };
	uint64_t *out = (uint64_t *)&sum;

	for (int c = 0; c < DT_SCRATCH_CLASSES; c++) {
		const uint64_t *p = (const uint64_t *)((char *)dtp->dt_scratchmap +
			(size_t)(c * dtp->dt_ncpus + cpu) * (size_t)dtp->dt_scratchsize);

		for (size_t i = 0; i < sizeof(sum) / sizeof(uint64_t); i++)
			out[i] += p[i];
	}
	return sum;
}

/*
 * -x droptags: a drop message starts with its kind, illumos'
 * dtrace_dropkind_t name ("DTRACEDROP_PRINCIPAL" ...), in brackets.
 */
const char *dt_droptag(dtrace_hdl_t *dtp, const char *kind, char *buf, size_t len)
{
	if (!dtp->dt_options[DTOPT_DROPTAGS])
		return "";
	snprintf(buf, len, "[DTRACEDROP_%s] ", kind);
	return buf;
}

/* "N drops on CPU n": the principal buffer drops since the last report. */
static void report_cpudrops(dtrace_hdl_t *dtp, FILE *fp, int cpu)
{
	dt_cpustate_t cs = cpustate(dtp, cpu);
	uint64_t *last = &dtp->dt_lastdrops[cpu * 8];
	char msg[128], tag[40];

	if (cs.cs_drops <= last[0])
		return;
	snprintf(msg, sizeof(msg), "%s%llu drop%s on CPU %d\n",
		 dt_droptag(dtp, "PRINCIPAL", tag, sizeof(tag)), (unsigned long long)(cs.cs_drops - last[0]), cs.cs_drops - last[0] == 1 ? "" : "s",
		 cpu);
	fflush(fp); /* the records before the drops come first */
	dt_drop(dtp, "PRINCIPAL", cpu, cs.cs_drops - last[0], msg);
	last[0] = cs.cs_drops;
}

/* Report counters that grew since the last report. */
static void check_status(dtrace_hdl_t *dtp)
{
	uint64_t dyn = 0;
	char msg[128], tag[40];

	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		dt_cpustate_t csv = cpustate(dtp, cpu), *cs = &csv;
		uint64_t *last = &dtp->dt_lastdrops[cpu * 8 + 3];

		dyn += cs->cs_dyndrops;
		if (cs->cs_aggdrops > *last) {
			snprintf(msg, sizeof(msg), "%s%llu aggregation drop%s on CPU %d\n",
				 dt_droptag(dtp, "AGGREGATION", tag, sizeof(tag)),
				 (unsigned long long)(cs->cs_aggdrops - *last),
				 cs->cs_aggdrops - *last == 1 ? "" : "s", cpu);
			dt_drop(dtp, "AGGREGATION", cpu, cs->cs_aggdrops - *last, msg);
			*last = cs->cs_aggdrops;
		}
	}
	if (dyn > dtp->dt_lastcounts[0]) {
		snprintf(msg, sizeof(msg), "%s%llu dynamic variable drop%s\n",
			 dt_droptag(dtp, "DYNAMIC", tag, sizeof(tag)), (unsigned long long)(dyn - dtp->dt_lastcounts[0]),
			 dyn - dtp->dt_lastcounts[0] == 1 ? "" : "s");
		dt_drop(dtp, "DYNAMIC", -1, dyn - dtp->dt_lastcounts[0], msg);
		dtp->dt_lastcounts[0] = dyn;
	}
	dt_spec_status(dtp); /* speculative drops, failed speculations */
}

/*
 * Clean the speculations committed or discarded on several CPUs (dt_spec.c)
 * after reading the buffers, so that the parts printed for a CPU come after
 * what that CPU wrote before.
 */
static void spec_clean(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pf,
		       dtrace_consume_rec_f *rf, void *arg, bool done)
{
	dt_walk_t w = { .w_dtp = dtp, .w_fp = fp, .w_pfunc = pf, .w_rfunc = rf, .w_arg = arg };

	if (dt_buffer_draining(dtp, done))
		consume_all(dtp, fp, pf, rf, arg);
	dt_spec_clean(dtp, spec_emit, &w);
}

/*
 * One pass of dtrace_work() (driver/dt_work.c): what is due at this time,
 * everything if done (tracing has stopped: the last pass).
 */
dtrace_workstatus_t dt_consume_work(dtrace_hdl_t *dtp, bool done, FILE *fp,
				    dtrace_consume_probe_f *pf, dtrace_consume_rec_f *rf, void *arg)
{
	dtrace_workstatus_t rv = done ? DTRACE_WORKSTATUS_DONE : DTRACE_WORKSTATUS_OKAY;
	uint64_t now = dt_now();
	dt_consumer_t *cs = dt_consumer(dtp);

	if (cs->cs_fp == NULL && dt_output(dtp)->op_start != NULL)
		dt_output(dtp)->op_start(dtp, fp); /* once: JSON's first object */
	cs->cs_fp = fp;
	cs->cs_inwork = true;
	if (done)
		dtp->dt_lastswitch = 0;
	if (rv == DTRACE_WORKSTATUS_DONE ||
	    now - dtp->dt_lastswitch >= (uint64_t)dtp->dt_options[DTOPT_SWITCHRATE]) {
		dt_aggregate_snap(dtp, rv == DTRACE_WORKSTATUS_DONE); /* dt_aggregate.c */
		dt_pmap_drain(dtp); /* processes' new mappings (proc/dt_pmap.c) */
		if (dt_buffer_draining(dtp, rv == DTRACE_WORKSTATUS_DONE))
			consume_all(dtp, fp, pf, rf, arg);
		dtp->dt_lastswitch = now;
	}
	if ((rv == DTRACE_WORKSTATUS_DONE || dt_spec_next(dtp) <= now) &&
	    dt_spec_tick(dtp, rv == DTRACE_WORKSTATUS_DONE))
		spec_clean(dtp, fp, pf, rf, arg, rv == DTRACE_WORKSTATUS_DONE);
	if (rv == DTRACE_WORKSTATUS_DONE ||
	    now - dtp->dt_laststatus >= (uint64_t)dtp->dt_options[DTOPT_STATUSRATE]) {
		check_status(dtp);
		dtp->dt_laststatus = now;
	}
	cs->cs_inwork = false;
	fflush(fp);
	return rv;
}
