/*
 * dt_ident.c -- the identifier table: the handle's global names (scalars,
 * associative arrays, self-> and this-> variables, aggregations, inlines),
 * made by the parser, the declarations and the cook pass, found by name
 * and name space.
 *
 * D has three name spaces for variables: globals (and inlines), self->
 * and this->; an associative array shares its scalar's.  Identifiers are
 * kept in creation order (dt_globals: variable ids follow it) and hashed
 * by name (dt_identhash, chained by di_hnext in creation order), since the
 * D library makes hundreds of inlines before the first program.
 */
#include "dt_front.h"

#include <string.h>

/* Whether kinds a and b are in one name space. */
static bool same_space(dt_idkind_t a, dt_idkind_t b)
{
	int ca = a == DT_ID_GARRAY || a == DT_ID_INLINE ? DT_ID_GLOBAL : a == DT_ID_TARRAY ? DT_ID_TLS : a;
	int cb = b == DT_ID_GARRAY || b == DT_ID_INLINE ? DT_ID_GLOBAL : b == DT_ID_TARRAY ? DT_ID_TLS : b;

	return ca == cb;
}

static unsigned ident_hash(const char *name)
{
	unsigned h = 5381;

	while (*name)
		h = h * 33 + (unsigned char)*name++;
	return h % DT_IDENTHASH;
}

/* The identifier name in kind's name space, or NULL. */
dt_ident_t *dt_ident_lookup(dtrace_hdl_t *dtp, const char *name, dt_idkind_t kind)
{
	for (dt_ident_t *idp = dtp->dt_identhash[ident_hash(name)]; idp; idp = idp->di_hnext)
		if (same_space(idp->di_kind, kind) && !strcmp(idp->di_name, name))
			return idp;
	return NULL;
}

/* A new identifier, last in creation order; variables get the next variable id. */
dt_ident_t *dt_ident_create(dtrace_hdl_t *dtp, const char *name, dt_idkind_t kind)
{
	dt_ident_t *idp = dt_zalloc(sizeof(*idp)), **tail;

	idp->di_name = dt_strdup(name);
	idp->di_kind = kind;
	idp->di_id = kind == DT_ID_INLINE ? 0 : ++dtp->dt_nvars; /* inlines are no variables */
	idp->di_nkeys = -1;
	idp->di_off = -1;
	if (dtp->dt_globtail == NULL)
		dtp->dt_globtail = &dtp->dt_globals;
	*dtp->dt_globtail = idp;
	dtp->dt_globtail = &idp->di_next;
	for (tail = &dtp->dt_identhash[ident_hash(name)]; *tail; tail = &(*tail)->di_hnext)
		;
	*tail = idp;
	return idp;
}
