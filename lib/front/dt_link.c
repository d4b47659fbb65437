/*
 * dt_link.c -- dtrace -G: the object file build systems link for USDT.
 *
 * On illumos, `dtrace -G -s prov.d -o prov.o a.o b.o` rewrites each
 * object's calls to __dtrace_<provider>___<probe>() into nops, records the
 * sites, and writes prov.o, which holds the DOF of the provider and its
 * sites and is linked into the program.  On Linux the -h header's probe
 * sites carry their own descriptions (SystemTap SDT notes, front/dt_pdef.c)
 * and the kernel finds them through the executable, so nothing needs to be
 * rewritten or linked.  What -G still does for the build systems that run
 * it (the same command lines work):
 *
 *   - each object file is checked as illumos' process_obj() checks it, with
 *     its texts: a file that cannot be opened, is not ELF, is an archive, or
 *     whose ELF class or machine is not the data model's; then its probe
 *     sites: a provider no definition declares ("no such provider"), a
 *     probe its provider does not declare ("no such probe", the name
 *     hyphenated as illumos prints it), and, which illumos cannot see but
 *     a note can, a site whose argument count is not the declaration's;
 *   - the output is a relocatable object of the data model: -64 (the
 *     default) x86-64 ELF64, -32 i386 ELF32, holding nothing but its section
 *     name table.  Without -32/-64 the model is that of the objects, as
 *     illumos' dtrace(1M) guesses it ("can't mix 32-bit and 64-bit object
 *     files").
 *
 * The objects are only read: there is nothing to rewrite.
 */
#include "dt_front.h"
#include "../proc/dt_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The message of a failed link, as illumos' dt_link_error(): -1. */
static int link_error(dtrace_hdl_t *dtp, Elf *elf, int fd, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int link_error(dtrace_hdl_t *dtp, Elf *elf, int fd, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (elf != NULL)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return dt_set_errmsg(dtp, EDT_COMPILER, "%s", msg);
}

/* query__start -> query-start, as illumos' strhyphenate() */
static void hyphenate(char *dst, size_t len, const char *src)
{
	size_t n = 0;

	for (; *src != '\0' && n + 1 < len; src++) {
		if (src[0] == '_' && src[1] == '_') {
			dst[n++] = '-';
			src++;
		} else {
			dst[n++] = *src;
		}
	}
	dst[n] = '\0';
}

static int count_args(const char *args)
{
	int n = 0;

	for (const char *p = args; *p != '\0';) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		n++;
		while (*p != '\0' && *p != ' ')
			p++;
	}
	return n;
}

/* The probe sites of one .note.stapsdt section against the definitions. */
static int check_notes(dtrace_hdl_t *dtp, Elf *elf, int fd, const char *obj, Elf_Data *data,
		       int addrsz)
{
	size_t off = 0;
	dt_sdtnote_t sn;
	char probe[DTRACE_NAMELEN];

	while (dt_sdtnote_next(data->d_buf, data->d_size, &off, addrsz, &sn)) {
		int nargs = dt_pdef_nargs(dtp, sn.sn_prov, sn.sn_name), have;

		hyphenate(probe, sizeof(probe), sn.sn_name);
		if (nargs == -1)
			return link_error(dtp, elf, fd, "no such provider %s", sn.sn_prov);
		if (nargs == -2)
			return link_error(dtp, elf, fd, "no such probe %s", probe);
		if ((have = count_args(sn.sn_args)) != nargs)
			return link_error(dtp, elf, fd, "probe %s:%s has %d argument%s in %s; its "
					  "definition has %d", sn.sn_prov, probe, have,
					  have == 1 ? "" : "s", obj, nargs);
	}
	return 0;
}

/* One object file, as illumos' process_obj() checks it. */
static int check_obj(dtrace_hdl_t *dtp, const char *obj, bool lp64)
{
	int fd = open(obj, O_RDONLY | O_CLOEXEC);
	Elf *elf = NULL;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	size_t shstrndx;

	if (fd < 0)
		return link_error(dtp, NULL, -1, "failed to open %s: %s", obj, strerror(errno));
	if ((elf = elf_begin(fd, ELF_C_READ, NULL)) == NULL)
		return link_error(dtp, NULL, fd, "failed to process %s: %s", obj, elf_errmsg(elf_errno()));
	switch (elf_kind(elf)) {
	case ELF_K_ELF:
		break;
	case ELF_K_AR:
		return link_error(dtp, elf, fd, "archives are not permitted; use the contents of the "
				  "archive instead: %s", obj);
	default:
		return link_error(dtp, elf, fd, "invalid file type: %s", obj);
	}
	if (gelf_getehdr(elf, &eh) == NULL || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return link_error(dtp, elf, fd, "corrupt file: %s", obj);
	if (eh.e_ident[EI_CLASS] != (lp64 ? ELFCLASS64 : ELFCLASS32))
		return link_error(dtp, elf, fd, "incorrect ELF class for object file: %s", obj);
	if (eh.e_machine != (lp64 ? EM_X86_64 : EM_386))
		return link_error(dtp, elf, fd, "incorrect ELF machine type for object file: %s", obj);
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *data;

		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE ||
		    (name = elf_strptr(elf, shstrndx, sh.sh_name)) == NULL ||
		    strcmp(name, ".note.stapsdt") != 0)
			continue;
		if ((data = elf_rawdata(scn, NULL)) == NULL || data->d_buf == NULL)
			return link_error(dtp, elf, fd, "an error was encountered while processing %s",
					  obj);
		if (check_notes(dtp, elf, fd, obj, data, lp64 ? 8 : 4) != 0)
			return -1;
	}
	elf_end(elf);
	close(fd);
	return 0;
}

/*
 * Neither -32 nor -64: the objects' class, as illumos' dtrace(1M) guesses
 * it (a file it cannot read ends the guess: its check says why).
 * 1: LP64, 0: ILP32, -1: mixed.
 */
static int guess_model(int objc, char *const objv[])
{
	int model = -2;

	for (int i = 0; i < objc; i++) {
		int fd = open(objv[i], O_RDONLY | O_CLOEXEC), cls;
		Elf *elf;

		if (fd < 0)
			break;
		elf = elf_begin(fd, ELF_C_READ, NULL);
		cls = elf != NULL && elf_kind(elf) == ELF_K_ELF ? gelf_getclass(elf) : ELFCLASSNONE;
		if (elf != NULL)
			elf_end(elf);
		close(fd);
		if (cls != ELFCLASS64 && cls != ELFCLASS32)
			break;
		if (model != -2 && model != (cls == ELFCLASS64))
			return -1;
		model = cls == ELFCLASS64;
	}
	return model == -2 ? 1 : model;
}

/* An empty relocatable object of the data model: a section name table only. */
static int write_obj(dtrace_hdl_t *dtp, const char *file, bool lp64)
{
	static const char shstr[] = "\0.shstrtab";
	int fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666), rv = 0;
	Elf *elf;
	Elf_Scn *scn = NULL;
	Elf_Data *data = NULL;
	GElf_Ehdr eh;
	GElf_Shdr sh;

	if (fd < 0)
		return link_error(dtp, NULL, -1, "failed to open %s: %s", file, strerror(errno));
	if ((elf = elf_begin(fd, ELF_C_WRITE, NULL)) == NULL ||
	    gelf_newehdr(elf, lp64 ? ELFCLASS64 : ELFCLASS32) == NULL ||
	    gelf_getehdr(elf, &eh) == NULL || (scn = elf_newscn(elf)) == NULL ||
	    (data = elf_newdata(scn)) == NULL || gelf_getshdr(scn, &sh) == NULL)
		goto bad;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_type = ET_REL;
	eh.e_machine = lp64 ? EM_X86_64 : EM_386;
	eh.e_version = EV_CURRENT;
	eh.e_shstrndx = (GElf_Half)elf_ndxscn(scn);
	data->d_buf = (void *)shstr;
	data->d_size = sizeof(shstr);
	data->d_align = 1;
	sh.sh_type = SHT_STRTAB;
	sh.sh_name = 1;
	if (!gelf_update_ehdr(elf, &eh) || !gelf_update_shdr(scn, &sh) ||
	    elf_update(elf, ELF_C_WRITE) < 0)
		goto bad;
	elf_end(elf);
	if (close(fd) != 0)
		return link_error(dtp, NULL, -1, "failed to write %s: %s", file, strerror(errno));
	return rv;
bad:
	rv = link_error(dtp, elf, fd, "failed to write %s: %s", file, elf_errmsg(-1));
	unlink(file);
	return rv;
}

int dtrace_program_link(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, unsigned int dflags,
			const char *file, int objc, char *const objv[])
{
	int model;

	(void)pgp;
	(void)dflags;
	dtp->dt_errmsg[0] = '\0';
	elf_version(EV_CURRENT);
	if (dtp->dt_oflags & DTRACE_O_ILP32)
		model = 0;
	else if (dtp->dt_oflags & DTRACE_O_LP64)
		model = 1;
	else if ((model = guess_model(objc, objv)) < 0)
		return link_error(dtp, NULL, -1, "can't mix 32-bit and 64-bit object files");
	for (int i = 0; i < objc; i++)
		if (check_obj(dtp, objv[i], model == 1) != 0)
			return -1;
	return write_obj(dtp, file, model == 1);
}
