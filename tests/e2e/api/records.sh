# examples/records.c: a program that includes only <dtrace.h> and links
# libdtrace.so (not the static archive) reads a run's records and its
# aggregations as data (include/dtrace.h's dtrace_recdesc_t, dtrace_aggdata_t).
top=$(cd "$(dirname "$DTRACE")/.." && pwd)
# under make asan the library is built with the sanitizers: so is the program
san=$(nm -D "$top/build/libdtrace.so" | grep -q ' U __asan_init' && echo -fsanitize=address,undefined)
cc -std=gnu11 -Wall -Wextra -Werror $san -I"$top/include" -o records "$top/examples/records.c" \
	-L"$top/build" -ldtrace -Wl,-rpath,"$top/build" || exit 1
# the shared library, and no symbol of the library's inside the program
readelf -d records | grep -c 'NEEDED.*libdtrace\.so'
nm records | grep -c ' [TtDd] dt_'
./records
echo "rc=$?"
# a program of its own: a stack and a printf with several arguments
./records 'BEGIN { printf("%d-%s-%c\n", -7, "z", 65); stack(); exit(3); }' |
	sed -E 's/^(  stack: )[0-9]+ frames?.*/\1N frames/'
