# "#!/usr/sbin/dtrace -s" interpreter files with macro arguments: $1..$9 are
# integers when they look like one, $$1 is always a string, $0 is the script.
cat > x.d <<D
#!$DTRACE -qs
BEGIN
{
	printf("[%s] [%d] [%s] [%s]\n", \$\$0, \$1, \$\$1, \$\$2);
	printf("%d\n", \$1 + 1);
	exit(0);
}
D
chmod +x x.d
./x.d 41 two
echo "rc=$?"
./x.d 0x10 "with space"
echo "rc=$?"
# a missing argument is an error, unless defaultargs (0 / "")
./x.d 41
echo "rc=$?"
$DTRACE -x defaultargs -qs x.d
echo "rc=$?"
# an argument the script does not reference is an error
./x.d 1 2 3
echo "rc=$?"
# $1 used where an integer cannot go
cat > y.d <<D
#!$DTRACE -qs
BEGIN { printf("%d\n", \$1); exit(0); }
D
chmod +x y.d
./y.d notanumber
echo "rc=$?"
# macro arguments in a probe description
cat > z.d <<D
#!$DTRACE -qs
\$1:::\$2 { printf("%s:::%s\n", probeprov, probename); exit(0); }
D
chmod +x z.d
./z.d dtrace BEGIN
echo "rc=$?"
