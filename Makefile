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

.PHONY: all deps check unit e2e bench clean install asan fuzz examples

all: build/.deps build/dtrace build/libdtrace.so

build/.deps: scripts/deps.sh
	@mkdir -p build
	@sh scripts/deps.sh
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

build/libdtrace.so: $(LIB_OBJS) lib/libdtrace.map
	$(CC) $(CFLAGS) -shared -Wl,--version-script=lib/libdtrace.map -o $@ $(LIB_OBJS) $(LDLIBS)

build/dtrace: build/obj/cmd/dtrace.o build/libdtrace.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

unit: $(UNIT_TESTS)

check: all $(UNIT_TESTS) $(TRIGGERS)
	@sh tests/run.sh

bench: all $(TRIGGERS)
	@bash bench/run.sh build/dtrace

install: build/dtrace
	install -m 755 build/dtrace /usr/sbin/dtrace
	install -d /usr/lib/dtrace
	install -m 644 dlib/*.d /usr/lib/dtrace

# The whole suite again with AddressSanitizer, LeakSanitizer and UBSan in
# the library and the command (any report shows up as a failed test:
# outputs are compared; a leak is reported when dtrace exits).
asan:
	$(MAKE) clean
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		$(MAKE) check SAN="-fsanitize=address,undefined -fno-omit-frame-pointer"

clean:
	rm -rf build/obj build/dtrace build/libdtrace.a build/libdtrace.so build/unit build/triggers \
		build/examples

# examples/: programs that use nothing of the library but <dtrace.h> and
# libdtrace.so (tests/e2e/api builds records.c the same way).
build/examples/%: examples/%.c include/dtrace.h build/libdtrace.so
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -o $@ $< -Lbuild -ldtrace -Wl,-rpath,$(abspath build)

examples: $(patsubst examples/%.c,build/examples/%,$(wildcard examples/*.c))
