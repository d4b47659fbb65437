# Compile-time errors, with DTrace's messages: redefinition, key
# signatures, aggregating functions outside aggregation statements,
# aggregations as values, argument counts and types, lquantize and
# llquantize parameters, printa arguments and formats, clear/trunc/normalize.
while IFS= read -r p; do
	printf 'BEGIN\n{\n\t%s\n}\n' "$p" > e.d
	$DTRACE -s e.d 2>&1
	echo "rc=$?"
done <<'EOF2'
@a = count(); @a = sum(1);
@ = count(); @ = quantize(1);
@a[1] = count(); @a["x"] = count();
@a[1] = count(); @a[1, 2] = count();
@a = count(); @a[1] = count();
x = count();
count();
trace(sum(1));
@a = count(); trace(@a);
@a;
@a = count(1);
@a = sum();
@a = quantize(1, 2, 3);
@a = sum("x");
@a = quantize(1, "x");
@a = lquantize(1);
@a = lquantize(1, 0, 10, 1, 1, 1);
@a = lquantize(1, 10, 0);
@a = lquantize(1, 0, 10, 0);
@a = lquantize(1, 0, 10, 20);
@a = lquantize(1, 0, 100000000, 1);
@a = lquantize(1, 0, 10, 100000);
@a = lquantize(1, 5000000000, 10);
@a = lquantize(1, 0, 10, 1); @a = lquantize(2, 1, 10, 1);
@a = lquantize(1, 0, 10, 1); @a = lquantize(2, 0, 20, 1);
@a = lquantize(1, 0, 10, 1); @a = lquantize(2, 0, 10, 2);
x = 1; @a = lquantize(1, x, 10);
@a = llquantize(1, 10, 0, 3);
@a = llquantize(1, 1, 0, 3, 10);
@a = llquantize(1, 10, 3, 3, 10);
@a = llquantize(1, 10, 0, 3, 5);
@a = llquantize(1, 10, 0, 3, 15);
@a = llquantize(1, 10, 0, 30, 10);
@a = llquantize(1, 10, 0, 70000, 10);
@a = llquantize(1, 10, 0, 3, 10); @a = llquantize(1, 10, 0, 4, 10);
@a = count(); @a = llquantize(1, 10, 0, 3, 10);
printa(1);
@a = count(); printa("%d\n", @a, 1);
@a[1] = count(); @b["x"] = count(); printa(@a, @b);
@a[1] = count(); @b[1, 2] = count(); printa(@a, @b);
@a[1] = count(); printa("%s %@d\n", @a);
@a[1] = count(); printa("%d %d %@d\n", @a);
@a[1] = count(); printa("%@s\n", @a);
clear(1);
@a = count(); trunc(@a, "x");
@a = count(); normalize(@a, "x");
EOF2
