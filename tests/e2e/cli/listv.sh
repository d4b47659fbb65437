# -l -v: after each probe, DTrace's "Probe Description Attributes" (the
# least stable of its provider's, module's, function's and name's
# attributes in the provider's table, empty fields left out), "Argument
# Attributes" and "Argument Types" (None when it has no args[]).
$DTRACE -lv -n dtrace:::BEGIN
$DTRACE -lv -n syscall::read:entry | sed -E 's/^ *[0-9]+ /    N /'
$DTRACE -lv -n profile:::profile-97 | sed -E 's/^ *[0-9]+ /    N /'
$DTRACE -lv -n sdt:sched::sched_switch | sed -E 's/^ *[0-9]+ /    N /'
# the semantic providers' attributes (their argument types: tests/e2e/sched, proc, io)
$DTRACE -lv -n io:::start -n sched:::on-cpu -n proc:::exit | sed -n '/Attributes/,/Class/p'
