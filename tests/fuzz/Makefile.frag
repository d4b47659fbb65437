# The compiler fuzzer (tests/fuzz/fuzz_compile.c): `make fuzz` builds
# build/fuzz/fuzz_compile with libFuzzer, ASan and UBSan, and runs every
# corpus and regression input through it once.  Fuzz for longer with
#   sh tests/fuzz/run.sh [seconds]
# The library's objects are rebuilt under build/fuzz/obj; leaks are
# reported as crashes (every input's handle is closed, which frees all).
FUZZ_CC ?= clang-14
FUZZ_CFLAGS := -g -O1 -std=gnu11 -D_GNU_SOURCE -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_OBJS := $(patsubst %.c,build/fuzz/obj/%.o,$(LIB_SRCS)) build/fuzz/obj/gen/dt_pprof.pb-c.o

build/fuzz/obj/lib/prov/dt_prov_syscall.o: build/gen/dt_sysnr.h
build/fuzz/obj/lib/consume/dt_pprofout.o: build/gen/dt_pprof.pb-c.h

build/fuzz/obj/gen/dt_pprof.pb-c.o: build/gen/dt_pprof.pb-c.c build/gen/dt_pprof.pb-c.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -c -o $@ $<

build/fuzz/obj/%.o: %.c $(HDRS) build/.deps tests/fuzz/Makefile.frag
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -c -o $@ $<

build/fuzz/fuzz_compile: tests/fuzz/fuzz_compile.c $(FUZZ_OBJS)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

fuzz: build/fuzz/fuzz_compile
	@sh tests/fuzz/run.sh 0
