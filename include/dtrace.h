/*
 * dtrace.h -- the public interface of libdtrace for Linux.
 *
 * This header is the wall between consumers (the dtrace(1) command, or any
 * other program) and the library: the handle is opaque, every call returns
 * 0 / -1 or a pointer / NULL and leaves the reason in dtrace_errno(), which
 * dtrace_errmsg() turns into text.  Nothing here exposes libbpf or the BPF
 * program layout.
 */
#ifndef DTRACE_H
#define DTRACE_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DTRACE_VERSION 3

#if defined(__GNUC__)
#define DTRACE_API __attribute__((visibility("default")))
#else
#define DTRACE_API
#endif

typedef struct dtrace_hdl dtrace_hdl_t;
typedef struct dtrace_prog dtrace_prog_t;

/* Probe descriptions as -P, -m, -f, -n and -i see them. */
typedef enum dtrace_probespec {
	DTRACE_PROBESPEC_NONE = -1,
	DTRACE_PROBESPEC_PROVIDER = 0,
	DTRACE_PROBESPEC_MOD,
	DTRACE_PROBESPEC_FUNC,
	DTRACE_PROBESPEC_NAME
} dtrace_probespec_t;

#define DTRACE_PROVNAMELEN 64
#define DTRACE_MODNAMELEN 64
#define DTRACE_FUNCNAMELEN 192
#define DTRACE_NAMELEN 64

typedef struct dtrace_probedesc {
	uint32_t dtpd_id;
	char dtpd_provider[DTRACE_PROVNAMELEN];
	char dtpd_mod[DTRACE_MODNAMELEN];
	char dtpd_func[DTRACE_FUNCNAMELEN];
	char dtpd_name[DTRACE_NAMELEN];
} dtrace_probedesc_t;

/* Compile flags. */
#define DTRACE_C_DIFV 0x0001   /* print disassembly (-S) */
#define DTRACE_C_EMPTY 0x0002  /* permit compilation of empty D source */
#define DTRACE_C_ZDEFS 0x0004  /* permit zero probe matches (-Z) */
#define DTRACE_C_CPP 0x0010    /* run the C preprocessor (-C) */
#define DTRACE_C_PSPEC 0x0080  /* interpret ambiguous specifiers as probes */
#define DTRACE_C_ARGREF 0x0200 /* do not require all macro args be used */
#define DTRACE_C_ETAGS 0x0400  /* prefix errors with [D_TAG] */

/* Stability attributes (the Dynamic Tracing Guide's "Stability" chapter). */
#define DTRACE_STABILITY_INTERNAL 0
#define DTRACE_STABILITY_PRIVATE 1
#define DTRACE_STABILITY_OBSOLETE 2
#define DTRACE_STABILITY_EXTERNAL 3
#define DTRACE_STABILITY_UNSTABLE 4
#define DTRACE_STABILITY_EVOLVING 5
#define DTRACE_STABILITY_STABLE 6
#define DTRACE_STABILITY_STANDARD 7
#define DTRACE_CLASS_UNKNOWN 0
#define DTRACE_CLASS_CPU 1
#define DTRACE_CLASS_PLATFORM 2
#define DTRACE_CLASS_GROUP 3
#define DTRACE_CLASS_ISA 4
#define DTRACE_CLASS_COMMON 5

typedef struct dtrace_attribute {
	uint8_t dtat_name;  /* identifier names */
	uint8_t dtat_data;  /* data semantics */
	uint8_t dtat_class; /* dependency class */
} dtrace_attribute_t;

typedef struct dtrace_proginfo {
	dtrace_attribute_t dpi_descattr; /* minimum probe description attributes */
	dtrace_attribute_t dpi_stmtattr; /* minimum statement attributes */
	uint32_t dpi_descs;   /* number of probe descriptions */
	uint32_t dpi_matches; /* number of probes matched */
	uint32_t dpi_recgens;
} dtrace_proginfo_t;

/*
 * Records as data.  Each firing of an enabling (a clause on a probe) leaves
 * one record in a CPU's buffer: its data, described by an array of record
 * descriptions, one per action that recorded something (trace(), printf(),
 * stack() ...).  The consumer (dtrace_work()) hands each firing to the probe
 * callback, then each record to the record callback with its description
 * and a pointer to the data: rec->dtrd_offset bytes from dtpda_data.  What
 * the callback returns decides what the library does next:
 * DTRACE_CONSUME_THIS has the handle's output (DTrace's text, or JSON with
 * -x oformat=json) print the record on the FILE * given to dtrace_work();
 * DTRACE_CONSUME_NEXT goes on to the next record without printing it;
 * DTRACE_CONSUME_ABORT stops.  After an enabling's last record the record
 * callback is called once more with rec == NULL.  The actions that change
 * the consumer's state rather than print (clear(), trunc(), normalize(),
 * denormalize(), setopt()) are done by the library and not handed out;
 * exit() is done, and handed out too.
 */

/* What recorded the data (dtrd_action). */
typedef enum dtrace_actkind {
	DTRACEACT_NONE = 0,	/* an aggregation key that is a plain value */
	DTRACEACT_TRACE,	/* trace(expr) */
	DTRACEACT_PRINTF,	/* printf(fmt, ...): dtrd_format; dtrd_nargs arguments */
	DTRACEACT_PRINTA,	/* printa([fmt, ] @a, ...): dtrd_format or NULL; dtrd_aggids */
	DTRACEACT_PRINT,	/* print(expr): dtrd_type names its type */
	DTRACEACT_TRACEMEM,	/* tracemem(addr, size[, dsize]): dsize is dtrd_args[0] */
	DTRACEACT_STACK,	/* stack() */
	DTRACEACT_USTACK,	/* ustack() */
	DTRACEACT_SYM,		/* sym(), func() */
	DTRACEACT_MOD,		/* mod() */
	DTRACEACT_USYM,		/* usym(), ufunc() */
	DTRACEACT_UMOD,		/* umod() */
	DTRACEACT_UADDR,	/* uaddr() */
	DTRACEACT_EXIT,		/* exit(n) */
	DTRACEACT_SYSTEM,	/* system(fmt, ...): formatted like printf */
	DTRACEACT_FREOPEN,	/* freopen(fmt, ...): formatted like printf */
	DTRACEACT_FTRUNCATE	/* ftruncate(): no data */
} dtrace_actkind_t;

/* How a record's (or an aggregation key's) bytes read (dtrd_kind). */
typedef enum dtrace_datakind {
	DTRACE_DATA_NONE = 0,	/* no data of its own (printf: see its arguments) */
	DTRACE_DATA_INT,	/* an integer in dtrd_size bytes; dtrd_signed; its type has dtrd_tsize */
	DTRACE_DATA_FLOAT,	/* a float (dtrd_tsize 4) or double's bits, in dtrd_size bytes */
	DTRACE_DATA_STRING,	/* a string: NUL-terminated, or all of dtrd_size bytes */
	DTRACE_DATA_BYTES,	/* a struct, union or array, or tracemem()'s memory */
	DTRACE_DATA_KADDR,	/* a kernel address (8 bytes) */
	DTRACE_DATA_UADDR,	/* a process id and a user address (8 + 8 bytes) */
	DTRACE_DATA_KSTACK,	/* kernel addresses, 8 bytes each; 0 ends them */
	DTRACE_DATA_USTACK	/* a process id, then user addresses; 0 ends them */
} dtrace_datakind_t;

typedef struct dtrace_recdesc {
	dtrace_actkind_t dtrd_action;
	dtrace_datakind_t dtrd_kind;
	uint32_t dtrd_offset;	/* of the data, from dtpda_data (a key's: from dtada_key) */
	uint32_t dtrd_size;	/* bytes of data */
	uint32_t dtrd_tsize;	/* integers and floats: bytes of the value's D type */
	int dtrd_signed;	/* integers: signed */
	const char *dtrd_type;	/* the value's D type ("int", "string", "struct foo"), or NULL */
	const char *dtrd_format; /* printf, printa, system, freopen: the format, or NULL */
	int dtrd_conv;		/* a printf argument: its conversion ('d', 's', 'a', 'A' ...) */
	int dtrd_nargs;		/* printf, system, freopen, tracemem: the arguments ... */
	const struct dtrace_recdesc *dtrd_args; /* ... described here */
	int dtrd_naggs;		/* printa: the aggregations printed ... */
	const int *dtrd_aggids;	/* ... by id (dtrace_aggregate_walk_joined()) */
} dtrace_recdesc_t;

/* A probe firing, as seen by the consumer's callbacks. */
typedef struct dtrace_probedata {
	dtrace_hdl_t *dtpda_handle;
	const dtrace_probedesc_t *dtpda_pdesc; /* id, provider, module, function, name */
	int dtpda_cpu;
	uint32_t dtpda_epid;	/* the enabled probe: the clause on the probe */
	int dtpda_indent;	/* flowindent depth */
	const char *dtpda_prefix; /* "-> ", "<- ", "=> ", "<= ", or "| " */
	int dtpda_flow;
	const char *dtpda_data;	/* the enabling's record: dtrd_offset counts from here */
	uint32_t dtpda_size;	/* its bytes */
	int dtpda_nrecs;	/* its record descriptions, as the record callback sees them */
	const dtrace_recdesc_t *dtpda_recs;
} dtrace_probedata_t;

/* Return values of the consumer callbacks. */
#define DTRACE_CONSUME_ERROR -1
#define DTRACE_CONSUME_THIS 0	/* print this record (probe callback: go on with its records) */
#define DTRACE_CONSUME_NEXT 1	/* go on without printing it (probe: skip its records) */
#define DTRACE_CONSUME_ABORT 2

typedef int dtrace_consume_probe_f(const dtrace_probedata_t *, void *);
/* called for each record; rec == NULL after the last one of an enabling */
typedef int dtrace_consume_rec_f(const dtrace_probedata_t *, const dtrace_recdesc_t *rec,
				 void *);

/*
 * A printf(), system() or freopen() record's text, as DTrace formats it
 * (symbols for %a and %A): valid until the next call; *lenp gets its length.
 */
DTRACE_API const char *dtrace_printf_text(dtrace_hdl_t *, const dtrace_probedata_t *,
					  const dtrace_recdesc_t *, size_t *lenp);

/*
 * Stacks and symbols as frames: a stack(), ustack(), sym(), mod(), usym(),
 * umod() or uaddr() record or aggregation key (rec, and its data: data
 * points at the record's bytes), or a DTRACE_DATA_KADDR / _UADDR value.
 * Fills at most max frames and returns how many the record has (a symbol
 * is one).  Module and function names stay valid until dtrace_close().
 */
typedef struct dtrace_frame {
	uint64_t dtf_pc;	  /* the address */
	int dtf_pid;		  /* user addresses: the process, else 0 */
	const char *dtf_module;	  /* its module (kernel: "vmlinux" or the module; user: the file's
				     basename), or NULL */
	const char *dtf_function; /* the function (symbol) it is in, or NULL */
	uint64_t dtf_offset;	  /* dtf_pc less the function's address */
	int dtf_nofp;		  /* user frames: 1: the frames above it may be missing or wrong
				     (walked by frame pointers); 2: the stack ends here, the
				     next frame could not be unwound (docs/stacks.md) */
} dtrace_frame_t;

/* An action's name as D spells it ("trace", "printf" ...), or NULL. */
DTRACE_API const char *dtrace_action_name(dtrace_actkind_t);

DTRACE_API int dtrace_frames(dtrace_hdl_t *, const dtrace_recdesc_t *, const void *data,
			     dtrace_frame_t *frames, int max);

typedef enum dtrace_workstatus {
	DTRACE_WORKSTATUS_ERROR = -1,
	DTRACE_WORKSTATUS_OKAY,
	DTRACE_WORKSTATUS_DONE
} dtrace_workstatus_t;

typedef enum dtrace_status {
	DTRACE_STATUS_NONE = 0,
	DTRACE_STATUS_OKAY,
	DTRACE_STATUS_EXITED,
	DTRACE_STATUS_FILLED,
	DTRACE_STATUS_STOPPED
} dtrace_status_t;

/* Diagnostics the consumer reports: run-time errors, drops, notices. */
typedef struct dtrace_errdata {
	uint32_t dteda_epid;
	const dtrace_probedesc_t *dteda_pdesc;
	int dteda_action;
	int dteda_offset;
	int dteda_fault;
	uint64_t dteda_addr;
	const char *dteda_msg; /* the whole message, DTrace's text */
} dtrace_errdata_t;

typedef int dtrace_handle_err_f(const dtrace_errdata_t *, void *);
/* drops and other "dtrace: N ..." notices, already formatted */
typedef int dtrace_handle_drop_f(const char *msg, void *);

typedef int dtrace_probe_f(dtrace_hdl_t *, const dtrace_probedesc_t *, void *);

/*
 * Attach progress: when attaching the probes in dtrace_go() has taken a
 * second, the handler is called from another thread four times a second
 * with DTRACE_PROGRESS_ATTACHING, then once with DONE or FAILED when
 * attaching ends (only if it was called before).  dtrace(1) shows
 * "dtrace: attaching probes: N of M" on a terminal.
 */
typedef enum dtrace_progress {
	DTRACE_PROGRESS_ATTACHING, /* done of total probes attached so far */
	DTRACE_PROGRESS_DONE,	   /* all attached */
	DTRACE_PROGRESS_FAILED	   /* attaching failed: dtrace_go() returns -1 */
} dtrace_progress_t;

typedef void dtrace_handle_progress_f(dtrace_progress_t, int done, int total, void *);

/*
 * dtrace_open()'s flags.  The library changes nothing process-wide unless
 * asked: DTRACE_O_LIBBPF_PRINT installs its print hook in libbpf (whose
 * hook is the process's): libbpf's messages are dropped, or written to
 * stderr when the environment has DTRACE_DEBUG_LIBBPF.  Without it,
 * libbpf prints as the process set it to (by default, its warnings to
 * stderr).  A flag the library does not know fails with EINVAL.
 * DTRACE_O_LP64 and DTRACE_O_ILP32 are illumos' data models (dtrace -64,
 * -32): here they choose only the ELF class of dtrace_program_link()'s
 * object files (D programs are always LP64, as the kernel); neither: the
 * objects' own class (LP64 if none is given); both: EINVAL.
 */
#define DTRACE_O_LIBBPF_PRINT 0x1
#define DTRACE_O_LP64 0x4
#define DTRACE_O_ILP32 0x8

DTRACE_API dtrace_hdl_t *dtrace_open(int version, int flags, int *errp);
DTRACE_API void dtrace_close(dtrace_hdl_t *);

DTRACE_API int dtrace_errno(dtrace_hdl_t *);
DTRACE_API const char *dtrace_errmsg(dtrace_hdl_t *, int);

DTRACE_API int dtrace_setopt(dtrace_hdl_t *, const char *, const char *);
DTRACE_API int dtrace_getopt(dtrace_hdl_t *, const char *, int64_t *);

/* Macro arguments $0..$n and the process macros $target etc. */
DTRACE_API int dtrace_set_macroargs(dtrace_hdl_t *, int argc, char *const argv[]);
DTRACE_API void dtrace_set_target(dtrace_hdl_t *, int pid);

/*
 * Process control (-c and -p).  dtrace_proc_create() forks cmd (split at
 * blanks, looked up in PATH) held before its exec and returns its pid;
 * dtrace_proc_continue() lets it exec, once dtrace_go() has enabled tracing.
 * dtrace_proc_grab() takes a running process.  Neither sets $target: see
 * dtrace_set_target().  dtrace_proc_poll() returns 1 and fills *psp when
 * one of the processes has gone (each is reported once), 0 otherwise.
 * dtrace_close() kills created processes that are still running.
 */
typedef enum dtrace_procend {
	DTRACE_PROC_GONE,   /* it has gone, how is not known (grabbed processes) */
	DTRACE_PROC_EXITED, /* dps_code is its exit status */
	DTRACE_PROC_KILLED  /* dps_code is the signal that terminated it */
} dtrace_procend_t;

typedef struct dtrace_procstatus {
	pid_t dps_pid;
	dtrace_procend_t dps_how;
	int dps_code;
	const char *dps_errmsg; /* created: "failed to execute ...", if its exec
				   failed (it then exits with 127), else NULL */
} dtrace_procstatus_t;

DTRACE_API pid_t dtrace_proc_create(dtrace_hdl_t *, const char *cmd);
DTRACE_API int dtrace_proc_grab(dtrace_hdl_t *, pid_t);
DTRACE_API int dtrace_proc_continue(dtrace_hdl_t *, pid_t);
DTRACE_API int dtrace_proc_poll(dtrace_hdl_t *, dtrace_procstatus_t *psp);

/* Add a -D, -U or -I argument for the C preprocessor (-C). */
DTRACE_API int dtrace_cpp_arg(dtrace_hdl_t *, const char *);

DTRACE_API dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *, const char *,
						    dtrace_probespec_t, unsigned int,
						    const char *name);
DTRACE_API dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *, FILE *, unsigned int,
						  const char *name);
DTRACE_API int dtrace_program_exec(dtrace_hdl_t *, dtrace_prog_t *, dtrace_proginfo_t *);
/*
 * The caller is done with a program: its memory is freed (a program given
 * to dtrace_program_exec() is the handle's, freed by dtrace_close(), as is
 * every program not destroyed before).
 */
DTRACE_API void dtrace_program_destroy(dtrace_hdl_t *, dtrace_prog_t *);
DTRACE_API void dtrace_program_info(dtrace_hdl_t *, dtrace_prog_t *, dtrace_proginfo_t *);
/* -v: the probe descriptions of a program's clauses, in order (dtpd_id 0) */
DTRACE_API int dtrace_desc_iter(dtrace_hdl_t *, dtrace_prog_t *, dtrace_probe_f *, void *);
/* Write the generated BPF of every program, for -S. */
DTRACE_API int dtrace_program_dump(dtrace_hdl_t *, dtrace_prog_t *, FILE *);
/* dtrace -h: a C header for the providers the programs define (USDT) */
DTRACE_API int dtrace_program_header(dtrace_hdl_t *, FILE *, const char *fname);
/*
 * dtrace -G: the object file build systems link for USDT (illumos'
 * signature).  Each of the objv object files is checked: its SystemTap SDT
 * notes (the -h header's probe sites) must name probes the programs'
 * provider definitions declare, with as many arguments; then file is
 * written, an empty relocatable object (Linux needs nothing from it: the
 * notes are in the objects).  pgp and dflags are not used (NULL, 0):
 * provider definitions are the handle's.  -1 with the message set.
 */
DTRACE_API int dtrace_program_link(dtrace_hdl_t *, dtrace_prog_t *pgp, unsigned int dflags,
				   const char *file, int objc, char *const objv[]);

/* Iterate over the probes matching a description (NULL: all probes). */
DTRACE_API int dtrace_probe_iter(dtrace_hdl_t *, const dtrace_probedesc_t *, dtrace_probe_f *,
				 void *);
/* Parse "p:m:f:n" with fields omitted from the left, as -n/-P/-m/-f do. */
DTRACE_API int dtrace_str2desc(dtrace_hdl_t *, dtrace_probespec_t, const char *,
			       dtrace_probedesc_t *);

DTRACE_API int dtrace_probe_byid(dtrace_hdl_t *, unsigned, dtrace_probe_f *, void *);

/*
 * -l -v: a probe's stability attributes (DTrace's provider tables: the
 * least stable of the provider's, module's, function's and name's, fields
 * that are empty or patterns left out) and its argument types.  With
 * dtpd_id 0, pdp is a description: the probes it matches give the types
 * (illumos' rule: more than one only if their provider promises the same
 * arguments for them), -1 if there are none such.
 */

#define DTRACE_PROBEINFO_MAXARGS 10

typedef struct dtrace_probeinfo {
	dtrace_attribute_t dtp_attr; /* the probe description's */
	dtrace_attribute_t dtp_arga; /* its arguments' */
	int dtp_argc;
	char dtp_argv[DTRACE_PROBEINFO_MAXARGS][256]; /* args[i]'s type, by name */
} dtrace_probeinfo_t;

DTRACE_API int dtrace_probe_info(dtrace_hdl_t *, const dtrace_probedesc_t *, dtrace_probeinfo_t *);
DTRACE_API const char *dtrace_stability_name(int);
DTRACE_API const char *dtrace_class_name(int);
/* For -i: "provider:module:function:name" of a probe id, rest appended. */
DTRACE_API char *dtrace_id2desc(dtrace_hdl_t *, const char *);
/* The probes enabled by the programs passed to dtrace_program_exec(). */
DTRACE_API int dtrace_enabled_iter(dtrace_hdl_t *, dtrace_probe_f *, void *);

DTRACE_API int dtrace_handle_err(dtrace_hdl_t *, dtrace_handle_err_f *, void *);
DTRACE_API int dtrace_handle_drop(dtrace_hdl_t *, dtrace_handle_drop_f *, void *);
DTRACE_API int dtrace_handle_progress(dtrace_hdl_t *, dtrace_handle_progress_f *, void *);
/*
 * Where listings go: the BPF programs dtrace_go() loads with the -S compile
 * flag (DTRACE_C_DIFV) or -x verbose, and the verifier's log with
 * -x verifylog.  NULL (the default): nowhere.  The library writes nothing
 * else on its own: errors and notices go to the handlers above, or nowhere.
 */
DTRACE_API int dtrace_set_listing(dtrace_hdl_t *, FILE *);

DTRACE_API int dtrace_go(dtrace_hdl_t *);
DTRACE_API int dtrace_stop(dtrace_hdl_t *);
DTRACE_API void dtrace_sleep(dtrace_hdl_t *);
DTRACE_API dtrace_status_t dtrace_status(dtrace_hdl_t *);
DTRACE_API dtrace_workstatus_t dtrace_work(dtrace_hdl_t *, FILE *, dtrace_consume_probe_f *,
					   dtrace_consume_rec_f *, void *);
/*
 * Print every aggregation that printa() has not printed, in the handle's
 * output (DTrace's layout; with -x oformat=json, one JSON object each).
 */
DTRACE_API int dtrace_aggregate_print(dtrace_hdl_t *, FILE *);

/*
 * Aggregations as data.  An aggregation is described once (its function,
 * its keys' layout); a walk hands the caller one row at a time: a key
 * tuple (dtada_key, read through the description's dtagd_keys) and the
 * value of each aggregation walked.  Values are what DTrace shows: the
 * data since the last clear() or trunc(), divided by normalize()'s factor.
 */
typedef enum dtrace_aggfunc {
	DTRACEAGG_COUNT = 1,
	DTRACEAGG_SUM,
	DTRACEAGG_AVG,
	DTRACEAGG_MIN,
	DTRACEAGG_MAX,
	DTRACEAGG_STDDEV,
	DTRACEAGG_QUANTIZE,
	DTRACEAGG_LQUANTIZE,
	DTRACEAGG_LLQUANTIZE
} dtrace_aggfunc_t;

typedef struct dtrace_aggdesc {
	int dtagd_id;
	const char *dtagd_name;	    /* without the '@' ("" for @) */
	dtrace_aggfunc_t dtagd_func;
	const char *dtagd_funcname; /* "count", "quantize" ... */
	int dtagd_nkeys;
	const dtrace_recdesc_t *dtagd_keys; /* offsets into dtada_key */
	int64_t dtagd_params[4];    /* lquantize: base, levels, step; llquantize: factor, low,
				       high, steps */
	int dtagd_nwords;	    /* words of dtav_data */
	int dtagd_printed;	    /* printa() has printed it */
} dtrace_aggdesc_t;

/* A distribution's bucket: the values from dtab_min to dtab_max (inclusive). */
typedef struct dtrace_aggbucket {
	int64_t dtab_min;	/* INT64_MIN: everything below the first range */
	int64_t dtab_max;	/* INT64_MAX: everything from the last range's start */
	int64_t dtab_count;	/* normalized, as DTrace prints it */
} dtrace_aggbucket_t;

typedef struct dtrace_aggval {
	const dtrace_aggdesc_t *dtav_desc;
	int64_t dtav_value;	/* count, sum, min, max, avg, stddev: the value DTrace prints */
	uint64_t dtav_count;	/* the updates (avg's and stddev's n) */
	int64_t dtav_sum;	/* avg, stddev: the sum of the values */
	uint64_t dtav_sumsq[2];	/* stddev: the sum of their squares, low and high 64 bits */
	uint64_t dtav_normal;	/* normalize()'s factor, or 1 */
	int dtav_nbuckets;	/* distributions: the buckets that are not empty ... */
	const dtrace_aggbucket_t *dtav_buckets; /* ... in order */
	const int64_t *dtav_data; /* DTrace's words: [0] the updates, then the function's */
} dtrace_aggval_t;

typedef struct dtrace_aggdata {
	dtrace_hdl_t *dtada_handle;
	const dtrace_aggdesc_t *dtada_desc; /* the (first) aggregation: its keys' layout */
	const char *dtada_key;	/* the key tuple's bytes */
	int dtada_nvals;	/* one value per aggregation walked */
	const dtrace_aggval_t *dtada_vals;
} dtrace_aggdata_t;

/* Return DTRACE_AGGWALK_NEXT to go on, DTRACE_AGGWALK_ABORT to stop. */
#define DTRACE_AGGWALK_NEXT 0
#define DTRACE_AGGWALK_ABORT 1
typedef int dtrace_aggregate_f(const dtrace_aggdata_t *, void *);

/*
 * The order of a walk.  DTRACE_AGGWALK_SORTED is DTrace's, as printa() and
 * the end of a run print: by value, then key; with the aggsortkey option by
 * key, then value; from key aggsortkeypos, on the value of aggregation
 * aggsortpos; all reversed by aggsortrev.  The others ignore those options.
 */
#define DTRACE_AGGWALK_SORTED 0
#define DTRACE_AGGWALK_BYKEY 1
#define DTRACE_AGGWALK_BYVAL 2
#define DTRACE_AGGWALK_REVERSE 4   /* with _BYKEY or _BYVAL */
#define DTRACE_AGGWALK_UNPRINTED 8 /* only the aggregations printa() has not printed */

/*
 * Every aggregation in turn (id order; reversed by aggsortrev or
 * _REVERSE), a row at a time.  Outside dtrace_work() the aggregations are
 * read anew first.  Returns the number of rows walked, or -1.
 */
DTRACE_API int dtrace_aggregate_walk(dtrace_hdl_t *, int how, dtrace_aggregate_f *, void *);
/* The rows of several aggregations joined on their keys, as printa(@a, @b) prints them. */
DTRACE_API int dtrace_aggregate_walk_joined(dtrace_hdl_t *, const int *aggids, int naggs,
					    int how, dtrace_aggregate_f *, void *);
/* An aggregation's description by id, or NULL. */
DTRACE_API const dtrace_aggdesc_t *dtrace_aggregate_desc(dtrace_hdl_t *, int aggid);

/*
 * The output format (-x oformat): DTrace's text, JSON (docs/json.md), or
 * a profile of the stack aggregations (docs/stacks.md): folded stacks, an
 * SVG flame graph, a gzipped pprof profile.
 */
#define DTRACE_OFORMAT_TEXT 0
#define DTRACE_OFORMAT_JSON 1
#define DTRACE_OFORMAT_FOLDED 2
#define DTRACE_OFORMAT_SVG 3
#define DTRACE_OFORMAT_PPROF 4
DTRACE_API int dtrace_oformat(dtrace_hdl_t *);
/* exit() value recorded by the program, or 0. */
DTRACE_API int dtrace_exit_status(dtrace_hdl_t *);

#ifdef __cplusplus
}
#endif
#endif /* DTRACE_H */
