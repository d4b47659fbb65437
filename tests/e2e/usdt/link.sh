# dtrace -G as build systems run it (illumos' dtrace(1M)): the provider
# definition and the object files built from its -h header; the object
# -G writes is linked in, and the program's probes are traced.  Linux needs
# nothing from that object (the probe sites are SDT notes in a.o and b.o):
# -G checks each object's probe sites against the definition, with
# illumos' dt_link.c texts, and writes an empty relocatable object of the
# data model (-64, the default: ELF64 x86-64; -32: ELF32 i386).
cat >prov.d <<'D'
provider shop {
	probe buy(int, char *);
	probe close__up();
};
D
cat >a.c <<'C'
#include "prov.h"
void close_up(void);
static void buy(int n, const char *what)
{
	SHOP_BUY(n, (char *)what);
}
int main(void)
{
	char apple[] = "apple", pear[] = "pear"; /* on the stack: mapped when the probe reads them */

	buy(1, apple);
	buy(2, pear);
	close_up();
	return 0;
}
C
cat >b.c <<'C'
#include "prov.h"
void close_up(void)
{
	SHOP_CLOSE_UP();
}
C
$DTRACE -h -s prov.d && cc -O2 -c a.c b.c || exit 1
$DTRACE -G -s prov.d -o prov.o a.o b.o; echo "rc=$?"
readelf -h prov.o | grep -E 'Class|Type|Machine' | tr -s ' '
cc -o shop a.o b.o prov.o && echo linked
$DTRACE -qn 'shop$target:::buy { printf("%s %d %s\n", probename, arg0, copyinstr(arg1)); }
	shop$target:::close-up { printf("%s\n", probename); }' -c ./shop
# the output's name without -o: the script's with .o for .d, else d.out
rm prov.o
$DTRACE -G -s prov.d a.o b.o && ls prov.o
cp prov.d prov.txt
$DTRACE -G -s prov.txt a.o && ls d.out
# the data model: -64; -32 refuses a 64-bit object; an i386 object (as
# --32) makes the output ELF32 without -32, as illumos guesses the model
$DTRACE -64 -G -s prov.d -o p64.o a.o && readelf -h p64.o | grep -E 'Class' | tr -s ' '
$DTRACE -32 -G -s prov.d -o p32.o a.o; echo "rc=$?"
printf '.text\nnop\n' | as --32 -o x32.o || exit 1
$DTRACE -G -s prov.d -o g32.o x32.o && readelf -h g32.o | grep -E 'Class|Machine' | tr -s ' '
$DTRACE -G -s prov.d -o mix.o x32.o a.o; echo "rc=$?"
# an ELF32 object's SDT notes (4-byte addresses): buy with one argument
cat >n32.s <<'S'
	.text
	nop
	.section .note.stapsdt,"","note"
	.balign 4
	.4byte 992f-991f, 994f-993f, 3
991:	.asciz "stapsdt"
992:	.balign 4
993:	.4byte 0, 0, 0
	.asciz "shop"
	.asciz "buy"
	.asciz "-4@%eax"
994:	.balign 4
S
as --32 -o n32.o n32.s || exit 1
$DTRACE -32 -G -s prov.d -o n32p.o n32.o; echo "rc=$?"
# a probe site the definition does not declare, a provider it lacks, an
# argument count that differs
printf 'provider shop {\n\tprobe buy(int, char *);\n};\n' >p2.d
$DTRACE -G -s p2.d a.o b.o; echo "rc=$?"
printf 'provider mall {\n\tprobe buy(int, char *);\n};\n' >p3.d
$DTRACE -G -s p3.d a.o; echo "rc=$?"
printf 'provider shop {\n\tprobe buy(int);\n\tprobe close__up();\n};\n' >p4.d
$DTRACE -G -s p4.d b.o a.o; echo "rc=$?"
# files that are not object files
$DTRACE -G -s prov.d nosuch.o; echo "rc=$?"
$DTRACE -G -s prov.d prov.d; echo "rc=$?"
ar rc lib.a a.o
$DTRACE -G -s prov.d lib.a; echo "rc=$?"
# the options' own errors; -32 only where it means something
$DTRACE -3x -G -s prov.d 2>&1 | head -1
$DTRACE -65 -G -s prov.d 2>&1 | head -1
$DTRACE -32 -n 'BEGIN { exit(0); }'; echo "rc=$?"
