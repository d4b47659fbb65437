/*
 * dt_builtins.c -- the language's built-in variables and functions, as
 * tables: name, id, kind, arity and type.  The cook pass checks calls
 * against these rows; the code generator dispatches on the ids.
 */
#include "dt_front.h"

#include <string.h>

static const dt_builtin_var_t dt_vartab[] = {
	{ "arg0", DT_BV_ARG0 + 0, "int64_t" },	{ "arg1", DT_BV_ARG0 + 1, "int64_t" },
	{ "arg2", DT_BV_ARG0 + 2, "int64_t" },	{ "arg3", DT_BV_ARG0 + 3, "int64_t" },
	{ "arg4", DT_BV_ARG0 + 4, "int64_t" },	{ "arg5", DT_BV_ARG0 + 5, "int64_t" },
	{ "arg6", DT_BV_ARG0 + 6, "int64_t" },	{ "arg7", DT_BV_ARG0 + 7, "int64_t" },
	{ "arg8", DT_BV_ARG0 + 8, "int64_t" },	{ "arg9", DT_BV_ARG0 + 9, "int64_t" },
	{ "args", DT_BV_ARGS, NULL },		{ "pid", DT_BV_PID, "pid_t" },
	{ "ppid", DT_BV_PPID, "pid_t" },	{ "tid", DT_BV_TID, "id_t" },
	{ "uid", DT_BV_UID, "uid_t" },		{ "gid", DT_BV_GID, "gid_t" },
	{ "execname", DT_BV_EXECNAME, "string" }, { "cpu", DT_BV_CPU, "processorid_t" },
	{ "timestamp", DT_BV_TIMESTAMP, "uint64_t" },
	{ "vtimestamp", DT_BV_VTIMESTAMP, "uint64_t" },
	{ "walltimestamp", DT_BV_WALLTIMESTAMP, "int64_t" },
	{ "probeprov", DT_BV_PROBEPROV, "string" }, { "probemod", DT_BV_PROBEMOD, "string" },
	{ "probefunc", DT_BV_PROBEFUNC, "string" }, { "probename", DT_BV_PROBENAME, "string" },
	{ "id", DT_BV_ID, "uint_t" },		{ "epid", DT_BV_EPID, "uint_t" },
	{ "errno", DT_BV_ERRNO, "int" },	{ "curthread", DT_BV_CURTHREAD, "uintptr_t" },
	{ "stackdepth", DT_BV_STACKDEPTH, "uint32_t" },
	{ "ustackdepth", DT_BV_USTACKDEPTH, "uint32_t" },
	{ "zonename", DT_BV_ZONENAME, "string" },
	{ "cwd", DT_BV_CWD, "string" },		{ "root", DT_BV_ROOTDIR, "string" },
	{ "caller", DT_BV_CALLER, "uintptr_t" }, { "ucaller", DT_BV_UCALLER, "uint64_t" },
	{ "uregs", DT_BV_UREGS, "uint64_t" },
	{ NULL, 0, NULL }
};

/* name, id, kind, min args, max args (-1 variadic), return type */
static const dt_builtin_fn_t dt_fntab[] = {
	{ "trace", DT_FN_TRACE, DT_FN_ACTION, 1, 1, NULL },
	{ "print", DT_FN_PRINT, DT_FN_ACTION, 1, 1, NULL },
	{ "printf", DT_FN_PRINTF, DT_FN_ACTION, 1, -1, NULL },
	{ "exit", DT_FN_EXIT, DT_FN_ACTION, 1, 1, NULL },
	{ "printa", DT_FN_PRINTA, DT_FN_ACTION, 1, -1, NULL },
	{ "clear", DT_FN_CLEAR, DT_FN_ACTION, 1, 1, NULL },
	{ "trunc", DT_FN_TRUNC, DT_FN_ACTION, 1, 2, NULL },
	{ "normalize", DT_FN_NORMALIZE, DT_FN_ACTION, 2, 2, NULL },
	{ "denormalize", DT_FN_DENORMALIZE, DT_FN_ACTION, 1, 1, NULL },
	{ "setopt", DT_FN_SETOPT, DT_FN_ACTION, 1, 2, NULL },
	{ "speculation", DT_FN_SPECULATION, DT_FN_SUBR, 0, 0, "int" },
	{ "speculate", DT_FN_SPECULATE, DT_FN_SPEC, 1, 1, NULL },
	{ "commit", DT_FN_COMMIT, DT_FN_SPEC, 1, 1, NULL },
	{ "discard", DT_FN_DISCARD, DT_FN_SPEC, 1, 1, NULL },
	{ "strlen", DT_FN_STRLEN, DT_FN_SUBR, 1, 1, "size_t" },
	{ "copyinstr", DT_FN_COPYINSTR, DT_FN_SUBR, 1, 2, "string" },
	{ "copyin", DT_FN_COPYIN, DT_FN_SUBR, 2, 2, "void *" },
	{ "copyinto", DT_FN_COPYINTO, DT_FN_ACTION, 3, 3, NULL },
	{ "stack", DT_FN_STACK, DT_FN_ACTION, 0, 1, NULL },
	{ "ustack", DT_FN_USTACK, DT_FN_ACTION, 0, 2, NULL },
	{ "count", DT_FN_COUNT, DT_FN_AGG, 0, 0, NULL },
	{ "sum", DT_FN_SUM, DT_FN_AGG, 1, 1, NULL },
	{ "avg", DT_FN_AVG, DT_FN_AGG, 1, 1, NULL },
	{ "min", DT_FN_MIN, DT_FN_AGG, 1, 1, NULL },
	{ "max", DT_FN_MAX, DT_FN_AGG, 1, 1, NULL },
	{ "stddev", DT_FN_STDDEV, DT_FN_AGG, 1, 1, NULL },
	{ "quantize", DT_FN_QUANTIZE, DT_FN_AGG, 1, 2, NULL },
	{ "lquantize", DT_FN_LQUANTIZE, DT_FN_AGG, 3, 5, NULL },
	{ "llquantize", DT_FN_LLQUANTIZE, DT_FN_AGG, 5, 6, NULL },
	{ "strjoin", DT_FN_STRJOIN, DT_FN_SUBR, 2, 2, "string" },
	{ "progenyof", DT_FN_PROGENYOF, DT_FN_SUBR, 1, 1, "int" },
	{ "rand", DT_FN_RAND, DT_FN_SUBR, 0, 0, "int" },
	{ "system", DT_FN_SYSTEM, DT_FN_DESTRUCTIVE, 1, -1, NULL },
	{ "raise", DT_FN_RAISE, DT_FN_DESTRUCTIVE, 1, 1, NULL },
	{ "stop", DT_FN_STOP, DT_FN_DESTRUCTIVE, 0, 0, NULL },
	{ "breakpoint", DT_FN_BREAKPOINT, DT_FN_DESTRUCTIVE, 0, 0, NULL },
	{ "panic", DT_FN_PANIC, DT_FN_DESTRUCTIVE, 0, 0, NULL },
	{ "chill", DT_FN_CHILL, DT_FN_DESTRUCTIVE, 1, 1, NULL },
	{ "copyout", DT_FN_COPYOUT, DT_FN_DESTRUCTIVE, 3, 3, NULL },
	{ "copyoutstr", DT_FN_COPYOUTSTR, DT_FN_DESTRUCTIVE, 3, 3, NULL },
	{ "freopen", DT_FN_FREOPEN, DT_FN_DESTRUCTIVE, 1, -1, NULL },
	{ "ftruncate", DT_FN_FTRUNCATE, DT_FN_ACTION, 0, 0, NULL },
	{ "sym", DT_FN_SYM, DT_FN_ACTION, 1, 1, NULL },
	{ "mod", DT_FN_MOD, DT_FN_ACTION, 1, 1, NULL },
	{ "usym", DT_FN_USYM, DT_FN_ACTION, 1, 1, NULL },
	{ "uaddr", DT_FN_UADDR, DT_FN_ACTION, 1, 1, NULL },
	{ "func", DT_FN_FUNC, DT_FN_ACTION, 1, 1, NULL },
	{ "ufunc", DT_FN_UFUNC, DT_FN_ACTION, 1, 1, NULL },
	{ "umod", DT_FN_UMOD, DT_FN_ACTION, 1, 1, NULL },
	{ "tracemem", DT_FN_TRACEMEM, DT_FN_ACTION, 2, 3, NULL },
	{ "substr", DT_FN_SUBSTR, DT_FN_SUBR, 2, 3, "string" },
	{ "index", DT_FN_INDEX, DT_FN_SUBR, 2, 3, "int" },
	{ "rindex", DT_FN_RINDEX, DT_FN_SUBR, 2, 3, "int" },
	{ "strchr", DT_FN_STRCHR, DT_FN_SUBR, 2, 2, "string" },
	{ "strrchr", DT_FN_STRRCHR, DT_FN_SUBR, 2, 2, "string" },
	{ "strstr", DT_FN_STRSTR, DT_FN_SUBR, 2, 2, "string" },
	{ "strtok", DT_FN_STRTOK, DT_FN_SUBR, 2, 2, "string" },
	{ "lltostr", DT_FN_LLTOSTR, DT_FN_SUBR, 1, 2, "string" },
	{ "basename", DT_FN_BASENAME, DT_FN_SUBR, 1, 1, "string" },
	{ "dirname", DT_FN_DIRNAME, DT_FN_SUBR, 1, 1, "string" },
	{ "cleanpath", DT_FN_CLEANPATH, DT_FN_SUBR, 1, 1, "string" },
	{ "toupper", DT_FN_TOUPPER, DT_FN_SUBR, 1, 1, "string" },
	{ "tolower", DT_FN_TOLOWER, DT_FN_SUBR, 1, 1, "string" },
	{ "strtoll", DT_FN_STRTOLL, DT_FN_SUBR, 1, 2, "int64_t" },
	{ "inet_ntoa", DT_FN_INET_NTOA, DT_FN_SUBR, 1, 1, "string" },
	{ "inet_ntoa6", DT_FN_INET_NTOA6, DT_FN_SUBR, 1, 1, "string" },
	{ "inet_ntop", DT_FN_INET_NTOP, DT_FN_SUBR, 2, 2, "string" },
	{ "htons", DT_FN_HTONS, DT_FN_SUBR, 1, 1, "uint16_t" },
	{ "htonl", DT_FN_HTONL, DT_FN_SUBR, 1, 1, "uint32_t" },
	{ "htonll", DT_FN_HTONLL, DT_FN_SUBR, 1, 1, "uint64_t" },
	{ "ntohs", DT_FN_NTOHS, DT_FN_SUBR, 1, 1, "uint16_t" },
	{ "ntohl", DT_FN_NTOHL, DT_FN_SUBR, 1, 1, "uint32_t" },
	{ "ntohll", DT_FN_NTOHLL, DT_FN_SUBR, 1, 1, "uint64_t" },
	{ "getmajor", DT_FN_GETMAJOR, DT_FN_SUBR, 1, 1, "major_t" },
	{ "getminor", DT_FN_GETMINOR, DT_FN_SUBR, 1, 1, "minor_t" },
	{ "alloca", DT_FN_ALLOCA, DT_FN_SUBR, 1, 1, "void *" },
	{ "bcopy", DT_FN_BCOPY, DT_FN_SUBR, 3, 3, "void" },
	/* the D library's own (DT_LIBFN_PREFIX) */
	{ "__dt_psargs", DT_FN_PSARGS, DT_FN_SUBR, 2, 2, "string" },
	{ "__dt_dpath", DT_FN_DPATH, DT_FN_SUBR, 9, 9, "string" },
	{ NULL, 0, 0, 0, 0, NULL }
};

const dt_builtin_var_t *dt_builtin_var(const char *name)
{
	for (int i = 0; dt_vartab[i].bv_name; i++)
		if (!strcmp(dt_vartab[i].bv_name, name))
			return &dt_vartab[i];
	return NULL;
}

const dt_builtin_fn_t *dt_builtin_fn(const char *name)
{
	for (int i = 0; dt_fntab[i].bf_name; i++)
		if (!strcmp(dt_fntab[i].bf_name, name))
			return &dt_fntab[i];
	return NULL;
}

const dt_builtin_fn_t *dt_builtin_fn_byid(int id)
{
	for (int i = 0; dt_fntab[i].bf_name; i++)
		if (dt_fntab[i].bf_id == id)
			return &dt_fntab[i];
	return NULL;
}

/*
 * The stability attributes of the built-in identifiers, as illumos'
 * identifier table (dt_open.c) gives them: Stable/Stable/Common but for
 * these.  args[] and probeprov, probemod, probefunc and probename have
 * their provider's (driver/dt_stab.c).
 */
#define A(n, d, c) { DTRACE_STABILITY_##n, DTRACE_STABILITY_##d, DTRACE_CLASS_##c }
static const struct {
	const char *ba_name;
	dtrace_attribute_t ba_attr;
} dt_idattr[] = {
	{ "curthread", A(STABLE, PRIVATE, COMMON) },
	{ "getmajor", A(EVOLVING, EVOLVING, COMMON) },
	{ "getminor", A(EVOLVING, EVOLVING, COMMON) },
};
#undef A

dtrace_attribute_t dt_builtin_attr(const char *name)
{
	dtrace_attribute_t a = { DTRACE_STABILITY_STABLE, DTRACE_STABILITY_STABLE,
				 DTRACE_CLASS_COMMON };

	for (size_t i = 0; i < sizeof(dt_idattr) / sizeof(dt_idattr[0]); i++)
		if (!strcmp(dt_idattr[i].ba_name, name))
			return dt_idattr[i].ba_attr;
	return a;
}

/*
 * The D version that introduced an identifier, where it is not 1.0 (as in
 * illumos' identifier table): with -x version=V, a newer one does not
 * exist.  Versions are DT_VERSION_NUMBER's: major << 24 | minor << 12 | micro.
 */
#define V(ma, mi, mc) ((int64_t)(ma) << 24 | (mi) << 12 | (mc))
static const struct {
	const char *vn_name;
	int64_t vn_vers;
} dt_idvers[] = {
	{ "freopen", V(1, 1, 0) },   { "index", V(1, 1, 0) },	{ "rindex", V(1, 1, 0) },
	{ "strchr", V(1, 1, 0) },    { "strrchr", V(1, 1, 0) }, { "strstr", V(1, 1, 0) },
	{ "strtok", V(1, 1, 0) },    { "substr", V(1, 1, 0) },	{ "func", V(1, 2, 0) },
	{ "mod", V(1, 2, 0) },	     { "sym", V(1, 2, 0) },	{ "ufunc", V(1, 2, 0) },
	{ "umod", V(1, 2, 0) },	     { "usym", V(1, 2, 0) },	{ "uaddr", V(1, 2, 0) },
	{ "ucaller", V(1, 2, 0) },   { "ustackdepth", V(1, 2, 0) }, { "setopt", V(1, 2, 0) },
	{ "htonl", V(1, 3, 0) },     { "htonll", V(1, 3, 0) },	{ "htons", V(1, 3, 0) },
	{ "ntohl", V(1, 3, 0) },     { "ntohll", V(1, 3, 0) },	{ "ntohs", V(1, 3, 0) },
	{ "inet_ntoa", V(1, 5, 0) }, { "inet_ntoa6", V(1, 5, 0) }, { "inet_ntop", V(1, 5, 0) },
	{ "stddev", V(1, 6, 0) },    { "llquantize", V(1, 7, 0) }, { "tolower", V(1, 8, 0) },
	{ "toupper", V(1, 8, 0) },   { "print", V(1, 9, 0) },	{ "strtoll", V(1, 11, 0) },
};
#undef V

/* Whether built-in name exists in the D version the program asked for (0: the latest). */
bool dt_builtin_visible(const char *name, int64_t vers)
{
	if (vers == 0)
		return true;
	for (size_t i = 0; i < sizeof(dt_idvers) / sizeof(dt_idvers[0]); i++)
		if (!strcmp(dt_idvers[i].vn_name, name))
			return dt_idvers[i].vn_vers <= vers;
	return true;
}
