/*
 * dt_core.h -- the bottom floor of libdtrace: the handle, errors, options,
 * allocation and stability attributes.  Every other floor builds on it and
 * it includes nothing of theirs.
 *
 * The library is built in floors that data crosses one way and calls only
 * go down (docs/design.md; tests/layering checks it from the objects'
 * undefined symbols and from the #include lines):
 *
 *   driver/   open/close, compile, go/work/stop, binding   driver/dt_driver.h
 *   stages    front/ cg/ consume/ prov/ (never each other) <stage>/dt_<stage>.h
 *   services  bpf/ proc/ types/ (never each other)         <service>/dt_<service>.h
 *   layout/   what the stages hand each other as data:     layout/dt_layout.h
 *             the program (AST), probes, records, EPIDs,
 *             aggregation layouts and arithmetic, formats,
 *             string table, BPF programs as data
 *   core/     this header
 *
 * One handle holds all state (no mutable globals).  Its fields belong to
 * the floor that fills them; fields of an upper floor's type are pointers to
 * structures declared here incomplete.  Where a stage needs what a sibling
 * knows (the front end a probe's argument types, a provider whether the D
 * library translates a type), it asks through dt_hooks_t, which the driver
 * fills at open: the stage never names the sibling.
 *
 * Structures prefix their fields so that a grep for a field finds every use.
 * Library calls return 0 / -1 (or pointer / NULL) after dt_set_errno();
 * compile errors longjmp to the compile entry (dt_compile) and never cross
 * the public API.
 */
#ifndef DT_CORE_H
#define DT_CORE_H

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
	X(NOLIBS, "nolibs", DT_OPT_BOOL, 0)                               \
	X(ZDEFS, "zdefs", DT_OPT_BOOL, 0)                                 \
	X(AGGSORTKEY, "aggsortkey", DT_OPT_BOOL, 0)                       \
	X(AGGSORTKEYPOS, "aggsortkeypos", DT_OPT_INT, 0)                  \
	X(AGGSORTPOS, "aggsortpos", DT_OPT_INT, 0)                        \
	X(AGGSORTREV, "aggsortrev", DT_OPT_BOOL, 0)                       \
	X(RAWBYTES, "rawbytes", DT_OPT_BOOL, 0)                           \
	X(STACKFRAMES, "stackframes", DT_OPT_INT, 20)                     \
	X(USTACKFRAMES, "ustackframes", DT_OPT_INT, 100)                   \
	X(MAXFRAMES, "maxframes", DT_OPT_INT, 127) /* perf_event_max_stack */ \
	X(VERIFYLOG, "verifylog", DT_OPT_BOOL, 0)                         \
	X(FBTMODE, "fbtmode", DT_OPT_FBTMODE, DT_FBTMODE_AUTO)             \
	X(ERRTAGS, "errtags", DT_OPT_BOOL, 0)                             \
	X(DROPTAGS, "droptags", DT_OPT_BOOL, 0)                           \
	/* the rest of illumos' table (docs/options.md): d = cpp flag, enum */ \
	X(AGGPERCPU, "aggpercpu", DT_OPT_BOOL, 0)                         \
	X(AMIN, "amin", DT_OPT_STRING, 0)                                 \
	X(ARGREF, "argref", DT_OPT_BOOL, 0)                               \
	X(CORE, "core", DT_OPT_BOOL, 0)                                   \
	X(CPP, "cpp", DT_OPT_BOOL, 0)                                     \
	X(CPPHDRS, "cpphdrs", DT_OPT_BOOL, 0)                             \
	X(CPPPATH, "cpppath", DT_OPT_STRING, 0)                           \
	X(CTYPES, "ctypes", DT_OPT_TYPESFILE, 0)                          \
	X(DEBUG, "debug", DT_OPT_BOOL, 0)                                 \
	X(DEFINE, "define", DT_OPT_CPPARG, 'D')                           \
	X(DISASM, "disasm", DT_OPT_INT, 0)                                \
	X(DOF, "dof", DT_OPT_UNSUP, 0)                                    \
	X(DTYPES, "dtypes", DT_OPT_TYPESFILE, 0)                          \
	X(EMPTY, "empty", DT_OPT_BOOL, 0)                                 \
	X(ENCODING, "encoding", DT_OPT_STRING, 0)                         \
	X(EVALTIME, "evaltime", DT_OPT_STRING, 0)                         \
	X(INCDIR, "incdir", DT_OPT_CPPARG, 'I')                           \
	X(IREGS, "iregs", DT_OPT_INT, 8)                                  \
	X(KDEFS, "kdefs", DT_OPT_BOOL, 0)                                 \
	X(KMEM, "kmem", DT_OPT_BOOL, 0) /* Linux: report kernel memory */ \
	X(KNODEFS, "knodefs", DT_OPT_BOOL, 0)                             \
	X(LATE, "late", DT_OPT_STRING, 0)                                 \
	X(LAZYLOAD, "lazyload", DT_OPT_BOOL, 0)                           \
	X(LDPATH, "ldpath", DT_OPT_STRING, 0)                             \
	X(LIBDIR, "libdir", DT_OPT_STRING, 0)                             \
	X(LINKMODE, "linkmode", DT_OPT_STRING, 0)                         \
	X(LINKTYPE, "linktype", DT_OPT_STRING, 0)                         \
	X(PGMAX, "pgmax", DT_OPT_INT, 8)                                  \
	X(PSPEC, "pspec", DT_OPT_BOOL, 0)                                 \
	X(SETENV, "setenv", DT_OPT_ENV, 1)                                \
	X(STDC, "stdc", DT_OPT_STRING, 0)                                 \
	X(STRIP, "strip", DT_OPT_BOOL, 0)                                 \
	X(SYSLIBDIR, "syslibdir", DT_OPT_STRING, 0)                       \
	X(TREE, "tree", DT_OPT_INT, 0)                                    \
	X(TREGS, "tregs", DT_OPT_INT, 8)                                  \
	X(UDEFS, "udefs", DT_OPT_BOOL, 0)                                 \
	X(UNDEF, "undef", DT_OPT_CPPARG, 'U')                             \
	X(UNODEFS, "unodefs", DT_OPT_BOOL, 0)                             \
	X(UNSETENV, "unsetenv", DT_OPT_ENV, 0)                            \
	X(VERBOSE, "verbose", DT_OPT_BOOL, 0)                             \
	X(VERSION, "version", DT_OPT_VERSION, 0)                          \
	X(GRABANON, "grabanon", DT_OPT_UNSUP, 0)                          \
	X(JSTACKFRAMES, "jstackframes", DT_OPT_INT, 50)                   \
	X(JSTACKSTRSIZE, "jstackstrsize", DT_OPT_SIZE, 512)               \
	X(TEMPORAL, "temporal", DT_OPT_BOOL, 0)                           \
	X(ZONE, "zone", DT_OPT_UNSUP, 0)                                  \
	X(AGGHIST, "agghist", DT_OPT_BOOL, 0)                             \
	X(AGGPACK, "aggpack", DT_OPT_BOOL, 0)                             \
	X(AGGZOOM, "aggzoom", DT_OPT_BOOL, 0)                             \
	X(STACKINDENT, "stackindent", DT_OPT_INT, 14)                     \
	X(PREALLOCATE, "preallocate", DT_OPT_SIZE, 0)                     \
	X(PROCRATE, "procrate", DT_OPT_RATE, 0)                           \
	X(OFORMAT, "oformat", DT_OPT_STRING, 0)

/* Bytes a string takes: strsize characters (DTrace counts them) and a NUL. */
#define DT_STRSIZE(dtp) ((int)(dtp)->dt_options[DTOPT_STRSIZE] + 1)

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
	DT_OPT_RESIZE,
	DT_OPT_FBTMODE,
	DT_OPT_STRING,	/* kept in dt_optstr[] (some check their values) */
	DT_OPT_CPPARG,	/* -D/-U/-I for cpp: the default is the letter */
	DT_OPT_ENV,	/* setenv/unsetenv for -c commands */
	DT_OPT_VERSION,
	DT_OPT_TYPESFILE, /* ctypes/dtypes: a file each compile writes types to (dt_typesfd) */
	DT_OPT_UNSUP	/* configures what Linux lacks: refused (dt_options.c) */
} dt_optkind_t;

#define DT_BUFPOLICY_SWITCH 0
#define DT_BUFPOLICY_FILL 1
#define DT_BUFPOLICY_RING 2
#define DT_BUFRESIZE_AUTO 0
#define DT_BUFRESIZE_MANUAL 1
/* -x fbtmode: how fbt probes attach (prov/dt_prov_fbt.c) */
#define DT_FBTMODE_AUTO 0
#define DT_FBTMODE_FENTRY 1
#define DT_FBTMODE_KPROBE 2

/* ---------------------------------------------------------------- arenas */

/* core/dt_arena.c: memory freed all at once by its owner (a handle, a program) */
typedef struct dt_arena {
	struct dt_arena_chunk *da_chunks;
	char *da_cur;		  /* the free part of the chunk being filled */
	size_t da_left;
	struct dt_arena_owned *da_owned; /* malloc'd blocks given to it */
	size_t da_bytes;	  /* chunk bytes, for measurements */
} dt_arena_t;

DT_INTERNAL void *dt_arena_zalloc(dt_arena_t *, size_t);
DT_INTERNAL char *dt_arena_strdup(dt_arena_t *, const char *);
DT_INTERNAL char *dt_arena_strndup(dt_arena_t *, const char *, size_t);
DT_INTERNAL void dt_arena_own(dt_arena_t *, void *);
DT_INTERNAL void dt_arena_adopt(dt_arena_t *to, dt_arena_t *from);
DT_INTERNAL void dt_arena_free(dt_arena_t *);

/* core/dt_hash.c: the hash table (keys are the caller's bytes, values pointers) */
typedef struct dt_hashent {
	uint64_t he_hash;
	const void *he_key;	  /* NULL: a free entry */
	size_t he_keylen;
	void *he_val;
} dt_hashent_t;

typedef struct dt_hash {	  /* zeroed: empty */
	dt_hashent_t *dh_ents;
	size_t dh_cap;		  /* a power of two, or 0 */
	size_t dh_n;
} dt_hash_t;

DT_INTERNAL uint64_t dt_hash_bytes(const void *, size_t);
DT_INTERNAL uint64_t dt_hash_word(uint64_t);
DT_INTERNAL void *dt_hash_find(const dt_hash_t *, const void *key, size_t len);
DT_INTERNAL void *dt_hash_find_h(const dt_hash_t *, uint64_t hash, const void *key, size_t len);
DT_INTERNAL void *dt_hash_findstr(const dt_hash_t *, const char *);
/* find or add: the value's slot, holding NULL for a new key (store the value); NULL: no memory */
DT_INTERNAL void **dt_hash_slot(dt_hash_t *, const void *key, size_t len);
DT_INTERNAL void **dt_hash_slot_h(dt_hash_t *, uint64_t hash, const void *key, size_t len);
DT_INTERNAL void **dt_hash_slotstr(dt_hash_t *, const char *);
DT_INTERNAL void *dt_hash_next(const dt_hash_t *, size_t *iter);
DT_INTERNAL void dt_hash_clear(dt_hash_t *);
DT_INTERNAL void dt_hash_fini(dt_hash_t *);


/* ---------------------------------------------------------------- upper floors' types */

typedef struct dt_type dt_type_t;		/* types/ */
typedef struct dt_member dt_member_t;		/* types/ */
typedef struct dt_ident dt_ident_t;		/* layout/dt_ast.h */
typedef struct dt_clause dt_clause_t;		/* layout/dt_ast.h */
typedef struct dt_pdesc dt_pdesc_t;		/* layout/dt_ast.h */
typedef struct dt_probe dt_probe_t;		/* layout/dt_probe.h */
typedef struct dt_bpfprog dt_bpfprog_t;		/* layout/dt_probe.h */
typedef struct dt_epid dt_epid_t;		/* layout/ */
typedef struct dt_format dt_format_t;		/* layout/ */
typedef struct dt_probetab_ent dt_probetab_ent_t; /* layout/ */
typedef struct dt_bufstate dt_bufstate_t;	/* layout/ */
typedef struct dt_aggmap dt_aggmap_t;		/* layout/ */
typedef struct dt_ring dt_ring_t;		/* bpf/ */
typedef struct dt_provider dt_provider_t;	/* prov/ */

/*
 * What a stage asks of a sibling stage, answered by the driver, which fills
 * these at dtrace_open() (driver/dt_open.c).
 */
typedef struct dt_hooks {
	/* front end (args[], xlate of probe arguments): describe the probe's arguments */
	int (*dh_probe_args)(dtrace_hdl_t *, dt_probe_t *);
	/* front end (#pragma D depends_on provider): is there such a provider */
	bool (*dh_provider_exists)(dtrace_hdl_t *, const char *name);
	/* providers (translated argument types): does the D library translate to out */
	bool (*dh_xlator_exists)(dtrace_hdl_t *, dt_type_t *out);
} dt_hooks_t;

/* ---------------------------------------------------------------- handle */

struct dtrace_hdl {
	dt_arena_t dt_arena;	  /* what lives as long as the handle (core/dt_arena.c) */
	int dt_errno;		  /* last error */
	dt_hooks_t dt_hooks;	  /* the driver's answers to the stages (above) */
	char dt_errmsg[1024];	  /* compile / load error text */
	int dt_errtag;		  /* D tag of the last compile-time error (dt_errtags.h) */
	int64_t dt_options[DTOPT_MAX];
	bool dt_optset[DTOPT_MAX];
	char *dt_optstr[DTOPT_MAX];  /* DT_OPT_STRING values (libdir: the last one) */
	int dt_typesfd[2];	  /* -x ctypes, -x dtypes: files each compile rewrites, or -1 */
	int dt_oflags;		  /* dtrace_open()'s flags (DTRACE_O_ILP32: -G's ELF class) */
	bool dt_destructive;	  /* destructive actions without -w: refused by dtrace_go */
	int dt_ncpus;		  /* possible CPUs */
	int dt_nonline;		  /* online CPUs */

	/* providers and probes */
	dt_provider_t **dt_provs;
	int dt_nprovs;
	dt_probe_t **dt_probes;	  /* indexed by id; [0] unused */
	int dt_nprobes;		  /* highest id + 1 */
	int dt_probecap;
	struct dt_probe *dt_probeslab; /* where dt_probe_create() takes probes */
	int dt_probeslabn;
	void **dt_probeslabs;	  /* the mmapped slabs, unmapped by dt_probe_fini() */
	int dt_nprobeslabs;
	char dt_tracefs[64];	  /* tracefs mount point */

	/* macro arguments */
	int dt_argc;
	char **dt_argv;
	bool *dt_argused;
	int dt_target;		  /* $target */
	struct dt_proclist *dt_procs; /* -c / -p processes (proc/dt_proc.c), or NULL */

	/* identifiers */
	dt_ident_t *dt_globals;	  /* globals, arrays, self, aggregations */
	int dt_nvars;		  /* variable ids */
	int dt_globsize;	  /* bytes of dt_global */
	int dt_naggs;
	dt_ident_t **dt_aggs;	  /* by aggregation id */
	int dt_dvkeysize;	  /* dynamic variable key size (max) */
	int dt_dvvalsize;	  /* dynamic variable value size (max) */
	uint64_t dt_defercookie;  /* secret tag of a deferred copyin slot (layout/dt_layout.h) */

	/* the D library (front/dt_dlib.c) and translators (front/dt_xlate.c) */
	char **dt_libdirs;	  /* -L and -x libdir, then the default */
	int dt_nlibdirs;
	int dt_libstate;	  /* 0: not loaded, 1: loaded (or -x nolibs), -1: failed */
	char **dt_libnames;	  /* files loaded, for depends_on library */
	int dt_nlibnames;
	struct dt_xlator *dt_xlators;
	dt_ident_t **dt_globtail;  /* where dt_ident_create() appends */
	dt_hash_t dt_idents;	  /* dt_globals by name (front/dt_ident.c) */
	struct dt_ident *dt_pragattrs; /* #pragma D attributes awaiting their identifier */

	/* compiled programs */
	struct dtrace_prog *dt_progs;
	dt_clause_t **dt_clauses; /* all clauses of all programs, program order */
	int dt_nclauses;
	const char *dt_companions[8]; /* providers' companion clauses compiled (driver/dt_cc.c) */
	int dt_ncompanions;
	dt_epid_t **dt_epids;	  /* by EPID */
	int dt_nepids;
	dt_format_t *dt_formats;
	int dt_nformats;
	dt_bpfprog_t *dt_bprogs;	  /* planned by driver/dt_enable.c */
	int dt_nbprogs;
	dt_probetab_ent_t *dt_probetab; /* probes of shared programs, by pr_enidx */
	int dt_nprobetab;
	int dt_probestrmax;	  /* highest dt_strtab offset of a probe's name */
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
	int dt_stdoutfd;	  /* freopen(): the output's first descriptor + 1, or 0 */
	void *dt_dwarf;		  /* types/dt_dwarf.c: the DWARF of one user file, open */
	int dt_writeuser;	  /* bpf_probe_write_user() loads: 1, not: -1, not asked: 0 */
	size_t dt_pfbufsz;
	int *dt_linkfds;	  /* attachments */
	int dt_nlinks, dt_linkcap;
	int *dt_timerfds;	  /* profile and tick timers, started by dt_bpf_timers_start() */
	int dt_ntimers;
	dt_aggmap_t *dt_aggmaps;
	struct dt_aggouter *dt_aggouter; /* cg/dt_agg_layout.c: arrays of aggregation maps */
	int dt_naggouter;
	dt_bpfprog_t *dt_beginprog, *dt_endprog;
	dt_clause_t **dt_errclauses; /* clauses enabled on dtrace:::ERROR */
	int dt_nerrclauses;
	struct dt_epid **dt_errstmts; /* their record layouts */
	dt_probe_t *dt_errprobe;
	int dt_strtabfd;	  /* read-only string constants */
	int dt_probetabfd;	  /* dt_probetab: ARRAY[dt_nprobetab] */
	char *dt_strtab;
	int dt_strtablen, dt_strtabcap;
	dt_hash_t dt_strhash;	  /* dt_strtab offsets by string (layout/dt_strtab.c) */

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
	dtrace_handle_progress_f *dt_proghdlr; /* attach progress (driver/dt_enable.c) */
	void *dt_progarg;
	FILE *dt_listfp;	  /* -S, -x verbose, -x verifylog: the caller's, or NULL */
	int dt_indent;		  /* flowindent depth */
	uint32_t dt_lastepid;	  /* flowindent: EPID of the last record */
	bool dt_heading;
	struct btf *dt_funcbtf;	  /* BTF for programs with callbacks (bpf/dt_funcinfo.c) */
	bool dt_usestrtok;	  /* some clause calls strtok(): its state in the this-> area */
	int dt_strtokoff;	  /* ... at this offset (cg/dt_cg_str.c) */
	bool dt_speculates;	  /* some clause uses speculation functions */
	int dt_specfd;		  /* dt_spec: ARRAY[1], nspec state words, mmapped */
	int dt_specbuffd;	  /* dt_specbuf: ARRAY[nspec * ncpus], mmapped */
	volatile uint64_t *dt_specstate;
	char *dt_specbuf;
	size_t dt_specbuflen;
	int dt_specent;		  /* bytes per dt_specbuf entry: header + specsize */
	struct dt_specwork *dt_specwork; /* the consumer's cleaning (dt_spec.c) */
	struct dt_aggstate *dt_aggstate;
	struct dt_consumer *dt_consumer; /* consume/dt_consume.c: record views, the output */
	void *dt_btf;		  /* struct btf * of vmlinux, lazily (types/dt_btf.c) */
	struct dt_symtab *dt_symtab; /* kernel and process symbols, lazily (proc/dt_sym.c) */
	struct dt_pmap *dt_pmap;  /* processes' mappings as made (proc/dt_pmap.c) */
	bool dt_usyms;		  /* some record or key holds user addresses */
	bool dt_uwalk;		  /* some clause unwinds user stacks (cg/dt_cg_unwind.c) */
	struct dt_unwind *dt_unwind; /* the unwind tables (proc/dt_unwind.c) */
	int dt_urowsfd, dt_umapsfd; /* ... in the kernel (bpf/dt_bpf.c), or -1 */
	void *dt_urowsmap;	  /* dt_urows, mapped */
	void *dt_tpbtf;		  /* prov/dt_tp.c: vmlinux's btf_trace_ typedefs, sorted */
	char **dt_tpsyms;	  /* prov/dt_tp.c: tracepoints in kallsyms, sorted */
	int dt_ntpsyms;
	bool dt_rawnest;	  /* raw tracepoint programs may nest (cg/dt_cg.c gen_nest) */
	int dt_ntpbtf;
	uint32_t dt_featprobed;	  /* kernel features probed (bit 1 << DT_FEAT_*) */
	uint32_t dt_feathave;	  /* ... and present */
	char **dt_cppargv;	  /* -D, -U, -I for the C preprocessor */
	int dt_cppargc;
	unsigned dt_cflags;	  /* compile flags of the last compile (-S) */
	struct dt_pdef *dt_pdefs; /* provider definitions (front/dt_pdef.c), for -h */
	struct dt_typestate *dt_typestate; /* interned and named types (types/dt_types.c) */
};


/* ---------------------------------------------------------------- functions */

/* core/dt_error.c */
DT_INTERNAL int dt_set_errno(dtrace_hdl_t *, int);
DT_INTERNAL int dt_set_errmsg(dtrace_hdl_t *, int, const char *, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * core/dt_report.c: notices to the drop handler, listings to the caller's
 * FILE * (NULL: none); nothing when the caller registered nothing.
 */
DT_INTERNAL void dt_notice(dtrace_hdl_t *, const char *msg);
DT_INTERNAL void dt_noticef(dtrace_hdl_t *, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
DT_INTERNAL FILE *dt_listing(dtrace_hdl_t *);

/*
 * core/dt_alloc.c: out of memory longjmps to the innermost trap pushed by
 * the function that owns what is being built (see the essay there).
 * dt_nomem_pop() says whether the trap was sprung by an allocation failure.
 */
typedef struct dt_nomem_undo {
	void (*nu_fn)(void *);
	void *nu_arg;
	struct dt_nomem_undo *nu_next;
} dt_nomem_undo_t;

typedef struct dt_nomem_trap {
	jmp_buf *nt_jmp;
	struct dt_nomem_trap *nt_prev;
	dt_nomem_undo_t *nt_undo; /* what frames it jumps over hold */
} dt_nomem_trap_t;

DT_INTERNAL void dt_nomem_push(dt_nomem_trap_t *, jmp_buf *);
DT_INTERNAL bool dt_nomem_pop(dt_nomem_trap_t *);
/*
 * A function that builds something local (an array, an open directory)
 * while it allocates holds it: if memory runs out before the release,
 * fn(arg) frees it before the jump.  Held and released in stack order.
 */
DT_INTERNAL void dt_nomem_hold(dt_nomem_undo_t *, void (*fn)(void *), void *arg);
DT_INTERNAL void dt_nomem_release(dt_nomem_undo_t *);
DT_INTERNAL void dt_nomem_free_ptr(void *pp); /* an undo: free(*(void **)pp) */
DT_INTERNAL void *dt_nomem(void); /* out of memory: to the trap, or NULL */
DT_INTERNAL int dt_nomem_call(dtrace_hdl_t *, int (*body)(dtrace_hdl_t *, void *), void *);
DT_INTERNAL long dt_alloc_counted(void); /* tests: allocations since dt_alloc_fail_at */
DT_INTERNAL void dt_alloc_fail_at(long n); /* tests: fail the n-th allocation */
DT_INTERNAL bool dt_alloc_injected(void);  /* tests: this allocation fails */
DT_INTERNAL void *dt_zalloc(size_t);
DT_INTERNAL char *dt_strdup(const char *);
DT_INTERNAL char *dt_strndup(const char *, size_t);
DT_INTERNAL void *dt_realloc(void *, size_t);
DT_INTERNAL uint64_t dt_now(void); /* CLOCK_MONOTONIC ns */

/* core/dt_options.c */
DT_INTERNAL void dt_options_init(dtrace_hdl_t *);
DT_INTERNAL void dt_options_fini(dtrace_hdl_t *);
DT_INTERNAL int dt_parse_size(const char *, int64_t *);
DT_INTERNAL int dt_parse_rate(const char *, int64_t *);
DT_INTERNAL int dt_parse_time_ns(const char *, int64_t *);
DT_INTERNAL int dt_libdir_add(dtrace_hdl_t *, const char *dir);

/*
 * core/dt_attr.c: stability attributes (-v, -x amin): the least stable of
 * two, and "Stable/Stable/Common" parsed.
 */
DT_INTERNAL dtrace_attribute_t dt_attr_min(dtrace_attribute_t, dtrace_attribute_t);
DT_INTERNAL int dt_str2attr(const char *, dtrace_attribute_t *);

#endif /* DT_CORE_H */
