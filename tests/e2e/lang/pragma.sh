# #pragma D option sets options from the program; comments of both kinds.
cat > p.d <<'D'
/*
 * a block comment with "quotes" and BEGIN { inside
 */
#pragma D option quiet
#pragma D option strsize=8
#pragma D option switchrate=10hz
// a line comment
BEGIN	/* a comment between description and body */
{
	s = "0123456789abc";	// truncated to strsize - 1 characters
	printf("%s\n", s);	/* no header, no notice: quiet */
	exit(0);
}
D
$DTRACE -s p.d
echo "rc=$?"
# other D pragmas are accepted, unknown D pragmas are errors, non-D are ignored
printf '#pragma D attributes Evolving/Evolving/Common provider dtrace provider\n#pragma ident "x"\n#pragma weak foo\nBEGIN { exit(0); }\n' > q.d
$DTRACE -qs q.d
echo "rc=$?"
printf '\n#pragma D nonsense\nBEGIN { exit(0); }\n' > r.d
$DTRACE -qs r.d
echo "rc=$?"
printf '#pragma D option nosuchoption\nBEGIN { exit(0); }\n' > u.d
$DTRACE -qs u.d
echo "rc=$?"
printf '#pragma D option strsize=abc\nBEGIN { exit(0); }\n' > v.d
$DTRACE -qs v.d
echo "rc=$?"
