/*
 * dt_types.h -- the D type model: C basic types, pointers, arrays, structs
 * and unions, kernel types from BTF (types/dt_types.c).
 *
 * Included through dt_impl.h, which defines DT_INTERNAL and the handle.
 */
#ifndef DT_TYPES_H
#define DT_TYPES_H

typedef enum dt_tkind {
	DT_TK_VOID,
	DT_TK_INT,
	DT_TK_PTR,
	DT_TK_STRING,
	DT_TK_ARRAY,
	DT_TK_STRUCT,
	DT_TK_UNION,
	DT_TK_FUNC,
} dt_tkind_t;

typedef struct dt_member {
	const char *dm_name;
	struct dt_type *dm_type;
	int dm_off;		 /* byte offset */
	int dm_bitoff, dm_bits; /* bitfields; dm_bits == 0 for others */
	struct dt_member *dm_next;
} dt_member_t;

typedef struct dt_type {
	dt_tkind_t dt_kind;
	int dt_size;
	int dt_align;
	bool dt_signed;
	bool dt_user;		/* pointer into user space (args of syscalls) */
	bool dt_const;
	const char *dt_name;   /* name for messages: "int", "char *" */
	struct dt_type *dt_base; /* pointee / element type */
	int dt_nelems;
	dt_member_t *dt_members; /* struct/union, resolved lazily from BTF */
	int dt_btfid;		/* vmlinux BTF id of a struct/union, or 0 */
	bool dt_resolved;
} dt_type_t;


/* types/dt_types.c */
DT_INTERNAL dt_type_t *dt_type_int(dtrace_hdl_t *, int size, bool is_signed);
DT_INTERNAL dt_type_t *dt_type_string(dtrace_hdl_t *);
DT_INTERNAL dt_type_t *dt_type_void(dtrace_hdl_t *);
DT_INTERNAL dt_type_t *dt_type_ptr(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_type_t *dt_type_array(dtrace_hdl_t *, dt_type_t *, int n);
DT_INTERNAL dt_type_t *dt_type_lookup(dtrace_hdl_t *, const char *name);
DT_INTERNAL dt_type_t *dt_type_parse(dtrace_hdl_t *, const char *cdecl);
DT_INTERNAL dt_type_t *dt_type_named_int(dtrace_hdl_t *, const char *name, int size,
					  bool is_signed);
DT_INTERNAL const char *dt_type_name(const dt_type_t *, char *, size_t);
DT_INTERNAL bool dt_type_is_int(const dt_type_t *);
DT_INTERNAL bool dt_type_is_arith(const dt_type_t *);
DT_INTERNAL bool dt_type_is_scalar(const dt_type_t *);
DT_INTERNAL bool dt_type_is_string(const dt_type_t *);
DT_INTERNAL int dt_type_resolve(dtrace_hdl_t *, dt_type_t *);
DT_INTERNAL dt_member_t *dt_type_member(dtrace_hdl_t *, dt_type_t *, const char *);
DT_INTERNAL dt_type_t *dt_type_struct(dtrace_hdl_t *, const char *tag, bool is_union);
struct btf;
DT_INTERNAL struct btf *dt_type_kbtf(dtrace_hdl_t *);	/* vmlinux BTF, once, or NULL */
DT_INTERNAL dt_type_t *dt_type_btf(dtrace_hdl_t *, int id); /* the D type of a BTF id */

#endif /* DT_TYPES_H */
