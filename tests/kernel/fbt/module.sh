# A module's functions are probes of that module: the seed's
# `fbt:ext4::entry { @a[probefunc] = count(); }` with the guest's root
# filesystem, overlay.  The -c command's exec opens its (static) program
# file, then open-two opens and closes one file of the root: two ovl_open
# and, as both files are closed, two ovl_release; the second, failed open
# opens nothing.  Module functions attach as kprobes.
$DTRACE -q -n 'fbt:overlay::entry /pid == $target && (probefunc == "ovl_open" || probefunc == "ovl_release")/ { @a[probemod, probefunc] = count(); }' -c "$T/open-two /etc/hostname"
echo "rc=$?"
