/*
 * dt_prov.h -- probes and the provider interface (prov/dt_provider.c and
 * one file per provider).
 *
 * Included through dt_impl.h, which defines DT_INTERNAL and the handle.
 */
#ifndef DT_PROV_H
#define DT_PROV_H

/* ---------------------------------------------------------------- probes */

struct dt_provider;

typedef enum dt_progtype {
	DT_PT_TRACEPOINT,
	DT_PT_PERF_EVENT,
	DT_PT_RAW_TP, /* raw tracepoints; BEGIN/END, run with BPF_PROG_TEST_RUN */
	DT_PT_KPROBE, /* kprobes and uprobes: the context is struct pt_regs */
	DT_PT_KPROBE_MULTI, /* kprobe_multi links: pt_regs too */
	DT_PT_FENTRY, /* fentry/fexit: the function's arguments as u64s (then the */
	DT_PT_FEXIT,  /* return value), one load per function (pr_btfid) */
	DT_PT_UPROBE_MULTI, /* uprobes on a uprobe_multi link (pt_regs; loaded for it) */
} dt_progtype_t;

/*
 * Where a probe's native argument argN is found, described by the provider
 * as data and turned into code by the code generator (gen_arg): providers
 * never emit instructions.  Offsets are bytes; architecture facts (pt_regs
 * layout) come from prov/dt_arch.h.
 */
typedef enum dt_argkind {
	DT_ARG_ZERO,	  /* not available: 0 */
	DT_ARG_CTX,	  /* u64 at ctx + off (tracepoint record, raw_tp args, pt_regs) */
	DT_ARG_REGSPTR,	  /* u64 at (*(u64 *)ctx) + off, read safely (raw sys_enter's pt_regs) */
	DT_ARG_RETVAL,	  /* u64 at ctx + off, but -1 when it is -errno (syscall returns) */
	DT_ARG_PC_KERNEL, /* perf event: the interrupted PC if in the kernel, else 0 */
	DT_ARG_PC_USER,	  /* perf event: the interrupted PC if in user mode, else 0 */
	DT_ARG_ERRREC,	  /* dtrace:::ERROR: the field at off of the error record */
	DT_ARG_NEGCTX,	  /* -(u64 at ctx + off): an errno from a -errno return value */
	/* USDT operands (size: bytes, | DT_ARG_SIGNED to sign-extend) */
	DT_ARG_CTXN,	  /* the u64 at ctx + off, cut to size bytes (a register) */
	DT_ARG_UMEM,	  /* size bytes of user memory at (u64 at ctx + off) + val */
	DT_ARG_CONST,	  /* val */
} dt_argkind_t;

#define DT_ARG_SIGNED 0x80

typedef struct dt_argsrc {
	uint8_t as_kind;  /* dt_argkind_t */
	uint8_t as_size;  /* DT_ARG_ERRREC: bytes of the field */
	int16_t as_off;
} dt_argsrc_t;

#define DT_NARGS 10 /* arg0 .. arg9 */
#define DT_PROBE_SLAB 1024 /* probes allocated at once */

/*
 * How a program shared by several probes learns at run time which probe
 * fired (a program serving one probe has it as constants): the attachment's
 * BPF cookie, or, for programs on the raw syscall tracepoints, the system
 * call number looked up in the program's binding map.
 */
typedef enum dt_bindkind {
	DT_BIND_COOKIE,
	DT_BIND_SYSENTER, /* raw sys_enter: the number is ctx->args[1] */
	DT_BIND_SYSEXIT,  /* raw sys_exit: the number is regs->orig_ax */
} dt_bindkind_t;

/*
 * A provider's condition on a probe's firing, checked first thing by its
 * program (a probe that is one case of a tracepoint: sched:::preempt is a
 * sched_switch whose preempt argument is true).  Probes with different
 * filters never share a program.
 */
typedef enum dt_filtop {
	DT_FILT_NONE,	   /* no condition */
	DT_FILT_EQ,	   /* src == val */
	DT_FILT_NE,	   /* src != val */
	DT_FILT_SLT,	   /* (s64)src < val */
	DT_FILT_ANYSET,	   /* (src & val) != 0 */
	DT_FILT_ALLCLEAR,  /* (src & val) == 0 */
	DT_FILT_LEADER,	   /* the current thread leads its process (tid == pid) */
	DT_FILT_NOTLEADER, /* ... does not */
} dt_filtop_t;

/*
 * The conditions are and-ed, but for one marked fl_or: when it holds the
 * probe fires whatever the conditions after it say (sched:::preempt: the
 * preempt argument is true, or the thread leaves the CPU still runnable).
 */
typedef struct dt_filter {
	dt_argsrc_t fl_src; /* DT_ARG_CTX only */
	uint8_t fl_op;	    /* dt_filtop_t */
	bool fl_or;
	int64_t fl_val;
} dt_filter_t;

#define DT_NFILT 3

typedef struct dt_probe {
	dtrace_probedesc_t pr_desc;
	struct dt_provider *pr_prov;
	/* described by the provider (pv_probe_info, pv_probe_args), lazily */
	bool pr_infodone;
	bool pr_argsdone;
	int pr_nargs;	    /* typed args */
	dt_type_t **pr_argtypes;
	dt_type_t **pr_xargtypes; /* translated (stable) types, NULL where none; may be NULL */
	const char **pr_xargexprs; /* ... computed by a D expression over the native "A" instead */
	dt_argsrc_t pr_argsrc[DT_NARGS]; /* native args */
	int64_t pr_argval[DT_NARGS]; /* DT_ARG_UMEM: displacement; DT_ARG_CONST: the value */
	dt_argsrc_t pr_errno; /* errno: DT_ARG_ZERO, or the raw return value's source */
	dt_progtype_t pr_progtype;
	dt_bindkind_t pr_bind;
	int pr_activity;    /* tracing state it fires in: DT_ACTIVITY_ACTIVE but BEGIN/END */
	bool pr_entry;	    /* entry/return flavour for flowindent */
	bool pr_return;
	bool pr_alone;	    /* shares no program: cannot be told apart at run time */
	bool pr_uentry_ra;  /* ustack() adds the return address at [sp] (pid entry probes) */
	int8_t pr_exists;   /* 0: not yet asked (pv_exists), 1: exists, -1: does not */
	dt_filter_t pr_filter[DT_NFILT]; /* fires only if all hold (pv_probe_info) */
	const void *pr_pvdata; /* the provider's description of the probe */
	/* provider's own */
	int pr_sysnr;	    /* syscall: its number, or -1 */
	uint64_t pr_period; /* profile: ns between firings */
	int pr_btfid;	    /* fentry/fexit: the function's BTF id, loaded against */
	void *pr_data;	    /* the provider's own, per probe */
	/* enabling (dtrace_go) */
	int pr_enidx;	    /* index in dt_probetab, -1 if not enabled */
	struct dt_bpfprog *pr_prog; /* the program that serves it */
	uint32_t pr_epidbase; /* EPID of its first clause in that program */
} dt_probe_t;

/*
 * The provider interface (prov/dt_provider.c keeps the table): populate()
 * lists the provider's probes (lazily, the first time a description names
 * the provider), provide() creates the probes a whole description names
 * (profile-N, later pid<N> and USDT), probe_info() gives a probe's program
 * type and what is cheap to know, probe_args() its argument types and
 * sources (read only for clauses that use them), prepare() chooses how the enabled probes attach (the
 * syscall provider picks per-syscall tracepoints or the raw tracepoint
 * with a binding map), attach() attaches a loaded program to one probe with
 * the cookie that identifies the probe at run time.
 */
typedef struct dt_provider {
	const char *pv_name;
	int (*pv_populate)(dtrace_hdl_t *, struct dt_provider *);
	int (*pv_provide)(dtrace_hdl_t *, struct dt_provider *, const struct dt_pdesc *);
	int (*pv_probe_info)(dtrace_hdl_t *, dt_probe_t *);
	int (*pv_probe_args)(dtrace_hdl_t *, dt_probe_t *);
	int (*pv_prepare)(dtrace_hdl_t *, struct dt_provider *, dt_probe_t **, int n);
	int (*pv_attach)(dtrace_hdl_t *, dt_probe_t *, struct dt_bpfprog *, uint64_t cookie);
	/* whether a probe populate() listed unchecked (costly to check) exists;
	   asked only when a description matches it, once */
	bool (*pv_exists)(dtrace_hdl_t *, dt_probe_t *);
	/* at dtrace_close(): free pv_data and the probes' pr_data (NULL: nothing to free) */
	void (*pv_fini)(dtrace_hdl_t *, struct dt_provider *);
	bool pv_anyname;   /* provide() sees every description (per-process providers:
			      pid123, myprov123), whatever its provider field */
	bool pv_populated;
	void *pv_data;	/* the provider's own state */
} dt_provider_t;


/* prov/dt_provider.c */
DT_INTERNAL void dt_provider_init(dtrace_hdl_t *);
DT_INTERNAL int dt_provider_populate_all(dtrace_hdl_t *);
/* prov/dt_prov_usdt.c: one SDT operand description ("-4@%eax") as an argument source */
DT_INTERNAL void dt_usdt_operand(const char *, dt_argsrc_t *, int64_t *val);
DT_INTERNAL dt_provider_t *dt_provider_lookup(dtrace_hdl_t *, const char *);
DT_INTERNAL void dt_probe_fini(dtrace_hdl_t *); /* the providers and probes */
DT_INTERNAL dt_probe_t *dt_probe_create(dtrace_hdl_t *, dt_provider_t *, const char *mod,
					const char *func, const char *name);
DT_INTERNAL int dt_probe_match(dtrace_hdl_t *, const dt_pdesc_t *, dt_probe_t ***out);
DT_INTERNAL bool dt_gmatch(const char *s, const char *p);
DT_INTERNAL int dt_pdesc_split(char *s, dtrace_probespec_t spec, char *out[4]);
DT_INTERNAL bool dt_probe_exists(dtrace_hdl_t *, dt_probe_t *);
/*
 * -v: the attributes of a description's provider (provider, module,
 * function, name, arguments: DTrace's defaults when the provider field is
 * empty or a pattern, or pr, a probe it matches, is NULL), and in *descp
 * the least stable of the fields it gives.
 */
DT_INTERNAL const dtrace_attribute_t *dt_pdesc_attr(const dt_pdesc_t *, const dt_probe_t *pr,
						    dtrace_attribute_t *descp);
DT_INTERNAL bool dt_probe_matches(const dt_probe_t *, const dt_pdesc_t *);
DT_INTERNAL int dt_probe_info(dtrace_hdl_t *, dt_probe_t *);
DT_INTERNAL int dt_probe_args(dtrace_hdl_t *, dt_probe_t *);
extern dt_provider_t dt_prov_dtrace, dt_prov_profile, dt_prov_syscall, dt_prov_sdt;
extern dt_provider_t dt_prov_sched, dt_prov_proc, dt_prov_io, dt_prov_pid, dt_prov_usdt;
extern dt_provider_t dt_prov_fbt;

/* prov/dt_tp.c: kernel tracepoints (tracefs events, BTF argument types) */
typedef int dt_tp_f(dtrace_hdl_t *, const char *sys, const char *event, void *arg);
DT_INTERNAL int dt_tp_iter(dtrace_hdl_t *, dt_tp_f *, void *);
DT_INTERNAL bool dt_tp_exists(dtrace_hdl_t *, const char *event);
DT_INTERNAL bool dt_tp_have(dtrace_hdl_t *, const char *sys, const char *event);
DT_INTERNAL int dt_tp_args(dtrace_hdl_t *, const char *event, dt_type_t **types, int max);
DT_INTERNAL int dt_tp_probe_args(dtrace_hdl_t *, dt_probe_t *, const char *event);
DT_INTERNAL int dt_tp_attach(dtrace_hdl_t *, const char *event, struct dt_bpfprog *,
			     uint64_t cookie);

#endif /* DT_PROV_H */
