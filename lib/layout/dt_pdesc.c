/*
 * dt_pdesc.c -- probe descriptions as written: "provider:module:function:name"
 * split into its fields, as the parser (front/dt_parse.c) and the public
 * dtrace_str2desc() (prov/dt_provider.c) both read them.
 */
#include "dt_layout.h"

/*
 * Split "p:m:f:n" in place into its four fields, filling omitted fields
 * from the left: the last field given is the one spec names (-P, -m, -f,
 * -n; the name in scripts).  Returns -1 if there are too many fields.
 */
int dt_pdesc_split(char *s, dtrace_probespec_t spec, char *out[4])
{
	char *fields[4] = { s };
	int n = 1, last = spec == DTRACE_PROBESPEC_NONE ? 3 : (int)spec;

	for (char *p = s; *p; p++) {
		if (*p != ':')
			continue;
		if (n == last + 1)
			return -1;
		*p = '\0';
		fields[n++] = p + 1;
	}
	for (int i = 0; i < 4; i++)
		out[i] = "";
	for (int i = 0; i < n; i++)
		out[last - (n - 1) + i] = fields[i];
	return 0;
}
