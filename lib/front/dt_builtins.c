/*
 * dt_builtins.c -- the front end's view of the language's built-in
 * variables and functions: name, id, kind, arity, types, prototype,
 * stability and D version, made from the rows of layout/dt_lang.h (the
 * cook pass's hooks are in dt_cook.c, the code generator's in cg/).
 */
#include "dt_front.h"

#include <string.h>

static const dt_builtin_var_t dt_vartab[DT_BV_MAX] = {
#define X(id, name, type, attr, vers, cook, cg) \
	[DT_BV_##id] = { name, DT_BV_##id, type, DT_ATTR_##attr, vers },
	DT_LANG_VARS(X)
#undef X
};

static const dt_builtin_fn_t dt_fntab[DT_FN_NFUNCS] = {
#define X(id, name, kind, min, max, ret, params, attr, vers, cook, cg) \
	[DT_FN_##id] = { name, DT_FN_##id, DT_FN_##kind, min, max, ret, params, DT_ATTR_##attr, vers },
	DT_LANG_FUNCS(X)
#undef X
};

const dt_builtin_var_t *dt_builtin_var(const char *name)
{
	for (int i = 0; i < DT_BV_MAX; i++)
		if (!strcmp(dt_vartab[i].bv_name, name))
			return &dt_vartab[i];
	return NULL;
}

const dt_builtin_fn_t *dt_builtin_fn(const char *name)
{
	for (int i = DT_FN_NONE + 1; i < DT_FN_NFUNCS; i++)
		if (!strcmp(dt_fntab[i].bf_name, name))
			return &dt_fntab[i];
	return NULL;
}

const dt_builtin_fn_t *dt_builtin_fn_byid(int id)
{
	return id > DT_FN_NONE && id < DT_FN_NFUNCS ? &dt_fntab[id] : NULL;
}
