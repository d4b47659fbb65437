/*
 * dt_subr.c -- the prototypes of the string and memory subroutines, as
 * DTrace writes them ("string(const char *, int, [int])"), and the check of
 * a call's arguments against them with DTrace's rules and message:
 *
 *   - a "const char *" parameter takes a string, a char array, a char or
 *     void pointer, or the null pointer constant 0;
 *   - another pointer parameter takes any pointer or array, or 0;
 *   - an integer parameter takes an integer;
 *   - "@" takes any value.
 *
 * The cook pass (dt_cook.c) calls dt_subr_check() for every function that
 * has a row here; the code generator is cg/dt_cg_str.c.
 */
#include "dt_front.h"

#include <stdio.h>
#include <string.h>

static const struct {
	int sp_id;
	const char *sp_proto;
} dt_subrprotos[] = {
	{ DT_FN_STRLEN, "size_t(const char *)" },
	{ DT_FN_STRJOIN, "string(const char *, const char *)" },
	{ DT_FN_SUBSTR, "string(const char *, int, [int])" },
	{ DT_FN_INDEX, "int(const char *, const char *, [int])" },
	{ DT_FN_RINDEX, "int(const char *, const char *, [int])" },
	{ DT_FN_STRCHR, "string(const char *, char)" },
	{ DT_FN_STRRCHR, "string(const char *, char)" },
	{ DT_FN_STRSTR, "string(const char *, const char *)" },
	{ DT_FN_STRTOK, "string(const char *, const char *)" },
	{ DT_FN_LLTOSTR, "string(int64_t, [int])" },
	{ DT_FN_BASENAME, "string(const char *)" },
	{ DT_FN_DIRNAME, "string(const char *)" },
	{ DT_FN_CLEANPATH, "string(const char *)" },
	{ DT_FN_TOUPPER, "string(const char *)" },
	{ DT_FN_TOLOWER, "string(const char *)" },
	{ DT_FN_STRTOLL, "int64_t(const char *, [int])" },
	{ DT_FN_INET_NTOA, "string(ipaddr_t *)" },
	{ DT_FN_INET_NTOA6, "string(in6_addr_t *)" },
	{ DT_FN_INET_NTOP, "string(int, void *)" },
	{ DT_FN_HTONS, "uint16_t(uint16_t)" },
	{ DT_FN_HTONL, "uint32_t(uint32_t)" },
	{ DT_FN_HTONLL, "uint64_t(uint64_t)" },
	{ DT_FN_NTOHS, "uint16_t(uint16_t)" },
	{ DT_FN_NTOHL, "uint32_t(uint32_t)" },
	{ DT_FN_NTOHLL, "uint64_t(uint64_t)" },
	{ DT_FN_GETMAJOR, "major_t(dev_t)" },
	{ DT_FN_GETMINOR, "minor_t(dev_t)" },
	{ DT_FN_ALLOCA, "void *(size_t)" },
	{ DT_FN_BCOPY, "void(void *, void *, size_t)" },
	{ DT_FN_COPYINTO, "void(uintptr_t, size_t, void *)" },
	{ DT_FN_COPYOUT, "void(void *, uintptr_t, size_t)" },
	{ DT_FN_COPYOUTSTR, "void(const char *, uintptr_t, size_t)" },
	{ DT_FN_RAISE, "void(int)" },
	{ DT_FN_CHILL, "void(int)" },
	{ DT_FN_PROGENYOF, "int(pid_t)" },
	{ DT_FN_RAND, "int()" },
	{ DT_FN_TRACEMEM, "void(@, size_t, [size_t])" },
};

static const char *subr_proto(int id)
{
	for (size_t i = 0; i < sizeof(dt_subrprotos) / sizeof(dt_subrprotos[0]); i++)
		if (dt_subrprotos[i].sp_id == id)
			return dt_subrprotos[i].sp_proto;
	return NULL;
}

/* Parameter n (0-based) of proto into buf, without "[ ]"; false if none. */
static bool subr_param(const char *proto, int n, char *buf, size_t len)
{
	const char *p = strchr(proto, '(') + 1, *e;

	for (; n > 0 && p != NULL; n--)
		if ((p = strchr(p, ',')) != NULL)
			p += 1 + strspn(p + 1, " ");
	if (p == NULL || *p == ')')
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
	if (strchr(param, '*') != NULL)
		return t->dt_kind == DT_TK_PTR || t->dt_kind == DT_TK_ARRAY || is_null_const(a);
	return dt_type_is_int(t);
}

bool dt_subr_has_proto(int id)
{
	return subr_proto(id) != NULL;
}

/*
 * Check the arguments of a call to fn against its prototype.  Returns 0, or
 * -1 with DTrace's message in buf and the offending argument in *where.
 */
int dt_subr_check(const dt_builtin_fn_t *fn, dt_node_t *args, dt_node_t **where, char *buf,
		  size_t len)
{
	const char *proto = subr_proto(fn->bf_id);
	char param[64];
	int i = 0;

	if (proto == NULL)
		return 0;
	for (dt_node_t *a = args; a != NULL; a = a->dn_next, i++) {
		if (!subr_param(proto, i, param, sizeof(param)) || param_accepts(param, a))
			continue;
		*where = a;
		snprintf(buf, len, "%s( ) argument #%d is incompatible with prototype:\n"
				   "\tprototype: %s\n\t argument: %s",
			 fn->bf_name, i + 1, param, a->dn_type->dt_name);
		return -1;
	}
	return 0;
}

/* The return type of fn, from its prototype (NULL: none here). */
dt_type_t *dt_subr_rettype(dtrace_hdl_t *dtp, int id)
{
	const char *proto = subr_proto(id);
	char ret[64];

	if (proto == NULL)
		return NULL;
	snprintf(ret, sizeof(ret), "%.*s", (int)strcspn(proto, "("), proto);
	if (!strcmp(ret, "string"))
		return dt_type_string(dtp);
	if (!strcmp(ret, "major_t") || !strcmp(ret, "minor_t"))
		return dt_type_named_int(dtp, id == DT_FN_GETMAJOR ? "major_t" : "minor_t", 4,
					 false);
	return dt_type_parse(dtp, ret);
}
