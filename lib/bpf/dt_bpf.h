/*
 * dt_bpf.h -- the BPF wall: programs as loaded, maps, attach kinds, rings
 * (the only users of libbpf are in bpf/).
 *
 * Included through dt_impl.h, which defines DT_INTERNAL and the handle.
 */
#ifndef DT_BPF_H
#define DT_BPF_H

/*
 * A BPF program: the code of an ordered list of clauses for one signature
 * (program type, argument sources), shared by every enabled probe with that
 * list and signature.  A program serving one probe has the probe's
 * identity as constants; a shared one (bp_shared) finds it at run time
 * (pr_bind): the cookie ((u64)EPID of its first clause << 32 | index in
 * dt_probetab) tells the EPIDs, the probe ID and the probe's names.
 */
typedef struct dt_bpfprog {
	int bp_id;		   /* 0, 1, ...: for names and map ids */
	dt_probe_t *bp_probe;	   /* the first probe it serves: its signature */
	dt_probe_t **bp_probes;	   /* every probe it serves, in ID order */
	int bp_nprobes;
	dt_clause_t **bp_clauses;  /* in program order */
	int bp_nclauses;
	bool bp_shared;		   /* probe identity at run time */
	struct dt_epid **bp_stmts; /* per clause: the record layout the code writes */
	struct bpf_insn *bp_insns;
	int bp_ninsns;
	int bp_fd;
	int bp_type;		   /* enum bpf_prog_type */
	int bp_bindfd;		   /* DT_BIND_SYS*: the binding map, key -> cookie */
	uint64_t *bp_bind;	   /* ... mmapped */
	bool bp_attached;	   /* binding-map programs: attached to their tracepoint */
	struct dt_bpfprog *bp_next;
} dt_bpfprog_t;


typedef struct dt_ring dt_ring_t;

/* bpf/dt_bpf.c */
DT_INTERNAL int dt_bpf_maps_create(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_prog_load(dtrace_hdl_t *, dt_bpfprog_t *);
DT_INTERNAL int dt_bpf_test_run(dtrace_hdl_t *, dt_bpfprog_t *);
DT_INTERNAL int dt_bpf_attach_tp(dtrace_hdl_t *, int tpid, int progfd, uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_perf(dtrace_hdl_t *, int cpu, uint64_t period_ns, int progfd,
				   uint64_t cookie);
DT_INTERNAL int dt_bpf_bind_key(dtrace_hdl_t *, dt_bpfprog_t *, uint32_t key, uint64_t cookie,
				const char *rawtp);
DT_INTERNAL void dt_bpf_link_add(dtrace_hdl_t *, int fd);
DT_INTERNAL int dt_bpf_perfbuf_set(dtrace_hdl_t *, int cpu, int fd);
DT_INTERNAL int dt_bpf_spec_create(dtrace_hdl_t *); /* dt_spec, dt_specbuf */
DT_INTERNAL void dt_bpf_detach_all(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_tracefs(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_tp_id(dtrace_hdl_t *, const char *category, const char *event);

/* bpf/dt_ring.c: per-CPU perf rings */
typedef int dt_ring_cb_f(void *ctx, int cpu, const void *data, uint32_t size);
DT_INTERNAL dt_ring_t *dt_ring_open(int cpu, size_t size, size_t keep, bool overwrite, int *fdp);
DT_INTERNAL int dt_ring_drain(dt_ring_t *, dt_ring_cb_f *, void *ctx);
DT_INTERNAL void dt_ring_close(dt_ring_t *);
DT_INTERNAL size_t dt_ring_datasize(size_t size);
DT_INTERNAL size_t dt_ring_size(const dt_ring_t *);
DT_INTERNAL int dt_ring_fd(const dt_ring_t *);
DT_INTERNAL uint64_t dt_ring_consumed(const dt_ring_t *);
DT_INTERNAL void dt_ring_account(dt_ring_t *, uint64_t *readp);

#endif /* DT_BPF_H */
