/*
 * dt_types.c -- D's type model: C integer types, pointers, strings, and the
 * kernel's structs and unions from vmlinux BTF.
 *
 * Built-in names are a table.  BTF is loaded lazily, the first time a
 * program names a struct, union or typedef that is not built in, because
 * parsing it costs tens of milliseconds that a simple one-liner should not
 * pay.  Struct members are resolved on first use.
 */
#include "../dt_impl.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static dt_type_t *type_new(dt_tkind_t kind, int size, const char *name)
{
	dt_type_t *t = dt_zalloc(sizeof(*t));

	t->dt_kind = kind;
	t->dt_size = size;
	t->dt_align = size > 8 ? 8 : (size ? size : 1);
	t->dt_name = name;
	t->dt_resolved = true;
	return t;
}

/* Cached canonical types live in the handle's small cache, by name. */
static dt_type_t *type_cached(dtrace_hdl_t *dtp, dt_tkind_t kind, int size, bool sgn,
			      const char *name)
{
	for (int i = 0; i < dtp->dt_ntypecache; i++) {
		dt_type_t *t = dtp->dt_typecache[i];

		if (!strcmp(t->dt_name, name))
			return t;
	}
	dt_type_t *t = type_new(kind, size, name);

	t->dt_signed = sgn;
	if (dtp->dt_ntypecache < (int)(sizeof(dtp->dt_typecache) / sizeof(dtp->dt_typecache[0])))
		dtp->dt_typecache[dtp->dt_ntypecache++] = t;
	return t;
}

dt_type_t *dt_type_int(dtrace_hdl_t *dtp, int size, bool sgn)
{
	static const char *const names[2][9] = {
		{ 0, "unsigned char", "unsigned short", 0, "unsigned int", 0, 0, 0, "uint64_t" },
		{ 0, "char", "short", 0, "int", 0, 0, 0, "int64_t" },
	};

	return type_cached(dtp, DT_TK_INT, size, sgn, names[sgn][size]);
}

dt_type_t *dt_type_named_int(dtrace_hdl_t *dtp, const char *name, int size, bool sgn)
{
	return type_cached(dtp, DT_TK_INT, size, sgn, name);
}

dt_type_t *dt_type_string(dtrace_hdl_t *dtp)
{
	dt_type_t *t = type_cached(dtp, DT_TK_STRING, 0, false, "string");

	t->dt_size = (int)dtp->dt_options[DTOPT_STRSIZE];
	return t;
}

dt_type_t *dt_type_void(dtrace_hdl_t *dtp)
{
	return type_cached(dtp, DT_TK_VOID, 0, false, "void");
}

dt_type_t *dt_type_ptr(dtrace_hdl_t *dtp, dt_type_t *base)
{
	char buf[128];
	dt_type_t *t;

	(void)dtp;
	snprintf(buf, sizeof(buf), "%s%s*", base->dt_name,
		 base->dt_kind == DT_TK_PTR ? "" : " ");
	t = type_new(DT_TK_PTR, 8, dt_strdup(buf));
	t->dt_base = base;
	return t;
}

dt_type_t *dt_type_array(dtrace_hdl_t *dtp, dt_type_t *base, int n)
{
	char buf[128];
	dt_type_t *t;

	(void)dtp;
	snprintf(buf, sizeof(buf), "%s [%d]", base->dt_name, n);
	t = type_new(DT_TK_ARRAY, base->dt_size * n, dt_strdup(buf));
	t->dt_base = base;
	t->dt_nelems = n;
	t->dt_align = base->dt_align;
	return t;
}

/* Built-in integer type names (C's and DTrace's typedefs). */
static const struct {
	const char *name;
	int size;
	bool sgn;
} dt_inttab[] = {
	{ "int8_t", 1, true },	   { "int16_t", 2, true },     { "int32_t", 4, true },
	{ "int64_t", 8, true },	   { "uint8_t", 1, false },    { "uint16_t", 2, false },
	{ "uint32_t", 4, false },  { "uint64_t", 8, false },   { "intptr_t", 8, true },
	{ "uintptr_t", 8, false }, { "size_t", 8, false },     { "ssize_t", 8, true },
	{ "off_t", 8, true },	   { "loff_t", 8, true },      { "pid_t", 4, true },
	{ "tid_t", 4, true },	   { "id_t", 4, true },	       { "uid_t", 4, false },
	{ "gid_t", 4, false },	   { "processorid_t", 4, true }, { "hrtime_t", 8, true },
	{ "time_t", 8, true },	   { "mode_t", 4, false },     { "umode_t", 2, false },
	{ "dev_t", 4, false },	   { "ino_t", 8, false },      { "caddr_t", 8, false },
	{ "uint_t", 4, false },	   { "uchar_t", 1, false },    { "ushort_t", 2, false },
	{ "ulong_t", 8, false },   { "u8", 1, false },	       { "u16", 2, false },
	{ "u32", 4, false },	   { "u64", 8, false },	       { "s8", 1, true },
	{ "s16", 2, true },	   { "s32", 4, true },	       { "s64", 8, true },
	{ "__u8", 1, false },	   { "__u16", 2, false },      { "__u32", 4, false },
	{ "__u64", 8, false },	   { "__s32", 4, true },       { "__s64", 8, true },
	{ "bool", 1, false },	   { "_Bool", 1, false },      { "key_t", 4, true },
	{ "clockid_t", 4, true },  { "timer_t", 4, true },     { "qid_t", 4, false },
	{ "rwf_t", 4, true },	   { "key_serial_t", 4, true }, { "aio_context_t", 8, false },
	{ "mqd_t", 4, true },	   { "cap_user_header_t", 8, false },
	{ "cap_user_data_t", 8, false }, { "__kernel_old_time_t", 8, true },
};

dt_type_t *dt_type_lookup(dtrace_hdl_t *dtp, const char *name)
{
	if (!strcmp(name, "string"))
		return dt_type_string(dtp);
	for (size_t i = 0; i < sizeof(dt_inttab) / sizeof(dt_inttab[0]); i++)
		if (!strcmp(name, dt_inttab[i].name))
			return dt_type_named_int(dtp, dt_inttab[i].name, dt_inttab[i].size, dt_inttab[i].sgn);
	return NULL;
}

/* ------------------------------------------------------------ BTF */

static struct btf *dt_btf(dtrace_hdl_t *dtp)
{
	return dt_type_kbtf(dtp);
}

/* The kernel's (vmlinux) BTF, loaded once; NULL if it has none. */
struct btf *dt_type_kbtf(dtrace_hdl_t *dtp)
{
	if (dtp->dt_btf == NULL)
		dtp->dt_btf = btf__load_vmlinux_btf();
	if (dtp->dt_btf == NULL || libbpf_get_error(dtp->dt_btf)) {
		dtp->dt_btf = NULL;
		return NULL;
	}
	return dtp->dt_btf;
}

static dt_type_t *dt_type_from_btf(dtrace_hdl_t *dtp, int id, int depth);

dt_type_t *dt_type_struct(dtrace_hdl_t *dtp, const char *tag, bool is_union)
{
	struct btf *btf = dt_btf(dtp);
	char buf[128];
	int id;
	dt_type_t *t;

	if (btf == NULL)
		return NULL;
	id = btf__find_by_name_kind(btf, tag, is_union ? BTF_KIND_UNION : BTF_KIND_STRUCT);
	if (id <= 0)
		return NULL;
	snprintf(buf, sizeof(buf), "%s %s", is_union ? "union" : "struct", tag);
	t = type_new(is_union ? DT_TK_UNION : DT_TK_STRUCT, 0, dt_strdup(buf));
	t->dt_btfid = id;
	t->dt_size = (int)btf__resolve_size(btf, id);
	t->dt_align = 8;
	t->dt_resolved = false;
	return t;
}

static dt_type_t *dt_type_from_btf(dtrace_hdl_t *dtp, int id, int depth)
{
	struct btf *btf = dt_btf(dtp);
	const struct btf_type *bt;
	char buf[160];

	if (btf == NULL || depth > 16)
		return dt_type_int(dtp, 8, false);
	if (id == 0)
		return dt_type_void(dtp);
	bt = btf__type_by_id(btf, id);
	switch (btf_kind(bt)) {
	case BTF_KIND_INT: {
		int sz = bt->size;
		bool sgn = btf_int_encoding(bt) & BTF_INT_SIGNED;

		if (btf_int_encoding(bt) & BTF_INT_CHAR || !strcmp(btf__name_by_offset(btf, bt->name_off), "char"))
			return dt_type_int(dtp, 1, true);
		return dt_type_int(dtp, sz > 8 ? 8 : sz, sgn);
	}
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return dt_type_int(dtp, bt->size, true);
	case BTF_KIND_PTR:
		return dt_type_ptr(dtp, dt_type_from_btf(dtp, bt->type, depth + 1));
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(bt);

		return dt_type_array(dtp, dt_type_from_btf(dtp, a->type, depth + 1),
				     (int)a->nelems);
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		dt_type_t *t;
		const char *n = btf__name_by_offset(btf, bt->name_off);

		snprintf(buf, sizeof(buf), "%s %s", btf_is_union(bt) ? "union" : "struct",
			 n && *n ? n : "(anon)");
		t = type_new(btf_is_union(bt) ? DT_TK_UNION : DT_TK_STRUCT, bt->size,
			     dt_strdup(buf));
		t->dt_btfid = id;
		t->dt_align = 8;
		t->dt_resolved = false;
		return t;
	}
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return dt_type_from_btf(dtp, bt->type, depth + 1);
	case BTF_KIND_FUNC_PROTO:
		return type_new(DT_TK_FUNC, 1, "function");
	default:
		return dt_type_int(dtp, 8, false);
	}
}

/* The D type of vmlinux BTF type id. */
dt_type_t *dt_type_btf(dtrace_hdl_t *dtp, int id)
{
	return dt_type_from_btf(dtp, id, 0);
}

/* Resolve the members of a struct/union from BTF. */
int dt_type_resolve(dtrace_hdl_t *dtp, dt_type_t *t)
{
	struct btf *btf = dt_btf(dtp);
	const struct btf_type *bt;
	const struct btf_member *m;
	dt_member_t **tail = &t->dt_members;

	if (t->dt_resolved)
		return 0;
	if (btf == NULL)
		return -1;
	bt = btf__type_by_id(btf, t->dt_btfid);
	m = btf_members(bt);
	for (int i = 0; i < btf_vlen(bt); i++, m++) {
		dt_member_t *dm = dt_zalloc(sizeof(*dm));
		uint32_t bitoff = btf_member_bit_offset(bt, i);

		dm->dm_name = btf__name_by_offset(btf, m->name_off);
		dm->dm_type = dt_type_from_btf(dtp, m->type, 0);
		dm->dm_bits = btf_member_bitfield_size(bt, i);
		dm->dm_off = bitoff / 8;
		dm->dm_bitoff = bitoff % 8;
		*tail = dm;
		tail = &dm->dm_next;
	}
	t->dt_resolved = true;
	return 0;
}

/* Find a member, looking into anonymous struct/union members too. */
dt_member_t *dt_type_member(dtrace_hdl_t *dtp, dt_type_t *t, const char *name)
{
	if (dt_type_resolve(dtp, t) != 0)
		return NULL;
	for (dt_member_t *dm = t->dt_members; dm; dm = dm->dm_next) {
		if (dm->dm_name && !strcmp(dm->dm_name, name))
			return dm;
		if ((dm->dm_name == NULL || dm->dm_name[0] == '\0') &&
		    (dm->dm_type->dt_kind == DT_TK_STRUCT || dm->dm_type->dt_kind == DT_TK_UNION)) {
			dt_member_t *in = dt_type_member(dtp, dm->dm_type, name);

			if (in != NULL) {
				dt_member_t *copy = dt_zalloc(sizeof(*copy));

				*copy = *in;
				copy->dm_off += dm->dm_off;
				return copy;
			}
		}
	}
	return NULL;
}

/*
 * Parse a C declaration type as tracefs formats write them:
 * "const char *", "unsigned int", "struct stat *", "size_t".
 */
dt_type_t *dt_type_parse(dtrace_hdl_t *dtp, const char *decl)
{
	char buf[128], *words[8];
	int nw = 0, nptr = 0, nlong = 0;
	bool uns = false, is_struct = false, is_union = false;
	dt_type_t *t = NULL;
	char *save = NULL;

	snprintf(buf, sizeof(buf), "%s", decl);
	for (char *p = buf; *p; p++)
		if (*p == '*') {
			nptr++;
			*p = ' ';
		}
	for (char *w = strtok_r(buf, " \t", &save); w && nw < 8; w = strtok_r(NULL, " \t", &save))
		if (strcmp(w, "const") && strcmp(w, "volatile") && strcmp(w, "__user"))
			words[nw++] = w;
	for (int i = 0; i < nw && t == NULL; i++) {
		if (!strcmp(words[i], "unsigned"))
			uns = true;
		else if (!strcmp(words[i], "signed"))
			;
		else if (!strcmp(words[i], "long"))
			nlong++;
		else if (!strcmp(words[i], "struct"))
			is_struct = true;
		else if (!strcmp(words[i], "union"))
			is_union = true;
		else if (is_struct || is_union)
			t = dt_type_struct(dtp, words[i], is_union);
		else if (!strcmp(words[i], "char"))
			t = dt_type_int(dtp, 1, !uns);
		else if (!strcmp(words[i], "short"))
			t = dt_type_int(dtp, 2, !uns);
		else if (!strcmp(words[i], "int"))
			t = dt_type_int(dtp, nlong ? 8 : 4, !uns);
		else if (!strcmp(words[i], "void"))
			t = dt_type_void(dtp);
		else
			t = dt_type_lookup(dtp, words[i]);
	}
	if (t == NULL) {
		if (nlong || uns)
			t = dt_type_int(dtp, nlong ? 8 : 4, !uns);
		else if (is_struct || is_union || nptr)
			t = dt_type_void(dtp);
		else
			t = dt_type_int(dtp, 8, true);
	}
	while (nptr-- > 0)
		t = dt_type_ptr(dtp, t);
	return t;
}

const char *dt_type_name(const dt_type_t *t, char *buf, size_t len)
{
	snprintf(buf, len, "%s", t ? t->dt_name : "(null)");
	return buf;
}

bool dt_type_is_int(const dt_type_t *t)
{
	return t != NULL && t->dt_kind == DT_TK_INT;
}

bool dt_type_is_arith(const dt_type_t *t)
{
	return dt_type_is_int(t);
}

bool dt_type_is_scalar(const dt_type_t *t)
{
	return t != NULL && (t->dt_kind == DT_TK_INT || t->dt_kind == DT_TK_PTR);
}

bool dt_type_is_string(const dt_type_t *t)
{
	return t != NULL && t->dt_kind == DT_TK_STRING;
}
