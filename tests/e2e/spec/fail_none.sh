# speculation() with every buffer in use returns 0 and counts a failure:
# "no speculative buffer space available" (nspec defaults to 1).
$DTRACE -qn 'BEGIN { a = speculation(); b = speculation(); c = speculation();
	printf("%d %d %d\n", a, b, c); exit(0); }'
echo "rc=$?"
$DTRACE -x nspec=0 -qn 'BEGIN { printf("%d\n", speculation()); exit(0); }'
echo "rc=$?"
