/*
 * dt_ast.h -- the program as data, what the front end hands the code
 * generator and the driver: tokens, the AST, identifiers, probe
 * descriptions, clauses, compiled programs and translators.  The front end
 * makes and cooks them (front/); the code generator reads them (cg/).
 *
 * Part of the layout floor (included by dt_layout.h only).
 */
#ifndef DT_AST_H
#define DT_AST_H

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

struct dt_ident {
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
	bool di_hasattr;       /* #pragma D attributes gave it di_attr */
	dtrace_attribute_t di_attr;
	struct dt_ident *di_next;
	struct dt_ident *di_hnext; /* next of the same name (dt_idents) */
};

#define DT_INLINE_MAXPARAMS 8 /* inline T name[T1 p1, ...] = e; */

/*
 * What the cook pass found an N_ARRAY node to be (dn_index), so that the
 * code generator does not work it out again.
 */
typedef enum dt_index {
	DT_INDEX_VAR,	 /* an associative array's element (dn_ident) */
	DT_INDEX_MEM,	 /* p[i], a[i] of memory: *(p + i) */
	DT_INDEX_SCALAR, /* an element of a scalar array variable: int a[5]; this int b[3] */
	DT_INDEX_STRING, /* s[i]: a character of a string */
	DT_INDEX_ARGS,	 /* args[n]: the probe's typed argument n (dn_val) */
	DT_INDEX_UREGS,	 /* uregs[i]: a user register */
} dt_index_t;

/* How a comparison operator (== != < > <= >=) compares (dn_cmp). */
typedef enum dt_cmp {
	DT_CMP_VALUE,	/* integers or pointers, in the converted type (dn_ctype) */
	DT_CMP_STRING,	/* strings, character by character */
	DT_CMP_STRNULL, /* a string and the null pointer constant: the pointer */
} dt_cmp_t;

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
	int dn_builtin;	     /* N_VAR of a built-in: DT_BV_*; N_CALL: DT_FN_* (dt_lang.h) */
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

struct dt_pdesc {
	char *pd_prov, *pd_mod, *pd_func, *pd_name;
	const char *pd_text; /* as written, for messages */
	int pd_line;
	struct dt_pdesc *pd_next;
};

/*
 * What a clause reads of its probes' signature: native arguments (argN,
 * errno) or typed ones (args[]).  Probes whose signatures differ only in
 * what the clause does not read share its code.
 */
#define DT_USES_ARGN 1u
#define DT_USES_ARGS 2u

struct dt_clause {
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
	bool dc_hidden;	    /* a provider's companion clause (pr_companion): not the user's */
	struct dt_clause *dc_next;
};


/*
 * A compiled program: its memory is its arena (core/dt_arena.c), but for
 * the clauses' probe lists (dc_probes, malloc'd: they grow).
 */
struct dtrace_prog {
	dt_arena_t dp_arena;	/* source, tokens, trees, descriptions, clauses */
	dt_clause_t *dp_clauses;
	int dp_nclauses;
	dtrace_proginfo_t dp_info;
	dt_pdesc_t *dp_descs;
	bool dp_declares;	/* made an inline or translator: the handle keeps its memory */
	bool dp_enabled;	/* given to dtrace_program_exec(): the handle's until close */
	struct dtrace_prog *dp_next; /* the handle's programs (dt_progs) */
};

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

#endif /* DT_AST_H */
