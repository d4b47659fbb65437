/*
 * dt_print.c -- print(): a value printed as C with its type, in the layout
 * of illumos' print() action:
 *
 *   struct foo {
 *       int a = 0x1
 *       char [8] name = [ "abc" ]
 *       struct bar b = {
 *           long c = 0
 *       }
 *       enum e kind = E_ONE
 *       int *p = 0xffff888100a0b000
 *   }
 *
 * Integers and pointers in hexadecimal (%#llx: 0 is "0"), enums by their
 * enumerator, arrays of char (not of uint8_t) as a string, other arrays element by element,
 * nested structs and unions as blocks indented four spaces a level.  A
 * value that is not a struct, union or array prints as its type and value
 * (`int 0x2a`).  The bytes are the record's (recorded whole by the code
 * generator); types come from the handle (BTF, D declarations).
 */
#include "dt_consume.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* size (at most 8) little-endian bytes at p */
static uint64_t rd_uint(const char *p, int size)
{
	uint64_t v = 0;

	memcpy(&v, p, size > 8 ? 8 : size);
	return v;
}

static void print_block(dtrace_hdl_t *, FILE *, dt_type_t *, const char *, size_t, int depth);

/* A scalar, array or block value of type t at p (within size bytes). */
static void print_val(dtrace_hdl_t *dtp, FILE *fp, dt_type_t *t, const char *p, size_t size,
		      int bitoff, int bits, int depth)
{
	dt_type_t *c = t->dt_canon;

	if ((size_t)c->dt_size > size && bits == 0) {
		fprintf(fp, "?");
		return;
	}
	switch (c->dt_kind) {
	case DT_TK_STRUCT:
	case DT_TK_UNION:
		fprintf(fp, "{\n");
		print_block(dtp, fp, c, p, size, depth + 1);
		fprintf(fp, "%*s}", 4 * depth, "");
		return;
	case DT_TK_ARRAY: {
		dt_type_t *e = c->dt_base->dt_canon;

		if (e->dt_kind == DT_TK_INT && e->dt_size == 1 && !strcmp(e->dt_name, "char")) {
			fprintf(fp, "[ \"%.*s\" ]", (int)strnlen(p, (size_t)c->dt_size), p);
			return;
		}
		fprintf(fp, "[ ");
		for (int i = 0; i < c->dt_nelems; i++) {
			if (i > 0)
				fprintf(fp, ", ");
			print_val(dtp, fp, c->dt_base, p + (size_t)i * e->dt_size,
				  size - (size_t)i * e->dt_size, 0, 0, depth);
		}
		fprintf(fp, " ]");
		return;
	}
	case DT_TK_INT: {
		uint64_t v;

		if (bits > 0) { /* the bytes from dm_off that hold the field */
			v = rd_uint(p, size < 8 ? (int)size : 8);
			v = (v >> bitoff) & (bits >= 64 ? ~0ULL : (1ULL << bits) - 1);
		} else {
			v = rd_uint(p, c->dt_size);
		}
		if (c->dt_isenum) {
			int64_t sv = c->dt_signed && c->dt_size < 8 && bits == 0
					     ? (int64_t)(v << (64 - 8 * c->dt_size)) >> (64 - 8 * c->dt_size)
					     : (int64_t)v;

			for (dt_enumer_t *en = c->dt_enums; en != NULL; en = en->de_next)
				if (en->de_val == sv) {
					fprintf(fp, "%s", en->de_name);
					return;
				}
		}
		fprintf(fp, "%#llx", (unsigned long long)v);
		return;
	}
	case DT_TK_PTR:
		fprintf(fp, "%#llx", (unsigned long long)rd_uint(p, 8));
		return;
	case DT_TK_FLOAT:
		if (c->dt_size == 4) {
			float f;

			memcpy(&f, p, 4);
			fprintf(fp, "%f", (double)f);
		} else if (c->dt_size == 8) {
			double d;

			memcpy(&d, p, 8);
			fprintf(fp, "%f", d);
		} else {
			long double d;

			memcpy(&d, p, sizeof(d) < (size_t)c->dt_size ? sizeof(d) : (size_t)c->dt_size);
			fprintf(fp, "%Lf", d);
		}
		return;
	default:
		fprintf(fp, "?");
		return;
	}
}

/* The members of a struct or union, one line each, at depth. */
static void print_block(dtrace_hdl_t *dtp, FILE *fp, dt_type_t *t, const char *p, size_t size,
			int depth)
{
	if (dt_type_resolve(dtp, t) != 0)
		return;
	for (dt_member_t *m = t->dt_members; m != NULL; m = m->dm_next) {
		if ((size_t)m->dm_off > size)
			break;
		const char *tn = m->dm_type->dt_name;
		bool named = m->dm_name != NULL && m->dm_name[0] != '\0';

		/* "int a", "char *p" (as C writes a pointer), "union (anon)" */
		fprintf(fp, "%*s%s%s%s = ", 4 * depth, "", tn,
			named && tn[strlen(tn) - 1] != '*' ? " " : "", named ? m->dm_name : "");
		print_val(dtp, fp, m->dm_type, p + m->dm_off, size - (size_t)m->dm_off, m->dm_bitoff,
			  m->dm_bits, depth);
		fprintf(fp, "\n");
	}
}

void dt_print_value(dtrace_hdl_t *dtp, FILE *fp, dt_type_t *t, const char *data, size_t size,
		    bool string)
{
	dt_type_t *c = t->dt_canon;

	if (string) {
		fprintf(fp, "string \"%.*s\"", (int)strnlen(data, size), data);
		return;
	}
	switch (c->dt_kind) {
	case DT_TK_STRUCT:
	case DT_TK_UNION:
		fprintf(fp, "%s {\n", t->dt_name);
		print_block(dtp, fp, c, data, size, 1);
		fprintf(fp, "}");
		return;
	case DT_TK_INT:
		/* recorded widened to 64 bits: its own size's worth */
		fprintf(fp, "%s ", t->dt_name);
		print_val(dtp, fp, t, data, size, 0, 0, 0);
		return;
	default:
		fprintf(fp, "%s ", t->dt_name);
		print_val(dtp, fp, t, data, size, 0, 0, 0);
		return;
	}
}
