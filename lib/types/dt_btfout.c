/*
 * dt_btfout.c -- -x ctypes=FILE and -x dtypes=FILE: the types of a
 * compile written as a BTF file (`bpftool btf dump file FILE`).
 *
 * illumos keeps the types a compile knows in two CTF containers and, when
 * asked, rewrites them to a file after every compile (dt_cc.c): "C" holds
 * C's intrinsic types and those of the C headers a -C program includes,
 * "D" the D types (int8_t and the other built-in typedefs, string) and
 * every type the D library and the program declare.  Linux has no CTF;
 * its type format is BTF, which libbpf writes, so the same two sets are
 * written as BTF: each file whole (the "D" file holds the C base types
 * its types use, where illumos' D container is a child of the C one).
 *
 * A type is emitted once (the ids already given are remembered).  A
 * pointer is added pointing nowhere and fixed once the type it points to
 * has its id: C's types are cyclic only through pointers, so this breaks
 * every cycle (`struct list { struct list *next; }`).  A struct or union
 * that is only declared, or the kernel's (from vmlinux BTF, referenced by
 * a D declaration), is written as a forward declaration: illumos copies
 * the kernel type's whole graph into its D container.
 */
#include "dt_types.h"

#include <bpf/btf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* C's base types: the "C" container's intrinsics, and what D's integers name. */
static const struct {
	const char *cb_name;
	int cb_size;
	int cb_enc;
} dt_cbase[] = {
	{ "char", 1, BTF_INT_SIGNED }, /* signed, as D's (and x86-64's) */
	{ "signed char", 1, BTF_INT_SIGNED },
	{ "unsigned char", 1, 0 },
	{ "short", 2, BTF_INT_SIGNED },
	{ "unsigned short", 2, 0 },
	{ "int", 4, BTF_INT_SIGNED },
	{ "unsigned int", 4, 0 },
	{ "long", 8, BTF_INT_SIGNED },
	{ "unsigned long", 8, 0 },
	{ "long long", 8, BTF_INT_SIGNED },
	{ "unsigned long long", 8, 0 },
	{ "_Bool", 1, BTF_INT_BOOL },
	{ "float", 4, -1 },
	{ "double", 8, -1 },
	{ "long double", 16, -1 },
};
#define NCBASE (int)(sizeof(dt_cbase) / sizeof(dt_cbase[0]))

typedef struct btfout {
	dtrace_hdl_t *bo_dtp;
	struct btf *bo_btf;
	int bo_cbase[NCBASE];	/* ids of the C base types written, or 0 */
	struct { const dt_type_t *t; int id; } *bo_ids; /* types written */
	int bo_nids, bo_capids;
	struct { int ptr; const dt_type_t *to; } *bo_fix; /* pointers to fix */
	int bo_nfix, bo_capfix;
	bool bo_err;
} btfout_t;

static int emit(btfout_t *, const dt_type_t *);

static int ok(btfout_t *bo, int id)
{
	if (id < 0) {
		bo->bo_err = true;
		return 0;
	}
	return id;
}

static bool grow(void **v, int n, int *cap, size_t sz)
{
	void *more;

	if (n < *cap)
		return true;
	if ((more = realloc(*v, sz * (size_t)(*cap = *cap ? *cap * 2 : 64))) == NULL)
		return false;
	*v = more;
	return true;
}

static int remember(btfout_t *bo, const dt_type_t *t, int id)
{
	if (!grow((void **)&bo->bo_ids, bo->bo_nids, &bo->bo_capids, sizeof(*bo->bo_ids))) {
		bo->bo_err = true;
		return id;
	}
	bo->bo_ids[bo->bo_nids].t = t;
	bo->bo_ids[bo->bo_nids++].id = id;
	return id;
}

static int lookup(const btfout_t *bo, const dt_type_t *t)
{
	for (int i = bo->bo_nids - 1; i >= 0; i--)
		if (bo->bo_ids[i].t == t)
			return bo->bo_ids[i].id;
	return -1;
}

/* C base type i, written once */
static int cbase(btfout_t *bo, int i)
{
	if (bo->bo_cbase[i] == 0) {
		const char *n = dt_cbase[i].cb_name;
		int sz = dt_cbase[i].cb_size;

		bo->bo_cbase[i] = ok(bo, dt_cbase[i].cb_enc < 0 ? btf__add_float(bo->bo_btf, n, sz)
							       : btf__add_int(bo->bo_btf, n, sz, dt_cbase[i].cb_enc));
	}
	return bo->bo_cbase[i];
}

static int cbase_named(const char *name)
{
	for (int i = 0; i < NCBASE; i++)
		if (!strcmp(dt_cbase[i].cb_name, name))
			return i;
	return -1;
}

/* the C integer of a size and signedness: char, short, int, long */
static int cbase_int(btfout_t *bo, int size, bool sgn)
{
	const char *n = size == 1 ? "char" : size == 2 ? "short" : size == 4 ? "int" : "long";
	char buf[32];

	if (!sgn)
		snprintf(buf, sizeof(buf), "unsigned %s", size == 1 ? "char" : n);
	return cbase(bo, cbase_named(sgn ? n : buf));
}

/* "struct foo" -> "foo"; an anonymous one -> NULL */
static const char *tag(const char *name)
{
	const char *sp = strchr(name, ' ');

	name = sp != NULL ? sp + 1 : name;
	return strcmp(name, "(anon)") != 0 ? name : NULL;
}

static int emit_int(btfout_t *bo, const dt_type_t *t)
{
	int i = cbase_named(t->dt_name);

	if (t->dt_isenum) {
		int id = ok(bo, btf__add_enum(bo->bo_btf, tag(t->dt_name), 4));
		struct btf_type *bt;

		for (const dt_enumer_t *e = t->dt_enums; e != NULL; e = e->de_next)
			(void)btf__add_enum_value(bo->bo_btf, e->de_name, e->de_val); /* > 32 bits: left out */
		if (id > 0 && (bt = (struct btf_type *)btf__type_by_id(bo->bo_btf, (unsigned)id)) != NULL)
			bt->info |= 1u << 31; /* kind_flag: signed, a D enum is an int */
		return id;
	}
	if (i >= 0 && dt_cbase[i].cb_size == t->dt_size)
		return cbase(bo, i);
	/* int8_t, pid_t...: D's typedefs of a C integer */
	return ok(bo, btf__add_typedef(bo->bo_btf, t->dt_name, cbase_int(bo, t->dt_size, t->dt_signed)));
}

static int emit_sou(btfout_t *bo, const dt_type_t *t)
{
	bool un = t->dt_kind == DT_TK_UNION;
	int id, n = 0;
	int *mids;

	if (t->dt_fwd || t->dt_btfobj != NULL)
		return ok(bo, btf__add_fwd(bo->bo_btf, tag(t->dt_name), un ? BTF_FWD_UNION : BTF_FWD_STRUCT));
	for (const dt_member_t *m = t->dt_members; m != NULL; m = m->dm_next)
		n++;
	if ((mids = calloc((size_t)n + 1, sizeof(int))) == NULL) {
		bo->bo_err = true;
		return 0;
	}
	n = 0; /* the members' types first: a struct's fields follow it */
	for (const dt_member_t *m = t->dt_members; m != NULL; m = m->dm_next)
		mids[n++] = emit(bo, m->dm_type);
	id = ok(bo, un ? btf__add_union(bo->bo_btf, tag(t->dt_name), (unsigned)t->dt_size)
		       : btf__add_struct(bo->bo_btf, tag(t->dt_name), (unsigned)t->dt_size));
	n = 0;
	for (const dt_member_t *m = t->dt_members; m != NULL; m = m->dm_next, n++)
		ok(bo, btf__add_field(bo->bo_btf, m->dm_name[0] ? m->dm_name : NULL, mids[n],
				      (unsigned)(m->dm_off * 8 + m->dm_bitoff), (unsigned)m->dm_bits));
	free(mids);
	return id;
}

static int emit_new(btfout_t *bo, const dt_type_t *t)
{
	int id;

	if (t->dt_canon != t) /* a typedef */
		return ok(bo, btf__add_typedef(bo->bo_btf, t->dt_name, emit(bo, t->dt_canon)));
	switch (t->dt_kind) {
	case DT_TK_VOID:
		return 0;
	case DT_TK_INT:
		return emit_int(bo, t);
	case DT_TK_FLOAT:
		return cbase(bo, cbase_named(t->dt_size == 4 ? "float" : t->dt_size == 8 ? "double"
										   : "long double"));
	case DT_TK_STRING: /* as illumos: typedef char string[strsize] */
		id = ok(bo, btf__add_array(bo->bo_btf, cbase(bo, cbase_named("unsigned int")),
					   cbase(bo, 0), (unsigned)t->dt_size));
		return ok(bo, btf__add_typedef(bo->bo_btf, "string", id));
	case DT_TK_PTR: /* fixed at the end: pointers break cycles */
		id = ok(bo, btf__add_ptr(bo->bo_btf, 0));
		if (!grow((void **)&bo->bo_fix, bo->bo_nfix, &bo->bo_capfix, sizeof(*bo->bo_fix))) {
			bo->bo_err = true;
			return id;
		}
		bo->bo_fix[bo->bo_nfix].ptr = id;
		bo->bo_fix[bo->bo_nfix++].to = t->dt_base;
		return id;
	case DT_TK_ARRAY:
		id = emit(bo, t->dt_base);
		return ok(bo, btf__add_array(bo->bo_btf, cbase(bo, cbase_named("unsigned int")), id,
					     (unsigned)t->dt_nelems));
	case DT_TK_STRUCT:
	case DT_TK_UNION:
		return emit_sou(bo, t);
	case DT_TK_FUNC: /* its parameters are not kept */
		return ok(bo, btf__add_func_proto(bo->bo_btf, emit(bo, t->dt_base)));
	}
	return 0;
}

static int emit(btfout_t *bo, const dt_type_t *t)
{
	int id;

	if (t == NULL || bo->bo_err)
		return 0;
	if ((id = lookup(bo, t)) >= 0)
		return id;
	return remember(bo, t, emit_new(bo, t));
}

/* Point each pointer at its type (which may add pointers to fix). */
static void fix_pointers(btfout_t *bo)
{
	for (int i = 0; i < bo->bo_nfix && !bo->bo_err; i++) {
		int to = emit(bo, bo->bo_fix[i].to);
		struct btf_type *bt = (struct btf_type *)btf__type_by_id(bo->bo_btf, (unsigned)bo->bo_fix[i].ptr);

		if (bt != NULL)
			bt->type = (unsigned)to;
	}
}

static int write_all(int fd, const char *p, size_t n)
{
	if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
		return -1;
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * Write the "C" (cdefs) or "D" container's types to fd, replacing what it
 * held.  Returns 0, or -1 (illumos only notes a failure in its debug log).
 */
int dt_btfout_write(dtrace_hdl_t *dtp, int fd, bool cdefs)
{
	btfout_t bo = { .bo_dtp = dtp };
	const void *raw;
	unsigned size;
	dt_type_t *t;
	int rc = -1;

	if ((bo.bo_btf = btf__new_empty()) == NULL)
		return -1;
	if (cdefs) {
		for (int i = 0; i < NCBASE; i++)
			cbase(&bo, i);
	} else {
		const char *name;

		for (int i = 0; (name = dt_type_builtin_int(i)) != NULL; i++)
			if (cbase_named(name) < 0)
				emit(&bo, dt_type_lookup_builtin(dtp, name));
		emit(&bo, dt_type_string(dtp));
	}
	for (int i = 0; (t = dt_type_decl_at(dtp, cdefs, i)) != NULL; i++)
		emit(&bo, t);
	fix_pointers(&bo);
	if (!bo.bo_err && (raw = btf__raw_data(bo.bo_btf, &size)) != NULL)
		rc = write_all(fd, raw, size);
	free(bo.bo_ids);
	free(bo.bo_fix);
	btf__free(bo.bo_btf);
	return rc;
}
