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
 * strings are stored once, found through a hash of their offsets (a script
 * naming thousands of probes adds thousands of names).
 */
static uint32_t strhash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* The hash slot for the n bytes at s: the one holding them, or an empty one. */
static int *strhash_slot(dtrace_hdl_t *dtp, const char *s, size_t n)
{
	uint32_t mask = (uint32_t)dtp->dt_strhashcap - 1, i = strhash(s, n) & mask;

	for (;; i = (i + 1) & mask) {
		int off = dtp->dt_strhash[i];

		if (off == 0 || (!strncmp(dtp->dt_strtab + off, s, n) && dtp->dt_strtab[off + n] == '\0'))
			return &dtp->dt_strhash[i];
	}
}

/* Keep the hash at most half full: rebuild it twice as big. */
static void strhash_grow(dtrace_hdl_t *dtp, int stride)
{
	free(dtp->dt_strhash);
	dtp->dt_strhashcap = dtp->dt_strhashcap ? dtp->dt_strhashcap * 2 : 256;
	dtp->dt_strhash = dt_zalloc(sizeof(int) * (size_t)dtp->dt_strhashcap);
	for (int off = stride; off < dtp->dt_strtablen; off += stride) {
		const char *t = dtp->dt_strtab + off;

		*strhash_slot(dtp, t, strlen(t)) = off;
	}
}

int dt_strtab_add(dtrace_hdl_t *dtp, const char *s)
{
	int strsize = DT_STRSIZE(dtp);
	int stride = (strsize + 7) & ~7; /* whole words: see str_compare() */
	size_t len = strlen(s), n = len < (size_t)strsize - 1 ? len : (size_t)strsize - 1;
	int off, *slot;

	if (dtp->dt_strtablen == 0) {
		dtp->dt_strtabcap = stride * 16;
		dtp->dt_strtab = dt_zalloc(dtp->dt_strtabcap);
		dtp->dt_strtablen = stride;
	}
	if ((dtp->dt_strtablen / stride) * 2 >= dtp->dt_strhashcap)
		strhash_grow(dtp, stride);
	slot = strhash_slot(dtp, s, n);
	if (*slot != 0)
		return *slot;
	if (dtp->dt_strtablen + stride > dtp->dt_strtabcap) {
		dtp->dt_strtab = dt_realloc(dtp->dt_strtab, dtp->dt_strtabcap * 2);
		memset(dtp->dt_strtab + dtp->dt_strtabcap, 0, dtp->dt_strtabcap);
		dtp->dt_strtabcap *= 2;
	}
	off = dtp->dt_strtablen;
	memcpy(dtp->dt_strtab + off, s, n);
	dtp->dt_strtablen += stride;
	*slot = off;
	return off;
}
