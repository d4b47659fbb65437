/*
 * records.c -- a consumer of libdtrace.so that reads DTrace's records as
 * data: it includes nothing but <dtrace.h>, runs a D program, prints each
 * record from the record callback's description and data (the library
 * prints nothing: the callback says DTRACE_CONSUME_NEXT), then walks the
 * aggregations.
 *
 *   make build/examples/records && sudo build/examples/records ['D program' [order]]
 *
 * order: how the aggregations are walked: "sorted" (DTrace's order, the
 * aggsort* options), "key", "val", "keyrev", "valrev" (default "key").
 */
#include <dtrace.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* An integer of a record or key: size bytes, signed or not. */
static int64_t integer(const char *p, uint32_t size, int sign)
{
	int8_t i8;
	int16_t i16;
	int32_t i32;
	int64_t i64 = 0;

	switch (size) {
	case 1: memcpy(&i8, p, 1); return sign ? i8 : (uint8_t)i8;
	case 2: memcpy(&i16, p, 2); return sign ? i16 : (uint16_t)i16;
	case 4: memcpy(&i32, p, 4); return sign ? (int64_t)i32 : (int64_t)(uint32_t)i32;
	default: memcpy(&i64, p, 8); return i64;
	}
}

/* A value described by r at p. */
static void value(dtrace_hdl_t *dtp, const dtrace_recdesc_t *r, const char *p, uint32_t isize)
{
	dtrace_frame_t f[64];
	int n;

	switch (r->dtrd_kind) {
	case DTRACE_DATA_INT:
		printf("%s %" PRId64, r->dtrd_type, integer(p, isize, r->dtrd_signed));
		break;
	case DTRACE_DATA_STRING:
		printf("string \"%.*s\"", (int)strnlen(p, r->dtrd_size), p);
		break;
	case DTRACE_DATA_KSTACK:
	case DTRACE_DATA_USTACK:
	case DTRACE_DATA_KADDR:
	case DTRACE_DATA_UADDR:
		n = dtrace_frames(dtp, r, p, f, 64);
		printf("%d frame%s", n, n == 1 ? "" : "s");
		for (int i = 0; i < n && i < 64; i++)
			printf(" %s`%s", f[i].dtf_module ? f[i].dtf_module : "?",
			       f[i].dtf_function ? f[i].dtf_function : "?");
		break;
	default:
		printf("%u bytes", r->dtrd_size);
	}
}

static int probe(const dtrace_probedata_t *pd, void *arg)
{
	const dtrace_probedesc_t *d = pd->dtpda_pdesc;

	(void)arg;
	printf("probe %u %s:%s:%s:%s, %d records\n", d->dtpd_id, d->dtpd_provider, d->dtpd_mod,
	       d->dtpd_func, d->dtpd_name, pd->dtpda_nrecs);
	return DTRACE_CONSUME_THIS;
}

static int record(const dtrace_probedata_t *pd, const dtrace_recdesc_t *r, void *arg)
{
	(void)arg;
	if (r == NULL) {
		printf("end of probe\n");
		return DTRACE_CONSUME_NEXT;
	}
	printf("  %s: ", dtrace_action_name(r->dtrd_action));
	if (r->dtrd_format != NULL) {
		const char *text = dtrace_printf_text(pd->dtpda_handle, pd, r, NULL);

		printf("format \"%.*s\"", (int)strcspn(r->dtrd_format, "\n"), r->dtrd_format);
		if (r->dtrd_action == DTRACEACT_PRINTF)
			printf(", text \"%.*s\"", (int)strcspn(text, "\n"), text);
		for (int i = 0; i < r->dtrd_nargs; i++) {
			printf(", ");
			value(pd->dtpda_handle, &r->dtrd_args[i],
			      pd->dtpda_data + r->dtrd_args[i].dtrd_offset, r->dtrd_args[i].dtrd_size);
		}
	} else {
		value(pd->dtpda_handle, r, pd->dtpda_data + r->dtrd_offset, r->dtrd_size);
	}
	printf("\n");
	return DTRACE_CONSUME_NEXT; /* printed here: the library prints nothing */
}

static int aggrow(const dtrace_aggdata_t *ad, void *arg)
{
	const dtrace_aggdesc_t *d = ad->dtada_desc;
	const dtrace_aggval_t *v = &ad->dtada_vals[0];

	(void)arg;
	printf("@%s[", d->dtagd_name);
	for (int i = 0; i < d->dtagd_nkeys; i++) {
		printf(i > 0 ? ", " : "");
		value(ad->dtada_handle, &d->dtagd_keys[i], ad->dtada_key + d->dtagd_keys[i].dtrd_offset,
		      d->dtagd_keys[i].dtrd_tsize);
	}
	printf("] %s = %" PRId64, d->dtagd_funcname, v->dtav_value);
	for (int i = 0; i < v->dtav_nbuckets; i++)
		printf("%s%" PRId64 "..%" PRId64 ": %" PRId64, i ? ", " : " buckets ",
		       v->dtav_buckets[i].dtab_min, v->dtav_buckets[i].dtab_max,
		       v->dtav_buckets[i].dtab_count);
	printf("\n");
	return DTRACE_AGGWALK_NEXT;
}

int main(int argc, char **argv)
{
	const char *src = argc > 1 ? argv[1] :
		"BEGIN { trace(42); trace(\"hi\"); printf(\"%s is %d\\n\", \"answer\", 42); "
		"@a[\"x\"] = count(); @a[\"y\"] = count(); @a[\"y\"] = count(); "
		"@b[\"y\"] = sum(5); @q = quantize(5); exit(0); }";
	static const struct {
		const char *name;
		int how;
	} orders[] = {
		{ "sorted", DTRACE_AGGWALK_SORTED },
		{ "key", DTRACE_AGGWALK_BYKEY },
		{ "val", DTRACE_AGGWALK_BYVAL },
		{ "keyrev", DTRACE_AGGWALK_BYKEY | DTRACE_AGGWALK_REVERSE },
		{ "valrev", DTRACE_AGGWALK_BYVAL | DTRACE_AGGWALK_REVERSE },
	};
	int how = DTRACE_AGGWALK_BYKEY;
	dtrace_workstatus_t ws;
	dtrace_proginfo_t info;
	dtrace_prog_t *prog;
	dtrace_hdl_t *dtp;
	int err;

	for (size_t i = 0; argc > 2 && i < sizeof(orders) / sizeof(orders[0]); i++)
		if (strcmp(argv[2], orders[i].name) == 0)
			how = orders[i].how;
	if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		fprintf(stderr, "records: %s\n", dtrace_errmsg(NULL, err));
		return 1;
	}
	if ((prog = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, DTRACE_C_PSPEC,
					      NULL)) == NULL ||
	    dtrace_program_exec(dtp, prog, &info) != 0 || dtrace_go(dtp) != 0) {
		fprintf(stderr, "records: %s\n", dtrace_errmsg(dtp, dtrace_errno(dtp)));
		dtrace_close(dtp);
		return 1;
	}
	printf("%u probe%s enabled\n", info.dpi_matches, info.dpi_matches == 1 ? "" : "s");
	do {
		dtrace_sleep(dtp);
		ws = dtrace_work(dtp, stdout, probe, record, NULL);
	} while (ws == DTRACE_WORKSTATUS_OKAY);
	dtrace_stop(dtp);
	printf("exit status %d\n", dtrace_exit_status(dtp));
	dtrace_aggregate_walk(dtp, how, aggrow, NULL);
	dtrace_close(dtp);
	return 0;
}
