/*
 * dt_bpf.h -- the BPF wall: programs as loaded, maps, attach kinds, rings
 * (the only users of libbpf are in bpf/).
 *
 * A service: includes only the layout floor (and core below it).
 */
#ifndef DT_BPF_H
#define DT_BPF_H

#include "../layout/dt_layout.h"

/*
 * What the kernel can attach to, probed once per handle (bpf/dt_feature.c):
 * each feature's name and what the refusal says ("kprobes are not available
 * on this kernel").
 */
#define DT_FEATURES(X)                                          \
	X(DT_FEAT_KPROBE, "kprobes")                            \
	X(DT_FEAT_KPROBE_MULTI, "kprobe_multi links")           \
	X(DT_FEAT_UPROBE, "uprobes")                            \
	X(DT_FEAT_UPROBE_MULTI, "uprobe_multi links")           \
	X(DT_FEAT_FENTRY, "fentry/fexit programs")              \
	X(DT_FEAT_RAWTP_COOKIE, "raw tracepoint cookies")

typedef enum dt_feat {
#define X(e, n) e,
	DT_FEATURES(X)
#undef X
	DT_FEAT_MAX
} dt_feat_t;



typedef struct dt_ring dt_ring_t;

/* bpf/dt_bpf.c */
/* bpf/dt_libbpf.c: libbpf itself */
DT_INTERNAL void dt_bpf_print_hook(void); /* process-wide: DTRACE_O_LIBBPF_PRINT only */
DT_INTERNAL int dt_bpf_ncpus(void);	  /* possible CPUs, at least 1 */
/* bpf/dt_funcinfo.c: dtrace_close() frees the handle's BTF for callbacks */
DT_INTERNAL void dt_bpf_funcinfo_fini(dtrace_hdl_t *);

DT_INTERNAL int dt_bpf_maps_create(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_prog_load(dtrace_hdl_t *, dt_bpfprog_t *);
/* fentry/fexit: bp's code loaded for another function (BTF id): a new fd, or -1 */
DT_INTERNAL int dt_bpf_prog_reload(dtrace_hdl_t *, dt_bpfprog_t *, int btfid);
DT_INTERNAL int dt_bpf_funcinfo(dtrace_hdl_t *, const struct bpf_insn *, int n,
				struct bpf_func_info **, uint32_t *cnt); /* dt_funcinfo.c */
/* the verifier's reason and refused instruction (or -1) in its log */
DT_INTERNAL size_t dt_bpf_log_reason(const char *log, char *buf, size_t len, long *idx);
DT_INTERNAL int dt_bpf_test_run(dtrace_hdl_t *, dt_bpfprog_t *);
DT_INTERNAL void dt_bpf_link_add(dtrace_hdl_t *, int fd);
DT_INTERNAL int dt_bpf_perfbuf_set(dtrace_hdl_t *, int cpu, int fd);
DT_INTERNAL int dt_bpf_spec_create(dtrace_hdl_t *); /* dt_spec, dt_specbuf */
DT_INTERNAL void dt_bpf_detach_all(dtrace_hdl_t *);
DT_INTERNAL void dt_bpf_maps_destroy(dtrace_hdl_t *);
/* the unwind tables (layout/dt_layout.h, proc/dt_unwind.c) */
DT_INTERNAL void dt_bpf_unwind_rows(dtrace_hdl_t *, uint32_t first, const dt_urow_t *, uint32_t n);
DT_INTERNAL int dt_bpf_unwind_map(dtrace_hdl_t *, pid_t, uint64_t start, uint64_t end,
				  const dt_umapval_t *val);
DT_INTERNAL int dt_bpf_tracefs(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_tp_id(dtrace_hdl_t *, const char *category, const char *event);

/* bpf/dt_feature.c: kernel features, probed once per handle */
DT_INTERNAL bool dt_feature(dtrace_hdl_t *, int feat);
DT_INTERNAL const char *dt_feature_name(int feat);
DT_INTERNAL bool dt_bpf_can_write_user(dtrace_hdl_t *);
DT_INTERNAL int dt_feature_require(dtrace_hdl_t *, int feat); /* 0, or -1: "... not available" */
DT_INTERNAL int dt_bpf_pmu_type(const char *pmu);	       /* dynamic PMU's perf type, or -1 */
DT_INTERNAL int dt_bpf_pmu_file(const char *pmu, const char *file, char *buf, size_t len);
DT_INTERNAL int dt_bpf_btf_func(dtrace_hdl_t *, const char *func); /* fentry attach_btf_id, or -1 */
/* BPF_LINK_CREATE of a uprobe_multi link (flags 1: return; pid 0: all): fd, or -1 and errno */
DT_INTERNAL int dt_bpf_umulti_link(int progfd, const char *path, const uint64_t *offs,
				   const uint64_t *cookies, uint32_t n, uint32_t flags, int pid);
DT_INTERNAL int dt_bpf_umulti_link_ref(int progfd, const char *path, const uint64_t *offs,
				       const uint64_t *refctrs, const uint64_t *cookies,
				       uint32_t n, uint32_t flags, int pid);

/*
 * bpf/dt_attach.c: the attach kinds.  Each attaches a loaded program with
 * its cookie(s), records the link with dt_bpf_link_add() (dt_bpf_detach_all
 * undoes it) and returns 0, or -1 with the message set; a kind the kernel
 * lacks fails first with "<feature> are not available on this kernel".
 * pid -1 is every process.
 */
DT_INTERNAL int dt_bpf_attach_tp(dtrace_hdl_t *, int tpid, int progfd, uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_perf(dtrace_hdl_t *, int cpu, uint64_t period_ns, int progfd,
				   uint64_t cookie);
DT_INTERNAL int dt_bpf_timers_start(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_bind_key(dtrace_hdl_t *, dt_bpfprog_t *, uint32_t key, uint64_t cookie,
				const char *rawtp);
DT_INTERNAL int dt_bpf_attach_rawtp(dtrace_hdl_t *, const char *tp, int progfd, uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_kprobe(dtrace_hdl_t *, const char *func, bool ret, int progfd,
				     uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_kprobe_addr(dtrace_hdl_t *, const char *func, uint64_t addr,
					  bool ret, int progfd, uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_uprobe(dtrace_hdl_t *, const char *path, uint64_t off, bool ret,
				     int pid, int progfd, uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_kprobe_multi(dtrace_hdl_t *, const char *const *funcs,
					   const uint64_t *cookies, int n, bool ret, int progfd);
DT_INTERNAL int dt_bpf_attach_uprobe_multi(dtrace_hdl_t *, const char *path, const uint64_t *offs,
					   const uint64_t *cookies, int n, bool ret, int pid,
					   int progfd);
/* ... with USDT semaphores: the kernel counts enabled probes at file offset refctr */
DT_INTERNAL int dt_bpf_attach_uprobe_ref(dtrace_hdl_t *, const char *path, uint64_t off,
					 uint64_t refctr, bool ret, int pid, int progfd,
					 uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_uprobe_multi_ref(dtrace_hdl_t *, const char *path,
					       const uint64_t *offs, const uint64_t *refctrs,
					       const uint64_t *cookies, int n, bool ret, int pid,
					       int progfd);
DT_INTERNAL int dt_bpf_attach_fentry(dtrace_hdl_t *, const char *func, bool fexit, int progfd,
				     uint64_t cookie);

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
