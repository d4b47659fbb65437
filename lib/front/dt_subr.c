/*
 * dt_subr.c -- the check of a call's arguments against its prototype (the
 * parameters column of layout/dt_lang.h, as DTrace writes them: substr()'s
 * are "const char *, int, [int]"), with DTrace's rules and message:
 *
 *   - a "const char *" parameter takes a string, a char array, a char or
 *     void pointer, or the null pointer constant 0;
 *   - another pointer parameter takes any pointer, array or string, or 0;
 *   - an integer parameter takes an integer;
 *   - "@" takes any value.
 *
 * The cook pass (dt_cook.c) calls dt_subr_check() for every call; functions
 * without parameters in the table are checked by their cook hooks.
 */
#include "dt_front.h"

#include <stdio.h>
#include <string.h>

/* Parameter n (0-based) of params into buf, without "[ ]"; false if none. */
static bool subr_param(const char *params, int n, char *buf, size_t len)
{
	const char *p = params, *e;

	for (; n > 0 && p != NULL; n--)
		if ((p = strchr(p, ',')) != NULL)
			p += 1 + strspn(p + 1, " ");
	if (p == NULL || *p == '\0')
		return false;
	if (*p == '[')
		p++;
	e = p + strcspn(p, ",])");
	snprintf(buf, len, "%.*s", (int)(e - p), p);
	return true;
}

/* The null pointer constant: 0, or 0 cast to a pointer. */
static bool is_null_const(const dt_node_t *a)
{
	while (a->dn_kind == N_CAST && a->dn_type->dt_kind == DT_TK_PTR)
		a = a->dn_left;
	return a->dn_kind == N_INT && a->dn_val == 0;
}

static bool is_chars(const dt_type_t *t)
{
	return t->dt_kind == DT_TK_STRING ||
	       ((t->dt_kind == DT_TK_ARRAY || t->dt_kind == DT_TK_PTR) &&
		t->dt_base != NULL && t->dt_base->dt_kind == DT_TK_INT && t->dt_base->dt_size == 1);
}

static bool param_accepts(const char *param, const dt_node_t *a)
{
	const dt_type_t *t = a->dn_type;

	if (!strcmp(param, "@"))
		return t->dt_kind != DT_TK_VOID;
	if (!strcmp(param, "const char *"))
		return is_chars(t) || is_null_const(a) ||
		       (t->dt_kind == DT_TK_PTR && t->dt_base != NULL &&
			t->dt_base->dt_kind == DT_TK_VOID);
	if (strchr(param, '*') != NULL) /* a string is an array in illumos' D: bcopy("abc", p, 4) */
		return t->dt_kind == DT_TK_PTR || t->dt_kind == DT_TK_ARRAY ||
		       t->dt_kind == DT_TK_STRING || is_null_const(a);
	return dt_type_is_int(t);
}

/*
 * Check the arguments of a call to fn against its prototype.  Returns 0, or
 * -1 with DTrace's message in buf and the offending argument in *where.
 */
int dt_subr_check(const dt_builtin_fn_t *fn, dt_node_t *args, dt_node_t **where, char *buf,
		  size_t len)
{
	char param[64];
	int i = 0;

	if (fn->bf_params == NULL)
		return 0;
	for (dt_node_t *a = args; a != NULL; a = a->dn_next, i++) {
		if (!subr_param(fn->bf_params, i, param, sizeof(param)) || param_accepts(param, a))
			continue;
		*where = a;
		snprintf(buf, len, "%s( ) argument #%d is incompatible with prototype:\n"
				   "\tprototype: %s\n\t argument: %s",
			 fn->bf_name, i + 1, param, a->dn_type->dt_name);
		return -1;
	}
	return 0;
}

/* The return type of a subroutine with a prototype (bf_params). */
dt_type_t *dt_subr_rettype(dtrace_hdl_t *dtp, const dt_builtin_fn_t *fn)
{
	const char *ret = fn->bf_rettype;

	if (!strcmp(ret, "string"))
		return dt_type_string(dtp);
	if (!strcmp(ret, "major_t") || !strcmp(ret, "minor_t"))
		return dt_type_named_int(dtp, ret, 4, false);
	return dt_type_parse(dtp, ret);
}
