# Sort options: by value (default), aggsortkey, aggsortrev (which also
# reverses the order of aggregations at exit), aggsortkeypos, aggsortpos.
prog='BEGIN {
	@a["b", 2] = sum(30); @a["a", 3] = sum(10); @a["c", 1] = sum(20); @a["d", 0] = sum(10);
	@b["b", 2] = sum(1); @b["a", 3] = sum(3); @b["c", 1] = sum(2); @b["d", 0] = sum(4);
	exit(0);
}'
for opts in "" "-x aggsortkey" "-x aggsortrev" "-x aggsortkey -x aggsortrev" \
    "-x aggsortkey -x aggsortkeypos=1"; do
	echo "== $opts"
	$DTRACE -q $opts -n "$prog"
done
echo "== printa joined, aggsortpos=1"
$DTRACE -q -x aggsortpos=1 -n 'BEGIN {
	@a["x"] = sum(1); @a["y"] = sum(2); @a["z"] = sum(3);
	@b["x"] = sum(30); @b["y"] = sum(10); @b["z"] = sum(20);
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}'
