# dtrace_aggregate_walk(): by key, by value, reversed, and DTrace's order
# (the aggsort* options, as printa() and the end of a run print): the same
# rows examples/records.c prints, and dtrace(1)'s text in DTrace's order.
top=$(cd "$(dirname "$DTRACE")/.." && pwd)
# under make asan the library is built with the sanitizers: so is the program
san=$(nm -D "$top/build/libdtrace.so" | grep -q ' U __asan_init' && echo -fsanitize=address,undefined)
cc -std=gnu11 -Wall -Wextra -Werror $san -I"$top/include" -o records "$top/examples/records.c" \
	-L"$top/build" -ldtrace -Wl,-rpath,"$top/build" || exit 1
prog='BEGIN { @n["b"] = sum(1); @n["a"] = sum(3); @n["c"] = sum(2); @m[1] = count(); exit(0); }'
for order in key val keyrev valrev sorted; do
	echo "$order:"
	./records "$prog" "$order" | grep '^@'
done
echo "sorted with aggsortkey, aggsortrev (a pragma):"
./records "#pragma D option aggsortkey
#pragma D option aggsortrev
$prog" sorted | grep '^@'
$DTRACE -q -x aggsortkey -x aggsortrev -n "$prog"
