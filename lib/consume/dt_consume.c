/*
 * dt_consume.c -- the consumer: draining the per-CPU principal buffers and
 * turning records back into DTrace's output.
 *
 * The drain loop.  dtrace_work() is called after each dtrace_sleep(): at
 * most once per switchrate it drains every CPU's ring in CPU order (records
 * of one CPU are in the order they were written; records of different CPUs
 * are not ordered, as in DTrace).  Each record starts with its EPID; the
 * EPID's description, made by the code generator, says which records follow
 * at which offsets and how to print them.  At most once per statusrate, and
 * at the end, it reads the per-CPU counters the programs keep in their
 * scratch areas and reports new drops and errors, so that nothing that was
 * lost goes unreported.  When the programs have called exit() (the activity
 * word is DRAINING) it stops tracing, runs END, drains the rest and returns
 * DTRACE_WORKSTATUS_DONE.
 */
#include "dt_consume.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <errno.h>
#include <unistd.h>

typedef struct dt_walk {
	dtrace_hdl_t *w_dtp;
	FILE *w_fp;
	dtrace_consume_probe_f *w_pfunc;
	dtrace_consume_rec_f *w_rfunc;
	void *w_arg;
	int w_rv;
	uint32_t w_next; /* flowindent: EPID of the next record, 0 if unknown */
	char *w_held;	 /* flowindent: the record held back until the next one */
	uint32_t w_heldlen;
} dt_walk_t;

/* The per-CPU principal buffers: sizes, policy and resizing in dt_buffer.c. */
int dt_consume_init(dtrace_hdl_t *dtp)
{
	dtp->dt_lastdrops = dt_zalloc(sizeof(uint64_t) * dtp->dt_ncpus * 8);
	return dt_buffer_alloc(dtp);
}

void dt_consume_fini(dtrace_hdl_t *dtp)
{
	free(dtp->dt_pfbuf);
	dtp->dt_pfbuf = NULL;
	if (dtp->dt_rings == NULL)
		return;
	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++)
		dt_ring_close(dtp->dt_rings[cpu]);
	free(dtp->dt_rings);
	dtp->dt_rings = NULL;
}

/* ------------------------------------------------------------ records */

static bool quiet(dtrace_hdl_t *dtp)
{
	return dtp->dt_options[DTOPT_QUIET] != 0;
}

static int64_t rec_int(const char *data, const dt_recdesc_t *rd)
{
	const char *p = data + rd->rd_off;

	switch (rd->rd_size) {
	case 1: return rd->rd_signed ? *(const int8_t *)p : *(const uint8_t *)p;
	case 2: { int16_t v; memcpy(&v, p, 2); return rd->rd_signed ? v : (uint16_t)v; }
	case 4: { int32_t v; memcpy(&v, p, 4); return rd->rd_signed ? (int64_t)v : (int64_t)(uint32_t)v; }
	default: { int64_t v; memcpy(&v, p, 8); return v; }
	}
}

/* Bytes that are not a string, as DTrace's dt_print_bytes dumps them. */
void dt_print_hexdump(FILE *fp, const char *c, size_t n)
{
	size_t i, j;

	fprintf(fp, "\n%*s      ", 5, "");
	for (i = 0; i < 16; i++)
		fprintf(fp, "  %c", "0123456789abcdef"[i]);
	fprintf(fp, "  0123456789abcdef\n");
	for (i = 0; i < n; i += 16) {
		fprintf(fp, "%*s%5zx:", 5, "", i);
		for (j = i; j < i + 16 && j < n; j++)
			fprintf(fp, " %02x", (unsigned char)c[j]);
		for (; j % 16; j++)
			fprintf(fp, "   ");
		fprintf(fp, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			fputc(c[j] < ' ' || c[j] > '~' ? '.' : c[j], fp);
		fputc('\n', fp);
	}
}

/*
 * Print bytes as DTrace's trace() does: a string if they look like one,
 * else a hex dump.
 */
static void print_bytes(FILE *fp, const char *c, size_t n, bool q)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (isprint((unsigned char)c[i]) || isspace((unsigned char)c[i]) || c[i] == '\b' ||
		    c[i] == '\a')
			continue;
		if (c[i] == '\0' && i > 0) {
			/* a string only if nothing but NULs follow (a struct's bytes) */
			size_t j = i + 1;

			while (j < n && c[j] == '\0')
				j++;
			if (j != n)
				break;
			fprintf(fp, q ? "%s" : "  %-33s", c);
			return;
		}
		break;
	}
	if (i == n) {
		fprintf(fp, q ? "%.*s" : "  %-33.*s", (int)n, c);
		return;
	}
	dt_print_hexdump(fp, c, n);
}

static void print_trace(dtrace_hdl_t *dtp, FILE *fp, const char *data, const dt_recdesc_t *rd)
{
	bool q = quiet(dtp);

	if (rd->rd_string) {
		/*
		 * DTrace's string record is NUL-padded to strsize: printed as a
		 * string if it looks like one, else (empty, control characters)
		 * as a dump of all its bytes.
		 */
		const char *s = data + rd->rd_off;
		size_t n = strnlen(s, (size_t)rd->rd_size);
		size_t size = (size_t)dtp->dt_options[DTOPT_STRSIZE]; /* the NUL is ours */
		char *z = dt_zalloc((size_t)rd->rd_size + 1);

		memcpy(z, s, n);
		if (size > (size_t)rd->rd_size)
			size = (size_t)rd->rd_size;
		if (dtp->dt_options[DTOPT_RAWBYTES])
			dt_print_hexdump(fp, z, size); /* -x rawbytes: bytes, not text */
		else
			print_bytes(fp, z, size, q);
		free(z);
		return;
	}
	if (rd->rd_bytes) { /* a struct, union or array: as DTrace's dt_print_bytes */
		if (dtp->dt_options[DTOPT_RAWBYTES])
			dt_print_hexdump(fp, data + rd->rd_off, (size_t)rd->rd_size);
		else
			print_bytes(fp, data + rd->rd_off, (size_t)rd->rd_size, q);
		return;
	}
	switch (rd->rd_size) {
	case 8:
		fprintf(fp, q ? "%lld" : " %16lld", (long long)rec_int(data, rd));
		break;
	case 4:
		fprintf(fp, q ? "%d" : " %8d", (int)rec_int(data, rd));
		break;
	case 2: /* DTrace prints 2- and 1-byte values unsigned */
		fprintf(fp, q ? "%d" : " %5d", (int)(uint16_t)rec_int(data, rd));
		break;
	default:
		fprintf(fp, q ? "%d" : " %3d", (int)(uint8_t)rec_int(data, rd));
		break;
	}
}

/*
 * tracemem(): the bytes as a hex dump, always (DTrace's dt_print_bytes
 * with raw set); with a dsize record after them, at most dsize of them.
 */
static void print_tracemem(FILE *fp, const char *data, const dt_recdesc_t *rd, int left)
{
	size_t n = (size_t)rd->rd_size;

	if (rd->rd_nargs < 0) /* a dsize record: printed with its bytes */
		return;
	if (rd->rd_nargs == 1 && left > 1) {
		int64_t d = rec_int(data, rd + 1);

		if (d >= 0 && (uint64_t)d < n)
			n = (size_t)d;
	}
	dt_print_hexdump(fp, data + rd->rd_off, n);
}

/*
 * system(): the formatted command run by the shell, after the output so
 * far, as DTrace runs it (its output goes where dtrace's does).
 */
static void act_system(dtrace_hdl_t *dtp, FILE *fp)
{
	int rc;

	fflush(fp);
	fflush(stdout);
	rc = system(dtp->dt_pfbuf);
	if (rc == -1)
		fprintf(stderr, "dtrace: failed to execute \"%s\": %s\n", dtp->dt_pfbuf, strerror(errno));
}

/*
 * freopen(): the output goes to the file named (appended to), or back to
 * where it went at first for "" (illumos' dt_freopen).  The stream stays
 * the same: its descriptor is pointed elsewhere.
 */
static void act_freopen(dtrace_hdl_t *dtp, FILE *fp)
{
	int fd;

	fflush(fp);
	if (dtp->dt_pfbuf[0] == '\0') {
		if (dtp->dt_stdoutfd > 0) {
			dup2(dtp->dt_stdoutfd - 1, fileno(fp));
			close(dtp->dt_stdoutfd - 1);
			dtp->dt_stdoutfd = 0;
		}
		return;
	}
	if ((fd = open(dtp->dt_pfbuf, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666)) < 0) {
		fprintf(stderr, "dtrace: couldn't freopen( ) \"%s\": %s\n", dtp->dt_pfbuf,
			strerror(errno));
		return;
	}
	if (dtp->dt_stdoutfd == 0)
		dtp->dt_stdoutfd = fcntl(fileno(fp), F_DUPFD_CLOEXEC, 3) + 1;
	dup2(fd, fileno(fp));
	close(fd);
}

/* ftruncate(): the output file emptied (nothing happens to a terminal or a pipe) */
static void act_ftruncate(FILE *fp)
{
	fflush(fp);
	if (ftruncate(fileno(fp), 0) == 0)
		(void)lseek(fileno(fp), 0, SEEK_SET);
}

/*
 * printf: the first record carries the format, the next rd_nargs the
 * values.  This runs for every printf record: the arguments are on the
 * stack (up to 16), the text goes to a buffer kept in the handle, and the
 * output stream is only ever written by the consumer's thread.
 */
static int print_printf(dtrace_hdl_t *dtp, FILE *fp, const char *data, const dt_recdesc_t *rd)
{
	const dt_recdesc_t *args = rd + 1;
	dt_pfarg_t stackpa[16];
	char symtext[4][512]; /* %a, %A: symbols (a format with more reuses them) */
	dt_pfarg_t *pa = rd->rd_nargs <= 16 ? stackpa
					    : dt_zalloc(sizeof(dt_pfarg_t) * (rd->rd_nargs + 1));
	int n;

	for (int i = 0; i < rd->rd_nargs; i++) {
		memset(&pa[i], 0, sizeof(pa[i]));
		if (args[i].rd_string) {
			pa[i].pa_string = true;
			pa[i].pa_str = data + args[i].rd_off;
		} else if (args[i].rd_arg == 'A' && args[i].rd_size == 16) {
			uint64_t v[2];

			memcpy(v, data + args[i].rd_off, 16); /* pid, address: dt_stack.c */
			pa[i].pa_val = (int64_t)v[1];
			pa[i].pa_size = 8;
			dt_uaddr2str(dtp, (pid_t)v[0], v[1], true, symtext[i % 4], sizeof(symtext[0]));
			pa[i].pa_str = symtext[i % 4];
		} else {
			pa[i].pa_val = rec_int(data, &args[i]);
			pa[i].pa_size = args[i].rd_fmt ? args[i].rd_fmt : args[i].rd_size;
			pa[i].pa_signed = args[i].rd_signed;
			pa[i].pa_float = args[i].rd_float;
			if (args[i].rd_arg == 'a') {
				dt_addr2str(dtp, (uint64_t)pa[i].pa_val, true, symtext[i % 4],
					    sizeof(symtext[0]));
				pa[i].pa_str = symtext[i % 4];
			}
		}
	}
	n = dt_printf_format_into(dtp->dt_formats[rd->rd_fmt].fm_str, pa, rd->rd_nargs,
				  &dtp->dt_pfbuf, &dtp->dt_pfbufsz);
	if (n >= 0) {
		switch (rd->rd_kind) {
		case DT_ACT_SYSTEM:
			act_system(dtp, fp);
			break;
		case DT_ACT_FREOPEN:
			act_freopen(dtp, fp);
			break;
		default:
			fwrite_unlocked(dtp->dt_pfbuf, 1, (size_t)n, fp);
		}
	}
	if (pa != stackpa)
		free(pa);
	return rd->rd_nargs;
}

static void report_error(dtrace_hdl_t *dtp, const dt_errrec_t *er)
{
	static const char *const faults[] = {
#define X(e, m) m,
		DT_FAULTS(X)
#undef X
	};
	dt_epid_t *ep = er->er_epid < (uint32_t)dtp->dt_nepids ? dtp->dt_epids[er->er_epid] : NULL;
	const dtrace_probedesc_t *pd = ep ? &ep->ep_probe->pr_desc : NULL;
	char msg[1024], where[64], what[128], offinfo[32] = "";
	dtrace_errdata_t ed = { 0 };

	if (er->er_fault == DT_FAULT_BADADDR || er->er_fault == DT_FAULT_BADALIGN)
		snprintf(what, sizeof(what), "%s (0x%llx)", faults[er->er_fault],
			 (unsigned long long)er->er_addr);
	else
		snprintf(what, sizeof(what), "%s",
			 er->er_fault < DT_FAULT_MAX ? faults[er->er_fault] : "unknown fault");
	/* an offset of -1 (a bad speculation id) is not printed, as in illumos */
	if (er->er_offset != UINT32_MAX)
		snprintf(offinfo, sizeof(offinfo), " at DIF offset %u", er->er_offset);
	if (er->er_action == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%u", er->er_action);
	snprintf(msg, sizeof(msg), "error on enabled probe ID %u (ID %u: %s:%s:%s:%s): %s in %s%s",
		 er->er_epid, pd ? pd->dtpd_id : 0, pd ? pd->dtpd_provider : "",
		 pd ? pd->dtpd_mod : "", pd ? pd->dtpd_func : "", pd ? pd->dtpd_name : "", what, where,
		 offinfo);
	ed.dteda_epid = er->er_epid;
	ed.dteda_pdesc = pd;
	ed.dteda_action = (int)er->er_action;
	ed.dteda_offset = (int)er->er_offset;
	ed.dteda_fault = (int)er->er_fault;
	ed.dteda_addr = er->er_addr;
	ed.dteda_msg = msg;
	if (dtp->dt_errhdlr != NULL)
		dtp->dt_errhdlr(&ed, dtp->dt_errarg);
	else
		fprintf(stderr, "dtrace: %s\n", msg);
}

/*
 * flowindent, as illumos' dt_flowindent(): a probe named "entry" or
 * "...-entry" is an entry (prefix " -> ", " => " for syscall), "return" or
 * "...-return" a return (" <- ", " <= "), unless the record before (for an
 * entry) or after (for a return, when known) is another enabling of the
 * same probe; anything else is "| " and shows func:name.  One depth for
 * all CPUs, as in illumos: a return unindents by 2 before it is printed,
 * an entry indents by 2 after.
 */
enum { DT_FLOW_NONE, DT_FLOW_ENTRY, DT_FLOW_RETURN };

static int flowkind(const char *name)
{
	static const char *const kinds[] = { [DT_FLOW_ENTRY] = "entry", [DT_FLOW_RETURN] = "return" };

	for (int k = DT_FLOW_ENTRY; k <= DT_FLOW_RETURN; k++) {
		const char *sub = strstr(name, kinds[k]);

		if (sub != NULL && sub[strlen(kinds[k])] == '\0' && (sub == name || sub[-1] == '-'))
			return k;
	}
	return DT_FLOW_NONE;
}

/* Another enabling (EPID other than ep's) of ep's probe? */
static bool same_probe(dtrace_hdl_t *dtp, const dt_epid_t *ep, uint32_t other)
{
	return other != 0 && other != ep->ep_id && other < (uint32_t)dtp->dt_nepids &&
	       dtp->dt_epids[other]->ep_probe == ep->ep_probe;
}

static int flowindent(dtrace_hdl_t *dtp, dtrace_probedata_t *pd, const dt_epid_t *ep,
		      uint32_t next)
{
	static const char *const prefix[2][3] = { { "| ", " -> ", " <- " },
						  { "| ", " => ", " <= " } };
	const dtrace_probedesc_t *d = &ep->ep_probe->pr_desc;
	int flow = flowkind(d->dtpd_name);

	if ((flow == DT_FLOW_ENTRY && same_probe(dtp, ep, dtp->dt_lastepid)) ||
	    (flow == DT_FLOW_RETURN && same_probe(dtp, ep, next)))
		flow = DT_FLOW_NONE;
	if (flow == DT_FLOW_RETURN && dtp->dt_indent > 0)
		dtp->dt_indent -= 2;
	pd->dtpda_prefix = prefix[!strcmp(d->dtpd_provider, "syscall")][flow];
	pd->dtpda_indent = dtp->dt_indent;
	pd->dtpda_flow = flow;
	return flow;
}

static int consume_rec(void *ctx, int cpu, const void *buf, uint32_t size);

/* The clause records of a committed speculation's part, in order. */
static void spec_emit(void *ctx, int cpu, const char *recs, uint32_t len)
{
	dt_walk_t *w = ctx;
	dtrace_hdl_t *dtp = w->w_dtp;
	uint32_t off = 0, epid;

	while (off + sizeof(dt_rechdr_t) <= len) {
		uint32_t size, next = 0;

		memcpy(&epid, recs + off, sizeof(epid));
		if (epid == 0 || epid >= (uint32_t)dtp->dt_nepids)
			break;
		size = (uint32_t)dtp->dt_epids[epid]->ep_size;
		if (size == 0 || off + size > len)
			break;
		if (off + size + sizeof(next) <= len)
			memcpy(&next, recs + off + size, sizeof(next));
		w->w_next = next;
		consume_rec(w, cpu, recs + off, size);
		off += size;
	}
	w->w_next = 0;
}

/* One record from a CPU's ring. */
static int consume_rec(void *ctx, int cpu, const void *buf, uint32_t size)
{
	dt_walk_t *w = ctx;
	dtrace_hdl_t *dtp = w->w_dtp;
	const char *data = buf;
	dt_rechdr_t hdr;
	dt_epid_t *ep;
	dtrace_probedata_t pd = { 0 };
	int flow;

	if (size < sizeof(hdr))
		return 0;
	memcpy(&hdr, data, sizeof(hdr));
	if (hdr.rh_epid == DT_EPID_ERROR) {
		dt_errrec_t er;

		memcpy(&er, data, sizeof(er) <= size ? sizeof(er) : size);
		report_error(dtp, &er);
		return 0;
	}
	if (hdr.rh_epid == DT_EPID_SPEC) {
		dt_spec_chunk(dtp, cpu, buf, size, spec_emit, w); /* dt_spec.c */
		return 0;
	}
	if (hdr.rh_epid == 0 || hdr.rh_epid >= (uint32_t)dtp->dt_nepids)
		return 0;
	ep = dtp->dt_epids[hdr.rh_epid];
	pd.dtpda_handle = dtp;
	pd.dtpda_pdesc = &ep->ep_probe->pr_desc;
	pd.dtpda_cpu = cpu;
	pd.dtpda_epid = hdr.rh_epid;
	flow = dtp->dt_options[DTOPT_FLOWINDENT] ? flowindent(dtp, &pd, ep, w->w_next)
						  : DT_FLOW_NONE;
	if (flow == DT_FLOW_ENTRY)
		dtp->dt_indent += 2;
	dtp->dt_lastepid = hdr.rh_epid;
	if (w->w_pfunc != NULL && w->w_pfunc(&pd, w->w_arg) == DTRACE_CONSUME_ABORT)
		return 1;
	for (int i = 0; i < ep->ep_nrecs; i++) {
		const dt_recdesc_t *rd = &ep->ep_recs[i];

		switch (rd->rd_kind) {
		case DT_ACT_TRACE:
			print_trace(dtp, w->w_fp, data, rd);
			break;
		case DT_ACT_PRINTF:
		case DT_ACT_SYSTEM:
		case DT_ACT_FREOPEN:
			i += print_printf(dtp, w->w_fp, data, rd);
			break;
		case DT_ACT_FTRUNCATE:
			act_ftruncate(w->w_fp);
			break;
		case DT_ACT_PRINT:
			dt_print_value(dtp, w->w_fp, rd->rd_ptype, data + rd->rd_off, (size_t)rd->rd_size,
				       rd->rd_string);
			break;
		case DT_ACT_TRACEMEM:
			print_tracemem(w->w_fp, data, rd, ep->ep_nrecs - i);
			break;
		case DT_ACT_EXIT:
			/*
			 * As dtrace(1)'s chewrec(): every exit record processed
			 * sets the status, the last one wins (exit(1) in an
			 * ERROR clause for a fault in END, after BEGIN's
			 * exit(0), gives 1).
			 */
			dtp->dt_exited = true;
			dtp->dt_exitval = (int)rec_int(data, rd);
			break;
		case DT_ACT_PRINTA:
		case DT_ACT_CLEAR:
		case DT_ACT_TRUNC:
		case DT_ACT_NORMALIZE:
		case DT_ACT_DENORMALIZE:
		case DT_ACT_SETOPT:
			i += dt_aggregate_act(dtp, w->w_fp, data, rd, ep->ep_nrecs - i);
			break;
		default:
			if (dt_stack_isrec(rd->rd_kind)) { /* dt_stack.c */
				dt_stack_seen(dtp, rd->rd_kind, data + rd->rd_off);
				dt_stack_print(dtp, w->w_fp, rd->rd_kind, data + rd->rd_off,
					       rd->rd_size);
			}
			break;
		}
	}
	if (w->w_rfunc != NULL)
		w->w_rfunc(&pd, 1, w->w_arg);
	return 0;
}

static void report_cpudrops(dtrace_hdl_t *, FILE *, int cpu);

/*
 * With flowindent, a return's prefix depends on the record after it
 * (illumos looks ahead in the buffer): each record of a ring is held back
 * until the next one arrives, or the ring is drained.
 */
static int consume_held(void *ctx, int cpu, const void *buf, uint32_t size)
{
	dt_walk_t *w = ctx;
	int rv = 0;

	if (w->w_heldlen > 0) {
		w->w_next = 0;
		if (size >= sizeof(w->w_next))
			memcpy(&w->w_next, buf, sizeof(w->w_next));
		rv = consume_rec(w, cpu, w->w_held, w->w_heldlen);
		w->w_next = 0;
	}
	w->w_held = dt_realloc(w->w_held, size);
	memcpy(w->w_held, buf, size);
	w->w_heldlen = size;
	return rv;
}

static void flush_held(dt_walk_t *w, int cpu)
{
	if (w->w_heldlen > 0)
		consume_rec(w, cpu, w->w_held, w->w_heldlen);
	w->w_heldlen = 0;
}

/*
 * Read every CPU's buffer in CPU order; as in DTrace, a CPU's drops are
 * reported when its buffer is read, before its records.  The space read
 * is then given back to the programs' accounting.
 */
static int consume_all(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pf,
		       dtrace_consume_rec_f *rf, void *arg)
{
	dt_walk_t w = { .w_dtp = dtp, .w_fp = fp, .w_pfunc = pf, .w_rfunc = rf, .w_arg = arg };

	/* once stopped, END's CPU comes last, as in DTrace */
	int last = dtp->dt_stopped && dtp->dt_endprog != NULL ? dtp->dt_endedon : -1;

	for (int i = 0; i <= dtp->dt_ncpus; i++) {
		int cpu = i < dtp->dt_ncpus ? i : last;

		if (cpu < 0 || (i < dtp->dt_ncpus && cpu == last) || dtp->dt_rings[cpu] == NULL)
			continue;
		report_cpudrops(dtp, fp, cpu);
		dt_ring_drain(dtp->dt_rings[cpu],
			      dtp->dt_options[DTOPT_FLOWINDENT] ? consume_held : consume_rec, &w);
		flush_held(&w, cpu);
		dt_buffer_released(dtp, cpu);
	}
	free(w.w_held);
	return 0;
}

/* ------------------------------------------------------------ status */

/* Report a "dtrace: ..." notice (drops, failures) through the handler. */
void dt_notice(dtrace_hdl_t *dtp, const char *msg)
{
	if (dtp->dt_drophdlr != NULL)
		dtp->dt_drophdlr(msg, dtp->dt_droparg);
	else
		fprintf(stderr, "dtrace: %s", msg);
}

/*
 * A CPU's counters: the sum over its scratch areas, one per context class
 * (programs that may interrupt each other use different areas).
 */
static dt_cpustate_t cpustate(dtrace_hdl_t *dtp, int cpu)
{
	dt_cpustate_t sum = { 0 };
	uint64_t *out = (uint64_t *)&sum;

	for (int c = 0; c < DT_SCRATCH_CLASSES; c++) {
		const uint64_t *p = (const uint64_t *)((char *)dtp->dt_scratchmap +
			(size_t)(c * dtp->dt_ncpus + cpu) * (size_t)dtp->dt_scratchsize);

		for (size_t i = 0; i < sizeof(sum) / sizeof(uint64_t); i++)
			out[i] += p[i];
	}
	return sum;
}

/*
 * -x droptags: a drop message starts with its kind, illumos'
 * dtrace_dropkind_t name ("DTRACEDROP_PRINCIPAL" ...), in brackets.
 */
const char *dt_droptag(dtrace_hdl_t *dtp, const char *kind, char *buf, size_t len)
{
	if (!dtp->dt_options[DTOPT_DROPTAGS])
		return "";
	snprintf(buf, len, "[DTRACEDROP_%s] ", kind);
	return buf;
}

/* "N drops on CPU n": the principal buffer drops since the last report. */
static void report_cpudrops(dtrace_hdl_t *dtp, FILE *fp, int cpu)
{
	dt_cpustate_t cs = cpustate(dtp, cpu);
	uint64_t *last = &dtp->dt_lastdrops[cpu * 8];
	char msg[128], tag[40];

	if (cs.cs_drops <= last[0])
		return;
	snprintf(msg, sizeof(msg), "%s%llu drop%s on CPU %d\n",
		 dt_droptag(dtp, "PRINCIPAL", tag, sizeof(tag)), (unsigned long long)(cs.cs_drops - last[0]), cs.cs_drops - last[0] == 1 ? "" : "s",
		 cpu);
	fflush(fp); /* the records before the drops come first */
	dt_notice(dtp, msg);
	last[0] = cs.cs_drops;
}

/* Report counters that grew since the last report. */
static void check_status(dtrace_hdl_t *dtp)
{
	uint64_t dyn = 0;
	char msg[128], tag[40];

	for (int cpu = 0; cpu < dtp->dt_ncpus; cpu++) {
		dt_cpustate_t csv = cpustate(dtp, cpu), *cs = &csv;
		uint64_t *last = &dtp->dt_lastdrops[cpu * 8 + 3];

		dyn += cs->cs_dyndrops;
		if (cs->cs_aggdrops > *last) {
			snprintf(msg, sizeof(msg), "%s%llu aggregation drop%s on CPU %d\n",
				 dt_droptag(dtp, "AGGREGATION", tag, sizeof(tag)),
				 (unsigned long long)(cs->cs_aggdrops - *last),
				 cs->cs_aggdrops - *last == 1 ? "" : "s", cpu);
			dt_notice(dtp, msg);
			*last = cs->cs_aggdrops;
		}
	}
	if (dyn > dtp->dt_lastcounts[0]) {
		snprintf(msg, sizeof(msg), "%s%llu dynamic variable drop%s\n",
			 dt_droptag(dtp, "DYNAMIC", tag, sizeof(tag)), (unsigned long long)(dyn - dtp->dt_lastcounts[0]),
			 dyn - dtp->dt_lastcounts[0] == 1 ? "" : "s");
		dt_notice(dtp, msg);
		dtp->dt_lastcounts[0] = dyn;
	}
	dt_spec_status(dtp); /* speculative drops, failed speculations */
}

/*
 * Clean the speculations committed or discarded on several CPUs (dt_spec.c)
 * after reading the buffers, so that the parts printed for a CPU come after
 * what that CPU wrote before.
 */
static void spec_clean(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pf,
		       dtrace_consume_rec_f *rf, void *arg, bool done)
{
	dt_walk_t w = { .w_dtp = dtp, .w_fp = fp, .w_pfunc = pf, .w_rfunc = rf, .w_arg = arg };

	if (dt_buffer_draining(dtp, done))
		consume_all(dtp, fp, pf, rf, arg);
	dt_spec_clean(dtp, spec_emit, &w);
}

/*
 * One pass of dtrace_work() (driver/dt_work.c): what is due at this time,
 * everything if done (tracing has stopped: the last pass).
 */
dtrace_workstatus_t dt_consume_work(dtrace_hdl_t *dtp, bool done, FILE *fp,
				    dtrace_consume_probe_f *pf, dtrace_consume_rec_f *rf, void *arg)
{
	dtrace_workstatus_t rv = done ? DTRACE_WORKSTATUS_DONE : DTRACE_WORKSTATUS_OKAY;
	uint64_t now = dt_now();

	if (done)
		dtp->dt_lastswitch = 0;
	if (rv == DTRACE_WORKSTATUS_DONE ||
	    now - dtp->dt_lastswitch >= (uint64_t)dtp->dt_options[DTOPT_SWITCHRATE]) {
		dt_aggregate_snap(dtp, rv == DTRACE_WORKSTATUS_DONE); /* dt_aggregate.c */
		dt_pmap_drain(dtp); /* processes' new mappings (proc/dt_pmap.c) */
		if (dt_buffer_draining(dtp, rv == DTRACE_WORKSTATUS_DONE))
			consume_all(dtp, fp, pf, rf, arg);
		dtp->dt_lastswitch = now;
	}
	if ((rv == DTRACE_WORKSTATUS_DONE || dt_spec_next(dtp) <= now) &&
	    dt_spec_tick(dtp, rv == DTRACE_WORKSTATUS_DONE))
		spec_clean(dtp, fp, pf, rf, arg, rv == DTRACE_WORKSTATUS_DONE);
	if (rv == DTRACE_WORKSTATUS_DONE ||
	    now - dtp->dt_laststatus >= (uint64_t)dtp->dt_options[DTOPT_STATUSRATE]) {
		check_status(dtp);
		dtp->dt_laststatus = now;
	}
	fflush(fp);
	return rv;
}
