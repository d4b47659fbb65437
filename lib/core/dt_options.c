/*
 * dt_options.c -- options: one table with each option's name, kind and
 * default (DT_OPTIONS in dt_impl.h), and the parsers for sizes (k/m/g/t
 * suffixes), rates (hz or a time per event) and times.
 */
#include "../dt_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

static int dt_opt_value(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val,
			int64_t *out)
{
	switch (od->od_kind) {
	case DT_OPT_BOOL:
		*out = 1;
		if (val == NULL)
			return 0;
		if (!strcmp(val, "0") || !strcasecmp(val, "off") || !strcasecmp(val, "false")) {
			*out = 0;
			return 0;
		}
		return 0;
	case DT_OPT_INT: {
		char *end;

		if (val == NULL)
			return -1;
		*out = strtoll(val, &end, 0);
		return *end == '\0' && end != val ? 0 : -1;
	}
	case DT_OPT_SIZE:
		return dt_parse_size(val, out);
	case DT_OPT_RATE:
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
	}
	(void)dtp;
	return -1;
}

int dtrace_setopt(dtrace_hdl_t *dtp, const char *name, const char *val)
{
	if (!strcmp(name, "libdir")) /* -L: a D library directory (front/dt_dlib.c) */
		return val == NULL ? dt_set_errno(dtp, EDT_BADOPTVAL) : dt_dlib_adddir(dtp, val);
	for (int i = 0; i < DTOPT_MAX; i++) {
		int64_t v;

		if (strcmp(dt_opttab[i].od_name, name) != 0)
			continue;
		if (dt_opt_value(dtp, &dt_opttab[i], val, &v) != 0)
			return dt_set_errno(dtp, EDT_BADOPTVAL);
		if (i == DTOPT_STRSIZE && (v < 2 || v > 65536))
			return dt_set_errno(dtp, EDT_BADOPTVAL);
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
