/*
 * dt_lang.h -- the D language's built-in variables and functions as the
 * front end and the code generator both name them: their ids and kinds.
 * The front end's tables (front/dt_builtins.c) give names, types and
 * argument counts; the code generator emits each by id.
 *
 * Part of the layout floor (included by dt_layout.h only).
 */
#ifndef DT_LANG_H
#define DT_LANG_H

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
	DT_BV_USTACKDEPTH,
	DT_BV_ZONENAME,
	DT_BV_MAX
};

/* uregs[]: the user thread's struct pt_regs (x86-64), in 8-byte words (regs.d's R_*) */
#define DT_NUREGS 21

typedef enum dt_fnkind {
	DT_FN_ACTION,	  /* data-recording action: trace, printf, ... */
	DT_FN_SUBR,	  /* subroutine with a value */
	DT_FN_AGG,	  /* aggregating function */
	DT_FN_DESTRUCTIVE,
	DT_FN_SPEC,	  /* speculation control */
} dt_fnkind_t;

/* Functions named so are the D library's: "undefined" in other programs. */
#define DT_LIBFN_PREFIX "__dt_"

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
	DT_FN_UMOD,
	DT_FN_COPYINTO,
	/* strings and memory (cg/dt_cg_str.c, prototypes in front/dt_subr.c) */
	DT_FN_SUBSTR,
	DT_FN_INDEX,
	DT_FN_RINDEX,
	DT_FN_STRCHR,
	DT_FN_STRRCHR,
	DT_FN_STRSTR,
	DT_FN_STRTOK,
	DT_FN_LLTOSTR,
	DT_FN_BASENAME,
	DT_FN_DIRNAME,
	DT_FN_CLEANPATH,
	DT_FN_TOUPPER,
	DT_FN_TOLOWER,
	DT_FN_STRTOLL,
	DT_FN_INET_NTOA,
	DT_FN_INET_NTOA6,
	DT_FN_INET_NTOP,
	DT_FN_HTONS,
	DT_FN_HTONL,
	DT_FN_HTONLL,
	DT_FN_NTOHS,
	DT_FN_NTOHL,
	DT_FN_NTOHLL,
	DT_FN_GETMAJOR,
	DT_FN_GETMINOR,
	DT_FN_ALLOCA,
	DT_FN_BCOPY,
	DT_FN_PSARGS,	  /* the D library's only: psinfo_t's pr_psargs (dlib/procfs.d) */
	DT_FN_DPATH,	  /* the D library's only: a dentry's path (dlib/io.d) */
	DT_FN_COPYOUT,	  /* destructive subroutines (not yet supported) */
	DT_FN_COPYOUTSTR,
	DT_FN_FREOPEN,
	DT_FN_PRINT,
	DT_FN_NFUNCS
};

/* A function by id (front/dt_builtins.c's table). */
DT_INTERNAL const dt_builtin_fn_t *dt_builtin_fn_byid(int);

/* stack(), ustack() and the symbol functions: values, as keys and arguments */
static inline bool dt_stackfn_is(int fnid)
{
	switch (fnid) {
	case DT_FN_STACK:
	case DT_FN_USTACK:
	case DT_FN_SYM:
	case DT_FN_FUNC:
	case DT_FN_MOD:
	case DT_FN_USYM:
	case DT_FN_UFUNC:
	case DT_FN_UMOD:
	case DT_FN_UADDR:
		return true;
	default:
		return false;
	}
}

#endif /* DT_LANG_H */
