TRIGGERS := $(patsubst tests/triggers/%.c,build/triggers/%,$(wildcard tests/triggers/*.c))
build/triggers/%: tests/triggers/%.c
	@mkdir -p build/triggers
	$(CC) -static -O2 -Wall -Wextra -o $@ $<
# Stack triggers: dynamically linked PIEs, with and without frame pointers.
TRIGGERS := $(filter-out build/triggers/ustack-fp,$(TRIGGERS)) build/triggers/ustack-fp \
	build/triggers/ustack-nofp
build/triggers/ustack-fp: tests/triggers/ustack-fp.c
	@mkdir -p build/triggers
	$(CC) -O0 -fPIE -pie -fno-omit-frame-pointer -Wall -Wextra -o $@ $<
build/triggers/ustack-nofp: tests/triggers/ustack-fp.c
	@mkdir -p build/triggers
	$(CC) -O0 -fPIE -pie -fomit-frame-pointer -Wall -Wextra -o $@ $<

# User-level tracing triggers (tests/triggers/user): dynamically linked, so
# that libc.so.6 and a library of their own (libulib.so, found through
# $ORIGIN) are mapped; no CET landing pads, so first instructions are known.
UCFLAGS := -O2 -Wall -Wextra -fcf-protection=none -fno-omit-frame-pointer
TRIGGERS += build/triggers/libulib.so build/triggers/ufunc
build/triggers/libulib.so: tests/triggers/user/ulib.c
	@mkdir -p build/triggers
	$(CC) $(UCFLAGS) -shared -fPIC -o $@ $<
build/triggers/ufunc: tests/triggers/user/ufunc.c build/triggers/libulib.so
	$(CC) $(UCFLAGS) -o $@ $< -Lbuild/triggers -lulib -Wl,-rpath,'$$ORIGIN'
TRIGGERS += build/triggers/ualias build/triggers/ucopy
build/triggers/ualias build/triggers/ucopy: build/triggers/%: tests/triggers/user/%.c
	@mkdir -p build/triggers
	$(CC) $(UCFLAGS) -o $@ $<
# DWARF for pid probes' args[]
TRIGGERS += build/triggers/udwarf
build/triggers/udwarf: tests/triggers/user/udwarf.c
	@mkdir -p build/triggers
	$(CC) $(UCFLAGS) -g -O1 -o $@ $<
# USDT: the header comes from our own dtrace -h
TRIGGERS += build/triggers/usdt
build/triggers/uprov.h: tests/triggers/user/uprov.d build/dtrace
	@mkdir -p build/triggers
	build/dtrace -h -s $< -o $@
build/triggers/usdt: tests/triggers/user/usdt.c build/triggers/uprov.h
	$(CC) $(UCFLAGS) -Ibuild/triggers -o $@ $<
TRIGGERS += build/triggers/usdt-lit
build/triggers/usdt-lit: tests/triggers/user/usdtlit.c build/triggers/uprov.h
	$(CC) $(UCFLAGS) -Ibuild/triggers -o $@ $<
TRIGGERS += build/triggers/usdt-lit-mem
build/triggers/usdt-lit-mem: tests/triggers/user/usdtlit.c build/triggers/uprov.h
	$(CC) $(UCFLAGS) -DUSDT_LIT_MEM -Ibuild/triggers -o $@ $<
# The 13-frame chain through an executable and a library (tests/e2e/ustack):
# -O2 with and without frame pointers, and stripped with a debug file.
CHAINFLAGS := -O2 -Wall -Wextra -fno-optimize-sibling-calls -fno-shrink-wrap
TRIGGERS += build/triggers/uchain-fp build/triggers/uchain-nofp build/triggers/uchain-strip
build/triggers/uchain.h: tests/triggers/user/uchain.d build/dtrace
	@mkdir -p build/triggers
	build/dtrace -h -s $< -o $@
build/triggers/libuchain-fp.so: tests/triggers/user/uchainlib.c
	@mkdir -p build/triggers
	$(CC) $(CHAINFLAGS) -fno-omit-frame-pointer -shared -fPIC -o $@ $<
build/triggers/libuchain-nofp.so: tests/triggers/user/uchainlib.c
	@mkdir -p build/triggers
	$(CC) $(CHAINFLAGS) -fomit-frame-pointer -shared -fPIC -o $@ $<
build/triggers/uchain-fp: tests/triggers/user/uchain.c build/triggers/uchain.h build/triggers/libuchain-fp.so
	$(CC) $(CHAINFLAGS) -fno-omit-frame-pointer -Ibuild/triggers -o $@ $< \
		-Lbuild/triggers -luchain-fp -Wl,-rpath,'$$ORIGIN'
build/triggers/uchain-nofp: tests/triggers/user/uchain.c build/triggers/uchain.h build/triggers/libuchain-nofp.so
	$(CC) $(CHAINFLAGS) -fomit-frame-pointer -Ibuild/triggers -o $@ $< \
		-Lbuild/triggers -luchain-nofp -Wl,-rpath,'$$ORIGIN'
build/triggers/uchain-strip: build/triggers/uchain-nofp
	objcopy --only-keep-debug $< $@.debug
	objcopy --strip-all --add-gnu-debuglink=$@.debug $< $@
TRIGGERS += build/triggers/usignal
build/triggers/usignal: tests/triggers/user/usignal.c build/triggers/uchain.h
	$(CC) $(CHAINFLAGS) -fomit-frame-pointer -Ibuild/triggers -o $@ $<
TRIGGERS += build/triggers/unocfi
build/triggers/unocfi: tests/triggers/user/unocfi.c build/triggers/uchain.h
	$(CC) $(CHAINFLAGS) -fomit-frame-pointer -Ibuild/triggers -o $@ $<
TRIGGERS += build/triggers/udlopen
build/triggers/udlopen: tests/triggers/user/udlopen.c build/triggers/uchain.h build/triggers/libuchain-nofp.so
	$(CC) $(CHAINFLAGS) -fomit-frame-pointer -Ibuild/triggers -o $@ $< -ldl
# uchain-mini: stripped, its function symbols in MiniDebugInfo (.gnu_debugdata:
# an xz-compressed ELF of the symbols .dynsym lacks, as Fedora ships them)
TRIGGERS += build/triggers/uchain-mini
build/triggers/uchain-mini: build/triggers/uchain-nofp
	nm -D $< --format=posix --defined-only | awk '{ print $$1 }' | sort >$@.dynsyms
	nm $< --format=posix --defined-only | awk '$$2 == "T" || $$2 == "t" { print $$1 }' | sort >$@.funcsyms
	comm -13 $@.dynsyms $@.funcsyms >$@.keep
	objcopy --only-keep-debug $< $@.dbg
	objcopy -S --remove-section .gdb_index --remove-section .comment --keep-symbols=$@.keep $@.dbg $@.mini
	rm -f $@.mini.xz && xz -k $@.mini
	objcopy --strip-all $< $@.tmp
	objcopy --add-section .gnu_debugdata=$@.mini.xz $@.tmp $@
	rm -f $@.dynsyms $@.funcsyms $@.keep $@.dbg $@.mini $@.mini.xz $@.tmp
# read-raw: no C library, so that its system calls are only its own
TRIGGERS := $(filter-out build/triggers/read-raw,$(TRIGGERS)) build/triggers/read-raw
build/triggers/read-raw: tests/triggers/read-raw.c
	@mkdir -p build/triggers
	$(CC) -static -nostdlib -fno-stack-protector -fcf-protection=none -O2 -Wall -Wextra -o $@ $<
