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

/* A probe firing, as seen by the consumer's probe callback. */
typedef struct dtrace_probedata {
	dtrace_hdl_t *dtpda_handle;
	const dtrace_probedesc_t *dtpda_pdesc;
	int dtpda_cpu;
	uint32_t dtpda_epid;
	int dtpda_indent;      /* flowindent depth */
	const char *dtpda_prefix; /* "-> ", "<- ", "=> ", "<= ", or "| " */
	int dtpda_flow;
} dtrace_probedata_t;

/* Return values of the consumer callbacks. */
#define DTRACE_CONSUME_ERROR -1
#define DTRACE_CONSUME_THIS 0
#define DTRACE_CONSUME_NEXT 1
#define DTRACE_CONSUME_ABORT 2

typedef int dtrace_consume_probe_f(const dtrace_probedata_t *, void *);
/* called after each record; rec == 0 after the last one of an enabling */
typedef int dtrace_consume_rec_f(const dtrace_probedata_t *, int last, void *);

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
/* dtrace -G: an (empty) object file for build systems that link one */
DTRACE_API int dtrace_program_link(dtrace_hdl_t *, const char *file);

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

DTRACE_API int dtrace_go(dtrace_hdl_t *);
DTRACE_API int dtrace_stop(dtrace_hdl_t *);
DTRACE_API void dtrace_sleep(dtrace_hdl_t *);
DTRACE_API dtrace_status_t dtrace_status(dtrace_hdl_t *);
DTRACE_API dtrace_workstatus_t dtrace_work(dtrace_hdl_t *, FILE *, dtrace_consume_probe_f *,
					   dtrace_consume_rec_f *, void *);
/* Print all aggregations in DTrace's default layout. */
DTRACE_API int dtrace_aggregate_print(dtrace_hdl_t *, FILE *);
/* exit() value recorded by the program, or 0. */
DTRACE_API int dtrace_exit_status(dtrace_hdl_t *);

#ifdef __cplusplus
}
#endif
#endif /* DTRACE_H */
