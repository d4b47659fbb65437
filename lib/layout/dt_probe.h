/*
 * dt_probe.h -- probes and BPF programs as data: what a provider says of a
 * probe (program type, where its arguments are, how a shared program tells
 * it apart, its filters), read by the code generator to make a program's
 * code and by the driver to bind programs to probes; and a BPF program as
 * the code generator makes it, the bpf/ service loads it and a provider
 * attaches it.  Providers (prov/) fill probes; the provider interface is
 * prov/dt_prov.h.
 *
 * Part of the layout floor (included by dt_layout.h only).
 */
#ifndef DT_PROBE_H
#define DT_PROBE_H

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
 * layout) come from layout/dt_arch.h.
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

struct dt_probe {
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
	const char *pr_pred; /* a D condition on the native args[] (tcp:::send: a TCP
				packet), and-ed to each clause's predicate, or NULL */
	const char *pr_companion; /* D clauses compiled, hidden, into every program that
				     enables the probe (lockstat: the start time kept at
				     lock:contention_begin), or NULL: driver/dt_cc.c */
	/* provider's own */
	int pr_sysnr;	    /* syscall: its number, or -1 */
	uint64_t pr_period; /* profile: ns between firings */
	int pr_btfid;	    /* fentry/fexit: the function's BTF id, loaded against */
	void *pr_data;	    /* the provider's own, per probe */
	/* enabling (dtrace_go) */
	int pr_enidx;	    /* index in dt_probetab, -1 if not enabled */
	struct dt_bpfprog *pr_prog; /* the program that serves it */
	uint32_t pr_epidbase; /* EPID of its first clause in that program */
};

/*
 * A BPF program: the code of an ordered list of clauses for one signature
 * (program type, argument sources), shared by every enabled probe with that
 * list and signature.  A program serving one probe has the probe's
 * identity as constants; a shared one (bp_shared) finds it at run time
 * (pr_bind): the cookie ((u64)EPID of its first clause << 32 | index in
 * dt_probetab) tells the EPIDs, the probe ID and the probe's names.
 */
struct dt_bpfprog {
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
	int *bp_lines;		   /* per instruction: its D line (0: none) */
	dt_clause_t **bp_insclauses; /* per instruction: its clause (NULL: none) */
	int bp_fd;
	struct bpf_insn *bp_pfinsns; /* uprobes: a sleepable companion that faults in what */
	int bp_npfinsns;	     /* the clauses copy in (cg/dt_cg_prefetch.c), or none */
	int bp_pffd;		     /* ... loaded with the program, or -1 */
	int bp_type;		   /* enum bpf_prog_type */
	int bp_bindfd;		   /* DT_BIND_SYS*: the binding map, key -> cookie */
	uint64_t *bp_bind;	   /* ... mmapped */
	bool bp_attached;	   /* binding-map programs: attached to their tracepoint */
	struct dt_bpfprog *bp_next;
};

#endif /* DT_PROBE_H */
