# DTrace for Linux: `make` builds build/dtrace; `make check` builds and runs
# every test and ends with "N passed, N failed"; `make bench` runs the
# benchmarks.  Missing Debian build dependencies are installed first.

CC ?= cc
OPT ?= -O2
CFLAGS ?= $(OPT) -g
CFLAGS += -std=gnu11 -Wall -Wextra -D_GNU_SOURCE -fvisibility=hidden -fPIC $(SAN)
CPPFLAGS += -Iinclude -Ilib -Ibuild/gen
LDLIBS := -lbpf -ldw -lelf -lz -ljson-c -lprotobuf-c

LIB_SRCS := $(wildcard lib/*/*.c)
LIB_OBJS := $(patsubst %.c,build/obj/%.o,$(LIB_SRCS)) build/obj/gen/dt_pprof.pb-c.o
HDRS := include/dtrace.h $(wildcard lib/*.h lib/*/*.h)

.DEFAULT_GOAL := all
UNIT_TESTS :=
include tests/unit/Makefile.frag
include tests/triggers/Makefile.frag
include tests/fuzz/Makefile.frag

.PHONY: all deps check unit e2e bench clean install uninstall install-list asan fuzz examples deb

# Where `make install` puts things (DESTDIR is prepended to each; the D
# library's directory is also compiled into the library, so building with
# one PREFIX and installing with another rebuilds lib/front/dt_dlib.o).
# PREFIX is /usr so that scripts starting `#!/usr/sbin/dtrace -s` run.
PREFIX ?= /usr
SBINDIR ?= $(PREFIX)/sbin
LIBDIR ?= $(PREFIX)/lib
DLIBDIR ?= $(PREFIX)/lib/dtrace
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
# The library's version: SONAME libdtrace.so.$(SOVERSION); the symbols are
# versioned by lib/libdtrace.map (DTRACE_1.0).
VERSION := 0.1.0
SOVERSION := 0

all: build/.deps build/dtrace build/libdtrace.so build/libdtrace.pc

# NODEPS=1 (the Debian package's build): the build dependencies are
# declared in debian/control, nothing is installed.
build/.deps: scripts/deps.sh
	@mkdir -p build
	@[ -n "$(NODEPS)" ] || sh scripts/deps.sh
	@touch $@

build/gen/dt_sysnr.h: scripts/gen-sysnr.sh build/.deps
	@mkdir -p build/gen
	sh scripts/gen-sysnr.sh > $@

build/obj/lib/prov/dt_prov_syscall.o: build/gen/dt_sysnr.h

# -x oformat=pprof: the profile's message from its schema (protoc-c)
build/gen/dt_pprof.pb-c.c build/gen/dt_pprof.pb-c.h: lib/consume/dt_pprof.proto build/.deps
	@mkdir -p build/gen
	protoc-c --c_out=build/gen --proto_path=lib/consume lib/consume/dt_pprof.proto

build/obj/gen/dt_pprof.pb-c.o: build/gen/dt_pprof.pb-c.c build/gen/dt_pprof.pb-c.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

build/obj/lib/consume/dt_pprofout.o: build/gen/dt_pprof.pb-c.h

build/obj/%.o: %.c $(HDRS) build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

build/libdtrace.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

build/libdtrace.so.$(SOVERSION): $(LIB_OBJS) lib/libdtrace.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libdtrace.so.$(SOVERSION) \
		-Wl,--version-script=lib/libdtrace.map -o $@ $(LIB_OBJS) $(LDLIBS)

build/libdtrace.so: build/libdtrace.so.$(SOVERSION)
	ln -sf libdtrace.so.$(SOVERSION) $@

# The installation directories that the build compiles in (front/dt_dlib.c's
# DT_LIBDIR) or writes (libdtrace.pc); the stamp changes when one does, so
# that those are made again.
INSTALL_DIRS = $(PREFIX) $(LIBDIR) $(DLIBDIR) $(INCLUDEDIR)
build/gen/dirs: FORCE
	@mkdir -p build/gen
	@echo '$(INSTALL_DIRS)' | cmp -s - $@ || echo '$(INSTALL_DIRS)' > $@

build/obj/lib/front/dt_dlib.o: build/gen/dirs
build/obj/lib/front/dt_dlib.o: CPPFLAGS += -DDT_LIBDIR='"$(DLIBDIR)"'

build/libdtrace.pc: libdtrace.pc.in Makefile build/gen/dirs
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' -e 's|@LIBS@|$(LDLIBS)|' libdtrace.pc.in > $@

.PHONY: FORCE
FORCE:

# The command links the static library, so that build/dtrace runs from the
# tree; SHARED=1 (the Debian package) links libdtrace.so.$(SOVERSION).
ifeq ($(SHARED),)
build/dtrace: build/obj/cmd/dtrace.o build/libdtrace.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)
else
build/dtrace: build/obj/cmd/dtrace.o build/libdtrace.so
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ build/obj/cmd/dtrace.o -Lbuild -ldtrace
endif

unit: $(UNIT_TESTS)

check: all $(UNIT_TESTS) $(TRIGGERS)
	@sh tests/run.sh

bench: all $(TRIGGERS)
	@bash bench/run.sh build/dtrace

# `make install` (PREFIX, DESTDIR, the *DIR variables above): the command,
# the shared library with its SONAME link and the -dev link, the public
# header, the pkg-config file, the D library, the manual pages and bash
# completion.  No <sys/sdt.h> is installed: `dtrace -h` headers are
# self-contained (docs/usdt.md).  `make uninstall` removes exactly
# INSTALLED_FILES (tests/e2e/install checks the list).
MAN_PAGES := $(wildcard man/*.[1-9])
INSTALLED_FILES = $(SBINDIR)/dtrace \
	$(LIBDIR)/libdtrace.so.$(SOVERSION) $(LIBDIR)/libdtrace.so \
	$(INCLUDEDIR)/dtrace.h $(PKGCONFIGDIR)/libdtrace.pc \
	$(patsubst dlib/%,$(DLIBDIR)/%,$(wildcard dlib/*.d)) \
	$(foreach m,$(MAN_PAGES),$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(notdir $(m))) \
	$(BASHCOMPDIR)/dtrace

install: all
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(DLIBDIR) $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 build/dtrace $(DESTDIR)$(SBINDIR)/dtrace
	install -m 644 build/libdtrace.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libdtrace.so.$(SOVERSION)
	ln -sf libdtrace.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libdtrace.so
	install -m 644 include/dtrace.h $(DESTDIR)$(INCLUDEDIR)/dtrace.h
	install -m 644 build/libdtrace.pc $(DESTDIR)$(PKGCONFIGDIR)/libdtrace.pc
	install -m 644 dlib/*.d $(DESTDIR)$(DLIBDIR)
	for m in $(MAN_PAGES); do s=$${m##*.}; install -d $(DESTDIR)$(MANDIR)/man$$s && \
		install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/ || exit 1; done
	install -m 644 scripts/dtrace.bash-completion $(DESTDIR)$(BASHCOMPDIR)/dtrace

# Removes the files, then the directories that only held ours (if empty).
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	-rmdir $(DESTDIR)$(DLIBDIR) 2>/dev/null
	@true

# The file list `make install` writes, one per line (tests/e2e/install).
install-list:
	@for f in $(INSTALLED_FILES); do echo $$f; done

# The Debian packages (debian/): dtrace, libdtrace0, libdtrace-dev in
# build/deb/, checked by lintian.  Not part of `make check`: .ci/run calls it
# and scripts/deb-smoke.sh installs, tries and removes them.
deb:
	sh scripts/deb.sh

# The whole suite again with AddressSanitizer, LeakSanitizer and UBSan in
# the library and the command (any report shows up as a failed test:
# outputs are compared; a leak is reported when dtrace exits).
asan:
	$(MAKE) clean
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		$(MAKE) check SAN="-fsanitize=address,undefined -fno-omit-frame-pointer"

clean:
	rm -rf build/obj build/dtrace build/libdtrace.a build/libdtrace.so build/libdtrace.so.$(SOVERSION) \
		build/libdtrace.pc build/gen/dirs build/unit build/triggers build/examples build/deb

# examples/: programs that use nothing of the library but <dtrace.h> and
# libdtrace.so (tests/e2e/api builds records.c the same way).
build/examples/%: examples/%.c include/dtrace.h build/libdtrace.so
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -o $@ $< -Lbuild -ldtrace -Wl,-rpath,$(abspath build)

examples: $(patsubst examples/%.c,build/examples/%,$(wildcard examples/*.c))
