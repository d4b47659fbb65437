/*
 * dt_lang.h -- the D language's built-in variables and functions, one row
 * each.
 *
 * The rows are X-macros: a file that needs a view of the language defines
 * X to pick the columns it wants and expands the table.  Everything that
 * used to be kept in step by hand is derived from these rows:
 *
 *   - the ids (DT_BV_*, DT_FN_*), below;
 *   - the front end's tables of names, kinds, arities, prototypes,
 *     stability attributes and D versions (front/dt_builtins.c);
 *   - the cook pass's checks, by the cook column: the row's hook
 *     cook_var_<cook> or cook_fn_<cook> (front/dt_cook.c);
 *   - the code generator's dispatch, by the cg column: the row's hook
 *     dt_cg_var_<cg> or dt_cg_fn_<cg> (cg/dt_cg.c; the hooks' C
 *     prototypes are derived in cg/dt_cg_impl.h).
 *
 * Each side pastes its own prefix on a hook's name, so the front end never
 * names a code generator function and the code generator never names a
 * front end one.  Adding a built-in is adding a row and the hooks it names.
 *
 * Variables:  X(ID, name, C type, stability, D version, cook, cg)
 *
 *   C type     the value's type by name ("string": D's string); NULL for
 *              args[], whose types are the probe's
 *   stability  DT_ATTR_<stability>: illumos' name/data/class attributes
 *              (args[] and probeprov.. probename take their provider's,
 *              driver/dt_stab.c)
 *   D version  the D version that introduced it (-x version)
 *   cook       argn: reads the probe's native arguments; indexed: must be
 *              indexed (args[n], uregs[n]: cooked as arrays); curthread:
 *              typed from BTF; plain
 *   cg         the generator of its value (r0); unsupported for the
 *              indexed ones, which are generated as arrays
 *
 * The ids of arg0..arg9 are consecutive (DT_BV_ARG0 + n), as are those of
 * probeprov, probemod, probefunc and probename (a dt_probetab field each).
 */
#ifndef DT_LANG_H
#define DT_LANG_H

/* DT_VERSION_NUMBER's encoding: major << 24 | minor << 12 | micro */
#define DT_V(ma, mi) ((int64_t)(ma) << 24 | (int64_t)(mi) << 12)

/* Stability attributes: identifier name, data semantics, dependency class. */
#define DT_ATTR_STABLE { DTRACE_STABILITY_STABLE, DTRACE_STABILITY_STABLE, DTRACE_CLASS_COMMON }
#define DT_ATTR_PRIVDATA { DTRACE_STABILITY_STABLE, DTRACE_STABILITY_PRIVATE, DTRACE_CLASS_COMMON }
#define DT_ATTR_EVOLVING { DTRACE_STABILITY_EVOLVING, DTRACE_STABILITY_EVOLVING, DTRACE_CLASS_COMMON }

#define DT_LANG_VARS(X)                                                              \
	X(ARG0, "arg0", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG1, "arg1", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG2, "arg2", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG3, "arg3", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG4, "arg4", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG5, "arg5", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG6, "arg6", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG7, "arg7", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG8, "arg8", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARG9, "arg9", "int64_t", STABLE, DT_V(1, 0), argn, argn)                   \
	X(ARGS, "args", NULL, STABLE, DT_V(1, 0), indexed, unsupported)              \
	X(PID, "pid", "pid_t", STABLE, DT_V(1, 0), plain, pid)                       \
	X(PPID, "ppid", "pid_t", STABLE, DT_V(1, 0), plain, ppid)                    \
	X(TID, "tid", "id_t", STABLE, DT_V(1, 0), plain, tid)                        \
	X(UID, "uid", "uid_t", STABLE, DT_V(1, 0), plain, uid)                       \
	X(GID, "gid", "gid_t", STABLE, DT_V(1, 0), plain, gid)                       \
	X(EXECNAME, "execname", "string", STABLE, DT_V(1, 0), plain, execname)       \
	X(CPU, "cpu", "processorid_t", STABLE, DT_V(1, 0), plain, cpu)               \
	X(TIMESTAMP, "timestamp", "uint64_t", STABLE, DT_V(1, 0), plain, timestamp)  \
	X(VTIMESTAMP, "vtimestamp", "uint64_t", STABLE, DT_V(1, 0), plain, vtimestamp) \
	X(WALLTIMESTAMP, "walltimestamp", "int64_t", STABLE, DT_V(1, 0), plain,      \
	  walltimestamp)                                                             \
	X(PROBEPROV, "probeprov", "string", STABLE, DT_V(1, 0), plain, probestr)     \
	X(PROBEMOD, "probemod", "string", STABLE, DT_V(1, 0), plain, probestr)       \
	X(PROBEFUNC, "probefunc", "string", STABLE, DT_V(1, 0), plain, probestr)     \
	X(PROBENAME, "probename", "string", STABLE, DT_V(1, 0), plain, probestr)     \
	X(ID, "id", "uint_t", STABLE, DT_V(1, 0), plain, id)                         \
	X(EPID, "epid", "uint_t", STABLE, DT_V(1, 0), plain, epid)                   \
	X(ERRNO, "errno", "int", STABLE, DT_V(1, 0), argn, errno)                    \
	X(CURTHREAD, "curthread", "uintptr_t", PRIVDATA, DT_V(1, 0), curthread,      \
	  curthread)                                                                 \
	X(UREGS, "uregs", "uint64_t", STABLE, DT_V(1, 0), indexed, unsupported)      \
	X(CWD, "cwd", "string", STABLE, DT_V(1, 0), plain, cwd)                      \
	X(ROOTDIR, "root", "string", STABLE, DT_V(1, 0), plain, root)                \
	X(UCALLER, "ucaller", "uint64_t", STABLE, DT_V(1, 2), plain, stackvar)       \
	X(CALLER, "caller", "uintptr_t", STABLE, DT_V(1, 0), plain, stackvar)        \
	X(STACKDEPTH, "stackdepth", "uint32_t", STABLE, DT_V(1, 0), plain, stackvar) \
	X(USTACKDEPTH, "ustackdepth", "uint32_t", STABLE, DT_V(1, 2), plain, stackvar) \
	X(ZONENAME, "zonename", "string", STABLE, DT_V(1, 0), plain, zonename)

/*
 * Functions (actions, subroutines, aggregating functions):
 *
 *   X(ID, name, kind, min args, max args (-1: any), return type,
 *     parameters, stability, D version, cook, cg)
 *
 *   kind        DT_FN_<kind>: ACTION records data, SUBR has a value, AGG
 *               aggregates (@a = f()), DESTRUCTIVE needs -w, SPEC controls
 *               speculations
 *   return      a subroutine's type by name ("string": D's string); NULL for
 *               actions (void)
 *   parameters  the prototype's parameters as DTrace writes them,
 *               "const char *, int, [int]" (optional ones in brackets, "@"
 *               any value), checked for every call by front/dt_subr.c;
 *               NULL when the cook hook checks the arguments itself
 *   cook        cook_fn_<cook>: the checks particular to it (none: the
 *               arity and the parameters are all)
 *   cg          dt_cg_fn_<cg>: its code (unsupported: refused there)
 *
 * The ids of count() .. llquantize() are in the order of DT_AGG_COUNT ..
 * DT_AGG_LLQUANTIZE (front/dt_cook.c checks it at compile time).
 */
#define DT_LANG_FUNCS(X)                                                             \
	X(TRACE, "trace", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), trace, trace) \
	X(PRINTF, "printf", ACTION, 1, -1, NULL, NULL, STABLE, DT_V(1, 0), printf,   \
	  printf)                                                                    \
	X(EXIT, "exit", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), exit, exit)    \
	X(PRINTA, "printa", ACTION, 1, -1, NULL, NULL, STABLE, DT_V(1, 0), printa,   \
	  printa)                                                                    \
	X(CLEAR, "clear", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), aggarg, clear) \
	X(TRUNC, "trunc", ACTION, 1, 2, NULL, NULL, STABLE, DT_V(1, 0), aggarg, trunc) \
	X(NORMALIZE, "normalize", ACTION, 2, 2, NULL, NULL, STABLE, DT_V(1, 0),      \
	  aggarg, normalize)                                                         \
	X(DENORMALIZE, "denormalize", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 0),  \
	  aggarg, denormalize)                                                       \
	X(SETOPT, "setopt", ACTION, 1, 2, NULL, NULL, STABLE, DT_V(1, 2), setopt,    \
	  setopt)                                                                    \
	X(SPECULATION, "speculation", SUBR, 0, 0, "int", NULL, STABLE, DT_V(1, 0),   \
	  speculation, speculation)                                                  \
	X(SPECULATE, "speculate", SPEC, 1, 1, NULL, NULL, STABLE, DT_V(1, 0),        \
	  speculate, speculate)                                                      \
	X(COMMIT, "commit", SPEC, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), commit,      \
	  commit)                                                                    \
	X(DISCARD, "discard", SPEC, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), discard,   \
	  discard)                                                                   \
	X(STRLEN, "strlen", SUBR, 1, 1, "size_t", "const char *", STABLE, DT_V(1, 0), \
	  none, strlen)                                                              \
	X(COPYINSTR, "copyinstr", SUBR, 1, 2, "string", NULL, STABLE, DT_V(1, 0),    \
	  intargs, copyinstr)                                                        \
	X(STACK, "stack", ACTION, 0, -1, NULL, NULL, STABLE, DT_V(1, 0), stack,       \
	  stackact)                                                                  \
	X(USTACK, "ustack", ACTION, 0, -1, NULL, NULL, STABLE, DT_V(1, 0), stack,     \
	  stackact)                                                                  \
	X(JSTACK, "jstack", ACTION, 0, -1, NULL, NULL, STABLE, DT_V(1, 0), stack,     \
	  stackact) /* ustack(): no VM helper exists here, jstackframes */           \
	X(COUNT, "count", AGG, 0, 0, NULL, NULL, STABLE, DT_V(1, 0), none,           \
	  unsupported)                                                               \
	X(SUM, "sum", AGG, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), none, unsupported)  \
	X(AVG, "avg", AGG, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), none, unsupported)  \
	X(MIN, "min", AGG, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), none, unsupported)  \
	X(MAX, "max", AGG, 1, 1, NULL, NULL, STABLE, DT_V(1, 0), none, unsupported)  \
	X(STDDEV, "stddev", AGG, 1, 1, NULL, NULL, STABLE, DT_V(1, 6), none,         \
	  unsupported)                                                               \
	X(QUANTIZE, "quantize", AGG, 1, 2, NULL, NULL, STABLE, DT_V(1, 0), none,     \
	  unsupported)                                                               \
	X(LQUANTIZE, "lquantize", AGG, 3, 5, NULL, NULL, STABLE, DT_V(1, 0), none,   \
	  unsupported)                                                               \
	X(LLQUANTIZE, "llquantize", AGG, 5, 6, NULL, NULL, STABLE, DT_V(1, 7), none, \
	  unsupported)                                                               \
	X(COPYIN, "copyin", SUBR, 2, 2, "void *", NULL, STABLE, DT_V(1, 0), copyin,  \
	  copyin)                                                                    \
	X(STRJOIN, "strjoin", SUBR, 2, 2, "string", "const char *, const char *",    \
	  STABLE, DT_V(1, 0), none, strsubr)                                         \
	X(PROGENYOF, "progenyof", SUBR, 1, 1, "int", "pid_t", STABLE, DT_V(1, 0),    \
	  none, strsubr)                                                             \
	X(RAND, "rand", SUBR, 0, 0, "int", "", STABLE, DT_V(1, 0), none, rand)       \
	X(TRACEMEM, "tracemem", ACTION, 2, -1, NULL, "@, size_t", STABLE,            \
	  DT_V(1, 0), tracemem, tracemem)                                            \
	X(SYSTEM, "system", DESTRUCTIVE, 1, -1, NULL, NULL, STABLE, DT_V(1, 0),      \
	  printf, system)                                                            \
	X(RAISE, "raise", DESTRUCTIVE, 1, 1, NULL, "int", STABLE, DT_V(1, 0), none,  \
	  raise)                                                                     \
	X(STOP, "stop", DESTRUCTIVE, 0, 0, NULL, NULL, STABLE, DT_V(1, 0), none,     \
	  stop)                                                                      \
	X(BREAKPOINT, "breakpoint", DESTRUCTIVE, 0, 0, NULL, NULL, STABLE,           \
	  DT_V(1, 0), nostop, unsupported)                                           \
	X(PANIC, "panic", DESTRUCTIVE, 0, 0, NULL, NULL, STABLE, DT_V(1, 0), nostop, \
	  unsupported)                                                               \
	X(CHILL, "chill", DESTRUCTIVE, 1, 1, NULL, "int", STABLE, DT_V(1, 0), none,  \
	  chill)                                                                     \
	X(FTRUNCATE, "ftruncate", ACTION, 0, 0, NULL, NULL, STABLE, DT_V(1, 0), data, \
	  ftruncate)                                                                 \
	X(SYM, "sym", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 2), sym, stackact)   \
	X(MOD, "mod", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 2), sym, stackact)   \
	X(USYM, "usym", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 2), sym, stackact) \
	X(UADDR, "uaddr", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 2), sym,         \
	  stackact)                                                                  \
	X(FUNC, "func", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 2), sym, stackact) \
	X(UFUNC, "ufunc", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 2), sym,         \
	  stackact)                                                                  \
	X(UMOD, "umod", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 2), sym, stackact) \
	X(COPYINTO, "copyinto", ACTION, 3, 3, NULL, "uintptr_t, size_t, void *",     \
	  STABLE, DT_V(1, 0), none, copyinto)                                        \
	X(SUBSTR, "substr", SUBR, 2, 3, "string", "const char *, int, [int]", STABLE, \
	  DT_V(1, 1), none, strsubr)                                                 \
	X(INDEX, "index", SUBR, 2, 3, "int", "const char *, const char *, [int]",    \
	  STABLE, DT_V(1, 1), none, strsubr)                                         \
	X(RINDEX, "rindex", SUBR, 2, 3, "int", "const char *, const char *, [int]",  \
	  STABLE, DT_V(1, 1), none, strsubr)                                         \
	X(STRCHR, "strchr", SUBR, 2, 2, "string", "const char *, char", STABLE,      \
	  DT_V(1, 1), none, strsubr)                                                 \
	X(STRRCHR, "strrchr", SUBR, 2, 2, "string", "const char *, char", STABLE,    \
	  DT_V(1, 1), none, strsubr)                                                 \
	X(STRSTR, "strstr", SUBR, 2, 2, "string", "const char *, const char *",      \
	  STABLE, DT_V(1, 1), none, strsubr)                                         \
	X(STRTOK, "strtok", SUBR, 2, 2, "string", "const char *, const char *",      \
	  STABLE, DT_V(1, 1), strtok, strsubr)                                       \
	X(LLTOSTR, "lltostr", SUBR, 1, 2, "string", "int64_t, [int]", STABLE,        \
	  DT_V(1, 0), none, strsubr)                                                 \
	X(BASENAME, "basename", SUBR, 1, 1, "string", "const char *", STABLE,        \
	  DT_V(1, 0), none, strsubr)                                                 \
	X(DIRNAME, "dirname", SUBR, 1, 1, "string", "const char *", STABLE,          \
	  DT_V(1, 0), none, strsubr)                                                 \
	X(CLEANPATH, "cleanpath", SUBR, 1, 1, "string", "const char *", STABLE,      \
	  DT_V(1, 0), none, strsubr)                                                 \
	X(TOUPPER, "toupper", SUBR, 1, 1, "string", "const char *", STABLE,          \
	  DT_V(1, 8), none, strsubr)                                                 \
	X(TOLOWER, "tolower", SUBR, 1, 1, "string", "const char *", STABLE,          \
	  DT_V(1, 8), none, strsubr)                                                 \
	X(STRTOLL, "strtoll", SUBR, 1, 2, "int64_t", "const char *, [int]", STABLE,  \
	  DT_V(1, 11), none, strsubr)                                                \
	X(INET_NTOA, "inet_ntoa", SUBR, 1, 1, "string", "ipaddr_t *", STABLE,        \
	  DT_V(1, 5), none, strsubr)                                                 \
	X(INET_NTOA6, "inet_ntoa6", SUBR, 1, 1, "string", "in6_addr_t *", STABLE,    \
	  DT_V(1, 5), none, strsubr)                                                 \
	X(INET_NTOP, "inet_ntop", SUBR, 2, 2, "string", "int, void *", STABLE,       \
	  DT_V(1, 5), none, strsubr)                                                 \
	X(LINK_NTOP, "link_ntop", SUBR, 2, 2, "string", "int, void *", STABLE,       \
	  DT_V(1, 13), none, strsubr)                                                \
	X(HTONS, "htons", SUBR, 1, 1, "uint16_t", "uint16_t", STABLE, DT_V(1, 3),    \
	  none, intsubr)                                                             \
	X(HTONL, "htonl", SUBR, 1, 1, "uint32_t", "uint32_t", STABLE, DT_V(1, 3),    \
	  none, intsubr)                                                             \
	X(HTONLL, "htonll", SUBR, 1, 1, "uint64_t", "uint64_t", STABLE, DT_V(1, 3),  \
	  none, intsubr)                                                             \
	X(NTOHS, "ntohs", SUBR, 1, 1, "uint16_t", "uint16_t", STABLE, DT_V(1, 3),    \
	  none, intsubr)                                                             \
	X(NTOHL, "ntohl", SUBR, 1, 1, "uint32_t", "uint32_t", STABLE, DT_V(1, 3),    \
	  none, intsubr)                                                             \
	X(NTOHLL, "ntohll", SUBR, 1, 1, "uint64_t", "uint64_t", STABLE, DT_V(1, 3),  \
	  none, intsubr)                                                             \
	X(GETMAJOR, "getmajor", SUBR, 1, 1, "major_t", "dev_t", EVOLVING,            \
	  DT_V(1, 0), none, intsubr)                                                 \
	X(GETMINOR, "getminor", SUBR, 1, 1, "minor_t", "dev_t", EVOLVING,            \
	  DT_V(1, 0), none, intsubr)                                                 \
	X(ALLOCA, "alloca", SUBR, 1, 1, "void *", "size_t", STABLE, DT_V(1, 0), none, \
	  alloca)                                                                    \
	X(BCOPY, "bcopy", SUBR, 3, 3, "void", "void *, void *, size_t", STABLE,      \
	  DT_V(1, 0), none, bcopy)                                                   \
	/* the D library's own (DT_LIBFN_PREFIX): dlib/procfs.d, dlib/io.d */        \
	X(PSARGS, "__dt_psargs", SUBR, 2, 2, "string", NULL, STABLE, DT_V(1, 0),     \
	  intargs, psargs)                                                           \
	X(DPATH, "__dt_dpath", SUBR, 9, 9, "string", NULL, STABLE, DT_V(1, 0),       \
	  intargs, dpath)                                                            \
	X(COPYOUT, "copyout", DESTRUCTIVE, 3, 3, NULL, "void *, uintptr_t, size_t",  \
	  STABLE, DT_V(1, 0), none, copyout)                                         \
	X(COPYOUTSTR, "copyoutstr", DESTRUCTIVE, 3, 3, NULL,                         \
	  "const char *, uintptr_t, size_t", STABLE, DT_V(1, 0), none, copyout)      \
	X(FREOPEN, "freopen", DESTRUCTIVE, 1, -1, NULL, NULL, STABLE, DT_V(1, 1),    \
	  printf, freopen)                                                           \
	X(PRINT, "print", ACTION, 1, 1, NULL, NULL, STABLE, DT_V(1, 9), print, print)

/* ---------------------------------------------------------------- ids */

enum {
#define X(id, name, type, attr, vers, cook, cg) DT_BV_##id,
	DT_LANG_VARS(X)
#undef X
	DT_BV_MAX
};

typedef enum dt_fnkind {
	DT_FN_ACTION,	  /* data-recording action: trace, printf, ... */
	DT_FN_SUBR,	  /* subroutine with a value */
	DT_FN_AGG,	  /* aggregating function */
	DT_FN_DESTRUCTIVE,
	DT_FN_SPEC,	  /* speculation control */
} dt_fnkind_t;

enum {
	DT_FN_NONE, /* 0: no function */
#define X(id, name, kind, min, max, ret, params, attr, vers, cook, cg) DT_FN_##id,
	DT_LANG_FUNCS(X)
#undef X
	DT_FN_NFUNCS
};

/* Functions named so are the D library's: "undefined" in other programs. */
#define DT_LIBFN_PREFIX "__dt_"

/* uregs[]: the user thread's struct pt_regs (x86-64), in 8-byte words (regs.d's R_*) */
#define DT_NUREGS 21
/* then R_DS, R_ES, R_FS, R_GS: not in pt_regs, read as 0 (cg/dt_cg.c gen_uregs) */
#define DT_NSEGREGS 4

#endif /* DT_LANG_H */
