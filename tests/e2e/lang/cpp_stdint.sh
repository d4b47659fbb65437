# -C defines the system, architecture and data-model macros, so that
# <stdint.h> can be included (its typedefs of D's own types are no
# redeclarations).
printf '#include <stdint.h>\nBEGIN { x = (uint64_t)1; y = (int8_t)-1; printf("%%d %%d %%d %%d\\n", __LP64__, sizeof (uintptr_t), sizeof (x), y); exit(0); }\n' > c.d
$DTRACE -qCs c.d
printf '#if defined(__linux__) && defined(__x86_64__) && defined(_LP64)\nBEGIN { printf("defined\\n"); exit(0); }\n#else\nBEGIN { printf("missing\\n"); exit(0); }\n#endif\n' > m.d
$DTRACE -qCs m.d
