/*
 * dt_impl.h -- libdtrace's internal state: the handle and everything that
 * hangs off it.
 *
 * One handle holds all state (no mutable globals).  Structures prefix their
 * fields so that a grep for a field finds every use.  Library calls return
 * 0 / -1 (or pointer / NULL) after dt_set_errno(); compile errors longjmp to
 * the compile entry (dt_compile) and never cross the public API.
 *
 * The stages and their homes:
 *   front/  lexer, parser (AST), cook (types and semantic checks), types
 *   cg/     code generation: AST to eBPF instructions, one program per probe
 *   bpf/    the only users of libbpf: maps, program load, attach, rings
 *   prov/   providers behind one ops vector (list, attach, args)
 *   consume/ draining per-CPU buffers, records by EPID, printf, aggregations
 */
#ifndef DT_IMPL_H
#define DT_IMPL_H

#include <dtrace.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>

#define DT_INTERNAL __attribute__((visibility("hidden")))

/* ---------------------------------------------------------------- errors */

#define EDT_BASE 1000
#define DT_ERRORS(X)                                                                 \
	X(EDT_VERSION, "client requested a version newer than the library")          \
	X(EDT_COMPILER, "failed to compile D program")                                \
	X(EDT_NOMEM, "memory allocation failure")                                     \
	X(EDT_BADOPTNAME, "Invalid option name")                                      \
	X(EDT_BADOPTVAL, "Invalid value for specified option")                        \
	X(EDT_BADSPEC, "invalid probe specifier")                                     \
	X(EDT_NOPROBE, "probe description does not match any probes")                 \
	X(EDT_BPF, "BPF program or map could not be created")                        \
	X(EDT_ATTACH, "failed to enable probe")                                       \
	X(EDT_NOPRIV, "insufficient privileges to trace (run as root)")              \
	X(EDT_ENDTOOBIG, "END enablings exceed size of principal buffer")            \
	X(EDT_NOSPACE, "Not enough space")                                            \
	X(EDT_BADSTATE, "operation invalid in the current tracing state")           \
	X(EDT_NOTARGET, "no target process")                                         \
	X(EDT_IO, "I/O error")

enum {
	EDT_FIRST = EDT_BASE - 1,
#define X(e, m) e,
	DT_ERRORS(X)
#undef X
	EDT_LAST
};

/* ---------------------------------------------------------------- options */

/*
 * Options: one table (dt_options.c) gives each its name, kind and default.
 * Values are int64 (sizes in bytes, rates in nanoseconds between events).
 */
#define DT_OPTIONS(X)                                                     \
	X(AGGRATE, "aggrate", DT_OPT_RATE, 0)                             \
	X(AGGSIZE, "aggsize", DT_OPT_SIZE, 4 << 20)                       \
	X(BUFPOLICY, "bufpolicy", DT_OPT_POLICY, 0)                       \
	X(BUFRESIZE, "bufresize", DT_OPT_RESIZE, 0)                       \
	X(BUFSIZE, "bufsize", DT_OPT_SIZE, 4 << 20)                       \
	X(CLEANRATE, "cleanrate", DT_OPT_RATE, 1000000000 / 101)          \
	X(CPU, "cpu", DT_OPT_INT, -1)                                     \
	X(DEFAULTARGS, "defaultargs", DT_OPT_BOOL, 0)                     \
	X(DYNVARSIZE, "dynvarsize", DT_OPT_SIZE, 1 << 20)                 \
	X(FLOWINDENT, "flowindent", DT_OPT_BOOL, 0)                       \
	X(NSPEC, "nspec", DT_OPT_INT, 1)                                  \
	X(QUIET, "quiet", DT_OPT_BOOL, 0)                                 \
	X(SPECSIZE, "specsize", DT_OPT_SIZE, 32 << 10)                    \
	X(STATUSRATE, "statusrate", DT_OPT_RATE, 1000000000)              \
	X(STRSIZE, "strsize", DT_OPT_SIZE, 256)                           \
	X(SWITCHRATE, "switchrate", DT_OPT_RATE, 1000000000)              \
	X(DESTRUCTIVE, "destructive", DT_OPT_BOOL, 0)                     \
	X(ZDEFS, "zdefs", DT_OPT_BOOL, 0)                                 \
	X(AGGSORTKEY, "aggsortkey", DT_OPT_BOOL, 0)                       \
	X(AGGSORTKEYPOS, "aggsortkeypos", DT_OPT_INT, 0)                  \
	X(AGGSORTPOS, "aggsortpos", DT_OPT_INT, 0)                        \
	X(AGGSORTREV, "aggsortrev", DT_OPT_BOOL, 0)                       \
	X(RAWBYTES, "rawbytes", DT_OPT_BOOL, 0)                           \
	X(STACKFRAMES, "stackframes", DT_OPT_INT, 20)                     \
	X(USTACKFRAMES, "ustackframes", DT_OPT_INT, 20)                   \
	X(VERIFYLOG, "verifylog", DT_OPT_BOOL, 0)

enum {
#define X(e, n, k, d) DTOPT_##e,
	DT_OPTIONS(X)
#undef X
	DTOPT_MAX
};

typedef enum dt_optkind {
	DT_OPT_BOOL,
	DT_OPT_INT,
	DT_OPT_SIZE,
	DT_OPT_RATE,
	DT_OPT_POLICY,
	DT_OPT_RESIZE
} dt_optkind_t;

#define DT_BUFPOLICY_SWITCH 0
#define DT_BUFPOLICY_FILL 1
#define DT_BUFPOLICY_RING 2
#define DT_BUFRESIZE_AUTO 0
#define DT_BUFRESIZE_MANUAL 1

/* ---------------------------------------------------------------- types */

typedef enum dt_tkind {
	DT_TK_VOID,
	DT_TK_INT,
	DT_TK_PTR,
	DT_TK_STRING,
	DT_TK_ARRAY,
	DT_TK_STRUCT,
	DT_TK_UNION,
	DT_TK_FUNC,
} dt_tkind_t;

typedef struct dt_member {
	const char *dm_name;
	struct dt_type *dm_type;
	int dm_off;		 /* byte offset */
	int dm_bitoff, dm_bits; /* bitfields; dm_bits == 0 for others */
	struct dt_member *dm_next;
} dt_member_t;

typedef struct dt_type {
	dt_tkind_t dt_kind;
	int dt_size;
	int dt_align;
	bool dt_signed;
	bool dt_user;		/* pointer into user space (args of syscalls) */
	bool dt_const;
	const char *dt_name;   /* name for messages: "int", "char *" */
	struct dt_type *dt_base; /* pointee / element type */
	int dt_nelems;
	dt_member_t *dt_members; /* struct/union, resolved lazily from BTF */
	int dt_btfid;		/* vmlinux BTF id of a struct/union, or 0 */
	bool dt_resolved;
} dt_type_t;

/* ---------------------------------------------------------------- tokens */

typedef enum dt_tokkind {
	TK_EOF,
	TK_IDENT,
	TK_INT,
	TK_STR,
	TK_CHAR,
	TK_PUNCT,
	TK_KEYWORD,
	TK_AGG,	  /* @name or @ */
	TK_MACRO, /* $1, $target, $$1 */
	TK_PDESC, /* a probe description, lexed in the outer state */
} dt_tokkind_t;

typedef struct dt_token {
	dt_tokkind_t tk_kind;
	const char *tk_loc; /* start in the source */
	int tk_len;
	int tk_line;
	uint64_t tk_val;    /* integer value */
	bool tk_unsigned;   /* integer suffix u / too big for long */
	bool tk_long;       /* integer suffix l / ll */
	char *tk_str;       /* decoded string / identifier / probe description */
	int tk_strlen;
} dt_token_t;

/* ---------------------------------------------------------------- AST */

typedef enum dt_nkind {
	N_INT,	   /* integer constant: dn_val */
	N_STR,	   /* string constant: dn_str */
	N_VAR,	   /* variable reference: dn_ident (global, self, this, builtin) */
	N_AGG,	   /* @name: dn_ident */
	N_ARRAY,   /* a[k1, k2]: dn_ident, dn_args (keys); also args[n] */
	N_UNARY,   /* dn_op, dn_left */
	N_BINARY,  /* dn_op, dn_left, dn_right */
	N_LOGICAL, /* && || ^^ */
	N_COND,	   /* dn_cond ? dn_left : dn_right */
	N_ASSIGN,  /* dn_op is '=' or the compound operator; dn_left = dn_right */
	N_INCDEC,  /* dn_op '+'/'-', dn_post */
	N_CALL,	   /* function / action: dn_name, dn_args */
	N_MEMBER,  /* dn_left . dn_name or dn_left -> dn_name (dn_op '.' / '>') */
	N_CAST,	   /* (dn_ctype) dn_left */
	N_SIZEOF,  /* sizeof: folded to N_INT during cook */
	N_COMMA,   /* dn_left, dn_right */
	N_DEREF,   /* *dn_left */
	N_ADDROF,  /* &dn_left */
	N_STRINGOF,
	/* statements */
	N_EXPRSTMT,
	N_IF,	 /* dn_cond, dn_body, dn_else */
	N_BLOCK, /* dn_body list */
	N_AGGSTMT, /* @a[keys] = func(args): dn_ident, dn_args keys, dn_right call */
} dt_nkind_t;

typedef enum dt_idkind {
	DT_ID_BUILTIN, /* pid, execname, arg0, ... */
	DT_ID_GLOBAL,  /* scalar global */
	DT_ID_GARRAY,  /* global associative array */
	DT_ID_TLS,     /* self->x */
	DT_ID_TARRAY,  /* self->x[k] */
	DT_ID_LOCAL,   /* this->x */
	DT_ID_AGG,     /* @x */
} dt_idkind_t;

typedef struct dt_ident {
	const char *di_name;
	dt_idkind_t di_kind;
	int di_id;	       /* builtin id, variable id, aggregation id */
	dt_type_t *di_type;   /* value type (NULL until first assignment) */
	int di_nkeys;	       /* for arrays: key count, -1 until known */
	dt_type_t **di_keys;  /* key types */
	int di_off;	       /* global: offset in dt_global; local: scratch offset */
	int di_keysize;       /* arrays / dynamic vars: bytes of key tuple */
	int di_aggfunc;       /* aggregation: function (DT_AGG_*) */
	int64_t di_aggparams[5]; /* lquantize/llquantize parameters */
	int di_nparams;
	int di_valsize;       /* aggregation value bytes per CPU */
	int di_line;	       /* aggregation: line of its first assignment */
	bool di_declared;
	bool di_provisional;  /* read before any assignment: int64_t until one */
	struct dt_ident *di_next;
} dt_ident_t;

typedef struct dt_node {
	dt_nkind_t dn_kind;
	const dt_token_t *dn_tok; /* for diagnostics */
	int dn_line;
	int dn_op; /* operator token: '+', TOK_SHL, ... (see dt_lex.h codes) */
	bool dn_post;
	struct dt_node *dn_left, *dn_right, *dn_cond;
	struct dt_node *dn_args; /* list via dn_next */
	struct dt_node *dn_body, *dn_else;
	struct dt_node *dn_next;
	int64_t dn_val;
	char *dn_str;
	int dn_strlen;
	const char *dn_name;
	dt_ident_t *dn_ident;
	dt_type_t *dn_ctype; /* cast target */
	dt_type_t *dn_type;  /* type after cook */
	int dn_builtin;	     /* N_VAR of builtin kind / N_CALL function id */
	int dn_actidx;	     /* statement's action index in its clause (1-based) */
} dt_node_t;

/* Operators that are more than one character. */
enum {
	OP_SHL = 256,
	OP_SHR,
	OP_LE,
	OP_GE,
	OP_EQ,
	OP_NE,
	OP_LAND,
	OP_LOR,
	OP_LXOR,
	OP_INC,
	OP_DEC,
	OP_ARROW,
	OP_ADDEQ,
	OP_SUBEQ,
	OP_MULEQ,
	OP_DIVEQ,
	OP_MODEQ,
	OP_ANDEQ,
	OP_OREQ,
	OP_XOREQ,
	OP_SHLEQ,
	OP_SHREQ,
	OP_NEG, /* unary - */
	OP_PLUS /* unary + */
};

typedef struct dt_pdesc {
	char *pd_prov, *pd_mod, *pd_func, *pd_name;
	const char *pd_text; /* as written, for messages */
	int pd_line;
	struct dt_pdesc *pd_next;
} dt_pdesc_t;

typedef struct dt_clause {
	dt_pdesc_t *dc_descs;
	dt_node_t *dc_pred;
	dt_node_t *dc_body; /* statement list */
	bool dc_hasbody;   /* braces present */
	int dc_index;	    /* program order */
	int dc_line;
	/* filled by cook */
	bool dc_default;    /* records the default action only */
	int dc_speculate;   /* clause contains speculate() */
	struct dt_probe **dc_probes; /* probes the clause's descriptions match */
	int dc_nprobes;
	struct dt_clause *dc_next;
} dt_clause_t;

/* ---------------------------------------------------------------- probes */

struct dt_provider;

typedef struct dt_probe {
	dtrace_probedesc_t pr_desc;
	struct dt_provider *pr_prov;
	int pr_tpid;	    /* tracepoint id for tracepoint-based probes, or -1 */
	int pr_progtype;    /* dt_progtype_t of its program */
	int pr_sysnr;	    /* syscall: its number, or -1 */
	int pr_nargs;	    /* typed args, -1 = not yet known */
	dt_type_t **pr_argtypes;
	int *pr_argoffs;    /* offsets of args in the tracepoint record */
	int *pr_argsizes;
	uint64_t pr_period; /* profile: ns between firings */
	bool pr_entry;	    /* entry/return flavour for flowindent */
	bool pr_return;
	struct dt_probe *pr_next;
} dt_probe_t;

typedef enum dt_progtype {
	DT_PT_TRACEPOINT,
	DT_PT_PERF_EVENT,
	DT_PT_RAW_TP, /* BEGIN/END, run with BPF_PROG_TEST_RUN */
} dt_progtype_t;

/*
 * The provider interface: every provider fills an ops vector.  populate()
 * adds its probes to the handle (lazily, the first time a description names
 * the provider), args() describes the arguments of one probe, attach()
 * attaches a loaded program to one probe, and load_arg() emits code that
 * loads argN from the program's context into a register.
 */
struct dt_cg;
typedef struct dt_provider {
	const char *pv_name;
	dt_progtype_t pv_progtype;
	int (*pv_populate)(dtrace_hdl_t *, struct dt_provider *);
	int (*pv_probe_args)(dtrace_hdl_t *, dt_probe_t *);
	/* create an on-demand probe (profile-N) if name is not yet known */
	dt_probe_t *(*pv_provide)(dtrace_hdl_t *, struct dt_provider *, const char *name);
	int (*pv_attach)(dtrace_hdl_t *, dt_probe_t *, int progfd);
	/* emit: load raw argument n (0..9) of this probe into register reg */
	void (*pv_cg_arg)(struct dt_cg *, dt_probe_t *, int n, int reg);
	bool pv_populated;
} dt_provider_t;

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
} dt_actkind_t;

typedef struct dt_recdesc {
	dt_actkind_t rd_kind;
	int rd_off;	   /* offset within the record */
	int rd_size;	   /* bytes */
	bool rd_string;	   /* a string of rd_size bytes */
	bool rd_signed;
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
	uint64_t cs_pad[8];
} dt_cpustate_t;

/*
 * dt_scratch has DT_SCRATCH_CLASSES areas per CPU: entry class * ncpus +
 * cpu.  Raw-tracepoint programs (syscalls, BEGIN/END) use class 0;
 * tracepoint and perf-event programs, which may interrupt them, class 1.
 */
#define DT_SCRATCH_CLASSES 2

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

/* ---------------------------------------------------------------- programs */

typedef struct dt_bpfprog {
	dt_probe_t *bp_probe;
	struct bpf_insn *bp_insns;
	int bp_ninsns;
	int *bp_lines;		  /* per instruction: its D line (0: none) */
	dt_clause_t **bp_clauses; /* per instruction: its clause (NULL: none) */
	int bp_fd;
	int bp_type; /* enum bpf_prog_type */
	struct dt_bpfprog *bp_next;
} dt_bpfprog_t;

struct dtrace_prog {
	dt_clause_t *dp_clauses;
	int dp_nclauses;
	dtrace_proginfo_t dp_info;
	dt_pdesc_t *dp_descs;
	struct dtrace_prog *dp_next;
};

/* A compile in progress: parser/lexer state and the diagnostics jump. */
typedef struct dt_pcb {
	dtrace_hdl_t *pcb_hdl;
	const char *pcb_src;	/* whole source */
	const char *pcb_cur;	/* lexer position */
	const char *pcb_filename; /* script name, NULL for -n strings */
	int pcb_line;
	int pcb_depth;		/* nesting of braces / parens / predicate */
	bool pcb_clause;	/* lexing inside a clause (S0 vs S2 in illumos) */
	dt_token_t pcb_tok[4];	/* lookahead ring */
	int pcb_ntok;
	dt_token_t *pcb_last;
	dtrace_probespec_t pcb_pspec;
	unsigned pcb_cflags;
	jmp_buf pcb_jmp;
	struct dtrace_prog *pcb_prog;
	dt_clause_t *pcb_clause_cur;
	int pcb_nclauses;
	bool pcb_inpred;
	const char *pcb_region;	/* "predicate", "action list": -n error prefix */
} dt_pcb_t;

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
 * out by dt_agg_layout() (cg/dt_cg_agg.c).  The key is the tuple: an integer
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
} dt_aggmap_t;

/* ---------------------------------------------------------------- handle */

typedef struct dt_format {
	char *fm_str;
	int fm_nconv;
} dt_format_t;

typedef struct dt_ring dt_ring_t;

struct dtrace_hdl {
	int dt_errno;		  /* last error */
	char dt_errmsg[1024];	  /* compile / load error text */
	int64_t dt_options[DTOPT_MAX];
	bool dt_optset[DTOPT_MAX];
	int dt_ncpus;		  /* possible CPUs */
	int dt_nonline;		  /* online CPUs */

	/* providers and probes */
	dt_provider_t **dt_provs;
	int dt_nprovs;
	dt_probe_t **dt_probes;	  /* indexed by id; [0] unused */
	int dt_nprobes;		  /* highest id + 1 */
	int dt_probecap;
	char dt_tracefs[64];	  /* tracefs mount point */

	/* macro arguments */
	int dt_argc;
	char **dt_argv;
	bool *dt_argused;
	int dt_target;		  /* $target */

	/* identifiers */
	dt_ident_t *dt_globals;	  /* globals, arrays, self, aggregations */
	int dt_nvars;		  /* variable ids */
	int dt_globsize;	  /* bytes of dt_global */
	int dt_naggs;
	dt_ident_t **dt_aggs;	  /* by aggregation id */
	int dt_dvkeysize;	  /* dynamic variable key size (max) */
	int dt_dvvalsize;	  /* dynamic variable value size (max) */

	/* compiled programs */
	struct dtrace_prog *dt_progs;
	dt_clause_t **dt_clauses; /* all clauses of all programs, program order */
	int dt_nclauses;
	dt_epid_t **dt_epids;	  /* by EPID */
	int dt_nepids;
	dt_format_t *dt_formats;
	int dt_nformats;
	dt_bpfprog_t *dt_bprogs;
	int dt_scratchsize;	  /* bytes per CPU of dt_scratch */
	int dt_thissize;	  /* bytes of this-> variables */
	int dt_recmax;

	/* BPF objects */
	int dt_globfd;		  /* dt_global: ARRAY[1] */
	void *dt_globmap;	  /* mmapped dt_global */
	int dt_scratchfd;	  /* dt_scratch: ARRAY[ncpus], mmapped */
	void *dt_scratchmap;
	size_t dt_scratchmaplen;
	int dt_dvarfd;		  /* dt_dvars: HASH */
	int dt_buffd;		  /* dt_buf: PERF_EVENT_ARRAY */
	int dt_bufstatefd;	  /* dt_bufstate: ARRAY[1] of ncpus dt_bufstate_t, mmapped */
	dt_bufstate_t *dt_bufstate;
	int64_t dt_endreserve;	  /* fill: record bytes reserved for END */
	int dt_minrec;		  /* smallest record the programs write, 0 = none */
	int64_t dt_sizereq[4];	  /* bufsize, aggsize, specsize, dynvarsize asked for */
	dt_ring_t **dt_rings;	  /* per-CPU perf rings */
	char *dt_pfbuf;		  /* printf records' text, reused (dt_consume.c) */
	size_t dt_pfbufsz;
	int *dt_linkfds;	  /* attachments */
	int dt_nlinks, dt_linkcap;
	dt_aggmap_t *dt_aggmaps;
	dt_bpfprog_t *dt_beginprog, *dt_endprog;
	dt_clause_t **dt_errclauses; /* clauses enabled on dtrace:::ERROR */
	int dt_nerrclauses;
	dt_probe_t *dt_errprobe;
	int dt_strtabfd;	  /* read-only string constants */
	char *dt_strtab;
	int dt_strtablen, dt_strtabcap;

	/* consumer state */
	dtrace_status_t dt_status;
	int dt_activity;
	bool dt_stopped;
	int dt_endedon;		  /* CPU END fired on, once stopped: drained last */
	bool dt_gone;		  /* go() called */
	int dt_exitval;
	bool dt_exited;
	uint64_t dt_lastswitch;
	uint64_t dt_laststatus;
	uint64_t *dt_lastdrops;	  /* per CPU, what was reported */
	uint64_t dt_lastcounts[8];
	dtrace_handle_err_f *dt_errhdlr;
	void *dt_errarg;
	dtrace_handle_drop_f *dt_drophdlr;
	void *dt_droparg;
	int dt_indent;		  /* flowindent depth */
	uint32_t dt_lastepid;	  /* flowindent: EPID of the last record */
	bool dt_heading;
	bool dt_speculates;	  /* some clause uses speculation functions */
	int dt_specfd;		  /* dt_spec: ARRAY[1], nspec state words, mmapped */
	int dt_specbuffd;	  /* dt_specbuf: ARRAY[nspec * ncpus], mmapped */
	volatile uint64_t *dt_specstate;
	char *dt_specbuf;
	size_t dt_specbuflen;
	int dt_specent;		  /* bytes per dt_specbuf entry: header + specsize */
	struct dt_specwork *dt_specwork; /* the consumer's cleaning (dt_spec.c) */
	int dt_sysprogarray[2];	  /* syscall dispatch: prog arrays, entry/return */
	int dt_sysdispatch[2];	  /* syscall dispatch: raw tracepoint links */
	struct dt_aggstate *dt_aggstate;
	void *dt_btf;		  /* struct btf * of vmlinux, lazily */
	char **dt_cppargv;	  /* -D, -U, -I for the C preprocessor */
	int dt_cppargc;
	unsigned dt_cflags;	  /* compile flags of the last compile (-S) */
	dt_type_t *dt_typecache[64];
	int dt_ntypecache;
};

/* ---------------------------------------------------------------- functions */

/* core/dt_error.c */
DT_INTERNAL int dt_set_errno(dtrace_hdl_t *, int);
DT_INTERNAL int dt_set_errmsg(dtrace_hdl_t *, int, const char *, ...)
	__attribute__((format(printf, 3, 4)));

/* core/dt_alloc.c */
DT_INTERNAL void *dt_zalloc(size_t);
DT_INTERNAL char *dt_strdup(const char *);
DT_INTERNAL char *dt_strndup(const char *, size_t);
DT_INTERNAL void *dt_realloc(void *, size_t);
DT_INTERNAL uint64_t dt_now(void); /* CLOCK_MONOTONIC ns */

/* core/dt_options.c */
DT_INTERNAL void dt_options_init(dtrace_hdl_t *);
DT_INTERNAL int dt_parse_size(const char *, int64_t *);
DT_INTERNAL int dt_parse_rate(const char *, int64_t *);
DT_INTERNAL int dt_parse_time_ns(const char *, int64_t *);

/* front/dt_lex.c */
DT_INTERNAL dt_token_t *dt_lex_peek(dt_pcb_t *, int n);
DT_INTERNAL dt_token_t *dt_lex_next(dt_pcb_t *);
DT_INTERNAL dt_token_t *dt_lex_pdesc(dt_pcb_t *);
DT_INTERNAL void dt_lex_skip_ws(dt_pcb_t *);
DT_INTERNAL void dt_lex_unpeek(dt_pcb_t *);
DT_INTERNAL bool dt_tok_is(const dt_token_t *, const char *);
DT_INTERNAL const char *dt_tok_text(const dt_token_t *, char *, size_t);
DT_INTERNAL _Noreturn void dt_cc_error(dt_pcb_t *, int line, const char *, ...)
	__attribute__((format(printf, 3, 4)));
DT_INTERNAL _Noreturn void dt_node_error(dt_pcb_t *, const dt_node_t *, const char *, ...)
	__attribute__((format(printf, 3, 4)));

/* front/dt_cc.c: layout and code generation only, no maps or loading (tests) */
DT_INTERNAL int dt_cc_gen_only(dtrace_hdl_t *);

/* front/dt_parse.c */
DT_INTERNAL struct dtrace_prog *dt_parse_program(dt_pcb_t *);
DT_INTERNAL dt_node_t *dt_node_new(dt_pcb_t *, dt_nkind_t, const dt_token_t *);

/* front/dt_types.c */
DT_INTERNAL dt_type_t *dt_type_int(dtrace_hdl_t *, int size, bool is_signed);
DT_INTERNAL dt_type_t *dt_type_string(dtrace_hdl_t *);
DT_INTERNAL dt_type_t *dt_type_void(dtrace_hdl_t *);
DT_INTERNAL dt_type_t *dt_type_ptr(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_type_t *dt_type_array(dtrace_hdl_t *, dt_type_t *, int n);
DT_INTERNAL dt_type_t *dt_type_lookup(dtrace_hdl_t *, const char *name);
DT_INTERNAL dt_type_t *dt_type_parse(dtrace_hdl_t *, const char *cdecl);
DT_INTERNAL dt_type_t *dt_type_named_int(dtrace_hdl_t *, const char *name, int size,
					  bool is_signed);
DT_INTERNAL const char *dt_type_name(const dt_type_t *, char *, size_t);
DT_INTERNAL bool dt_type_is_int(const dt_type_t *);
DT_INTERNAL bool dt_type_is_arith(const dt_type_t *);
DT_INTERNAL bool dt_type_is_scalar(const dt_type_t *);
DT_INTERNAL bool dt_type_is_string(const dt_type_t *);
DT_INTERNAL int dt_type_resolve(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_member_t *dt_type_member(dtrace_hdl_t *, dt_type_t *, const char *);
DT_INTERNAL dt_type_t *dt_type_struct(dtrace_hdl_t *, const char *tag, bool is_union);

/* front/dt_cook.c */
DT_INTERNAL void dt_cook_clause(dt_pcb_t *, dt_clause_t *, dt_probe_t *);
DT_INTERNAL dt_ident_t *dt_ident_lookup(dtrace_hdl_t *, const char *, dt_idkind_t);
DT_INTERNAL dt_ident_t *dt_ident_create(dtrace_hdl_t *, const char *, dt_idkind_t);

/* builtins (front/dt_builtins.c): one table for variables, one for functions */
typedef struct dt_builtin_var {
	const char *bv_name;
	int bv_id;
	const char *bv_type; /* C type name */
} dt_builtin_var_t;

enum {
	DT_BV_ARG0 = 0, /* ARG0..ARG9 = 0..9 */
	DT_BV_ARGS = 10,
	DT_BV_PID,
	DT_BV_PPID,
	DT_BV_TID,
	DT_BV_UID,
	DT_BV_GID,
	DT_BV_EXECNAME,
	DT_BV_CPU,
	DT_BV_TIMESTAMP,
	DT_BV_VTIMESTAMP,
	DT_BV_WALLTIMESTAMP,
	DT_BV_PROBEPROV,
	DT_BV_PROBEMOD,
	DT_BV_PROBEFUNC,
	DT_BV_PROBENAME,
	DT_BV_ID,
	DT_BV_EPID,
	DT_BV_ERRNO,
	DT_BV_CURTHREAD,
	DT_BV_CURCPU,
	DT_BV_UREGS,
	DT_BV_CWD,
	DT_BV_ROOTDIR,
	DT_BV_UCALLER,
	DT_BV_CALLER,
	DT_BV_STACKDEPTH,
	DT_BV_IPL,
	DT_BV_MAX
};

typedef enum dt_fnkind {
	DT_FN_ACTION,	  /* data-recording action: trace, printf, ... */
	DT_FN_SUBR,	  /* subroutine with a value */
	DT_FN_AGG,	  /* aggregating function */
	DT_FN_DESTRUCTIVE,
	DT_FN_SPEC,	  /* speculation control */
} dt_fnkind_t;

typedef struct dt_builtin_fn {
	const char *bf_name;
	int bf_id;
	dt_fnkind_t bf_kind;
	int bf_minargs, bf_maxargs; /* -1 = variadic */
	const char *bf_rettype;	     /* C type, "string", "void", NULL for actions */
} dt_builtin_fn_t;

enum {
	DT_FN_TRACE = 1,
	DT_FN_PRINTF,
	DT_FN_EXIT,
	DT_FN_PRINTA,
	DT_FN_CLEAR,
	DT_FN_TRUNC,
	DT_FN_NORMALIZE,
	DT_FN_DENORMALIZE,
	DT_FN_SETOPT,
	DT_FN_SPECULATION,
	DT_FN_SPECULATE,
	DT_FN_COMMIT,
	DT_FN_DISCARD,
	DT_FN_STRLEN,
	DT_FN_COPYINSTR,
	DT_FN_STRINGOF,
	DT_FN_STACK,
	DT_FN_USTACK,
	DT_FN_COUNT,
	DT_FN_SUM,
	DT_FN_AVG,
	DT_FN_MIN,
	DT_FN_MAX,
	DT_FN_STDDEV,
	DT_FN_QUANTIZE,
	DT_FN_LQUANTIZE,
	DT_FN_LLQUANTIZE,
	DT_FN_COPYIN,
	DT_FN_STRJOIN,
	DT_FN_PROGENYOF,
	DT_FN_RAND,
	DT_FN_TRACEMEM,
	DT_FN_SYSTEM,
	DT_FN_RAISE,
	DT_FN_STOP,
	DT_FN_BREAKPOINT,
	DT_FN_PANIC,
	DT_FN_CHILL,
	DT_FN_FTRUNCATE,
	DT_FN_SYM,
	DT_FN_MOD,
	DT_FN_USYM,
	DT_FN_UADDR,
	DT_FN_FUNC,
	DT_FN_UFUNC,
	DT_FN_NFUNCS
};

DT_INTERNAL const dt_builtin_var_t *dt_builtin_var(const char *);
DT_INTERNAL const dt_builtin_fn_t *dt_builtin_fn(const char *);
DT_INTERNAL const dt_builtin_fn_t *dt_builtin_fn_byid(int);

/* cg/dt_cg.c */
DT_INTERNAL int dt_cg_program(dtrace_hdl_t *, dt_probe_t *, dt_clause_t **clauses, int n,
			      dt_bpfprog_t **out);
DT_INTERNAL int dt_epid_alloc(dtrace_hdl_t *, dt_probe_t *, dt_clause_t *);
DT_INTERNAL int dt_format_add(dtrace_hdl_t *, const char *);
DT_INTERNAL int dt_strtab_add(dtrace_hdl_t *, const char *);
DT_INTERNAL void dt_dis(const struct bpf_insn *, int n, FILE *);
DT_INTERNAL void dt_cg_emit(struct dt_cg *, struct bpf_insn);
DT_INTERNAL void dt_cg_ldctx(struct dt_cg *, int reg);

/* bpf/dt_bpf.c */
DT_INTERNAL int dt_bpf_maps_create(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_prog_load(dtrace_hdl_t *, dt_bpfprog_t *);
/* the verifier's reason and refused instruction (or -1) in its log */
DT_INTERNAL size_t dt_bpf_log_reason(const char *log, char *buf, size_t len, long *idx);
DT_INTERNAL int dt_bpf_test_run(dtrace_hdl_t *, dt_bpfprog_t *);
DT_INTERNAL int dt_bpf_attach_tp(dtrace_hdl_t *, int tpid, int progfd, uint64_t cookie);
DT_INTERNAL int dt_bpf_attach_perf(dtrace_hdl_t *, int cpu, uint64_t period_ns, int progfd);
DT_INTERNAL void dt_bpf_link_add(dtrace_hdl_t *, int fd);
DT_INTERNAL int dt_bpf_perfbuf_set(dtrace_hdl_t *, int cpu, int fd);
DT_INTERNAL int dt_bpf_sysdispatch(dtrace_hdl_t *, bool ret);
DT_INTERNAL int dt_bpf_sysroute(dtrace_hdl_t *, bool ret, int nr, int progfd);
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

/* consume/dt_buffer.c: buffer policies, sizes, resizing, per-CPU accounting */
DT_INTERNAL int dt_buffer_sizes(dtrace_hdl_t *);	/* before the maps */
DT_INTERNAL int dt_buffer_alloc(dtrace_hdl_t *);	/* after the maps */
DT_INTERNAL void dt_buffer_released(dtrace_hdl_t *, int cpu);
DT_INTERNAL bool dt_buffer_filled(dtrace_hdl_t *);
DT_INTERNAL bool dt_buffer_draining(dtrace_hdl_t *, bool done);

/* prov/dt_provider.c */
DT_INTERNAL void dt_provider_init(dtrace_hdl_t *);
DT_INTERNAL dt_provider_t *dt_provider_lookup(dtrace_hdl_t *, const char *);
DT_INTERNAL dt_probe_t *dt_probe_create(dtrace_hdl_t *, dt_provider_t *, const char *mod,
					const char *func, const char *name);
DT_INTERNAL int dt_probe_match(dtrace_hdl_t *, const dt_pdesc_t *, dt_probe_t ***out);
DT_INTERNAL bool dt_gmatch(const char *s, const char *p);
DT_INTERNAL int dt_pdesc_split(char *s, dtrace_probespec_t spec, char *out[4]);
DT_INTERNAL int dt_probe_args(dtrace_hdl_t *, dt_probe_t *);
extern dt_provider_t dt_prov_dtrace, dt_prov_profile, dt_prov_syscall;

/* consume/dt_consume.c */
DT_INTERNAL int dt_consume_init(dtrace_hdl_t *);
DT_INTERNAL void dt_consume_fini(dtrace_hdl_t *);
DT_INTERNAL void dt_notice(dtrace_hdl_t *, const char *msg);
DT_INTERNAL void dt_print_hexdump(FILE *, const char *, size_t);

/*
 * Aggregations: layout (cg/dt_cg_agg.c), the kernel maps (bpf/dt_bpf.c),
 * and the consumer's records and pure arithmetic (consume/dt_aggregate.c).
 */
DT_INTERNAL dt_aggmap_t *dt_agg_layout(dtrace_hdl_t *);
DT_INTERNAL int dt_bpf_agg_read(dtrace_hdl_t *, const dt_aggmap_t *, char **keys,
				int64_t **vals);
DT_INTERNAL int dt_aggregate_act(dtrace_hdl_t *, FILE *, const char *data,
				 const dt_recdesc_t *, int nrecs);
DT_INTERNAL void dt_aggregate_snap(dtrace_hdl_t *, bool force);
DT_INTERNAL char *dt_printa_fmt(const char *fmt, int naggs, const bool *dist, bool *isagg,
				int maxslots, int *nslots);
DT_INTERNAL int dt_agg_nwords(int func, const int64_t *params);
DT_INTERNAL int dt_agg_quantize_bucket(int64_t v);
DT_INTERNAL int dt_agg_lquantize_bucket(int64_t v, int64_t lo, int64_t step, int levels);
DT_INTERNAL int dt_agg_llquantize_bucket(int factor, int low, int high, int nsteps, int64_t v);
DT_INTERNAL void dt_agg_merge(int func, int nwords, int64_t *dst, const int64_t *src);
DT_INTERNAL uint64_t dt_agg_stddev(const int64_t *data, uint64_t normal);
DT_INTERNAL int dt_agg_valcmp(const dt_aggmap_t *, const int64_t *a, const int64_t *b);
DT_INTERNAL void dt_agg_print_value(FILE *, const dt_aggmap_t *, const int64_t *data,
				    uint64_t normal);

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

/* consume/dt_printf.c: the printf engine (format check and formatting) */
typedef struct dt_pfarg {
	bool pa_string;	 /* argument is a string */
	const char *pa_str;
	int64_t pa_val;
	int pa_size;	 /* bytes of the original integer type (1, 2, 4, 8) */
	bool pa_signed;
} dt_pfarg_t;

/* Check fmt against argument types at compile time; returns 0 or fills err. */
DT_INTERNAL int dt_printf_check(const char *fmt, const dt_type_t **argtypes, int nargs,
				char *err, size_t errlen);
/* Format into a malloc'd string (*out); returns length or -1. */
DT_INTERNAL int dt_printf_format(const char *fmt, const dt_pfarg_t *args, int nargs,
				 char **out);
/* The same into a reused buffer (*bufp, *capp bytes; NULL, 0 at first). */
DT_INTERNAL int dt_printf_format_into(const char *fmt, const dt_pfarg_t *args, int nargs,
				      char **bufp, size_t *capp);

#endif /* DT_IMPL_H */
