TRIGGERS := $(patsubst tests/triggers/%.c,build/triggers/%,$(wildcard tests/triggers/*.c))
build/triggers/%: tests/triggers/%.c
	@mkdir -p build/triggers
	$(CC) -static -O2 -Wall -Wextra -o $@ $<

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
