# A speculation discarded before any CPU speculated stays busy until the
# consumer cleans it: speculation() then fails as "still busy", and
# speculate()/commit()/discard() on it do nothing.
$DTRACE -qn '
BEGIN { a = speculation(); discard(a); b = speculation(); }
BEGIN { speculate(a); printf("lost\n"); }
BEGIN { commit(a); discard(a); }
BEGIN { printf("a=%d b=%d\n", a, b); exit(0); }'
echo "rc=$?"
