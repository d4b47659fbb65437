/*
 * dt_attr.c -- stability attributes: the names of the stability levels and
 * dependency classes (the Dynamic Tracing Guide's "Stability" chapter), the
 * least stable of two attributes, and "name/data/class" parsed.  The
 * attributes themselves are their owners': providers give theirs
 * (prov/dt_provider.c), built-ins theirs (front/dt_builtins.c), and the
 * driver combines them for a program (driver/dt_stab.c).
 */
#include "dt_core.h"

#include <string.h>
#include <strings.h>

const char *dtrace_stability_name(int s)
{
	static const char *const names[] = { "Internal", "Private",  "Obsolete", "External",
					     "Unstable", "Evolving", "Stable",	 "Standard" };

	return s >= 0 && s < 8 ? names[s] : NULL;
}

const char *dtrace_class_name(int c)
{
	static const char *const names[] = { "Unknown", "CPU", "Platform", "Group", "ISA",
					     "Common" };

	return c >= 0 && c < 6 ? names[c] : NULL;
}

dtrace_attribute_t dt_attr_min(dtrace_attribute_t a, dtrace_attribute_t b)
{
	a.dtat_name = a.dtat_name < b.dtat_name ? a.dtat_name : b.dtat_name;
	a.dtat_data = a.dtat_data < b.dtat_data ? a.dtat_data : b.dtat_data;
	a.dtat_class = a.dtat_class < b.dtat_class ? a.dtat_class : b.dtat_class;
	return a;
}

/*
 * "name/data/class", as illumos' dtrace_str2attr(): names in any case,
 * those left out the most stable ("Evolving", "Stable/Stable/").  -1 if
 * malformed.
 */
int dt_str2attr(const char *str, dtrace_attribute_t *ap)
{
	char buf[128], *p = buf, *q;

	*ap = (dtrace_attribute_t){ DTRACE_STABILITY_STANDARD, DTRACE_STABILITY_STANDARD,
				    DTRACE_CLASS_COMMON };
	if (str == NULL || strlen(str) >= sizeof(buf))
		return -1;
	strcpy(buf, str);
	for (int n = 0; *p != '\0'; n++, p = q) {
		int v, max = n < 2 ? DTRACE_STABILITY_STANDARD : DTRACE_CLASS_COMMON;

		if ((q = strchr(p, '/')) == NULL)
			q = p + strlen(p);
		else
			*q++ = '\0';
		if (n == 3)
			return -1;
		for (v = 0; v <= max; v++)
			if (!strcasecmp(p, n < 2 ? dtrace_stability_name(v) : dtrace_class_name(v)))
				break;
		if (v > max)
			return -1;
		if (n == 0)
			ap->dtat_name = (uint8_t)v;
		else if (n == 1)
			ap->dtat_data = (uint8_t)v;
		else
			ap->dtat_class = (uint8_t)v;
	}
	return 0;
}
