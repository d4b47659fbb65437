/*
 * dt_errtags.c -- names of the D compiler's error tags (dt_errtags.h), and
 * the tag of a message made by code that does not know about tags.
 */
#include "dt_front.h"

#include <string.h>

static const char *const dt_errtag_names[] = {
#define X(t) #t,
	DT_ERRTAGS(X)
#undef X
};

const char *dt_errtag_name(int tag)
{
	if (tag < 0 || tag >= D_NTAGS)
		tag = D_UNKNOWN;
	return dt_errtag_names[tag];
}

/* Messages of other stages, by what they say: the first row that matches. */
static const struct {
	const char *et_text;
	int et_tag;
} dt_errtag_texts[] = {
	{ "printa( ): @", D_PRINTA_AGGPROTO },
	/* printf formats (layout/dt_printf.c), illumos' tags */
	{ "missing a corresponding \"", D_PRINTF_DYN_PROTO }, /* "*" or ".*" */
	{ "\tconversion: % ", D_PRINTF_DYN_TYPE }, /* a '*' argument's: "% * d" */
	{ "%@ conversion requires", D_PRINTF_AGG_CONV },
	{ "specified for the output", D_SYNTAX },
	{ "more than one '.' specified", D_SYNTAX },
	{ "unsupported positional format", D_SYNTAX },
	{ "cannot be combined with other format flags", D_SYNTAX },
	{ "name expected before end of format", D_SYNTAX },
	{ "is undefined: %", D_SYNTAX },
	{ "format is empty", D_PRINTF_FMT_EMPTY },
	{ "arguments required by this format string", D_PRINTF_ARG_EXTRA },
	{ "prototype mismatch", D_PRINTF_ARG_PROTO },
	{ "is incompatible with conversion", D_PRINTF_ARG_TYPE },
	{ "too many arguments", D_PRINTF_ARG_EXTRA },
	{ "extra", D_PRINTF_ARG_EXTRA },
	{ "conversion #", D_PRINTF_ARG_FMT },
	{ "does not match any probes", D_PDESC_ZERO },
	/* pid descriptions (prov/dt_prov_pid.c, proc/), illumos' dt_pid.c texts */
	{ "is an invalid probe name", D_PROC_NAME },
	{ "outside of function", D_PROC_OFF },
	{ "is not aligned on an instruction", D_PROC_ALIGN },
	{ "failed to lookup '", D_PROC_FUNC },
	{ "failed to grab", D_PROC_GRAB },
	{ "does not contain a valid pid", D_PROC_BADPID },
	{ "is not a valid provider", D_PROC_BADPROV },
	{ "only the a.out module is valid", D_PROC_LIB },
	{ "only individual addresses may be specified", D_PROC_NAME },
	{ "failed to create probe at", D_PROC_CREATEFAIL },
	{ "out of range", D_ARGS_IDX },
	{ "invalid probe", D_PDESC_INVAL },
	{ "probe description", D_PDESC_INVAL },
};

int dt_errtag_of(const char *msg)
{
	for (size_t i = 0; i < sizeof(dt_errtag_texts) / sizeof(dt_errtag_texts[0]); i++)
		if (strstr(msg, dt_errtag_texts[i].et_text) != NULL)
			return dt_errtag_texts[i].et_tag;
	return D_UNKNOWN;
}
