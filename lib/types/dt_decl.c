/*
 * dt_decl.c -- types declared in D: struct, union and enum definitions and
 * typedefs, laid out as the C compiler lays out the kernel's (natural
 * alignment, bitfields packed into units of their declared type).
 *
 * The parser (front/dt_decl.c) calls these as it reads a declaration; the
 * D library and translators use the same calls.  D's names shadow the
 * kernel's: `struct s` declared in D is found before any BTF `struct s`.
 */
#include "dt_types.h"

#include <stdio.h>
#include <string.h>

/*
 * Begin a struct or union definition (or a forward declaration).  Returns
 * the type to add members to, or NULL if the tag is already defined.
 */
dt_type_t *dt_decl_sou(dtrace_hdl_t *dtp, const char *tag, bool is_union)
{
	char key[256];
	dt_type_t *t;

	snprintf(key, sizeof(key), "%s %s", is_union ? "union" : "struct", tag ? tag : "(anon)");
	if (tag != NULL && (t = dt_type_named(dtp, key)) != NULL)
		return t;
	t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t));
	t->dt_kind = is_union ? DT_TK_UNION : DT_TK_STRUCT;
	t->dt_name = dt_arena_strdup(&dtp->dt_arena, key);
	t->dt_canon = t;
	t->dt_fwd = true;
	t->dt_resolved = true;
	t->dt_align = 1;
	if (tag != NULL)
		dt_type_name_add(dtp, key, t);
	dt_type_note_decl(dtp, t);
	return t;
}

static int align_of(const dt_type_t *t)
{
	t = t->dt_canon;
	if (t->dt_kind == DT_TK_ARRAY)
		return align_of(t->dt_base);
	return t->dt_align > 0 ? t->dt_align : 1;
}

/*
 * Add a member (bits > 0: a bitfield of that width).  The layout cursor,
 * in bits, is kept in dt_nelems until dt_decl_sou_end().
 * Returns -1 for a duplicate name.
 */
int dt_decl_member(dtrace_hdl_t *dtp, dt_type_t *t, const char *name, dt_type_t *mt,
		   int bits)
{
	dt_member_t *dm, **tail;
	int al = align_of(mt), unit = mt->dt_size * 8, off;

	for (tail = &t->dt_members; *tail; tail = &(*tail)->dm_next)
		if (name != NULL && (*tail)->dm_name != NULL && !strcmp((*tail)->dm_name, name))
			return -1;
	if (name != NULL && dt_type_member(dtp, t, name) != NULL)
		return -1;
	dm = dt_arena_zalloc(&dtp->dt_arena, sizeof(*dm));
	dm->dm_name = name ? dt_arena_strdup(&dtp->dt_arena, name) : "";
	dm->dm_type = mt;
	if (t->dt_kind == DT_TK_UNION) {
		off = 0;
		if (bits > 0) {
			dm->dm_bits = bits;
			dm->dm_bitoff = 0;
		}
		if (mt->dt_size > t->dt_size)
			t->dt_size = mt->dt_size;
	} else if (bits > 0) {
		int pos = t->dt_nelems;

		/* a bitfield that would straddle a unit of its type starts the next one */
		if (pos / unit != (pos + bits - 1) / unit)
			pos = (pos + unit - 1) / unit * unit;
		dm->dm_bits = bits;
		off = pos / 8;
		dm->dm_bitoff = pos % 8;
		t->dt_nelems = pos + bits;
	} else {
		int pos = (t->dt_nelems + 7) / 8;

		off = (pos + al - 1) / al * al;
		t->dt_nelems = (off + mt->dt_size) * 8;
	}
	dm->dm_off = off;
	if (al > t->dt_align)
		t->dt_align = al;
	*tail = dm;
	return 0;
}

/* End a definition: the size, rounded up to the alignment. */
void dt_decl_sou_end(dtrace_hdl_t *dtp, dt_type_t *t)
{
	int size;

	(void)dtp;
	if (t->dt_kind == DT_TK_STRUCT)
		size = (t->dt_nelems + 7) / 8;
	else
		size = t->dt_size;
	t->dt_size = (size + t->dt_align - 1) / t->dt_align * t->dt_align;
	t->dt_nelems = 0;
	t->dt_fwd = false;
}

/* Begin an enum definition: an int-sized integer type with enumerators. */
dt_type_t *dt_decl_enum(dtrace_hdl_t *dtp, const char *tag)
{
	char key[256];
	dt_type_t *t;

	snprintf(key, sizeof(key), "enum %s", tag ? tag : "(anon)");
	if (tag != NULL && (t = dt_type_named(dtp, key)) != NULL)
		return t;
	t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t));
	t->dt_kind = DT_TK_INT;
	t->dt_isenum = true;
	t->dt_size = 4;
	t->dt_align = 4;
	t->dt_signed = true;
	t->dt_name = dt_arena_strdup(&dtp->dt_arena, key);
	t->dt_canon = t;
	t->dt_resolved = true;
	t->dt_fwd = true;
	if (tag != NULL)
		dt_type_name_add(dtp, key, t);
	dt_type_note_decl(dtp, t);
	return t;
}

void dt_decl_enum_end(dtrace_hdl_t *dtp, dt_type_t *t)
{
	(void)dtp;
	t->dt_fwd = false;
}

/* typedef t name; -1 if the name is taken. */
int dt_decl_typedef(dtrace_hdl_t *dtp, const char *name, dt_type_t *t)
{
	if (dt_type_lookup_builtin(dtp, name) != NULL)
		return -1;
	dt_type_t *td = dt_type_typedef(dtp, name, t);

	dt_type_name_add(dtp, name, td);
	dt_type_note_decl(dtp, td);
	return 0;
}
