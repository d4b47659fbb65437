/*
 * dt_btf.c -- kernel types from BTF: vmlinux (/sys/kernel/btf/vmlinux) and
 * modules (/sys/kernel/btf/<module>, split BTF on top of vmlinux's).
 *
 * A BTF object is opened the first time a script names a type it must
 * search, and each BTF type becomes a dt_type_t once (a per-object array by
 * BTF id), so the types of two members that are both `struct file *` are
 * the same dt_type_t.  Struct members are converted on first use.
 *
 * Lookups without a scope search vmlinux, then the modules; `ext4`struct x`
 * searches one module.  Enumerators (TASK_RUNNING) are found through an
 * index of all enumerators of an object, built the first time one is
 * looked up.
 */
#include "dt_types.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dt_btfobj {
	char *bo_name;		/* "vmlinux" or the module's */
	struct btf *bo_btf;
	int bo_first;		/* first id of its own (split BTF: vmlinux's count) */
	int bo_ntypes;		/* ids below are valid */
	dt_type_t **bo_types;	/* by id, made on demand */
	int *bo_enumidx;	/* enumerator index: BTF type ids of enums, or NULL */
	int bo_nenumidx;
	struct dt_btfobj *bo_next;
};

static dt_btfobj_t *btf_objs(dtrace_hdl_t *dtp)
{
	return *dt_type_btfobjs(dtp, NULL);
}

static dt_btfobj_t *obj_new(dtrace_hdl_t *dtp, const char *name, struct btf *btf, int first)
{
	dt_btfobj_t *bo = dt_zalloc(sizeof(*bo)), **tail, *head = btf_objs(dtp);
	int ntypes = (int)btf__type_cnt(btf);

	/* linked first, filled after: out of memory leaves it the handle's, empty */
	if (head == NULL)
		*dt_type_btfobjs(dtp, NULL) = bo;
	else {
		for (tail = &head->bo_next; *tail; tail = &(*tail)->bo_next)
			;
		*tail = bo;
	}
	bo->bo_btf = btf;
	bo->bo_first = first;
	bo->bo_name = dt_strdup(name);
	bo->bo_types = dt_zalloc(sizeof(dt_type_t *) * ntypes);
	bo->bo_ntypes = ntypes;
	return bo;
}

static dt_btfobj_t *vmlinux(dtrace_hdl_t *dtp)
{
	dt_btfobj_t *head = btf_objs(dtp);
	struct btf *btf;

	if (head != NULL)
		return head;
	if ((btf = dtp->dt_btf) == NULL) {
		btf = btf__load_vmlinux_btf();
		if (btf == NULL || libbpf_get_error(btf))
			return NULL;
		dtp->dt_btf = btf;
	}
	return obj_new(dtp, "vmlinux", btf, 1);
}

bool dt_btf_loaded(dtrace_hdl_t *dtp)
{
	return btf_objs(dtp) != NULL;
}

/* The BTF object of a module ("vmlinux" included), opened on first use. */
dt_btfobj_t *dt_btf_obj(dtrace_hdl_t *dtp, const char *module)
{
	dt_btfobj_t *vm = vmlinux(dtp);
	char path[512];
	struct btf *btf;

	if (vm == NULL)
		return NULL;
	if (module == NULL || !strcmp(module, "vmlinux") || !strcmp(module, "genunix") ||
	    !strcmp(module, "unix"))
		return vm;
	for (dt_btfobj_t *bo = vm; bo; bo = bo->bo_next)
		if (!strcmp(bo->bo_name, module))
			return bo->bo_btf != NULL ? bo : NULL;
	if (strchr(module, '/') != NULL || module[0] == '.')
		return NULL;
	snprintf(path, sizeof(path), "/sys/kernel/btf/%s", module);
	btf = btf__parse_split(path, vm->bo_btf);
	if (btf == NULL || libbpf_get_error(btf)) {
		dt_btfobj_t *bo = obj_new(dtp, module, vm->bo_btf, 0);

		bo->bo_btf = NULL; /* remembered as absent */
		bo->bo_ntypes = 0;
		return NULL;
	}
	return obj_new(dtp, module, btf, vm->bo_ntypes);
}

/* Open every module's BTF (for a lookup without scope that vmlinux misses). */
static void all_modules(dtrace_hdl_t *dtp)
{
	bool *done;
	DIR *d;
	struct dirent *de;

	dt_type_btfobjs(dtp, &done);
	if (*done)
		return;
	*done = true;
	if ((d = opendir("/sys/kernel/btf")) == NULL)
		return;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && strcmp(de->d_name, "vmlinux") != 0)
			(void)dt_btf_obj(dtp, de->d_name);
	closedir(d);
}

/* The object whose ids include id, starting from bo (split BTF: vmlinux's ids are shared). */
static dt_btfobj_t *owner(dtrace_hdl_t *dtp, dt_btfobj_t *bo, int id)
{
	if (id < bo->bo_first)
		return vmlinux(dtp);
	return bo;
}

/* C's shortest name of an integer type ("long unsigned int": "unsigned long") */
const char *dt_type_int_cname(const char *n)
{
	static const char *const map[][2] = {
		{ "long int", "long" },
		{ "long unsigned int", "unsigned long" },
		{ "long long int", "long long" },
		{ "long long unsigned int", "unsigned long long" },
		{ "short int", "short" },
		{ "short unsigned int", "unsigned short" },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(n, map[i][0]))
			return map[i][1];
	return n;
}

static dt_type_t *convert(dtrace_hdl_t *dtp, dt_btfobj_t *bo, int id, int depth);

dt_type_t *dt_btf_type(dtrace_hdl_t *dtp, dt_btfobj_t *bo, int id)
{
	return convert(dtp, bo, id, 0);
}

/* The full definition of a forward declaration, in this object or vmlinux. */
static int fwd_target(dtrace_hdl_t *dtp, dt_btfobj_t **bop, const char *name, bool is_union)
{
	int kind = is_union ? BTF_KIND_UNION : BTF_KIND_STRUCT;
	int id = btf__find_by_name_kind((*bop)->bo_btf, name, kind);

	if (id > 0)
		return id;
	*bop = vmlinux(dtp);
	return btf__find_by_name_kind((*bop)->bo_btf, name, kind);
}

static dt_type_t *convert(dtrace_hdl_t *dtp, dt_btfobj_t *bo, int id, int depth)
{
	const struct btf_type *bt;
	const char *n;
	char buf[256];
	dt_type_t *t = NULL;

	if (id == 0)
		return dt_type_void(dtp);
	bo = owner(dtp, bo, id);
	if (id >= bo->bo_ntypes)
		return dt_type_int(dtp, 8, false);
	if (bo->bo_types[id] != NULL)
		return bo->bo_types[id];
	if (depth > 64)
		return dt_type_int(dtp, 8, false);
	bt = btf__type_by_id(bo->bo_btf, id);
	n = btf__name_by_offset(bo->bo_btf, bt->name_off);
	if (n == NULL)
		n = "";
	switch (btf_kind(bt)) {
	case BTF_KIND_INT: {
		int enc = btf_int_encoding(bt);
		int sz = bt->size > 8 ? 8 : (int)bt->size;

		if (enc & BTF_INT_BOOL)
			t = dt_type_named_int(dtp, "_Bool", 1, false);
		else if (!strcmp(n, "char"))
			t = dt_type_int(dtp, 1, true);
		else
			t = dt_type_named_int(dtp, dt_type_int_cname(n), sz, (enc & BTF_INT_SIGNED) != 0);
		break;
	}
	case BTF_KIND_FLOAT:
		t = dt_type_float(dtp, bt->size);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: {
		bool sgn = btf_kflag(bt);

		snprintf(buf, sizeof(buf), "enum %s", *n ? n : "(anon)");
		if (*n && (t = dt_type_named(dtp, buf)) != NULL && t->dt_btfobj != NULL)
			break; /* the same enum through another id */
		t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t));
		t->dt_kind = DT_TK_INT;
		t->dt_isenum = true;
		t->dt_size = bt->size ? (int)bt->size : 4;
		t->dt_align = t->dt_size;
		t->dt_signed = sgn || btf_kind(bt) == BTF_KIND_ENUM;
		t->dt_name = dt_arena_strdup(&dtp->dt_arena, buf);
		t->dt_canon = t;
		t->dt_resolved = true;
		t->dt_btfobj = bo;
		t->dt_btfid = id;
		{
			dt_enumer_t **tail = &t->dt_enums;

			for (int i = 0; i < btf_vlen(bt); i++) {
				dt_enumer_t *de = dt_arena_zalloc(&dtp->dt_arena, sizeof(*de));

				if (btf_kind(bt) == BTF_KIND_ENUM) {
					const struct btf_enum *e = btf_enum(bt) + i;

					de->de_name = btf__name_by_offset(bo->bo_btf, e->name_off);
					de->de_val = t->dt_signed ? (int64_t)e->val : (int64_t)(uint32_t)e->val;
				} else {
					const struct btf_enum64 *e = btf_enum64(bt) + i;

					de->de_name = btf__name_by_offset(bo->bo_btf, e->name_off);
					de->de_val = (int64_t)btf_enum64_value(e);
				}
				*tail = de;
				tail = &de->de_next;
			}
		}
		break;
	}
	case BTF_KIND_PTR: {
		dt_type_t *base = convert(dtp, bo, (int)bt->type, depth + 1);

		t = dt_type_ptr(dtp, base);
		break;
	}
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(bt);

		t = dt_type_array(dtp, convert(dtp, bo, (int)a->type, depth + 1), (int)a->nelems);
		break;
	}
	case BTF_KIND_FWD:
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		bool is_union = btf_kind(bt) == BTF_KIND_FWD ? btf_kflag(bt) : btf_is_union(bt);
		dt_btfobj_t *def = bo;
		int defid = id;

		snprintf(buf, sizeof(buf), "%s %s", is_union ? "union" : "struct",
			 *n ? n : "(anon)");
		if (btf_kind(bt) == BTF_KIND_FWD) {
			defid = *n ? fwd_target(dtp, &def, n, is_union) : -1;
			if (defid > 0) {
				t = convert(dtp, def, defid, depth + 1);
				break;
			}
		}
		t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t));
		t->dt_kind = is_union ? DT_TK_UNION : DT_TK_STRUCT;
		t->dt_name = dt_arena_strdup(&dtp->dt_arena, buf);
		t->dt_canon = t;
		if (btf_kind(bt) == BTF_KIND_FWD) {
			t->dt_fwd = true;
			t->dt_resolved = true;
		} else {
			t->dt_size = (int)bt->size;
			t->dt_btfobj = bo;
			t->dt_btfid = id;
		}
		t->dt_align = 8;
		break;
	}
	case BTF_KIND_TYPEDEF: {
		dt_type_t *of;

		bo->bo_types[id] = dt_type_int(dtp, 8, false); /* a cycle ends here */
		of = convert(dtp, bo, (int)bt->type, depth + 1);
		t = dt_type_typedef(dtp, n, of);
		break;
	}
	case BTF_KIND_TYPE_TAG:
		/* __user on a pointee (clang builds): the pointer is a user address */
		t = convert(dtp, bo, (int)bt->type, depth + 1);
		break;
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
		t = convert(dtp, bo, (int)bt->type, depth + 1);
		break;
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_FUNC: {
		/* only pointers to functions are values: opaque, printed as addresses */
		t = dt_type_named(dtp, "int (*)()");
		if (t == NULL) {
			t = dt_arena_zalloc(&dtp->dt_arena, sizeof(*t));
			t->dt_kind = DT_TK_FUNC;
			t->dt_size = 1;
			t->dt_align = 1;
			t->dt_name = "int (*)()";
			t->dt_canon = t;
			t->dt_resolved = true;
			dt_type_name_add(dtp, t->dt_name, t);
		}
		break;
	}
	default:
		t = dt_type_int(dtp, 8, false);
		break;
	}
	bo->bo_types[id] = t;
	return t;
}

/* A named type of a BTF kind: in bo, or (bo NULL) vmlinux then the modules. */
dt_type_t *dt_btf_lookup(dtrace_hdl_t *dtp, dt_btfobj_t *bo, const char *name, int kind)
{
	dt_btfobj_t *vm;
	int id;

	if (bo != NULL) {
		id = btf__find_by_name_kind(bo->bo_btf, name, kind);
		if (id <= 0 && kind == BTF_KIND_ENUM)
			id = btf__find_by_name_kind(bo->bo_btf, name, BTF_KIND_ENUM64);
		return id > 0 ? convert(dtp, bo, id, 0) : NULL;
	}
	if ((vm = vmlinux(dtp)) == NULL)
		return NULL;
	all_modules(dtp);
	for (bo = vm; bo; bo = bo->bo_next) {
		dt_type_t *t;

		if (bo->bo_btf == NULL)
			continue;
		if ((t = dt_btf_lookup(dtp, bo, name, kind)) != NULL)
			return t;
	}
	return NULL;
}

/* Convert the members of a struct/union (t->dt_btfobj, t->dt_btfid). */
int dt_btf_members(dtrace_hdl_t *dtp, dt_type_t *t)
{
	dt_btfobj_t *bo = t->dt_btfobj;
	const struct btf_type *bt;
	const struct btf_member *m;
	dt_member_t **tail = &t->dt_members;

	if (bo == NULL)
		return -1;
	bt = btf__type_by_id(bo->bo_btf, t->dt_btfid);
	m = btf_members(bt);
	for (int i = 0; i < btf_vlen(bt); i++, m++) {
		dt_member_t *dm = dt_arena_zalloc(&dtp->dt_arena, sizeof(*dm));
		uint32_t bitoff = btf_member_bit_offset(bt, i);

		dm->dm_name = btf__name_by_offset(bo->bo_btf, m->name_off);
		dm->dm_type = convert(dtp, bo, (int)m->type, 0);
		dm->dm_bits = (int)btf_member_bitfield_size(bt, i);
		dm->dm_off = (int)(bitoff / 8);
		dm->dm_bitoff = (int)(bitoff % 8);
		if (dm->dm_bits == 0 && dm->dm_bitoff != 0)
			dm->dm_bitoff = 0; /* not a bitfield: byte-aligned */
		*tail = dm;
		tail = &dm->dm_next;
	}
	t->dt_resolved = true;
	return 0;
}

/* Index the enum types of an object, once, for enumerator lookups. */
static void enum_index(dt_btfobj_t *bo)
{
	int n = 0;

	if (bo->bo_enumidx != NULL || bo->bo_btf == NULL)
		return;
	bo->bo_enumidx = dt_zalloc(sizeof(int) * 1024);
	for (int id = bo->bo_first; id < bo->bo_ntypes; id++) {
		const struct btf_type *bt = btf__type_by_id(bo->bo_btf, id);

		if (!btf_is_any_enum(bt) || btf_vlen(bt) == 0)
			continue;
		if (n % 1024 == 0 && n > 0)
			bo->bo_enumidx = dt_realloc(bo->bo_enumidx, sizeof(int) * (n + 1024));
		bo->bo_enumidx[n++] = id;
	}
	bo->bo_nenumidx = n;
}

bool dt_btf_enumer(dtrace_hdl_t *dtp, const char *name, int64_t *vp, dt_type_t **tp)
{
	dt_btfobj_t *vm = vmlinux(dtp);

	if (vm == NULL)
		return false;
	all_modules(dtp);
	for (dt_btfobj_t *bo = vm; bo; bo = bo->bo_next) {
		enum_index(bo);
		for (int i = 0; i < bo->bo_nenumidx; i++) {
			const struct btf_type *bt = btf__type_by_id(bo->bo_btf, bo->bo_enumidx[i]);

			for (int k = 0; k < btf_vlen(bt); k++) {
				uint32_t off = btf_kind(bt) == BTF_KIND_ENUM ? btf_enum(bt)[k].name_off
									       : btf_enum64(bt)[k].name_off;

				if (strcmp(btf__name_by_offset(bo->bo_btf, off), name) != 0)
					continue;
				*tp = convert(dtp, bo, bo->bo_enumidx[i], 0);
				for (dt_enumer_t *de = (*tp)->dt_enums; de; de = de->de_next)
					if (!strcmp(de->de_name, name)) {
						*vp = de->de_val;
						return true;
					}
			}
		}
	}
	return false;
}

/*
 * The type of a kernel variable that BTF describes (VAR: on most kernels
 * only the per-CPU ones, *percpu set, whose kallsyms "address" is an
 * offset in each CPU's area).
 */
dt_type_t *dt_btf_var(dtrace_hdl_t *dtp, const char *module, const char *name, bool *percpu)
{
	dt_btfobj_t *bo = dt_btf_obj(dtp, module);
	int id, pc;

	*percpu = false;
	if (bo == NULL)
		return NULL;
	id = btf__find_by_name_kind(bo->bo_btf, name, BTF_KIND_VAR);
	if (id <= 0)
		return NULL;
	pc = btf__find_by_name_kind(bo->bo_btf, ".data..percpu", BTF_KIND_DATASEC);
	if (pc > 0) {
		const struct btf_type *ds = btf__type_by_id(bo->bo_btf, pc);
		const struct btf_var_secinfo *vs = btf_var_secinfos(ds);

		for (int i = 0; i < btf_vlen(ds); i++)
			if ((int)vs[i].type == id)
				*percpu = true;
	}
	return convert(dtp, bo, (int)btf__type_by_id(bo->bo_btf, id)->type, 0);
}

void dt_btf_fini(dtrace_hdl_t *dtp)
{
	dt_btfobj_t *bo = btf_objs(dtp);

	while (bo != NULL) {
		dt_btfobj_t *next = bo->bo_next;

		if (bo->bo_btf != NULL && bo->bo_first != 1)
			btf__free(bo->bo_btf); /* a module's; vmlinux's is the handle's */
		free(bo->bo_types);
		free(bo->bo_enumidx);
		free(bo->bo_name);
		free(bo);
		bo = next;
	}
	*dt_type_btfobjs(dtp, NULL) = NULL;
	btf__free(dtp->dt_btf);
	dtp->dt_btf = NULL;
}

/* The kernel's (vmlinux) BTF, opened once; NULL if it has none. */
struct btf *dt_type_kbtf(dtrace_hdl_t *dtp)
{
	dt_btfobj_t *vm = vmlinux(dtp);

	return vm != NULL ? vm->bo_btf : NULL;
}

/* The D type of a vmlinux BTF type id. */
dt_type_t *dt_type_btf(dtrace_hdl_t *dtp, int id)
{
	dt_btfobj_t *vm = vmlinux(dtp);

	return vm != NULL ? convert(dtp, vm, id, 0) : dt_type_int(dtp, 8, false);
}
