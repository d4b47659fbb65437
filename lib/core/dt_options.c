/*
 * dt_options.c -- options: one table with each option's name, kind and
 * default (DT_OPTIONS in core/dt_core.h), and the parsers for sizes (k/m/g/t
 * suffixes), rates (hz or a time per event) and times.
 */
#include "dt_core.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

typedef struct dt_optdesc {
	const char *od_name;
	dt_optkind_t od_kind;
	int64_t od_default;
} dt_optdesc_t;

static const dt_optdesc_t dt_opttab[DTOPT_MAX] = {
#define X(e, n, k, d) [DTOPT_##e] = { n, k, d },
	DT_OPTIONS(X)
#undef X
};

void dt_options_init(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < DTOPT_MAX; i++)
		dtp->dt_options[i] = dt_opttab[i].od_default;
	dtp->dt_typesfd[0] = dtp->dt_typesfd[1] = -1;
}

/* dtrace_close(): option strings, library directories, cpp arguments */
void dt_options_fini(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < DTOPT_MAX; i++)
		free(dtp->dt_optstr[i]);
	for (int i = 0; i < 2; i++)
		if (dtp->dt_typesfd[i] >= 0)
			close(dtp->dt_typesfd[i]);
	for (int i = 0; i < dtp->dt_nlibdirs; i++)
		free(dtp->dt_libdirs[i]);
	free(dtp->dt_libdirs);
	for (int i = 0; i < dtp->dt_cppargc; i++)
		free(dtp->dt_cppargv[i]);
	free(dtp->dt_cppargv);
}

/* "4m", "16k", "1g", "123" -> bytes */
int dt_parse_size(const char *s, int64_t *out)
{
	char *end;
	int64_t v, mul = 1;

	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 0);
	if (errno != 0)
		return -1;
	switch (tolower((unsigned char)*end)) {
	case 't': mul <<= 10; /* FALLTHROUGH */
	case 'g': mul <<= 10; /* FALLTHROUGH */
	case 'm': mul <<= 10; /* FALLTHROUGH */
	case 'k': mul <<= 10; end++; break;
	case '\0': break;
	default: return -1;
	}
	if (*end != '\0' || __builtin_mul_overflow(v, mul, out))
		return -1;
	return 0;
}

typedef struct dt_unit {
	const char *u_name;
	int64_t u_ns; /* 0 = hz */
} dt_unit_t;

static const dt_unit_t dt_units[] = {
	{ "ns", 1 },		 { "nsec", 1 },	     { "us", 1000 },
	{ "usec", 1000 },	 { "ms", 1000000 },  { "msec", 1000000 },
	{ "s", 1000000000 },	 { "sec", 1000000000 },
	{ "m", 60000000000LL },	 { "min", 60000000000LL },
	{ "h", 3600000000000LL }, { "hour", 3600000000000LL },
	{ "d", 86400000000000LL }, { "day", 86400000000000LL },
	{ "hz", 0 },		 { "", 0 },
};

/* A number with an optional unit; *ns_per gets the interval in ns. */
static int dt_parse_units(const char *s, int64_t *out, bool bare_is_hz)
{
	char *end;
	int64_t v;

	if (s == NULL || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno != 0)
		return -1;
	for (size_t i = 0; i < sizeof(dt_units) / sizeof(dt_units[0]); i++) {
		if (strcasecmp(end, dt_units[i].u_name) != 0)
			continue;
		if (dt_units[i].u_ns == 0 && (*end != '\0' || bare_is_hz)) {
			if (v <= 0)
				return -1;
			*out = 1000000000LL / v;
		} else if (__builtin_mul_overflow(v, dt_units[i].u_ns ? dt_units[i].u_ns : 1, out)) {
			return -1;
		}
		return *out > 0 ? 0 : -1;
	}
	return -1;
}

/* Rates: "10hz", "1sec", "100ms", bare numbers are per second (hz). */
int dt_parse_rate(const char *s, int64_t *out)
{
	return dt_parse_units(s, out, true);
}

/* Times for profile/tick probes: bare numbers are hz as well. */
int dt_parse_time_ns(const char *s, int64_t *out)
{
	return dt_parse_units(s, out, true);
}

/*
 * Booleans and integers as illumos' dt_opt_runtime(): no value is 1 (on),
 * yes/no, enable(d)/disable(d), true/false, on/off, set/unset, "" (unset),
 * or a non-negative number; anything else is an invalid value.  (DTrace
 * takes "0" as set, since only "unset" is off there; here 0 is off.)
 */
static int dt_opt_runtime(const char *val, int64_t *out)
{
	static const char *const couples[][2] = {
		{ "yes", "no" }, { "enable", "disable" }, { "enabled", "disabled" },
		{ "true", "false" }, { "on", "off" }, { "set", "unset" },
	};
	char *end;

	if (val == NULL) {
		*out = 1;
		return 0;
	}
	*out = 0;
	if (*val == '\0')
		return 0;
	for (size_t i = 0; i < sizeof(couples) / sizeof(couples[0]); i++) {
		if (strcasecmp(val, couples[i][0]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(val, couples[i][1]) == 0)
			return 0;
	}
	if (!isdigit((unsigned char)*val))
		return -1;
	errno = 0;
	*out = strtoll(val, &end, 0);
	return *end == '\0' && errno == 0 && *out >= 0 ? 0 : -1;
}

/* The values the string options that have a fixed set of values take. */
static const struct {
	int ov_opt;
	const char *ov_vals[6];
} dt_optvals[] = {
	{ DTOPT_ENCODING, { "ascii", "utf8", NULL } },
	{ DTOPT_EVALTIME, { "exec", "preinit", "postinit", "main", NULL } },
	{ DTOPT_LATE, { "dynamic", "static", NULL } },
	{ DTOPT_LINKMODE, { "kernel", "dynamic", "static", NULL } },
	{ DTOPT_LINKTYPE, { "elf", "dof", NULL } },
	{ DTOPT_STDC, { "a", "c", "s", "t", NULL } },
	{ DTOPT_OFORMAT, { "text", "json", "folded", "svg", "pprof", NULL } }, /* dt_consume.c */
};

/* Options that configure what Linux lacks: refused, saying why. */
static const struct {
	int ou_opt;
	const char *ou_why;
} dt_optunsup[] = {
	{ DTOPT_DOF, "DOF is not used on this platform" },
	{ DTOPT_GRABANON, "anonymous tracing is not supported on this platform" },
	{ DTOPT_ZONE, "zones are not supported on this platform" },
};

/* The D versions, as illumos' _dtrace_versions (dt_open.c). */
static const char *const dt_versions[] = {
	"1.0", "1.1", "1.2", "1.2.1", "1.2.2", "1.3", "1.4", "1.4.1", "1.5", "1.6",
	"1.6.1", "1.6.2", "1.6.3", "1.7", "1.7.1", "1.8", "1.8.1", "1.9", "1.9.1",
	"1.10", "1.11", "1.12", "1.12.1", "1.13", NULL
};

static int opt_err(dtrace_hdl_t *dtp, const char *msg)
{
	return dt_set_errmsg(dtp, EDT_BADOPTVAL, "%s", msg);
}

/* "1.2.1" -> 0x01002001 as illumos' DT_VERSION_NUMBER; -1 if malformed. */
static int64_t version_num(const char *s)
{
	unsigned v[3] = { 0, 0, 0 };
	int n = 0;

	for (const char *p = s; n < 3; n++) {
		char *end;

		if (!isdigit((unsigned char)*p))
			return -1;
		v[n] = (unsigned)strtoul(p, &end, 10);
		if (v[n] > 0xfff || (n == 0 && v[n] > 0xff))
			return -1;
		if (*end == '\0')
			return (int64_t)v[0] << 24 | v[1] << 12 | v[2];
		if (*end != '.')
			return -1;
		p = end + 1;
	}
	return -1;
}

static int dt_opt_value(dtrace_hdl_t *dtp, int opt, const dt_optdesc_t *od, const char *val,
			int64_t *out)
{
	switch (od->od_kind) {
	case DT_OPT_BOOL:
	case DT_OPT_INT:
		return dt_opt_runtime(val, out);
	case DT_OPT_SIZE:
		return dt_parse_size(val, out);
	case DT_OPT_RATE:
		if (val == NULL) { /* a bare rate is 0, as illumos' dt_opt_rate() */
			*out = 0;
			return 0;
		}
		return dt_parse_rate(val, out);
	case DT_OPT_POLICY:
		if (val == NULL)
			return -1;
		if (!strcmp(val, "switch"))
			*out = DT_BUFPOLICY_SWITCH;
		else if (!strcmp(val, "fill"))
			*out = DT_BUFPOLICY_FILL;
		else if (!strcmp(val, "ring"))
			*out = DT_BUFPOLICY_RING;
		else
			return -1;
		return 0;
	case DT_OPT_RESIZE:
		if (val == NULL)
			return -1;
		if (!strcmp(val, "auto"))
			*out = DT_BUFRESIZE_AUTO;
		else if (!strcmp(val, "manual"))
			*out = DT_BUFRESIZE_MANUAL;
		else
			return -1;
		return 0;
	case DT_OPT_FBTMODE:
		if (val == NULL)
			return -1;
		if (!strcmp(val, "auto"))
			*out = DT_FBTMODE_AUTO;
		else if (!strcmp(val, "fentry"))
			*out = DT_FBTMODE_FENTRY;
		else if (!strcmp(val, "kprobe"))
			*out = DT_FBTMODE_KPROBE;
		else
			return -1;
		return 0;
	case DT_OPT_STRING:
		if (val == NULL)
			return -1;
		for (size_t i = 0; i < sizeof(dt_optvals) / sizeof(dt_optvals[0]); i++) {
			const char *const *v = dt_optvals[i].ov_vals;

			if (dt_optvals[i].ov_opt != opt)
				continue;
			while (*v != NULL && strcmp(*v, val) != 0)
				v++;
			if (*v == NULL)
				return -1;
		}
		*out = 1;
		return 0;
	case DT_OPT_CPPARG: {
		char *a;

		if (val == NULL)
			return -1;
		a = dt_zalloc(strlen(val) + 3);
		sprintf(a, "-%c%s", (int)od->od_default, val);
		dtrace_cpp_arg(dtp, a);
		free(a);
		*out = od->od_default;
		return 0;
	}
	case DT_OPT_ENV:
		if (val == NULL)
			return -1;
		if (od->od_default) { /* setenv NAME=value */
			const char *eq = strchr(val, '=');
			char *name;

			if (eq == NULL || eq == val)
				return -1;
			name = dt_strndup(val, (size_t)(eq - val));
			setenv(name, eq + 1, 1);
			free(name);
		} else {
			unsetenv(val);
		}
		*out = 1;
		return 0;
	case DT_OPT_VERSION: {
		int64_t v;

		if (val == NULL)
			return -1;
		if ((v = version_num(val)) < 0)
			return opt_err(dtp, "Invalid version specification");
		for (int i = 0; dt_versions[i] != NULL; i++)
			if (version_num(dt_versions[i]) == v) {
				*out = v;
				return 0;
			}
		return opt_err(dtp, "Requested version not defined");
	}
	case DT_OPT_TYPESFILE: { /* as illumos' dt_opt_ctypes(): the file, opened now */
		int fd, k = opt == DTOPT_DTYPES; /* dt_typesfd[0] "C", [1] "D" */

		if (val == NULL)
			return -1;
		if ((fd = open(val, O_CREAT | O_WRONLY | O_CLOEXEC, 0666)) < 0) {
			int e = errno;

			dt_set_errmsg(dtp, e, "%s", strerror(e));
			return -1;
		}
		if (dtp->dt_typesfd[k] >= 0)
			close(dtp->dt_typesfd[k]);
		dtp->dt_typesfd[k] = fd;
		*out = 1;
		return 0;
	}
	case DT_OPT_UNSUP:
		for (size_t i = 0; i < sizeof(dt_optunsup) / sizeof(dt_optunsup[0]); i++)
			if (dt_optunsup[i].ou_opt == opt)
				return opt_err(dtp, dt_optunsup[i].ou_why);
		return -1;
	}
	return -1;
}

/* -D, -U, -I for cpp (-C): kept in order for the compile (driver/dt_cc.c) */
static int cpp_arg(dtrace_hdl_t *dtp, void *arg);

/* Out of memory fails these calls with EDT_NOMEM (core/dt_alloc.c). */
int dtrace_cpp_arg(dtrace_hdl_t *dtp, const char *arg)
{
	return dt_nomem_call(dtp, cpp_arg, (void *)arg);
}

static int cpp_arg(dtrace_hdl_t *dtp, void *arg)
{
	char *copy;

	dtp->dt_cppargv = dt_realloc(dtp->dt_cppargv, sizeof(char *) * (dtp->dt_cppargc + 1));
	copy = dt_strdup(arg); /* counted once made: out of memory leaves no hole */
	dtp->dt_cppargv[dtp->dt_cppargc++] = copy;
	return 0;
}

/* -L: a D library directory, searched before the default (front/dt_dlib.c) */
int dt_libdir_add(dtrace_hdl_t *dtp, const char *dir)
{
	char *copy;

	dtp->dt_libdirs = dt_realloc(dtp->dt_libdirs, sizeof(char *) * (dtp->dt_nlibdirs + 1));
	copy = dt_strdup(dir);
	dtp->dt_libdirs[dtp->dt_nlibdirs++] = copy;
	return 0;
}

static int setopt(dtrace_hdl_t *dtp, const char *name, const char *val);

typedef struct setopt_call {
	const char *sc_name, *sc_val;
} setopt_call_t;

static int setopt_call(dtrace_hdl_t *dtp, void *arg)
{
	setopt_call_t *sc = arg;

	return setopt(dtp, sc->sc_name, sc->sc_val);
}

int dtrace_setopt(dtrace_hdl_t *dtp, const char *name, const char *val)
{
	setopt_call_t sc = { name, val };

	return dt_nomem_call(dtp, setopt_call, &sc);
}

static int setopt(dtrace_hdl_t *dtp, const char *name, const char *val)
{
	dtp->dt_errmsg[0] = '\0';
	if (!strcmp(name, "libdir")) /* -L: a D library directory (front/dt_dlib.c) */
		return val == NULL ? dt_set_errno(dtp, EDT_BADOPTVAL) : dt_libdir_add(dtp, val);
	for (int i = 0; i < DTOPT_MAX; i++) {
		int64_t v = 0;

		if (strcmp(dt_opttab[i].od_name, name) != 0)
			continue;
		if (dt_opt_value(dtp, i, &dt_opttab[i], val, &v) != 0)
			return dtp->dt_errmsg[0] != '\0' ? -1 : dt_set_errno(dtp, EDT_BADOPTVAL);
		if (i == DTOPT_STRSIZE && (v < 2 || v > 65536))
			return dt_set_errno(dtp, EDT_BADOPTVAL);
		if (i == DTOPT_AMIN) { /* name/data/class (core/dt_attr.c) */
			dtrace_attribute_t a;

			if (dt_str2attr(val, &a) != 0)
				return dt_set_errno(dtp, EDT_BADOPTVAL);
		}
		if (dt_opttab[i].od_kind == DT_OPT_STRING) {
			char *copy = dt_strdup(val); /* before the old goes: out of memory keeps it */

			free(dtp->dt_optstr[i]);
			dtp->dt_optstr[i] = copy;
		}
		if (i == DTOPT_CPPHDRS && v)
			dtrace_cpp_arg(dtp, "-H"); /* cpp lists the headers it includes */
		dtp->dt_options[i] = v;
		dtp->dt_optset[i] = true;
		return 0;
	}
	return dt_set_errno(dtp, EDT_BADOPTNAME);
}

int dtrace_getopt(dtrace_hdl_t *dtp, const char *name, int64_t *val)
{
	for (int i = 0; i < DTOPT_MAX; i++) {
		if (strcmp(dt_opttab[i].od_name, name) == 0) {
			*val = dtp->dt_options[i];
			return 0;
		}
	}
	return dt_set_errno(dtp, EDT_BADOPTNAME);
}
