# clear(), trunc() (n > 0 keeps the largest, n < 0 the smallest, no n
# removes all), normalize() and denormalize(), each acting on the data
# printa() printed in the same pass.
$DTRACE -qn 'BEGIN {
	@a["a"] = sum(10); @a["b"] = sum(30); @a["c"] = sum(20); @a["d"] = sum(40);
	trunc(@a, 2);
	printa(@a);
	@b["x"] = sum(1); @b["y"] = sum(2); @b["z"] = sum(3);
	trunc(@b, -1);
	printa(@b);
	@c[1] = sum(100); @c[2] = sum(250);
	normalize(@c, 10);
	printa(@c);
	denormalize(@c);
	printa(@c);
	@q = quantize(4); @q = quantize(4); @q = quantize(4); @q = quantize(8);
	normalize(@q, 2);
	@d[1] = count();
	trunc(@d);
	printa(@d);
	@e["k"] = count();
	clear(@e);
	printa(@e);
	exit(0);
}'
