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


/* consume/dt_consume.c */
DT_INTERNAL int dt_consume_init(dtrace_hdl_t *);
DT_INTERNAL void dt_consume_fini(dtrace_hdl_t *);
DT_INTERNAL dtrace_workstatus_t dt_consume_work(dtrace_hdl_t *, bool done, FILE *,
						dtrace_consume_probe_f *, dtrace_consume_rec_f *,
						void *);
DT_INTERNAL void dt_notice(dtrace_hdl_t *, const char *msg);
DT_INTERNAL void dt_print_hexdump(FILE *, const char *, size_t);

/*
 * Aggregations: layout (cg/dt_cg_agg.c), the kernel maps (bpf/dt_bpf.c),
 * and the consumer's records and pure arithmetic (consume/dt_aggregate.c).
 */
DT_INTERNAL int dt_bpf_agg_read(dtrace_hdl_t *, const dt_aggmap_t *, char **keys,
				int64_t **vals);
DT_INTERNAL int dt_aggregate_act(dtrace_hdl_t *, FILE *, const char *data,
				 const dt_recdesc_t *, int nrecs);
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
DT_INTERNAL char *dt_stack_text(dtrace_hdl_t *, int act, const char *data, int size);
DT_INTERNAL void dt_addr2str(dtrace_hdl_t *, uint64_t addr, bool withoff, char *, size_t);
DT_INTERNAL void dt_uaddr2str(dtrace_hdl_t *, pid_t, uint64_t addr, bool withoff, char *,
			      size_t);

#endif /* DT_CONSUME_H */
