/*
 * dt_front.h -- the front end's types: tokens, the AST, identifiers,
 * probe descriptions, clauses, compiled programs, the compile in progress,
 * and the built-in tables.
 *
 * A stage: includes the types service and the layout floor below it, never
 * another stage.
 */
#ifndef DT_FRONT_H
#define DT_FRONT_H

#include "../types/dt_types.h"
#include "dt_errtags.h"

/* A compile in progress: parser/lexer state and the diagnostics jump. */
typedef struct dt_pcb {
	dtrace_hdl_t *pcb_hdl;
	dt_arena_t *pcb_arena;	/* where tokens and nodes go: the program's, or
				   the handle's (the D library, translators) */
	const char *pcb_src;	/* whole source */
	const char *pcb_cur;	/* lexer position */
	const char *pcb_filename; /* script name, NULL for -n strings */
	int pcb_line;
	int pcb_depth;		/* nesting of braces / parens / predicate */
	bool pcb_clause;	/* parsing a clause's body (a declaration there is ours) */
	dt_token_t pcb_tok[4];	/* lookahead ring */
	int pcb_ntok;
	dt_token_t *pcb_last;
	dtrace_probespec_t pcb_pspec;
	unsigned pcb_cflags;
	jmp_buf pcb_jmp;
	struct dtrace_prog *pcb_prog;
	dt_clause_t *pcb_clause_cur;
	int pcb_nclauses;
	bool pcb_inpred;
	const char *pcb_region;	/* "predicate", "action list": -n error prefix */
	bool pcb_lib;		/* compiling a D library file (front/dt_dlib.c) */
	bool pcb_sysinc;	/* -C: in a system header (cpp's line marker flag 3) */
	int pcb_idepth;		/* -C: #include depth (cpp's line marker flags 1 and 2) */
	const char *pcb_predsrc; /* parsing a predicate: where its text begins */
} dt_pcb_t;



/* front/dt_lex.c */
/* dt_cook.c: integer operator op (N_UNARY or N_BINARY kind) on constants */
DT_INTERNAL bool dt_const_op(int kind, int op, int64_t l, int64_t r, int64_t *vp);
DT_INTERNAL dt_token_t *dt_lex_peek(dt_pcb_t *, int n);
DT_INTERNAL dt_token_t *dt_lex_next(dt_pcb_t *);
DT_INTERNAL dt_token_t *dt_lex_pdesc(dt_pcb_t *);
DT_INTERNAL void dt_lex_skip_ws(dt_pcb_t *);
DT_INTERNAL void dt_lex_unpeek(dt_pcb_t *);
#define DT_CITEM_PAREN 0x1 /* a '(' at the top level, before any brace */
#define DT_CITEM_BRACE 0x2 /* a braced body */
#define DT_CITEM_FNDEF 0x4 /* a function definition */
DT_INTERNAL int dt_lex_c_item(dt_pcb_t *, bool skip);
DT_INTERNAL bool dt_tok_is(const dt_token_t *, const char *);
DT_INTERNAL const char *dt_tok_text(const dt_token_t *, char *, size_t);
/* A compile-time error: its D tag (dt_errtags.h), where, and what. */
DT_INTERNAL _Noreturn void dt_cc_error(dt_pcb_t *, int tag, int line, const char *, ...)
	__attribute__((format(printf, 4, 5)));
DT_INTERNAL _Noreturn void dt_node_error(dt_pcb_t *, int tag, const dt_node_t *, const char *, ...)
	__attribute__((format(printf, 4, 5)));


/* front/dt_parse.c */
DT_INTERNAL struct dtrace_prog *dt_parse_program(dt_pcb_t *);
DT_INTERNAL dt_node_t *dt_node_new(dt_pcb_t *, dt_nkind_t, const dt_token_t *);
DT_INTERNAL dt_node_t *dt_node_clone(dt_pcb_t *, const dt_node_t *);
DT_INTERNAL dt_type_t *dt_parse_type(dt_pcb_t *);
DT_INTERNAL bool dt_parse_starts_type(dt_pcb_t *, int);
DT_INTERNAL dt_node_t *dt_parse_assign(dt_pcb_t *);
DT_INTERNAL dt_node_t *dt_parse_cond(dt_pcb_t *);
DT_INTERNAL _Noreturn void dt_parse_syntax_error(dt_pcb_t *, const dt_token_t *);
/* front/dt_parse.c: the next token is s; take it if so; take it or fail; an identifier */
DT_INTERNAL bool dt_parse_at(dt_pcb_t *, const char *s);
DT_INTERNAL bool dt_parse_consume(dt_pcb_t *, const char *s);
DT_INTERNAL dt_token_t *dt_parse_expect(dt_pcb_t *, const char *s);
DT_INTERNAL dt_token_t *dt_parse_ident(dt_pcb_t *);

/* front/dt_kvar.c */
DT_INTERNAL void dt_cook_kvar(dt_pcb_t *, dt_node_t *);

/* front/dt_xlate.c: translators; front/dt_dlib.c: the D library */
DT_INTERNAL void dt_xlate_decl(dt_pcb_t *);
DT_INTERNAL dt_xlator_t *dt_xlate_find(dt_pcb_t *, dt_type_t *out, dt_type_t *in);
DT_INTERNAL dt_node_t *dt_xlate_member(dt_pcb_t *, const dt_node_t *xl, const dt_node_t *memb);
DT_INTERNAL bool dt_xlate_exists(dtrace_hdl_t *, dt_type_t *out);
DT_INTERNAL void dt_xlate_check(dt_pcb_t *, const dt_node_t *);
DT_INTERNAL dt_node_t *dt_xlate_argexpr(dt_pcb_t *, const char *, const dt_node_t *native);
DT_INTERNAL dt_node_t *dt_xlate_probepred(dt_pcb_t *, const char *, int line);
DT_INTERNAL void dt_xlate_subst(dt_pcb_t *, dt_node_t *, const char *name, dt_type_t *type,
				const dt_node_t *value);
DT_INTERNAL int dt_dlib_load(dtrace_hdl_t *);
DT_INTERNAL void dt_dlib_fini(dtrace_hdl_t *);
DT_INTERNAL void dt_dlib_depends(dt_pcb_t *, const char *kind, const char *name);

/* front/dt_pdef.c: provider definitions */
DT_INTERNAL int dt_pdef_parse(dtrace_hdl_t *, const char **pp, int *linep);
DT_INTERNAL void dt_pdef_free(dtrace_hdl_t *);
DT_INTERNAL int dt_pdef_count(dtrace_hdl_t *);
DT_INTERNAL int dt_pdef_nargs(dtrace_hdl_t *, const char *prov, const char *probe);

/* front/dt_decl.c */
DT_INTERNAL void dt_parse_decl(dt_pcb_t *);
DT_INTERNAL dt_type_t *dt_decl_tagged(dt_pcb_t *);

/* front/dt_cook.c */
DT_INTERNAL void dt_cook_clause(dt_pcb_t *, dt_clause_t *, struct dt_probe *);
/* front/dt_ident.c: the identifier table */
DT_INTERNAL dt_ident_t *dt_ident_lookup(dtrace_hdl_t *, const char *, dt_idkind_t);
DT_INTERNAL dt_ident_t *dt_ident_create(dtrace_hdl_t *, const char *, dt_idkind_t);

/*
 * The built-in variables and functions (front/dt_builtins.c): one row each,
 * made from the language's table (layout/dt_lang.h) with the columns the
 * front end uses.  bv_id, bf_id index the tables.
 */
typedef struct dt_builtin_var {
	const char *bv_name;
	int bv_id;
	const char *bv_type;	    /* C type name; NULL: args[] */
	dtrace_attribute_t bv_attr; /* stability (args[], probe*: the provider's) */
	int64_t bv_since;	    /* the D version that introduced it */
} dt_builtin_var_t;

typedef struct dt_builtin_fn {
	const char *bf_name;
	int bf_id;
	dt_fnkind_t bf_kind;
	int bf_minargs, bf_maxargs; /* -1 = variadic */
	const char *bf_rettype;	     /* C type, "string", "void", NULL for actions */
	const char *bf_params;	     /* "const char *, [int]", or NULL: checked by its cook hook */
	dtrace_attribute_t bf_attr;
	int64_t bf_since;
} dt_builtin_fn_t;

DT_INTERNAL const dt_builtin_var_t *dt_builtin_var(const char *);
DT_INTERNAL const dt_builtin_fn_t *dt_builtin_fn(const char *);
DT_INTERNAL const dt_builtin_fn_t *dt_builtin_fn_byid(int);
/* Whether a built-in introduced in D version since exists in version vers (0: the latest). */
static inline bool dt_builtin_visible(int64_t since, int64_t vers)
{
	return vers == 0 || since <= vers;
}

/* front/dt_stackfn.c: the type of stack(), ustack() and the symbol functions as values */
DT_INTERNAL dt_type_t *dt_stackfn_type(dtrace_hdl_t *, int fnid, int nframes);

/* front/dt_subr.c: a call's arguments checked against its function's prototype */
DT_INTERNAL int dt_subr_check(const dt_builtin_fn_t *, dt_node_t *args, dt_node_t **where,
			      char *buf, size_t len);
DT_INTERNAL dt_type_t *dt_subr_rettype(dtrace_hdl_t *, const dt_builtin_fn_t *);

#endif /* DT_FRONT_H */
