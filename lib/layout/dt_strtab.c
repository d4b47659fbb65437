/*
 * dt_strtab.c -- the string table (dt_strtab: the string constants the
 * generated code reads, and the probes' names for shared programs) and the
 * table of printf/printa formats (read by the consumer by index).
 */
#include "dt_layout.h"

#include <stdlib.h>
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
 * string.  A string longer than strsize - 1 is stored cut there.  Equal
 * strings are stored once, found by their text in dt_strhash (a script
 * naming thousands of probes adds thousands of names), whose keys are the
 * stored strings and values their offsets.
 */

/* The table moved (realloc): its strings, the keys, are found again. */
static void strhash_rebuild(dtrace_hdl_t *dtp, int stride)
{
	dt_hash_clear(&dtp->dt_strhash);
	for (int off = stride; off < dtp->dt_strtablen; off += stride) {
		const char *t = dtp->dt_strtab + off;

		*dt_hash_slot(&dtp->dt_strhash, t, strlen(t)) = (void *)(uintptr_t)off;
	}
}

int dt_strtab_add(dtrace_hdl_t *dtp, const char *s)
{
	int strsize = DT_STRSIZE(dtp);
	int stride = (strsize + 7) & ~7; /* whole words: see str_compare() */
	size_t len = strlen(s), n = len < (size_t)strsize - 1 ? len : (size_t)strsize - 1;
	void *found;
	int off;

	if (dtp->dt_strtablen == 0) {
		dtp->dt_strtabcap = stride * 16;
		dtp->dt_strtab = dt_zalloc(dtp->dt_strtabcap);
		dtp->dt_strtablen = stride;
	}
	if ((found = dt_hash_find(&dtp->dt_strhash, s, n)) != NULL)
		return (int)(uintptr_t)found;
	if (dtp->dt_strtablen + stride > dtp->dt_strtabcap) {
		dtp->dt_strtab = dt_realloc(dtp->dt_strtab, dtp->dt_strtabcap * 2);
		memset(dtp->dt_strtab + dtp->dt_strtabcap, 0, dtp->dt_strtabcap);
		dtp->dt_strtabcap *= 2;
		strhash_rebuild(dtp, stride);
	}
	off = dtp->dt_strtablen;
	memcpy(dtp->dt_strtab + off, s, n);
	dtp->dt_strtablen += stride;
	*dt_hash_slot(&dtp->dt_strhash, dtp->dt_strtab + off, n) = (void *)(uintptr_t)off;
	return off;
}

/* dtrace_close(): the string and format tables. */
void dt_strtab_fini(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->dt_nformats; i++)
		free(dtp->dt_formats[i].fm_str);
	free(dtp->dt_formats);
	free(dtp->dt_strtab);
	dt_hash_fini(&dtp->dt_strhash);
}
