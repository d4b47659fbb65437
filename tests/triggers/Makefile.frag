TRIGGERS := $(patsubst tests/triggers/%.c,build/triggers/%,$(wildcard tests/triggers/*.c))
build/triggers/%: tests/triggers/%.c
	@mkdir -p build/triggers
	$(CC) -static -O2 -Wall -Wextra -o $@ $<
