/*
 * dt_types.h -- the D type model: C basic types, pointers, arrays, structs,
 * unions, enums, typedefs and floating-point types, from D declarations
 * (types/dt_decl.c) and from kernel BTF (types/dt_btf.c).
 *
 * Types are interned: one dt_type_t per distinct type, so that two uses of
 * `struct file *` are the same pointer.  A typedef is its own dt_type_t (it
 * keeps its name, `pid_t`, for messages and printing) whose dt_canon is the
 * type it names; type identity compares canonical types.
 *
 * A service: includes only the layout floor (and core below it).
 */
#ifndef DT_TYPES_H
#define DT_TYPES_H

#include "../layout/dt_layout.h"

typedef enum dt_tkind {
	DT_TK_VOID,
	DT_TK_INT,	/* also enums (dt_enums) and _Bool */
	DT_TK_PTR,
	DT_TK_STRING,
	DT_TK_ARRAY,
	DT_TK_STRUCT,
	DT_TK_UNION,
	DT_TK_FUNC,	/* a function type: only pointers to it are values */
	DT_TK_FLOAT,	/* float, double, long double: read and printed, no arithmetic */
} dt_tkind_t;

typedef struct dt_member {
	const char *dm_name;
	struct dt_type *dm_type;
	int dm_off;		 /* byte offset */
	int dm_bitoff, dm_bits; /* bitfields: bit offset in the byte at dm_off, width; dm_bits == 0 for others */
	struct dt_member *dm_next;
} dt_member_t;

typedef struct dt_enumer {
	const char *de_name;
	int64_t de_val;
	struct dt_enumer *de_next;
} dt_enumer_t;

struct dt_btfobj;

typedef struct dt_type {
	dt_tkind_t dt_kind;
	int dt_size;
	int dt_align;
	bool dt_signed;
	bool dt_user;		/* pointer into user space (args of syscalls) */
	bool dt_const;
	bool dt_fwd;		/* struct/union/enum declared but not defined */
	bool dt_isenum;		/* DT_TK_INT that is an enum: dt_enums */
	const char *dt_name;   /* name for messages: "int", "char *", "struct file" */
	struct dt_type *dt_base; /* pointee / element type */
	int dt_nelems;
	dt_member_t *dt_members; /* struct/union, resolved lazily from BTF */
	dt_enumer_t *dt_enums;	 /* enum: its enumerators */
	int dt_btfid;		/* BTF id in dt_btfobj of a struct/union, or 0 */
	struct dt_btfobj *dt_btfobj;
	int dt_rec;		/* a stack() or sym()-like value: its DT_ACT_* record kind */
	bool dt_resolved;
	struct dt_type *dt_canon;  /* typedefs: the type named (canonical); others: itself */
	struct dt_type *dt_ptrto;  /* interned: pointer to this type */
	struct dt_type *dt_uptrto; /* interned: user-space pointer to this type */
	struct dt_type *dt_arrays; /* interned: arrays of this type, chained by dt_anext */
	struct dt_type *dt_anext;
} dt_type_t;

/* types/dt_types.c: the model, interning and names */
DT_INTERNAL dt_type_t *dt_type_int(dtrace_hdl_t *, int size, bool is_signed);
DT_INTERNAL dt_type_t *dt_type_string(dtrace_hdl_t *);
DT_INTERNAL dt_type_t *dt_type_void(dtrace_hdl_t *);
DT_INTERNAL dt_type_t *dt_type_float(dtrace_hdl_t *, int size);
DT_INTERNAL const char *dt_type_int_cname(const char *); /* types/dt_btf.c */
/* types/dt_dwarf.c: a user function's parameter types (and return type) from its file's DWARF */
DT_INTERNAL int dt_dwarf_func_types(dtrace_hdl_t *, const char *path, const char *func,
				    dt_type_t **params, int max, dt_type_t **ret);
DT_INTERNAL void dt_dwarf_close(dtrace_hdl_t *);
DT_INTERNAL dt_type_t *dt_type_ptr(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_type_t *dt_type_userptr(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_type_t *dt_type_array(dtrace_hdl_t *, dt_type_t *, int n);
DT_INTERNAL dt_type_t *dt_type_typedef(dtrace_hdl_t *, const char *name, dt_type_t *);
DT_INTERNAL dt_type_t *dt_type_lookup(dtrace_hdl_t *, const char *name);
DT_INTERNAL dt_type_t *dt_type_lookup_builtin(dtrace_hdl_t *, const char *name);
DT_INTERNAL const char *dt_type_builtin_int(int i);
DT_INTERNAL dt_type_t *dt_type_parse(dtrace_hdl_t *, const char *cdecl);
DT_INTERNAL dt_type_t *dt_type_named_int(dtrace_hdl_t *, const char *name, int size,
					  bool is_signed);
DT_INTERNAL dt_type_t *dt_type_named(dtrace_hdl_t *, const char *name);
DT_INTERNAL void dt_type_name_add(dtrace_hdl_t *, const char *name, dt_type_t *);
DT_INTERNAL const char *dt_type_name(const dt_type_t *, char *, size_t);
DT_INTERNAL bool dt_type_is_int(const dt_type_t *);
DT_INTERNAL bool dt_type_is_arith(const dt_type_t *);
DT_INTERNAL bool dt_type_is_scalar(const dt_type_t *);
DT_INTERNAL bool dt_type_is_string(const dt_type_t *);
DT_INTERNAL bool dt_type_same(const dt_type_t *, const dt_type_t *);
DT_INTERNAL int dt_type_resolve(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_member_t *dt_type_member(dtrace_hdl_t *, dt_type_t *, const char *);
DT_INTERNAL dt_type_t *dt_type_struct(dtrace_hdl_t *, const char *tag, bool is_union);
DT_INTERNAL dt_type_t *dt_type_tagged(dtrace_hdl_t *, const char *scope, const char *kw,
				       const char *tag);
DT_INTERNAL dt_type_t *dt_type_scoped(dtrace_hdl_t *, const char *scope, const char *name);
DT_INTERNAL bool dt_type_enumer(dtrace_hdl_t *, const char *name, int64_t *, dt_type_t **);
DT_INTERNAL void dt_type_fini(dtrace_hdl_t *);
DT_INTERNAL void dt_type_cscope(dtrace_hdl_t *, bool in_header);
DT_INTERNAL void dt_type_note_decl(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_type_t *dt_type_decl_at(dtrace_hdl_t *, bool cdefs, int i);
DT_INTERNAL struct dt_btfobj **dt_type_btfobjs(dtrace_hdl_t *, bool **allmods);

/* types/dt_btf.c: kernel BTF, vmlinux and modules, loaded when first named */
typedef struct dt_btfobj dt_btfobj_t;
DT_INTERNAL dt_btfobj_t *dt_btf_obj(dtrace_hdl_t *, const char *module);
DT_INTERNAL dt_type_t *dt_btf_lookup(dtrace_hdl_t *, dt_btfobj_t *, const char *name, int kind);
DT_INTERNAL dt_type_t *dt_btf_type(dtrace_hdl_t *, dt_btfobj_t *, int id);
DT_INTERNAL int dt_btf_members(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL bool dt_btf_enumer(dtrace_hdl_t *, const char *name, int64_t *, dt_type_t **);
DT_INTERNAL dt_type_t *dt_btf_var(dtrace_hdl_t *, const char *module, const char *name,
				    bool *percpu);
DT_INTERNAL bool dt_btf_loaded(dtrace_hdl_t *);
DT_INTERNAL void dt_btf_fini(dtrace_hdl_t *);

/* types/dt_ksym.c: kernel symbol addresses */
DT_INTERNAL int dt_ksym_addr(dtrace_hdl_t *, const char *module, const char *name, uint64_t *);

/* types/dt_decl.c: types declared in D */
DT_INTERNAL dt_type_t *dt_decl_sou(dtrace_hdl_t *, const char *tag, bool is_union);
DT_INTERNAL int dt_decl_member(dtrace_hdl_t *, dt_type_t *, const char *name,
			       dt_type_t *, int bits);
DT_INTERNAL void dt_decl_sou_end(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_type_t *dt_decl_enum(dtrace_hdl_t *, const char *tag);
DT_INTERNAL int dt_decl_enumer(dtrace_hdl_t *, dt_type_t *, const char *name, int64_t);
DT_INTERNAL void dt_decl_enum_end(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL int dt_decl_typedef(dtrace_hdl_t *, const char *name, dt_type_t *);
struct btf;
DT_INTERNAL struct btf *dt_type_kbtf(dtrace_hdl_t *);	/* vmlinux BTF, once, or NULL */
DT_INTERNAL dt_type_t *dt_type_btf(dtrace_hdl_t *, int id); /* the D type of a BTF id */

/* types/dt_btfout.c: -x ctypes/dtypes, a container's types written as BTF */
DT_INTERNAL int dt_btfout_write(dtrace_hdl_t *, int fd, bool cdefs);

#endif /* DT_TYPES_H */
