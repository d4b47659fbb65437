/*
 * dt_arena.c -- arenas: memory freed all at once, by its owner.
 *
 * Every allocation of libdtrace has one owner, which frees it:
 *
 *   the handle     dtrace_close() frees what lives as long as the handle:
 *                  its arena (dt_arena) holds the D library's sources,
 *                  tokens and trees, translators, identifiers and their key
 *                  types, and the type model (types/); tables that grow
 *                  (providers, probes, clauses, EPIDs, maps, rings, links,
 *                  aggregation state, symbol tables) are malloc'd and freed
 *                  by the fini function of the file that keeps them.
 *   a program      dtrace_program_destroy() (or a failed compile) frees its
 *                  arena (dp_arena): a copy of its source, its tokens and
 *                  their text, its trees, probe descriptions and clauses
 *                  (variants included), and the strings cook makes.  The
 *                  declarations a program makes (inline, translator) are
 *                  the handle's once made, for later programs see them: a
 *                  program that made one hands its arena to the handle
 *                  instead (dt_arena_adopt), as does an enabled program
 *                  (dtrace_program_exec()), whose clauses the handle runs.
 *
 * A compile allocates thousands of small objects (a token, a node, a
 * string) and frees none of them before the program goes: the arena takes
 * them from large chunks, zeroed, and frees the chunks.  A compile error
 * longjmps out of any depth of the parser without leaking, because nothing
 * the parser allocated needs to be found again: it is all in the arena.
 * Memory that grows by realloc() (a buffer being filled) is malloc'd and
 * handed over when complete (dt_arena_own).
 *
 * Built with AddressSanitizer, every object is its own malloc() block (and
 * a chunk of one), so that overflows and uses after the owner freed it are
 * still reported object by object.
 */
#include "dt_core.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define DT_ARENA_ONEBYONE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DT_ARENA_ONEBYONE 1
#endif
#endif

#define DT_ARENA_CHUNK (32 << 10) /* bytes of a chunk; larger objects get their own */
#define DT_ARENA_ALIGN 16

typedef struct dt_arena_chunk {
	struct dt_arena_chunk *ac_next;
	max_align_t ac_data[];
} dt_arena_chunk_t;

/* A malloc'd block the arena frees (dt_arena_own). */
typedef struct dt_arena_owned {
	void *ao_ptr;
	struct dt_arena_owned *ao_next;
} dt_arena_owned_t;

static void *chunk_new(dt_arena_t *ap, size_t size)
{
	dt_arena_chunk_t *c = dt_alloc_injected() ? NULL : malloc(sizeof(*c) + size);

	if (c == NULL)
		return NULL;
	c->ac_next = ap->da_chunks;
	ap->da_chunks = c;
	ap->da_bytes += size;
	return c->ac_data;
}

void *dt_arena_zalloc(dt_arena_t *ap, size_t n)
{
	char *p;

	n = (n + DT_ARENA_ALIGN - 1) & ~(size_t)(DT_ARENA_ALIGN - 1);
	if (n == 0)
		n = DT_ARENA_ALIGN;
#ifndef DT_ARENA_ONEBYONE
	if (n <= ap->da_left) {
		p = ap->da_cur;
		ap->da_cur += n;
		ap->da_left -= n;
		return memset(p, 0, n);
	}
	if (n <= DT_ARENA_CHUNK / 4) { /* a new chunk; the rest of the old one is lost */
		if ((p = chunk_new(ap, DT_ARENA_CHUNK)) == NULL)
			return dt_nomem();
		ap->da_cur = p + n;
		ap->da_left = DT_ARENA_CHUNK - n;
		return memset(p, 0, n);
	}
#endif
	/* big: its own chunk, linked behind the one being filled */
	if ((p = chunk_new(ap, n)) == NULL)
		return dt_nomem();
	return memset(p, 0, n);
}

char *dt_arena_strndup(dt_arena_t *ap, const char *s, size_t n)
{
	char *p = dt_arena_zalloc(ap, n + 1);

	if (p != NULL)
		memcpy(p, s, n);
	return p;
}

char *dt_arena_strdup(dt_arena_t *ap, const char *s)
{
	return dt_arena_strndup(ap, s, strlen(s));
}

void dt_arena_own(dt_arena_t *ap, void *p)
{
	dt_arena_owned_t *ao;

	if (p == NULL)
		return;
	/* its own block, so that out of memory here frees p before the trap */
	if ((ao = dt_alloc_injected() ? NULL : malloc(sizeof(*ao))) == NULL) {
		free(p);
		dt_nomem();
		return;
	}
	ao->ao_ptr = p;
	ao->ao_next = ap->da_owned;
	ap->da_owned = ao;
}

/* from's memory becomes to's (freed with it); from is left empty. */
void dt_arena_adopt(dt_arena_t *to, dt_arena_t *from)
{
	dt_arena_chunk_t **ct = &to->da_chunks;
	dt_arena_owned_t **ot = &to->da_owned;

	while (*ct != NULL) /* behind to's chunks: to's current chunk stays first */
		ct = &(*ct)->ac_next;
	*ct = from->da_chunks;
	while (*ot != NULL)
		ot = &(*ot)->ao_next;
	*ot = from->da_owned;
	to->da_bytes += from->da_bytes;
	memset(from, 0, sizeof(*from));
}

void dt_arena_free(dt_arena_t *ap)
{
	for (dt_arena_owned_t *ao = ap->da_owned, *next; ao != NULL; ao = next) {
		next = ao->ao_next;
		free(ao->ao_ptr);
		free(ao);
	}
	for (dt_arena_chunk_t *c = ap->da_chunks, *next; c != NULL; c = next) {
		next = c->ac_next;
		free(c);
	}
	memset(ap, 0, sizeof(*ap));
}
