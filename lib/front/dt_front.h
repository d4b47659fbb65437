/*
 * dt_front.h -- the front end's types: tokens, the AST, identifiers,
 * probe descriptions, clauses, compiled programs, the compile in progress,
 * and the built-in tables.
 *
 * Included through dt_impl.h, which defines DT_INTERNAL and the handle.
 */
#ifndef DT_FRONT_H
#define DT_FRONT_H

#include "dt_errtags.h"
#include "../layout/dt_lang.h"

/* ---------------------------------------------------------------- tokens */

typedef enum dt_tokkind {
	TK_EOF,
	TK_IDENT,
	TK_INT,
	TK_STR,
	TK_CHAR,
	TK_PUNCT,
	TK_KEYWORD,
	TK_AGG,	  /* @name or @ */
	TK_MACRO, /* $1, $target, $$1 */
	TK_PDESC, /* a probe description, lexed in the outer state */
} dt_tokkind_t;

typedef struct dt_token {
	dt_tokkind_t tk_kind;
	const char *tk_loc; /* start in the source */
	int tk_len;
	int tk_line;
	uint64_t tk_val;    /* integer value */
	bool tk_unsigned;   /* integer suffix u / too big for long */
	bool tk_long;       /* integer suffix l / ll */
	char *tk_str;       /* decoded string / identifier / probe description */
	int tk_strlen;
} dt_token_t;

/* ---------------------------------------------------------------- AST */

typedef enum dt_nkind {
	N_INT,	   /* integer constant: dn_val */
	N_STR,	   /* string constant: dn_str */
	N_VAR,	   /* variable reference: dn_ident (global, self, this, builtin) */
	N_AGG,	   /* @name: dn_ident */
	N_ARRAY,   /* a[k1, k2]: dn_ident, dn_args (keys); also args[n] */
	N_UNARY,   /* dn_op, dn_left */
	N_BINARY,  /* dn_op, dn_left, dn_right */
	N_LOGICAL, /* && || ^^ */
	N_COND,	   /* dn_cond ? dn_left : dn_right */
	N_ASSIGN,  /* dn_op is '=' or the compound operator; dn_left = dn_right */
	N_INCDEC,  /* dn_op '+'/'-', dn_post */
	N_CALL,	   /* function / action: dn_name, dn_args */
	N_MEMBER,  /* dn_left . dn_name or dn_left -> dn_name (dn_op '.' / '>') */
	N_CAST,	   /* (dn_ctype) dn_left */
	N_SIZEOF,  /* sizeof: folded to N_INT during cook */
	N_COMMA,   /* dn_left, dn_right */
	N_DEREF,   /* *dn_left */
	N_ADDROF,  /* &dn_left */
	N_STRINGOF,
	/* statements */
	N_EXPRSTMT,
	N_IF,	 /* dn_cond, dn_body, dn_else */
	N_BLOCK, /* dn_body list */
	N_AGGSTMT, /* @a[keys] = func(args): dn_ident, dn_args keys, dn_right call */
	N_XLATE,   /* xlate<dn_ctype>(dn_left); cooked: dn_right the input uncooked, dn_xlator */
} dt_nkind_t;

typedef enum dt_idkind {
	DT_ID_BUILTIN, /* pid, execname, arg0, ... */
	DT_ID_GLOBAL,  /* scalar global */
	DT_ID_GARRAY,  /* global associative array */
	DT_ID_TLS,     /* self->x */
	DT_ID_TARRAY,  /* self->x[k] */
	DT_ID_LOCAL,   /* this->x */
	DT_ID_AGG,     /* @x */
	DT_ID_INLINE,  /* inline type name = expr; (di_inline) */
} dt_idkind_t;

typedef struct dt_ident {
	const char *di_name;
	dt_idkind_t di_kind;
	int di_id;	       /* builtin id, variable id, aggregation id */
	dt_type_t *di_type;   /* value type (NULL until first assignment) */
	int di_nkeys;	       /* for arrays: key count, -1 until known */
	dt_type_t **di_keys;  /* key types */
	int di_off;	       /* global: offset in dt_global; local: scratch offset */
	int di_keysize;       /* arrays / dynamic vars: bytes of key tuple */
	int di_aggfunc;       /* aggregation: function (DT_AGG_*) */
	int64_t di_aggparams[5]; /* lquantize/llquantize parameters */
	int di_nparams;
	int di_valsize;       /* aggregation value bytes per CPU */
	int di_line;	       /* aggregation: line of its first assignment */
	bool di_declared;
	bool di_provisional;  /* read before any assignment: int64_t until one */
	struct dt_node *di_inline; /* inline: its expression, uncooked */
	const char **di_pnames; /* inline with parameters (fds[int fd]): their names;
				   their types and count are di_keys, di_nkeys */
	int di_busy;	       /* inline: being expanded (recursion) */
	bool di_lib;	       /* inline: the D library's */
	struct dt_ident *di_next;
	struct dt_ident *di_hnext; /* next in its dt_identhash bucket */
} dt_ident_t;

#define DT_IDENTHASH 509
#define DT_INLINE_MAXPARAMS 8 /* inline T name[T1 p1, ...] = e; */

typedef struct dt_node {
	dt_nkind_t dn_kind;
	const dt_token_t *dn_tok; /* for diagnostics */
	int dn_line;
	int dn_op; /* operator token: '+', TOK_SHL, ... (see dt_lex.h codes) */
	bool dn_post;
	bool dn_lib; /* parsed from a D library file */
	struct dt_node *dn_left, *dn_right, *dn_cond;
	struct dt_node *dn_args; /* list via dn_next */
	struct dt_node *dn_body, *dn_else;
	struct dt_node *dn_next;
	int64_t dn_val;
	char *dn_str;
	int dn_strlen;
	const char *dn_name;
	dt_ident_t *dn_ident;
	dt_type_t *dn_ctype; /* cast target */
	dt_type_t *dn_type;  /* type after cook */
	int dn_builtin;	     /* N_VAR of a built-in: DT_BV_*; N_CALL: DT_FN_* */
	dt_index_t dn_index; /* N_ARRAY: what is indexed (cooked) */
	dt_cmp_t dn_cmp;     /* N_BINARY comparison: how it compares (cooked) */
	int dn_actidx;	     /* statement's action index in its clause (1-based) */
	dt_member_t *dn_member; /* N_MEMBER: the member (bitfields) */
	struct dt_xlator *dn_xlator; /* N_XLATE: the translator */
} dt_node_t;

/* Operators that are more than one character. */
enum {
	OP_SHL = 256,
	OP_SHR,
	OP_LE,
	OP_GE,
	OP_EQ,
	OP_NE,
	OP_LAND,
	OP_LOR,
	OP_LXOR,
	OP_INC,
	OP_DEC,
	OP_ARROW,
	OP_ADDEQ,
	OP_SUBEQ,
	OP_MULEQ,
	OP_DIVEQ,
	OP_MODEQ,
	OP_ANDEQ,
	OP_OREQ,
	OP_XOREQ,
	OP_SHLEQ,
	OP_SHREQ,
	OP_NEG, /* unary - */
	OP_PLUS /* unary + */
};

typedef struct dt_pdesc {
	char *pd_prov, *pd_mod, *pd_func, *pd_name;
	const char *pd_text; /* as written, for messages */
	int pd_line;
	struct dt_pdesc *pd_next;
} dt_pdesc_t;

/*
 * What a clause reads of its probes' signature: native arguments (argN,
 * errno) or typed ones (args[]).  Probes whose signatures differ only in
 * what the clause does not read share its code.
 */
#define DT_USES_ARGN 1u
#define DT_USES_ARGS 2u

typedef struct dt_clause {
	dt_pdesc_t *dc_descs;
	dt_node_t *dc_pred;
	dt_node_t *dc_body; /* statement list */
	bool dc_hasbody;   /* braces present */
	int dc_index;	    /* program order */
	int dc_line;
	/* filled by cook */
	bool dc_default;    /* records the default action only */
	int dc_speculate;   /* clause contains speculate() */
	struct dt_probe **dc_probes; /* probes the clause's descriptions match */
	int dc_nprobes;
	unsigned dc_uses;   /* DT_USES_*: what of its probes' signature it reads */
	struct dt_clause *dc_variant; /* a copy cooked for other argument types, or NULL */
	bool dc_isvariant;  /* this clause is such a copy */
	struct dt_clause *dc_next;
} dt_clause_t;


struct dtrace_prog {
	dt_clause_t *dp_clauses;
	int dp_nclauses;
	dtrace_proginfo_t dp_info;
	dt_pdesc_t *dp_descs;
	struct dtrace_prog *dp_next;
};

/* A compile in progress: parser/lexer state and the diagnostics jump. */
typedef struct dt_pcb {
	dtrace_hdl_t *pcb_hdl;
	const char *pcb_src;	/* whole source */
	const char *pcb_cur;	/* lexer position */
	const char *pcb_filename; /* script name, NULL for -n strings */
	int pcb_line;
	int pcb_depth;		/* nesting of braces / parens / predicate */
	bool pcb_clause;	/* lexing inside a clause (S0 vs S2 in illumos) */
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
} dt_pcb_t;

/*
 * A translator (front/dt_xlate.c): `translator dx_otype < dx_itype dx_iname >
 * { member = expr; ... };`.  Library translators are kept as text
 * (dx_src) and parsed when an xlate<> first asks for their output type, so
 * that a library naming kernel types does not open BTF at start-up.
 */
typedef struct dt_xmember {
	const char *xm_name;
	dt_node_t *xm_expr; /* uncooked */
	struct dt_xmember *xm_next;
} dt_xmember_t;

typedef struct dt_xlator {
	dt_type_t *dx_otype;	/* the output struct or union */
	dt_type_t *dx_itype;	/* the input type (NULL until parsed) */
	const char *dx_iname;	/* the input's name in the member expressions */
	dt_xmember_t *dx_members;
	char *dx_src;		/* lazy: from "<" to "}" */
	const char *dx_file;
	int dx_line;
	int dx_state;		/* 0: text only, 1: parsed, -1: its types are not in this kernel */
	struct dt_xlator *dx_next;
} dt_xlator_t;


/* front/dt_lex.c */
DT_INTERNAL dt_token_t *dt_lex_peek(dt_pcb_t *, int n);
DT_INTERNAL dt_token_t *dt_lex_next(dt_pcb_t *);
DT_INTERNAL dt_token_t *dt_lex_pdesc(dt_pcb_t *);
DT_INTERNAL void dt_lex_skip_ws(dt_pcb_t *);
DT_INTERNAL void dt_lex_unpeek(dt_pcb_t *);
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
DT_INTERNAL dt_node_t *dt_node_clone(const dt_node_t *);
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
DT_INTERNAL void dt_xlate_subst(dt_pcb_t *, dt_node_t *, const char *name, dt_type_t *type,
				const dt_node_t *value);
DT_INTERNAL int dt_dlib_load(dtrace_hdl_t *);
DT_INTERNAL int dt_dlib_adddir(dtrace_hdl_t *, const char *);
DT_INTERNAL void dt_dlib_depends(dt_pcb_t *, const char *kind, const char *name);

/* front/dt_decl.c */
DT_INTERNAL void dt_parse_decl(dt_pcb_t *);
DT_INTERNAL dt_type_t *dt_decl_tagged(dt_pcb_t *);

/* front/dt_cook.c */
DT_INTERNAL void dt_cook_clause(dt_pcb_t *, dt_clause_t *, struct dt_probe *);
/* front/dt_ident.c: the identifier table */
DT_INTERNAL dt_ident_t *dt_ident_lookup(dtrace_hdl_t *, const char *, dt_idkind_t);
DT_INTERNAL dt_ident_t *dt_ident_create(dtrace_hdl_t *, const char *, dt_idkind_t);

/*
 * front/dt_stab.c: stability attributes (-v, -x amin).  A clause's
 * statement attributes are the least stable of the identifiers and
 * functions it uses; they and its descriptions' go into the program's
 * dtrace_proginfo_t.
 */
DT_INTERNAL dtrace_attribute_t dt_attr_min(dtrace_attribute_t, dtrace_attribute_t);
DT_INTERNAL int dt_str2attr(const char *, dtrace_attribute_t *);
DT_INTERNAL void dt_stab_init(dtrace_hdl_t *, struct dtrace_prog *);
DT_INTERNAL void dt_stab_clause(dt_pcb_t *, struct dtrace_prog *, dt_clause_t *);
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

/* front/dt_subr.c: prototypes of the string and memory subroutines */
DT_INTERNAL int dt_subr_check(const dt_builtin_fn_t *, dt_node_t *args, dt_node_t **where,
			      char *buf, size_t len);
DT_INTERNAL dt_type_t *dt_subr_rettype(dtrace_hdl_t *, const dt_builtin_fn_t *);

#endif /* DT_FRONT_H */
