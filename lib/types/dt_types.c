/*
 * dt_types.c -- D's type model: interning, names, the built-in types.
 *
 * Every type exists once.  Basic types and named types (typedefs, `struct
 * x`, `enum y`, D's and the kernel's) are found by name in one hash table;
 * derived types hang off the type they derive from (its pointer type, its
 * array types), so `struct file *` written twice is one dt_type_t.  Kernel
 * types come from BTF (types/dt_btf.c), which is opened only when a script
 * names a type that is neither built in nor declared in D: `BEGIN {
 * exit(0); }` never reads it, and a script pays for the types it names.
 */
#include "dt_types.h"

#include <ctype.h>
#include <linux/btf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Enumerators declared in D: name to value and enum type. */
typedef struct dt_denum {
	const char *dd_name;
	int64_t dd_val;
	dt_type_t *dd_type;
} dt_denum_t;

/* A type declared in D or in a header -C includes, in declaration order. */
typedef struct dt_tdecl {
	dt_type_t *td_type;
	bool td_cdefs;			/* declared in an #include'd file: illumos' "C" container */
	struct dt_tdecl *td_next;
} dt_tdecl_t;

/* The handle's (dt_typestate); it and all types are in the handle's arena. */
struct dt_typestate {
	dt_hash_t ts_names;		/* named types by name (a later one shadows) */
	dt_tdecl_t *ts_decls, **ts_decltail; /* declared types, for -x ctypes/dtypes */
	bool ts_cscope;			/* declarations now come from an #include'd file */
	dt_hash_t ts_enums;		/* D enumerators by name (dt_denum_t) */
	struct dt_btfobj *ts_btf;	/* BTF objects opened, vmlinux first (types/dt_btf.c) */
	bool ts_allmods;		/* every module's BTF opened */
};

static struct dt_typestate *ts(dtrace_hdl_t *dtp)
{
	if (dtp->dt_typestate == NULL)
		dtp->dt_typestate = dt_arena_zalloc(&dtp->dt_arena, sizeof(struct dt_typestate));
	return dtp->dt_typestate;
}

/* The list of opened BTF objects, and whether all modules are among them. */
struct dt_btfobj **dt_type_btfobjs(dtrace_hdl_t *dtp, bool **allmods)
{
	if (allmods != NULL)
		*allmods = &ts(dtp)->ts_allmods;
	return &ts(dtp)->ts_btf;
}

/*
 * Declarations are noted in order, each in the container illumos would
 * put it in: "C" for an #include'd header's (the lexer says when cpp's
 * line markers enter and leave one), "D" for the D library's and the
 * program's.  -x ctypes and -x dtypes write them (types/dt_btfout.c).
 */
void dt_type_cscope(dtrace_hdl_t *dtp, bool in_header)
{
	ts(dtp)->ts_cscope = in_header;
}

void dt_type_note_decl(dtrace_hdl_t *dtp, dt_type_t *t)
{
	struct dt_typestate *s = ts(dtp);
	dt_tdecl_t *td = dt_arena_zalloc(&dtp->dt_arena, sizeof(*td));

	td->td_type = t;
	td->td_cdefs = s->ts_cscope;
	if (s->ts_decltail == NULL)
		s->ts_decltail = &s->ts_decls;
	*s->ts_decltail = td;
	s->ts_decltail = &td->td_next;
}

/* The i-th declared type of a container (cdefs: "C", else "D"), or NULL after the last. */
dt_type_t *dt_type_decl_at(dtrace_hdl_t *dtp, bool cdefs, int i)
{
	for (dt_tdecl_t *td = ts(dtp)->ts_decls; td != NULL; td = td->td_next)
		if (td->td_cdefs == cdefs && i-- == 0)
			return td->td_type;
	return NULL;
}

dt_type_t *dt_type_named(dtrace_hdl_t *dtp, const char *name)
{
	return dt_hash_findstr(&ts(dtp)->ts_names, name);
}

void dt_type_name_add(dtrace_hdl_t *dtp, const char *name, dt_type_t *t)
{
	void **slot = dt_hash_slotstr(&ts(dtp)->ts_names, dt_arena_strdup(&dtp->dt_arena, name));

	*slot = t;
}

static dt_type_t *type_new(dtrace_hdl_t *dtp, dt_tkind_t kind, int size, const char *name)
{
	dt_type_t *t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t));

	t->dt_kind = kind;
	t->dt_size = size;
	t->dt_align = size > 8 ? 8 : (size ? size : 1);
	t->dt_name = name;
	t->dt_resolved = true;
	t->dt_canon = t;
	return t;
}

/* A basic type, by its name: made once. */
static dt_type_t *type_cached(dtrace_hdl_t *dtp, dt_tkind_t kind, int size, bool sgn,
			      const char *name)
{
	dt_type_t *t = dt_type_named(dtp, name);

	if (t != NULL)
		return t;
	t = type_new(dtp, kind, size, dt_arena_strdup(&dtp->dt_arena, name));
	t->dt_signed = sgn;
	dt_type_name_add(dtp, name, t);
	return t;
}

dt_type_t *dt_type_int(dtrace_hdl_t *dtp, int size, bool sgn)
{
	static const char *const names[2][9] = {
		{ 0, "unsigned char", "unsigned short", 0, "unsigned int", 0, 0, 0, "uint64_t" },
		{ 0, "char", "short", 0, "int", 0, 0, 0, "int64_t" },
	};

	if (size != 1 && size != 2 && size != 4)
		size = 8;
	return type_cached(dtp, DT_TK_INT, size, sgn, names[sgn][size]);
}

dt_type_t *dt_type_named_int(dtrace_hdl_t *dtp, const char *name, int size, bool sgn)
{
	return type_cached(dtp, DT_TK_INT, size, sgn, name);
}

dt_type_t *dt_type_float(dtrace_hdl_t *dtp, int size)
{
	return type_cached(dtp, DT_TK_FLOAT, size, true,
			   size == 4 ? "float" : size == 8 ? "double" : "long double");
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

static dt_type_t *ptr_new(dtrace_hdl_t *dtp, dt_type_t *base, bool user)
{
	char buf[256];
	dt_type_t *t;

	if (base->dt_kind == DT_TK_FUNC)
		snprintf(buf, sizeof(buf), "%s", base->dt_name); /* "int (*)()" */
	else
		snprintf(buf, sizeof(buf), "%s%s*", base->dt_name,
			 base->dt_kind == DT_TK_PTR ? "" : " ");
	t = type_new(dtp, DT_TK_PTR, 8, dt_arena_strdup(&dtp->dt_arena, buf));
	t->dt_base = base;
	t->dt_user = user;
	return t;
}

dt_type_t *dt_type_ptr(dtrace_hdl_t *dtp, dt_type_t *base)
{
	if (base->dt_ptrto == NULL)
		base->dt_ptrto = ptr_new(dtp, base, false);
	return base->dt_ptrto;
}

/* A pointer the kernel gives as a user-space address: read with copyin(). */
dt_type_t *dt_type_userptr(dtrace_hdl_t *dtp, dt_type_t *base)
{
	if (base->dt_uptrto == NULL)
		base->dt_uptrto = ptr_new(dtp, base, true);
	return base->dt_uptrto;
}

dt_type_t *dt_type_array(dtrace_hdl_t *dtp, dt_type_t *base, int n)
{
	char buf[256];
	dt_type_t *t;

	for (t = base->dt_arrays; t; t = t->dt_anext)
		if (t->dt_nelems == n)
			return t;
	snprintf(buf, sizeof(buf), "%s [%d]", base->dt_name, n);
	t = type_new(dtp, DT_TK_ARRAY, base->dt_size * n, dt_arena_strdup(&dtp->dt_arena, buf));
	t->dt_base = base;
	t->dt_nelems = n;
	t->dt_align = base->dt_align;
	t->dt_anext = base->dt_arrays;
	base->dt_arrays = t;
	return t;
}

/*
 * A typedef: the named type's kind, size and layout under its own name.
 * Its members, enumerators and derived types are those of dt_canon.
 */
dt_type_t *dt_type_typedef(dtrace_hdl_t *dtp, const char *name, dt_type_t *of)
{
	dt_type_t *t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t));

	*t = *of->dt_canon;
	t->dt_name = dt_arena_strdup(&dtp->dt_arena, name);
	t->dt_canon = of->dt_canon;
	t->dt_ptrto = t->dt_uptrto = t->dt_arrays = t->dt_anext = NULL;
	return t;
}

bool dt_type_same(const dt_type_t *a, const dt_type_t *b)
{
	while (a != NULL && b != NULL) {
		a = a->dt_canon;
		b = b->dt_canon;
		if (a == b)
			return true;
		if (a->dt_kind != b->dt_kind)
			return false;
		switch (a->dt_kind) {
		case DT_TK_INT:
			/* int and a BTF `int` are one type; enums are distinct */
			return !a->dt_isenum && !b->dt_isenum && a->dt_size == b->dt_size &&
			       a->dt_signed == b->dt_signed;
		case DT_TK_FLOAT:
			return a->dt_size == b->dt_size;
		case DT_TK_PTR:
			break;
		case DT_TK_ARRAY:
			if (a->dt_nelems != b->dt_nelems)
				return false;
			break;
		case DT_TK_STRUCT:
		case DT_TK_UNION:
			/* the same tag from two BTF objects (module split BTF) */
			return !strcmp(a->dt_name, b->dt_name) && a->dt_size == b->dt_size;
		default:
			return true;
		}
		a = a->dt_base;
		b = b->dt_base;
	}
	return a == b;
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
	{ "long", 8, true },	   { "unsigned long", 8, false }, { "long long", 8, true },
	{ "unsigned long long", 8, false }, { "signed char", 1, true },
};

/* The i-th built-in integer type name, or NULL after the last. */
const char *dt_type_builtin_int(int i)
{
	return i < (int)(sizeof(dt_inttab) / sizeof(dt_inttab[0])) ? dt_inttab[i].name : NULL;
}

/* A built-in or D-declared type name; never opens BTF. */
dt_type_t *dt_type_lookup_builtin(dtrace_hdl_t *dtp, const char *name)
{
	dt_type_t *t;

	if (!strcmp(name, "string"))
		return dt_type_string(dtp);
	if ((t = dt_type_named(dtp, name)) != NULL)
		return t;
	for (size_t i = 0; i < sizeof(dt_inttab) / sizeof(dt_inttab[0]); i++)
		if (!strcmp(name, dt_inttab[i].name))
			return dt_type_named_int(dtp, dt_inttab[i].name, dt_inttab[i].size, dt_inttab[i].sgn);
	if (!strcmp(name, "float") || !strcmp(name, "double"))
		return dt_type_float(dtp, name[0] == 'f' ? 4 : 8);
	return NULL;
}

/* A type name: built in, declared in D, or a kernel typedef (BTF). */
dt_type_t *dt_type_lookup(dtrace_hdl_t *dtp, const char *name)
{
	dt_type_t *t = dt_type_lookup_builtin(dtp, name);
	const char *bq;

	if (t != NULL)
		return t;
	if ((bq = strchr(name, '`')) != NULL) {
		char *scope = dt_strndup(name, (size_t)(bq - name));

		t = dt_type_scoped(dtp, scope, bq + 1);
		free(scope);
		return t;
	}
	return dt_type_scoped(dtp, NULL, name);
}

/*
 * A typedef name in a BTF object (module `scope`, or vmlinux then the
 * modules), remembered under its name.
 */
dt_type_t *dt_type_scoped(dtrace_hdl_t *dtp, const char *scope, const char *name)
{
	char key[256];
	dt_type_t *t;

	if (scope != NULL) {
		dt_btfobj_t *bo = dt_btf_obj(dtp, scope);

		snprintf(key, sizeof(key), "%s`%s", scope, name);
		if ((t = dt_type_named(dtp, key)) != NULL)
			return t;
		if (bo == NULL)
			return NULL;
		if ((t = dt_type_lookup_builtin(dtp, name)) == NULL &&
		    (t = dt_btf_lookup(dtp, bo, name, BTF_KIND_TYPEDEF)) == NULL)
			return NULL;
		dt_type_name_add(dtp, key, t);
		return t;
	}
	if ((t = dt_btf_lookup(dtp, NULL, name, BTF_KIND_TYPEDEF)) != NULL)
		dt_type_name_add(dtp, name, t);
	return t;
}

/* `struct tag`, `union tag`, `enum tag`: D's, then the kernel's. */
dt_type_t *dt_type_tagged(dtrace_hdl_t *dtp, const char *scope, const char *kw,
			  const char *tag)
{
	int kind = !strcmp(kw, "struct") ? BTF_KIND_STRUCT :
		   !strcmp(kw, "union") ? BTF_KIND_UNION : BTF_KIND_ENUM;
	char key[256];
	dt_type_t *t;

	if (scope != NULL)
		snprintf(key, sizeof(key), "%s`%s %s", scope, kw, tag);
	else
		snprintf(key, sizeof(key), "%s %s", kw, tag);
	if ((t = dt_type_named(dtp, key)) != NULL)
		return t;
	if (scope != NULL && strcmp(scope, "D") == 0)
		return NULL;
	if (scope != NULL) {
		dt_btfobj_t *bo = dt_btf_obj(dtp, scope);

		t = bo != NULL ? dt_btf_lookup(dtp, bo, tag, kind) : NULL;
	} else {
		t = dt_btf_lookup(dtp, NULL, tag, kind);
	}
	if (t != NULL)
		dt_type_name_add(dtp, key, t);
	return t;
}

dt_type_t *dt_type_struct(dtrace_hdl_t *dtp, const char *tag, bool is_union)
{
	return dt_type_tagged(dtp, NULL, is_union ? "union" : "struct", tag);
}

/* An enumerator usable as a constant: D's enums, then the kernel's. */
bool dt_type_enumer(dtrace_hdl_t *dtp, const char *name, int64_t *vp, dt_type_t **tp)
{
	dt_denum_t *dd = dt_hash_findstr(&ts(dtp)->ts_enums, name);

	if (dd != NULL) {
		*vp = dd->dd_val;
		*tp = dd->dd_type;
		return true;
	}
	return dt_btf_enumer(dtp, name, vp, tp);
}

/* Remember a D enumerator (types/dt_decl.c). */
int dt_decl_enumer(dtrace_hdl_t *dtp, dt_type_t *t, const char *name, int64_t v)
{
	dt_denum_t *dd;
	dt_enumer_t *de, **tail;
	void **slot;

	if (dt_hash_findstr(&ts(dtp)->ts_enums, name) != NULL)
		return -1;
	dd = dt_arena_zalloc(&dtp->dt_arena, sizeof(*dd));
	dd->dd_name = dt_arena_strdup(&dtp->dt_arena, name);
	dd->dd_val = v;
	dd->dd_type = t;
	slot = dt_hash_slotstr(&ts(dtp)->ts_enums, dd->dd_name);
	*slot = dd;
	de = dt_arena_zalloc(&dtp->dt_arena, sizeof(*de));
	de->de_name = dd->dd_name;
	de->de_val = v;
	for (tail = &t->dt_enums; *tail; tail = &(*tail)->de_next)
		;
	*tail = de;
	return 0;
}

/* Resolve the members of a struct/union from BTF. */
int dt_type_resolve(dtrace_hdl_t *dtp, dt_type_t *t)
{
	t = t->dt_canon;
	if (t->dt_resolved)
		return 0;
	return dt_btf_members(dtp, t);
}

/* Find a member, looking into anonymous struct/union members too. */
dt_member_t *dt_type_member(dtrace_hdl_t *dtp, dt_type_t *t, const char *name)
{
	t = t->dt_canon;
	if (dt_type_resolve(dtp, t) != 0)
		return NULL;
	for (dt_member_t *dm = t->dt_members; dm; dm = dm->dm_next) {
		if (dm->dm_name && !strcmp(dm->dm_name, name))
			return dm;
		if ((dm->dm_name == NULL || dm->dm_name[0] == '\0') &&
		    (dm->dm_type->dt_kind == DT_TK_STRUCT || dm->dm_type->dt_kind == DT_TK_UNION)) {
			dt_member_t *in = dt_type_member(dtp, dm->dm_type, name);

			if (in != NULL) {
				dt_member_t *copy = dt_arena_zalloc(&dtp->dt_arena, sizeof(*copy));

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
			t = dt_type_lookup_builtin(dtp, words[i]);
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

void dt_type_fini(dtrace_hdl_t *dtp)
{
	dt_btf_fini(dtp);
	if (dtp->dt_typestate != NULL) { /* the rest is in the handle's arena */
		dt_hash_fini(&dtp->dt_typestate->ts_names);
		dt_hash_fini(&dtp->dt_typestate->ts_enums);
	}
}
