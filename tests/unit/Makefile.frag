UNIT_TESTS += build/unit/printf_test
build/unit/printf_test: tests/unit/printf_test.c lib/layout/dt_printf.c lib/core/dt_alloc.c lib/core/dt_error.c $(HDRS) include/dtrace.h
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/printf_test.c lib/layout/dt_printf.c lib/core/dt_alloc.c lib/core/dt_error.c

UNIT_TESTS += build/unit/agg_test
build/unit/agg_test: tests/unit/agg_test.c tests/unit/unit.h build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/agg_test.c build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/lex_test build/unit/parse_test build/unit/cook_test build/unit/stab_test build/unit/errtags_test
build/unit/lex_test build/unit/parse_test build/unit/cook_test build/unit/stab_test build/unit/errtags_test: build/unit/%: tests/unit/%.c tests/unit/unit.h build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ $< build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/attach_test
build/unit/attach_test: tests/unit/attach_test.c tests/unit/unit.h build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/attach_test.c build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/verifier_log_test
build/unit/verifier_log_test: tests/unit/verifier_log_test.c build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/verifier_log_test.c build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/usdt_test
build/unit/usdt_test: tests/unit/usdt_test.c tests/unit/unit.h build/libdtrace.a $(HDRS) build/triggers/usdt
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/usdt_test.c build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/insnlen_test
build/unit/insnlen_test: tests/unit/insnlen_test.c tests/unit/unit.h build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/insnlen_test.c build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/leak_test
build/unit/leak_test: tests/unit/leak_test.c tests/unit/unit.h build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/leak_test.c build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/nomem_test
build/unit/nomem_test: tests/unit/nomem_test.c tests/unit/unit.h build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/nomem_test.c build/libdtrace.a $(LDLIBS)

UNIT_TESTS += build/unit/quiet_test
build/unit/quiet_test: tests/unit/quiet_test.c tests/unit/unit.h build/libdtrace.a $(HDRS)
	@mkdir -p build/unit
	$(CC) $(CFLAGS) -Iinclude -Ilib -o $@ tests/unit/quiet_test.c build/libdtrace.a $(LDLIBS)
