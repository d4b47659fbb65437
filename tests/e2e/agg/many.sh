# More aggregations than a BPF program may use maps (64): past the first
# ones, each aggregation's map is reached through an array of maps, one per
# shape (key and value sizes); all are exact.  140 aggregations of four
# shapes, updated in one clause and in other programs.
prog() {
	printf 'syscall::getppid:entry /pid == $target/ {\n'
	i=0
	while [ $i -lt 100 ]; do printf '@c%d[execname] = count();\n' $i; i=$((i + 1)); done
	while [ $i -lt 120 ]; do printf '@s%d = sum(%d);\n' $i $i; i=$((i + 1)); done
	while [ $i -lt 130 ]; do printf '@q%d[arg0] = quantize(2);\n' $i; i=$((i + 1)); done
	printf "}\n"
	while [ $i -lt 140 ]; do printf 'syscall::getppid:entry /pid == $target/ { @m%d = max(%d); }\n' $i $i; i=$((i + 1)); done
	printf 'END { printa("%%@d\\n", @c0); printa("%%@d\\n", @c99); printa("%%@d\\n", @s119);\n'
	printf '      printa("%%@d\\n", @m139); printa(@q125); }\n'
}
prog >many.d
$DTRACE -qs many.d -c "$T/getppid-loop 10" >many.txt
echo "rc=$?"
head -21 many.txt
# every count() is 10, every sum() is 10 times its value
grep -c '^  getppid-loop  *10$' many.txt
i=100; while [ $i -lt 119 ]; do grep -qx "  *$((i * 10))" many.txt || echo "sum $i missing"; i=$((i + 1)); done
