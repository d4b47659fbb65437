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
