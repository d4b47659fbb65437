/*
 * dt_strtab.c -- the string table (dt_strtab: the string constants the
 * generated code reads, and the probes' names for shared programs) and the
 * table of printf/printa formats (read by the consumer by index).
 */
#include "../dt_impl.h"

#include <string.h>

int dt_format_add(dtrace_hdl_t *dtp, const char *fmt)
{
	dtp->dt_formats = dt_realloc(dtp->dt_formats, sizeof(dt_format_t) * (dtp->dt_nformats + 1));
	dtp->dt_formats[dtp->dt_nformats].fm_str = dt_strdup(fmt);
	dtp->dt_formats[dtp->dt_nformats].fm_nconv = 0;
	return dtp->dt_nformats++;
}

/*
 * String constants: each is stored padded to strsize bytes rounded up to a
 * multiple of 8, so that loops reading up to strsize bytes a word at a time
 * (str_compare()) stay inside the map value.  Offset 0 holds the empty
 * string.
 */
int dt_strtab_add(dtrace_hdl_t *dtp, const char *s)
{
	int strsize = (int)dtp->dt_options[DTOPT_STRSIZE];
	int stride = (strsize + 7) & ~7; /* whole words: see str_compare() */
	size_t len = strlen(s);
	int off;

	if (dtp->dt_strtablen == 0) {
		dtp->dt_strtabcap = stride * 16;
		dtp->dt_strtab = dt_zalloc(dtp->dt_strtabcap);
		dtp->dt_strtablen = stride;
	}
	for (off = stride; off < dtp->dt_strtablen; off += stride)
		if (!strncmp(dtp->dt_strtab + off, s, strsize - 1) &&
		    (len >= (size_t)strsize - 1 || dtp->dt_strtab[off + len] == '\0'))
			return off;
	if (dtp->dt_strtablen + stride > dtp->dt_strtabcap) {
		dtp->dt_strtab = dt_realloc(dtp->dt_strtab, dtp->dt_strtabcap * 2);
		memset(dtp->dt_strtab + dtp->dt_strtabcap, 0, dtp->dt_strtabcap);
		dtp->dt_strtabcap *= 2;
	}
	off = dtp->dt_strtablen;
	memcpy(dtp->dt_strtab + off, s, len < (size_t)strsize - 1 ? len : (size_t)strsize - 1);
	dtp->dt_strtablen += stride;
	return off;
}
