/*
 * dt_dwarf.c -- types of user functions from DWARF (elfutils' libdw): the
 * parameters and return type of a function a pid probe names, for args[]
 * and `dtrace -l -v`, when the file carries debugging information.
 *
 * What the probe can use of them is what lies in integer registers:
 * integers, enums (as integers of their size) and pointers; the typed list
 * ends at a floating-point parameter (passed in an SSE register).
 * Pointers point into the process (user pointers: reading through one is
 * refused at compile time, naming copyin()); a struct or union they point
 * to is named but opaque (a typedef of void under its tag's name), since
 * the kernel's types of the same names are other types.  A parameter of
 * another kind (a struct passed by value) ends the typed list.
 *
 * One file's DWARF is kept open (the last asked for): a probe list names
 * one module's functions at a time.
 */
#include "dt_types.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct dt_dwarf {
	char *dw_path;
	int dw_fd;
	Dwarf *dw;
} dt_dwarf_t;

void dt_dwarf_close(dtrace_hdl_t *dtp)
{
	dt_dwarf_t *d = dtp->dt_dwarf;

	if (d == NULL)
		return;
	if (d->dw != NULL)
		dwarf_end(d->dw);
	if (d->dw_fd >= 0)
		close(d->dw_fd);
	free(d->dw_path);
	free(d);
	dtp->dt_dwarf = NULL;
}

static Dwarf *dwarf_of(dtrace_hdl_t *dtp, const char *path)
{
	dt_dwarf_t *d = dtp->dt_dwarf;

	if (d != NULL && strcmp(d->dw_path, path) == 0)
		return d->dw;
	dt_dwarf_close(dtp);
	d = dt_zalloc(sizeof(*d));
	d->dw_path = dt_strdup(path);
	d->dw_fd = open(path, O_RDONLY | O_CLOEXEC);
	d->dw = d->dw_fd >= 0 ? dwarf_begin(d->dw_fd, DWARF_C_READ) : NULL;
	dtp->dt_dwarf = d;
	return d->dw;
}

/* The type DW_AT_type of die names, or false (void) */
static bool type_of(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_type, &a) != NULL && dwarf_formref_die(&a, out) != NULL;
}

static dt_type_t *convert(dtrace_hdl_t *dtp, Dwarf_Die *die, int depth)
{
	Dwarf_Die base;
	Dwarf_Word size = 0, enc = 0;
	Dwarf_Attribute a;
	const char *name = dwarf_diename(die);
	char buf[256];

	if (depth > 16)
		return NULL;
	if (dwarf_attr(die, DW_AT_byte_size, &a) != NULL)
		dwarf_formudata(&a, &size);
	switch (dwarf_tag(die)) {
	case DW_TAG_base_type:
		if (dwarf_attr(die, DW_AT_encoding, &a) != NULL)
			dwarf_formudata(&a, &enc);
		if (enc == DW_ATE_float)
			return dt_type_float(dtp, (int)size);
		if (size != 1 && size != 2 && size != 4 && size != 8)
			return NULL;
		return dt_type_named_int(dtp, name ? dt_type_int_cname(name) : "int", (int)size,
					 enc == DW_ATE_signed || enc == DW_ATE_signed_char);
	case DW_TAG_enumeration_type:
		return dt_type_int(dtp, size ? (int)size : 4, false);
	case DW_TAG_typedef: {
		dt_type_t *t = type_of(die, &base) ? convert(dtp, &base, depth + 1) : dt_type_void(dtp);

		return t != NULL && name != NULL ? dt_type_typedef(dtp, name, t) : t;
	}
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
		return type_of(die, &base) ? convert(dtp, &base, depth + 1) : dt_type_void(dtp);
	case DW_TAG_pointer_type: {
		dt_type_t *t = dt_type_void(dtp);

		if (type_of(die, &base)) {
			int tag = dwarf_tag(&base);
			const char *bn = dwarf_diename(&base);

			if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
			    tag == DW_TAG_class_type) {
				snprintf(buf, sizeof(buf), "%s %s", tag == DW_TAG_union_type ? "union" : "struct",
					 bn ? bn : "(anon)");
				t = dt_type_typedef(dtp, buf, dt_type_void(dtp));
			} else if (tag == DW_TAG_subroutine_type) {
				t = dt_type_void(dtp);
			} else if ((t = convert(dtp, &base, depth + 1)) == NULL) {
				t = dt_type_void(dtp);
			}
		}
		return dt_type_userptr(dtp, t);
	}
	default:
		return NULL;
	}
}

typedef struct {
	const char *f_name;
	Dwarf_Die f_die;
	bool f_found;
} dt_findfunc_t;

static int find_func(Dwarf_Die *die, void *arg)
{
	dt_findfunc_t *f = arg;
	const char *n = dwarf_diename(die);

	if (n == NULL || strcmp(n, f->f_name) != 0 || !dwarf_hasattr(die, DW_AT_low_pc))
		return DWARF_CB_OK;
	f->f_die = *die;
	f->f_found = true;
	return DWARF_CB_ABORT;
}

int dt_dwarf_func_types(dtrace_hdl_t *dtp, const char *path, const char *func, dt_type_t **params,
			int max, dt_type_t **ret)
{
	Dwarf *dw = dwarf_of(dtp, path);
	Dwarf_Off off = 0, next;
	size_t hsize;
	dt_findfunc_t f = { .f_name = func };
	Dwarf_Die cu, child, t;
	int n = 0;

	*ret = NULL;
	if (dw == NULL || func == NULL)
		return -1;
	while (!f.f_found && dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		if (dwarf_offdie(dw, off + hsize, &cu) != NULL)
			dwarf_getfuncs(&cu, find_func, &f, 0);
		off = next;
	}
	if (!f.f_found)
		return -1;
	*ret = type_of(&f.f_die, &t) ? convert(dtp, &t, 0) : dt_type_void(dtp);
	if (*ret != NULL && (*ret)->dt_canon->dt_kind == DT_TK_FLOAT)
		*ret = NULL; /* returned in xmm0 */
	if (dwarf_child(&f.f_die, &child) != 0)
		return 0;
	do {
		dt_type_t *pt;

		if (dwarf_tag(&child) != DW_TAG_formal_parameter)
			continue;
		/* in an integer register, or the list ends (a float is in an SSE one) */
		if (n == max || !type_of(&child, &t) || (pt = convert(dtp, &t, 0)) == NULL ||
		    pt->dt_canon->dt_kind == DT_TK_FLOAT)
			break;
		params[n++] = pt;
	} while (dwarf_siblingof(&child, &child) == 0);
	return n;
}
