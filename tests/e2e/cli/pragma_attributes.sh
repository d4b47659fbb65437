# #pragma D attributes <name/data/class> <ident>, as illumos'
# dt_pragma_attributes(): a global or inline of the program takes those
# attributes (before or after its declaration), which -v reports and -x
# amin holds against the minimum; built-in variables and the D library's
# inlines are outside program scope; illumos' texts for a malformed
# pragma, bad attributes and a bad provider component (its two names the
# other way round, as illumos prints them).  "Unstable" alone is
# Unstable/Standard/Common: those left out are the most stable, as in
# illumos' dtrace_str2attr().  Attributes for a provider
# that exists are checked and accepted (providers' attributes are a fixed
# table here: docs/linux-differences.md).
cd "$(mktemp -d)"
printf '#pragma D attributes Unstable/Evolving/Common x\nBEGIN { x = 1; exit(0); }\n' >a.d
printf 'inline int y = 3;\n#pragma D attributes Obsolete/Stable/Common y\nBEGIN { trace(y); exit(0); }\n' >b.d
printf '#pragma D attributes Unstable a\nBEGIN { a[1] = 1; exit(0); }\n' >h.d
$DTRACE -qv -s a.d 2>&1 | grep -A3 Statement
$DTRACE -qv -s b.d 2>&1 | grep -A3 Statement
$DTRACE -x amin=Evolving/Evolving/Common -s a.d
$DTRACE -x amin=Evolving/Evolving/Common -s h.d
printf '#pragma D attributes Private curthread\n' >c.d
printf '#pragma D attributes Private curpsinfo\n' >c2.d
printf '#pragma D attributes Bogus x\n' >d.d
printf '#pragma D attributes Stable\n' >e.d
printf '#pragma D attributes Unstable provider syscall bogus\n' >f.d
printf '#pragma D attributes Unstable provider syscall args\nBEGIN { exit(0); }\n' >g.d
for f in c c2 d e f g; do $DTRACE -qs $f.d; echo "rc=$?"; done
