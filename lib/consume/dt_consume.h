/*
 * dt_consume.h -- the consumer: buffers, records, aggregations,
 * speculations, the printf engine.
 *
 * A stage: includes the bpf, proc and types services, never another stage.
 */
#ifndef DT_CONSUME_H
#define DT_CONSUME_H

#include "../bpf/dt_bpf.h"
#include "../proc/dt_proc.h"
#include "../types/dt_types.h"

/* consume/dt_buffer.c: buffer policies, sizes, resizing, per-CPU accounting */
DT_INTERNAL int dt_buffer_sizes(dtrace_hdl_t *);	/* before the maps */
DT_INTERNAL int dt_buffer_alloc(dtrace_hdl_t *);	/* after the maps */
DT_INTERNAL void dt_buffer_released(dtrace_hdl_t *, int cpu);
DT_INTERNAL bool dt_buffer_filled(dtrace_hdl_t *);
DT_INTERNAL bool dt_buffer_draining(dtrace_hdl_t *, bool done);


/* consume/dt_consume.c: the drain loop, a firing's records to the callbacks and the output */
typedef struct dt_output dt_output_t;
typedef struct dt_recview dt_recview_t;

typedef struct dt_consumer {
	dt_recview_t **cs_views;  /* by EPID (dt_records.c) */
	int cs_nviews;
	FILE *cs_fp;		  /* the output of the dtrace_work() running, or NULL */
	bool cs_inwork;		  /* in dtrace_work(): aggregations are not read anew */
	struct dt_json *cs_json;  /* the JSON output's state (dt_jsonout.c) */
	char *cs_deferbuf;	  /* a firing with its deferred strings read (dt_defer.c) */
	uint32_t cs_defersize;
} dt_consumer_t;

DT_INTERNAL int dt_consume_init(dtrace_hdl_t *);
DT_INTERNAL void dt_consume_fini(dtrace_hdl_t *);
DT_INTERNAL dt_consumer_t *dt_consumer(dtrace_hdl_t *);
DT_INTERNAL dtrace_workstatus_t dt_consume_work(dtrace_hdl_t *, bool done, FILE *,
						dtrace_consume_probe_f *, dtrace_consume_rec_f *,
						void *);
/* A drop ("PRINCIPAL", "AGGREGATION" ... as -x droptags names them), msg its notice. */
DT_INTERNAL void dt_drop(dtrace_hdl_t *, const char *kind, int cpu, uint64_t n, const char *msg);
DT_INTERNAL const char *dt_fault_text(int64_t fault); /* "invalid address" ... */

/* consume/dt_defer.c: copyinstr()s the programs left to the consumer */
DT_INTERNAL const char *dt_defer_resolve(dtrace_hdl_t *, const dt_epid_t *, const char *data,
					 uint32_t size, dt_errrec_t *er);

/* consume/dt_records.c: records as data */
DT_INTERNAL const dt_recview_t *dt_recview(dtrace_hdl_t *, uint32_t epid);
DT_INTERNAL int dt_recview_nrecs(const dt_recview_t *, const dtrace_recdesc_t **recs);
DT_INTERNAL const dtrace_recdesc_t *dt_recview_slot(const dt_recview_t *, int slot, int *span);
DT_INTERNAL void dt_recviews_free(dt_consumer_t *);
DT_INTERNAL const dt_recdesc_t *dt_rec_internal(dtrace_hdl_t *, const dtrace_probedata_t *,
						const dtrace_recdesc_t *);
DT_INTERNAL int64_t dt_rec_int(const char *p, uint32_t size, bool sign);
DT_INTERNAL const char *dt_int_typename(int size, bool sign); /* "int32_t" ... */

/*
 * The outputs: DTrace's text (dt_textout.c) and JSON (dt_jsonout.c), each
 * a client of the records and aggregations as data.  dt_output() is the
 * one -x oformat chose.  Any hook may be NULL.
 */
struct dt_output {
	const char *op_name;
	void (*op_start)(dtrace_hdl_t *, FILE *);  /* the first dtrace_work() */
	void (*op_probe)(dtrace_hdl_t *, FILE *, const dtrace_probedata_t *);
	void (*op_rec)(dtrace_hdl_t *, FILE *, const dtrace_probedata_t *, const dtrace_recdesc_t *);
	void (*op_end)(dtrace_hdl_t *, FILE *, const dtrace_probedata_t *);
	int (*op_aggs)(dtrace_hdl_t *, FILE *);	   /* the end of a run: dtrace_aggregate_print() */
	void (*op_error)(dtrace_hdl_t *, FILE *, const dtrace_errdata_t *);
	void (*op_drop)(dtrace_hdl_t *, FILE *, const char *kind, int cpu, uint64_t n,
			const char *msg);
	void (*op_fini)(dtrace_hdl_t *);
};

DT_INTERNAL extern const dt_output_t dt_textout, dt_jsonout;
DT_INTERNAL extern const dt_output_t dt_foldedout, dt_svgout, dt_pprofout;
DT_INTERNAL const dt_output_t *dt_output(dtrace_hdl_t *);

/*
 * consume/dt_profout.c: stack aggregations as profiles (-x oformat=folded,
 * svg, pprof): each row a path of frames from the root, sorted by its text.
 */
typedef struct dt_pframe {
	char *pf_text;		/* module`function, or a key's text */
	uint64_t pf_pc;		/* a stack frame's address, else 0 */
	int pf_pid;		/* a user frame's process, else 0 */
	int pf_label;		/* a key that is not a stack: its position, else -1 */
} dt_pframe_t;

typedef struct dt_prow {
	int pr_agg;		/* its aggregation, in pf_aggs */
	int64_t pr_value;
	int pr_nframes;
	dt_pframe_t *pr_frames;	/* root first */
	char *pr_text;		/* the frames joined by ';' */
} dt_prow_t;

typedef struct dt_profile {
	dt_prow_t *pf_rows;
	size_t pf_nrows, pf_cap;
	const dtrace_aggdesc_t **pf_aggs; /* the aggregations with a stack key and a value */
	int pf_naggs;
} dt_profile_t;

DT_INTERNAL int dt_profile_collect(dtrace_hdl_t *, dt_profile_t *);
DT_INTERNAL void dt_profile_free(dt_profile_t *);
DT_INTERNAL int dt_svg_aggs(dtrace_hdl_t *, FILE *);   /* consume/dt_svgout.c */
DT_INTERNAL int dt_pprof_aggs(dtrace_hdl_t *, FILE *); /* consume/dt_pprofout.c */

/* consume/dt_textout.c: DTrace's text, the pieces others print with */
DT_INTERNAL void dt_print_hexdump(FILE *, const char *, size_t);
/* system(), freopen(), ftruncate(): their effect (a printf-like's text in dt_pfbuf) */
DT_INTERNAL void dt_text_act(dtrace_hdl_t *, FILE *, dtrace_actkind_t);

/*
 * Aggregations: layout (cg/dt_cg_agg.c), the kernel maps (bpf/dt_bpf.c),
 * and the consumer's records and pure arithmetic (consume/dt_aggregate.c).
 */
DT_INTERNAL int dt_bpf_agg_read(dtrace_hdl_t *, const dt_aggmap_t *, char **keys,
				int64_t **vals);
DT_INTERNAL int dt_aggregate_act(dtrace_hdl_t *, const char *data, const dt_recdesc_t *);
DT_INTERNAL void dt_aggregate_printed(dtrace_hdl_t *, const int *aggids, int n);
DT_INTERNAL void dt_aggregate_fini(dtrace_hdl_t *);
DT_INTERNAL void dt_aggregate_snap(dtrace_hdl_t *, bool force);
DT_INTERNAL void dt_agg_merge(int func, int nwords, int64_t *dst, const int64_t *src);
DT_INTERNAL uint64_t dt_agg_stddev(const int64_t *data, uint64_t normal);
DT_INTERNAL int dt_agg_valcmp(const dt_aggmap_t *, const int64_t *a, const int64_t *b);
DT_INTERNAL void dt_agg_print_value(FILE *, const dt_aggmap_t *, const int64_t *data,
				    uint64_t normal, bool zoom);

/* consume/dt_spec.c: committed speculations, cleaning, counters */
typedef void dt_spec_emit_f(void *arg, int cpu, const char *recs, uint32_t len);
DT_INTERNAL int dt_spec_sizes(dtrace_hdl_t *); /* before code generation */
DT_INTERNAL int dt_spec_init(dtrace_hdl_t *);
DT_INTERNAL void dt_spec_fini(dtrace_hdl_t *);
DT_INTERNAL void dt_spec_chunk(dtrace_hdl_t *, int cpu, const void *rec, uint32_t size,
			       dt_spec_emit_f *, void *);
DT_INTERNAL uint64_t dt_spec_next(dtrace_hdl_t *);
DT_INTERNAL bool dt_spec_tick(dtrace_hdl_t *, bool final);
DT_INTERNAL void dt_spec_clean(dtrace_hdl_t *, dt_spec_emit_f *, void *);
DT_INTERNAL void dt_spec_status(dtrace_hdl_t *);

/* layout/dt_printf.c: the printf engine (format check and formatting) */

/* consume/dt_print.c: print() */
DT_INTERNAL void dt_print_value(dtrace_hdl_t *, FILE *, struct dt_type *, const char *data, size_t size,
				   bool string);

/* consume/dt_buffer.c: bytes of an aggregation entry in DTrace's buffer */

/* consume/dt_consume.c: "[DTRACEDROP_kind] " under -x droptags, else "" */
DT_INTERNAL const char *dt_droptag(dtrace_hdl_t *, const char *kind, char *buf, size_t len);

/* consume/dt_stack.c: stacks and symbols as DTrace prints them */
DT_INTERNAL bool dt_stack_isrec(int act);
DT_INTERNAL void dt_stack_seen(dtrace_hdl_t *, int act, const char *data);
DT_INTERNAL void dt_stack_print(dtrace_hdl_t *, FILE *, int act, const char *data, int size);
DT_INTERNAL int dt_stack_act(dtrace_actkind_t);	/* DTRACEACT_STACK ... to DT_ACT_STACK ... */
DT_INTERNAL dtrace_actkind_t dt_stack_pubact(int act); /* ... and back */
DT_INTERNAL const char *dt_stack_marker(int nofp); /* the line dtf_nofp adds, or NULL */
DT_INTERNAL char *dt_stack_text(dtrace_hdl_t *, int act, const char *data, int size);
DT_INTERNAL void dt_addr2str(dtrace_hdl_t *, uint64_t addr, bool withoff, char *, size_t);
DT_INTERNAL void dt_uaddr2str(dtrace_hdl_t *, pid_t, uint64_t addr, bool withoff, char *,
			      size_t);

#endif /* DT_CONSUME_H */
