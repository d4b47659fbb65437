# -C runs the C preprocessor; -D, -U and -I are passed to it.
mkdir -p inc
printf '#define INCLUDED 7\n' > inc/defs.h
cat > c.d <<'D'
#include <defs.h>
#ifndef GREETING
#define GREETING "default"
#endif
#define TWICE(x) ((x) * 2)
BEGIN
{
	printf("%s %d %d\n", GREETING, TWICE(VALUE), INCLUDED);
#ifdef GONE
	printf("GONE is defined\n");
#endif
	exit(0);
}
D
$DTRACE -C -I inc -D VALUE=21 -D 'GREETING="hello"' -qs c.d
$DTRACE -C -I inc -D VALUE=1 -D GONE -qs c.d
$DTRACE -C -I inc -D VALUE=1 -D GONE -U GONE -qs c.d
# line numbers in errors are those of the original file
printf '#define X 1\n\nBEGIN\n{\n\ttrace(nosuchvar);\n}\n' > e.d
$DTRACE -C -qs e.d
# without -C, a preprocessor directive is an error
$DTRACE -qs c.d
echo "rc=$?"
# a failing preprocessor
printf '#include <nonexistent-header.h>\nBEGIN { exit(0); }\n' > f.d
$DTRACE -C -qs f.d 2>&1 | grep -c 'nonexistent-header.h'
$DTRACE -C -qs f.d 2>&1 | tail -1
