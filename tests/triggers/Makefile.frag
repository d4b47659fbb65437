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
