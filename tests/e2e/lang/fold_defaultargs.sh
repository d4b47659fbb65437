# Under defaultargs a macro argument that is not given is 0 (and $$1 is
# ""): as an integer constant it folds a "?:" like any other, so the
# toolkit's cpuwalk.d ('$1 ? printf("Sampling...\n") : printf("Sampling...
# Hit Ctrl-C to end.\n");' with '#pragma D option defaultargs') prints the
# second text when run without an argument and the first with one.
cat > walk.d <<'D'
#pragma D option quiet
#pragma D option defaultargs
BEGIN
{
	$1 ? printf("Sampling...\n") :
	    printf("Sampling... Hit Ctrl-C to end.\n");
	$2 ? printf("two\n") : printf("no second argument\n");
	exit(0);
}
D
$DTRACE -s walk.d
$DTRACE -s walk.d 10
# without defaultargs the argument is still required
$DTRACE -qn 'BEGIN { $1 ? printf("a") : printf("b"); exit(0); }'
echo "rc=$?"
