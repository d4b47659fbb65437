# dtrace -h: the header of a provider definition (its macros), compiled
# into a program whose probes other tools see as SDT notes (readelf), and
# -G's object file; bad definitions are one-line errors.
cp $D/../../triggers/user/uprov.d .
$DTRACE -h -s uprov.d
echo "rc=$?"
grep -E '^#define	[A-Z_]+\(' uprov.h
$DTRACE -h -s uprov.d -o other.h && grep "^#define	_OTHER_H" other.h
cat > t.c <<'C'
#include "uprov.h"
int main(void)
{
	MYAPP_TICK();
	if (MYAPP_QUERY_DONE_ENABLED())
		MYAPP_QUERY_DONE(1);
	MYAPP_QUERY_START("q", 2);
	return 0;
}
C
cc -Wall -Wextra -O2 -o t t.c && echo compiled
readelf -n t | grep -E 'Provider|Name|Arguments' | sed 's/^ *//; s/%[a-z0-9]*/%REG/g'
$DTRACE -G -s uprov.d && readelf -h uprov.o | grep Type
# a provider definition beside clauses compiles as usual
$DTRACE -qn 'BEGIN { exit(0); }' -s uprov.d; echo "rc=$?"
printf 'provider p {\n\tprobe a(int)\n};\n' > bad.d
$DTRACE -h -s bad.d; echo "rc=$?"
printf 'provider p {\n\tprobe a(int);\n}\n' > bad.d
$DTRACE -h -s bad.d; echo "rc=$?"
