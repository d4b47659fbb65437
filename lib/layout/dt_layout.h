/*
 * dt_layout.h -- what generated code and consumer agree on: record
 * descriptions and EPIDs, the record headers, the per-CPU state and buffer
 * accounting the programs keep, the global map's layout, map ids, the
 * aggregations' layouts, the string and format tables.
 *
 * The layout floor's header: above core, below every service and stage.
 * dt_arch.h (architecture facts), dt_ast.h (the program as data) and
 * dt_probe.h (probes and BPF programs as data) are its parts.
 */
#ifndef DT_LAYOUT_H
#define DT_LAYOUT_H

#include "../core/dt_core.h"
#include "dt_arch.h"
#include "dt_ast.h"
#include "dt_lang.h"
#include "dt_probe.h"

/* ---------------------------------------------------------------- records */

/* Record kinds in a clause's output record (what the consumer does). */
typedef enum dt_actkind {
	DT_ACT_TRACE,	/* trace(expr) */
	DT_ACT_PRINTF,	/* one printf argument; the first carries the format */
	DT_ACT_EXIT,	/* exit(n) */
	DT_ACT_PRINTA,	/* printa: aggregation id and format */
	DT_ACT_CLEAR,
	DT_ACT_TRUNC,
	DT_ACT_NORMALIZE,
	DT_ACT_DENORMALIZE,
	DT_ACT_SETOPT,
	DT_ACT_SPECULATE,
	DT_ACT_COMMIT,
	DT_ACT_DISCARD,
	DT_ACT_STACK,
	DT_ACT_USTACK,
	DT_ACT_SYM,
	DT_ACT_USYM,
	DT_ACT_SYSTEM,
	DT_ACT_PRINTM,
	DT_ACT_TRACEMEM,
	DT_ACT_MOD,	/* mod(): kernel address, printed as its module */
	DT_ACT_UMOD,	/* umod(): pid and user address, printed as its module */
	DT_ACT_UADDR,	/* uaddr(): pid and user address, printed with its offset */
	DT_ACT_FREOPEN,	/* freopen(): printf-like; the consumer redirects its output */
	DT_ACT_FTRUNCATE, /* ftruncate(): the consumer truncates its output file */
	DT_ACT_PRINT,	/* print(): a value and its type (rd_ptype), printed as C */
} dt_actkind_t;

typedef struct dt_recdesc {
	dt_actkind_t rd_kind;
	int rd_off;	   /* offset within the record */
	int rd_size;	   /* bytes */
	bool rd_string;	   /* a string of rd_size bytes */
	bool rd_signed;
	bool rd_float;	   /* a float or double's bits (printf's %e %f %g); rd_fmt: its size */
	bool rd_bytes;	   /* trace() of a struct, union or array: its rd_size bytes */
	uint8_t rd_defer;  /* DT_DEFER_*: copyinstr()/copyin() the consumer may read: dt_defer_t */
	struct dt_type *rd_ptype; /* print(): the value's type */
	int rd_fmt;	   /* printf/printa: index into the handle's format table */
	int rd_nargs;	   /* printf: number of following argument records */
	int rd_aggid;	   /* printa etc.: aggregation */
	int64_t rd_arg;	   /* e.g. trunc count */
	int rd_action;	   /* action index, 1-based */
} dt_recdesc_t;

typedef struct dt_epid {
	uint32_t ep_id;
	dt_probe_t *ep_probe;
	dt_clause_t *ep_clause;
	int ep_size;	     /* bytes of the whole record, incl. the header */
	int ep_nrecs;
	dt_recdesc_t *ep_recs;
	bool ep_default;     /* records only the probe */
	bool ep_defers;	     /* has rd_defer slots (cg/dt_cg_defer.c) */
} dt_epid_t;

/* Record header written by every enabling that records data. */
typedef struct dt_rechdr {
	uint32_t rh_epid;
	uint32_t rh_spec; /* speculation id, 0 = principal buffer */
} dt_rechdr_t;

/*
 * The largest record a perf sample holds: its header's size is 16 bits
 * (8 bytes of header, 4 of raw size, the record, padding to 8).  A bigger
 * one is dropped (dt_cg_output()), as DTrace drops a record bigger than
 * the buffer.
 */
#define DT_MAXREC 65512

/* The most bytes one tracemem() records (its size is a constant). */
#define DT_TRACEMEM_MAX 32768

/* The biggest value print() records. */
#define DT_PRINT_MAX 32768

/* Special EPIDs. */
#define DT_EPID_ERROR 0xffffffffu /* run-time fault record, dt_errrec_t */
#define DT_EPID_SPEC 0xfffffffeu  /* a committed speculation's chunk, dt_specchunk_t */

/*
 * Speculations (docs/speculation.md): a state word per speculation in the
 * mmapped dt_spec map, and a buffer per speculation and CPU in dt_specbuf
 * (entry (id - 1) * ncpus + cpu): a dt_specchunk_t header, then the clause
 * records.  States are illumos' and change only by compare-and-swap.
 */
#define DT_SPEC_INACTIVE 0
#define DT_SPEC_ACTIVE 1	 /* allocated, no data yet */
#define DT_SPEC_ACTIVEONE 2	 /* data on one CPU */
#define DT_SPEC_ACTIVEMANY 3	 /* data on several CPUs */
#define DT_SPEC_COMMITTING 4	 /* the committing CPU is copying its part */
#define DT_SPEC_COMMITTINGMANY 5 /* the consumer copies the other CPUs' parts */
#define DT_SPEC_DISCARDING 6	 /* the consumer empties the other CPUs' parts */

typedef struct dt_specchunk {
	dt_rechdr_t sc_hdr;	/* rh_epid = DT_EPID_SPEC, rh_spec = the id */
	uint32_t sc_off;	/* commit record: offset of this chunk in the part */
	uint32_t sc_total;	/* commit record: bytes of the whole part */
} dt_specchunk_t;

#define DT_SPEC_USED 8 /* buffer entry: bytes of records (u64, over sc_off/total) */

/* Bytes of records per commit chunk record: few chunks, and under perf's 64k. */
static inline int dt_spec_chunksize(int64_t specsize)
{
	int64_t c = specsize / 512;

	return (int)((c < 256 ? 256 : c > 32768 ? 32768 : c) & ~7);
}

/*
 * A copyinstr() or copyin() recorded whole whose user memory the program
 * could not read (a page not yet faulted in, where the program may not
 * sleep): the slot holds this instead, and the consumer reads the memory
 * from the process while it lives (consume/dt_defer.c).  The tag is the
 * handle's secret (dt_defercookie, random per handle, in the program as an
 * immediate): user bytes that read fine cannot pass for a dt_defer_t,
 * which would make the consumer read another process's memory.
 */
#define DT_DEFER_MINSTR 24 /* slot size (strsize, tracemem size) below which nothing is deferred */

enum { DT_DEFER_NONE, DT_DEFER_STR, DT_DEFER_MEM }; /* rd_defer: up to a NUL, or exactly df_len bytes */

typedef struct dt_defer {
	uint64_t df_cookie; /* the handle's dt_defercookie */
	uint64_t df_addr;   /* the user address */
	int32_t df_len;	    /* copyinstr()'s length argument or -1; copyin()'s size */
	uint32_t df_pid;    /* the process (tgid) */
} dt_defer_t;

typedef struct dt_errrec {
	dt_rechdr_t er_hdr;
	uint32_t er_epid;   /* faulting enabling */
	uint32_t er_action; /* action index, 0 = predicate */
	uint32_t er_offset; /* instruction offset */
	uint32_t er_fault;  /* DT_FAULT_* */
	uint64_t er_addr;   /* faulting address, if any */
} dt_errrec_t;

#define DT_FAULTS(X)                                     \
	X(DT_FAULT_NONE, "no fault")                     \
	X(DT_FAULT_BADADDR, "invalid address")           \
	X(DT_FAULT_BADALIGN, "invalid alignment")        \
	X(DT_FAULT_ILLOP, "illegal operation")           \
	X(DT_FAULT_DIVZERO, "divide-by-zero")            \
	X(DT_FAULT_NOSCRATCH, "out of scratch space")    \
	X(DT_FAULT_KPRIV, "invalid kernel access")       \
	X(DT_FAULT_UPRIV, "invalid user access")         \
	X(DT_FAULT_TUPOFLOW, "tuple stack overflow")     \
	X(DT_FAULT_BADSTACK, "bad stack")

enum {
#define X(e, m) e,
	DT_FAULTS(X)
#undef X
	DT_FAULT_MAX
};

/* Per-CPU state at the start of each CPU's scratch area (dt_scratch map). */
typedef struct dt_cpustate {
	uint64_t cs_drops;	    /* principal buffer drops */
	uint64_t cs_dyndrops;	    /* dynamic variable drops */
	uint64_t cs_errors;	    /* run-time errors */
	uint64_t cs_aggdrops;	    /* aggregation drops */
	uint64_t cs_specdrops;	    /* speculative drops */
	uint64_t cs_specfail_busy;  /* speculation(): buffers busy */
	uint64_t cs_specfail_none;  /* speculation(): none available */
	uint64_t cs_bufused;	    /* fill policy: bytes written */
	uint64_t cs_nest;	    /* class 0: depth of raw tracepoint programs running */
	uint64_t cs_pad[7];
} dt_cpustate_t;

/*
 * dt_scratch has DT_SCRATCH_CLASSES areas per CPU: entry class * ncpus +
 * cpu.  Raw-tracepoint programs (syscalls, sdt, BEGIN/END) use class 0;
 * tracepoint and perf-event programs, which may interrupt them, class 1;
 * raw-tracepoint programs that interrupt others (an interrupt's tracepoint
 * during a system call's program: cg/dt_cg.c gen_nest) the classes from
 * DT_SCRATCH_NESTED, one per depth up to DT_NEST_MAX.
 */
#define DT_NEST_MAX 3
#define DT_SCRATCH_NESTED 2
#define DT_SCRATCH_CLASSES (DT_SCRATCH_NESTED + DT_NEST_MAX - 1)

/*
 * Principal buffer accounting, per CPU, in the mmapped dt_bufstate map (one
 * entry holding ncpus of these; see consume/dt_buffer.c).  Programs reserve
 * each record's own bytes (header + data: bufsize counts what DTrace
 * counts, not the perf framing) in bs_written with an atomic add and refuse
 * the record if more than their limit would then be unread (bs_written -
 * bs_read); the consumer sets the limits and bs_read.  The rings are sized
 * so that a limit's worth of records always fits with its framing.
 */
typedef struct dt_bufstate {
	uint64_t bs_written;	/* record bytes reserved by the programs */
	uint64_t bs_read;	/* record bytes read and given back by the consumer */
	uint64_t bs_limit;	/* capacity for every probe but END */
	uint64_t bs_endlimit;	/* capacity for END (fill: with its reserve) */
	uint64_t bs_full;	/* fill: the buffer is full */
	uint64_t bs_pad[3];
} dt_bufstate_t;

#define DT_BUFSTATE_SHIFT 6 /* sizeof(dt_bufstate_t) == 1 << 6 */
/*
 * Ring bytes of a record of size bytes: perf header, u32 size, padding.
 * Records are multiples of 8 bytes (the code generator pads them), so a
 * record takes exactly DT_RING_FRAMING more bytes in the ring than its own.
 */
#define DT_RING_COST(size) ((((size) + 4 + 7) & ~7) + 8)
#define DT_RING_FRAMING 16

/* Layout of the global variable map (dt_global), entry 0. */
#define DT_G_ACTIVITY 0	  /* DT_ACTIVITY_* */
#define DT_G_WALLOFF 8	  /* realtime - monotonic boot offset (ns) */
#define DT_G_EXITVAL 16	  /* value passed to exit() */
#define DT_G_VARS 64	  /* user globals start here */

#define DT_ACTIVITY_INACTIVE 0
#define DT_ACTIVITY_WARMUP 1
#define DT_ACTIVITY_ACTIVE 2
#define DT_ACTIVITY_DRAINING 3
#define DT_ACTIVITY_COOLDOWN 4
#define DT_ACTIVITY_STOPPED 5


/*
 * Map ids as generated code names them (the imm of a BPF_PSEUDO_MAP_FD or
 * _VALUE load), resolved to file descriptors by the loader: aggregation i
 * is DT_MAP_AGG + i; DT_MAP_BIND is the loading program's own binding map.
 */
enum {
	DT_MAP_GLOBAL,
	DT_MAP_SCRATCH,
	DT_MAP_DVARS,
	DT_MAP_BUF,
	DT_MAP_STRTAB,
	DT_MAP_BUFSTATE,
	DT_MAP_SPEC,
	DT_MAP_SPECBUF,
	DT_MAP_PROBETAB,
	DT_MAP_BIND,
	DT_MAP_UROWS,
	DT_MAP_UMAPS,
	DT_MAP_AGG
};

/* dt_probetab: one entry per probe served by a shared program (index pr_enidx). */
typedef struct dt_probetab_ent {
	uint32_t pt_id;		   /* probe ID */
	uint32_t pt_str[4];	   /* provider, module, function, name: dt_strtab offsets */
	uint32_t pt_pad[3];
} dt_probetab_ent_t;

#define DT_BIND_KEYS 1024	   /* keys of a binding map (system call numbers) */

/*
 * User stacks unwound at probe time from call frame information
 * (proc/dt_unwind.c builds the tables, bpf/dt_bpf.c loads them,
 * cg/dt_cg_unwind.c walks them; docs/stacks.md).
 *
 * dt_urows: every mapped object's rows, one after the other, each object's
 * sorted by address.  A row holds from its ur_pc (the object's own
 * addresses, as in its ELF file) up to the next row's: how to find the
 * canonical frame address (CFA) and the caller's %rbp; the return address
 * is at CFA - 8.
 */
enum {
	DT_UCFA_NONE,	/* no call frame information: the stack ends with a marker */
	DT_UCFA_END,	/* the outermost frame (return address undefined): it ends */
	DT_UCFA_SP,	/* CFA = %rsp + ur_cfaoff */
	DT_UCFA_BP,	/* CFA = %rbp + ur_cfaoff */
	DT_UCFA_PLT,	/* a PLT entry: %rsp + 8, + 8 more from offset ur_plt in 16 bytes */
	DT_UCFA_SIGNAL,	/* __restore_rt: the interrupted registers are in the ucontext at %rsp */
};

enum {
	DT_UBP_SAME,	/* the caller's %rbp is this frame's */
	DT_UBP_SAVED,	/* ... is saved at CFA + ur_bpoff */
};

typedef struct dt_urow {
	uint32_t ur_pc;
	int32_t ur_cfaoff;
	int32_t ur_bpoff;
	uint8_t ur_cfareg;	/* DT_UCFA_* */
	uint8_t ur_bprule;	/* DT_UBP_* */
	uint8_t ur_plt;
	uint8_t ur_pad;
} dt_urow_t;

/* the ucontext at %rsp in __restore_rt: where %rbp, %rsp and %rip are */
#define DT_USIG_BP 120
#define DT_USIG_SP 160
#define DT_USIG_IP 168

/*
 * dt_umaps: an LPM trie from (pid, address) to the rows of the object
 * mapped there.  A mapping is entered as the aligned power-of-two blocks
 * that cover it; a pid with tables also has an entry of its own (prefix
 * 32: the pid alone, um_count 0), so that an address in no known object
 * of a known process ends the stack with the marker, and a process
 * without tables is walked by frame pointers as before.
 */
typedef struct dt_umapkey {
	uint32_t uk_prefixlen;	/* bits of what follows that count */
	uint32_t uk_pid;	/* big-endian */
	uint64_t uk_addr;	/* big-endian */
} dt_umapkey_t;

typedef struct dt_umapval {
	uint32_t um_first;	/* its first row in dt_urows */
	uint32_t um_count;	/* its rows (0: none) */
	uint64_t um_bias;	/* the address less the object's own */
} dt_umapval_t;

#define DT_UROWS_MAX (1u << 20)	   /* rows of dt_urows: 16 MiB */
#define DT_UMAPS_MAX 65536	   /* entries of dt_umaps */
#define DT_USTACK_CFI (1ull << 32) /* in a ustack()'s pid word: unwound from the tables */
#define DT_USTACK_NOUNWIND 0xfffffffffffffffeull /* a frame: the next cannot be unwound */


/* ---------------------------------------------------------------- aggregation */

enum {
	DT_AGG_COUNT = 1,
	DT_AGG_SUM,
	DT_AGG_AVG,
	DT_AGG_MIN,
	DT_AGG_MAX,
	DT_AGG_STDDEV,
	DT_AGG_QUANTIZE,
	DT_AGG_LQUANTIZE,
	DT_AGG_LLQUANTIZE,
};

/*
 * Aggregations (docs/aggregations.md): one BPF hash per aggregation, laid
 * out by dt_agg_layout() (cg/dt_agg_layout.c).  The key is the tuple: an integer
 * takes 8 bytes, a string a slot wide enough for the widest string any
 * statement stores there (at most strsize), zero-padded; no keys is one
 * 8-byte zero.  The value has a slot per CPU, written only by that CPU: in
 * it, am_nwords u64, word 0 counting the updates made on that CPU, then the
 * function's data (dt_aggregate.c).
 */
#define DT_QUANTIZE_NBUCKETS 127 /* DTrace's DTRACE_QUANTIZE_NBUCKETS */
#define DT_QUANTIZE_ZEROBUCKET 63

typedef struct dt_aggkey {
	int ak_off;	/* byte offset in the key */
	int ak_size;	/* bytes: 8 for an integer, the slot width for a string */
	int ak_tsize;	/* integer: size of its D type (1, 2, 4, 8), for printing */
	bool ak_string;
	bool ak_signed;
	int ak_rec;	/* a stack or symbol key: its DT_ACT_* kind (consume/dt_stack.c) */
} dt_aggkey_t;

typedef struct dt_aggmap {
	dt_ident_t *am_ident;
	int am_fd;	  /* BPF hash map */
	int am_keysize;
	int am_valsize;	  /* bytes of the map's value: am_ncpus slots of am_stride words */
	int am_ncpus;
	int am_stride;	  /* words of a CPU's slot: am_nwords rounded up to a cache line */
	int am_nkeys;
	dt_aggkey_t *am_keys;
	int am_func;	  /* DT_AGG_* */
	int64_t am_params[5]; /* lquantize base, levels, step; llquantize factor, low, high, steps */
	int am_nwords;	  /* words of data per CPU */
	int am_outer;	  /* -1, or the array of maps (dt_aggouter) that holds this map */
	int am_outeridx;  /* ... and its index there */
	bool am_array;	  /* key-less, not in an array of maps: a one-entry BPF array */
} dt_aggmap_t;

/*
 * Many aggregations: the kernel lets a program use at most 64 maps
 * (MAX_USED_MAPS), so past the first aggregations each aggregation's map
 * is reached through an array of maps (BPF_MAP_TYPE_ARRAY_OF_MAPS), one
 * per shape (key size, value size), whose inner maps must be alike.  The
 * first DT_AGG_DIRECT (or fewer, if the shapes need room) are referenced
 * directly; only the others pay the outer lookup.
 */
#define DT_AGG_DIRECT 44
#define DT_PROG_MAXMAPS 54 /* 64 less the other maps a program may use (DT_MAP_*) */
typedef struct dt_aggouter {
	int ao_keysize, ao_valsize;
	int ao_n;	  /* its inner maps */
	int ao_fd;
} dt_aggouter_t;


typedef struct dt_format {
	char *fm_str;
	int fm_nconv;
} dt_format_t;


/* layout/: what is laid out before code generation */
DT_INTERNAL int dt_format_add(dtrace_hdl_t *, const char *);
DT_INTERNAL int dt_strtab_add(dtrace_hdl_t *, const char *);
DT_INTERNAL void dt_strtab_fini(dtrace_hdl_t *);

/*
 * layout/dt_agg_arith.c: what an aggregation's value takes and where a value
 * falls, as the generated code computes it.
 */
DT_INTERNAL int dt_agg_nwords(int func, const int64_t *params);
DT_INTERNAL int dt_agg_quantize_bucket(int64_t v);
DT_INTERNAL int64_t dt_agg_quantize_bucketval(int bucket);
DT_INTERNAL int dt_agg_lquantize_bucket(int64_t v, int64_t lo, int64_t step, int levels);
DT_INTERNAL int dt_agg_llquantize_bucket(int factor, int low, int high, int nsteps, int64_t v);

/*
 * llquantize()'s buckets in order, as the consumer walks them (buckets for
 * dtrace_aggdata_t, value order, text output): lw_value is bucket lw_bin's
 * low bound (bucket 0 is below it); dt_agg_llqwalk_next() moves to the
 * next bucket and says false at the last one, at or above lw_value.
 */
typedef struct dt_agg_llqwalk {
	const int64_t *lw_p; /* factor, low, high, nsteps */
	int lw_nb;	     /* the buckets: the value's words but the count */
	int lw_bin;	     /* the bucket */
	int lw_order;	     /* lw_value's order of magnitude */
	int64_t lw_value;    /* the bucket's low bound (bucket 0: its limit) */
	int64_t lw_step;     /* between the buckets of the order */
	int64_t lw_next;     /* factor^(lw_order + 1), saturated */
} dt_agg_llqwalk_t;

DT_INTERNAL void dt_agg_llqwalk_init(dt_agg_llqwalk_t *, const int64_t *params, int nb);
DT_INTERNAL bool dt_agg_llqwalk_next(dt_agg_llqwalk_t *);
DT_INTERNAL int64_t dt_agg_dtentry(const dtrace_hdl_t *, const dt_aggmap_t *);

/*
 * layout/dt_printf.c: DTrace's printf formats: checked against the
 * arguments' kinds at compile time, their conversions told to the code
 * generator, applied by the consumer; printa's formats rewritten.
 */
typedef struct dt_pfarg {
	bool pa_string;	 /* argument is a string */
	const char *pa_str;
	int64_t pa_val;
	int pa_size;	 /* bytes of the original integer type (1, 2, 4, 8) */
	bool pa_signed;
	bool pa_float;	 /* pa_val holds the bits of a float (pa_size 4) or double */
} dt_pfarg_t;

/* Check fmt against argument types at compile time; returns 0 or fills err. */
/*
 * What the front end says of a printf argument for checking: the kinds of
 * value it is (DT_PF_A_*: several for a symbol key, text and address) and
 * its type's name for the message.
 */
#define DT_PF_A_INT 0x1 /* integer */
#define DT_PF_A_PTR 0x2 /* pointer */
#define DT_PF_A_STR 0x4 /* string or char array */
#define DT_PF_A_FP 0x8  /* float, double: the only arguments of %e %f %g, as in DTrace */

typedef struct dt_pfargtype {
	unsigned pt_accept; /* DT_PF_A_* */
	const char *pt_name;
	bool pt_agg; /* printa's "%@" value: no argument of the call ("aggregating action") */
} dt_pfargtype_t;

/* func: the action the messages name ("printf" gives "printf( ) ...") */
DT_INTERNAL int dt_printf_check(const char *func, const char *fmt, const dt_pfargtype_t *args,
				int nargs, char *err, size_t errlen);
/* Format into a malloc'd string (*out); returns length or -1. */
DT_INTERNAL int dt_printf_format(const char *fmt, const dt_pfarg_t *args, int nargs,
				 char **out);
/* The same into a reused buffer (*bufp, *capp bytes; NULL, 0 at first). */
DT_INTERNAL int dt_printf_format_into(const char *fmt, const dt_pfarg_t *args, int nargs,
				      char **bufp, size_t *capp);

/* The conversion of each value argument of a format ('*': width, precision). */
DT_INTERNAL int dt_printf_argconvs(const char *fmt, char *convs, int max);
DT_INTERNAL char *dt_printa_fmt(const char *fmt, int naggs, const bool *dist, bool *isagg,
				int maxslots, int *nslots);

/* layout/dt_pdesc.c: "p:m:f:n" split into its fields (-1: too many) */
DT_INTERNAL int dt_pdesc_split(char *s, dtrace_probespec_t spec, char *out[4]);

#endif /* DT_LAYOUT_H */
