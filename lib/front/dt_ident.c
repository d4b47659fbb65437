/*
 * dt_ident.c -- the identifier table: the handle's global names (scalars,
 * associative arrays, self-> and this-> variables, aggregations, inlines),
 * made by the parser, the declarations and the cook pass, found by name
 * and name space.
 *
 * D has three name spaces for variables: globals (and inlines), self->
 * and this->; an associative array shares its scalar's.  Identifiers are
 * kept in creation order (dt_globals: variable ids follow it) and found by
 * name (dt_idents, core/dt_hash.c: the first of that name, the others of
 * the name, one per name space, chained by di_hnext in creation order),
 * since the D library makes hundreds of inlines before the first program.
 * They are the handle's, in its arena.  `#pragma D attributes` naming a
 * global not yet made waits in dt_pragattrs (a list of carrier
 * identifiers) and is applied when it is made, as illumos' deferred
 * pragmas (dt_pragma_apply) are.
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

/* The identifier name in kind's name space, or NULL. */
dt_ident_t *dt_ident_lookup(dtrace_hdl_t *dtp, const char *name, dt_idkind_t kind)
{
	for (dt_ident_t *idp = dt_hash_findstr(&dtp->dt_idents, name); idp; idp = idp->di_hnext)
		if (same_space(idp->di_kind, kind))
			return idp;
	return NULL;
}

/* A new identifier, last in creation order; variables get the next variable id. */
dt_ident_t *dt_ident_create(dtrace_hdl_t *dtp, const char *name, dt_idkind_t kind)
{
	dt_ident_t *idp = dt_arena_zalloc(&dtp->dt_arena, sizeof(*idp)), **tail; /* the handle's */

	idp->di_name = dt_arena_strdup(&dtp->dt_arena, name);
	tail = (dt_ident_t **)dt_hash_slotstr(&dtp->dt_idents, idp->di_name); /* the key: its name */
	idp->di_kind = kind;
	idp->di_id = kind == DT_ID_INLINE ? 0 : ++dtp->dt_nvars; /* inlines are no variables */
	idp->di_nkeys = -1;
	idp->di_off = -1;
	if (dtp->dt_globtail == NULL)
		dtp->dt_globtail = &dtp->dt_globals;
	*dtp->dt_globtail = idp;
	dtp->dt_globtail = &idp->di_next;
	while (*tail != NULL) /* after those of the name in other name spaces */
		tail = &(*tail)->di_hnext;
	*tail = idp;
	if (same_space(kind, DT_ID_GLOBAL)) /* a #pragma D attributes waiting for it */
		for (dt_ident_t **pp = &dtp->dt_pragattrs; *pp != NULL; pp = &(*pp)->di_next)
			if (strcmp((*pp)->di_name, name) == 0) {
				idp->di_attr = (*pp)->di_attr;
				idp->di_hasattr = true;
				*pp = (*pp)->di_next;
				break;
			}
	return idp;
}
