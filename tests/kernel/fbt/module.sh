# A module's functions are probes of that module: the seed's
# `fbt:ext4::entry { @a[probefunc] = count(); }` with the guest's root
# filesystem, overlay.  The -c command's exec opens its (static) program
# file before tracing is enabled (it is held at its exec, as DTrace's
# Pcreate() holds it on exit from exec), then open-two opens and closes one
# file of the root: one ovl_open and, as both files are closed (the
# program's at exit), two ovl_release; the second, failed open opens
# nothing.  Module functions attach as kprobes.
# (The trigger is copied to the overlay first: a tree under /tmp is
# bind-mounted into the guest from 9p, not through the overlay.)
cp "$T/open-two" /root/dt-open-two || exit 1
$DTRACE -q -n 'fbt:overlay::entry /pid == $target && (probefunc == "ovl_open" || probefunc == "ovl_release")/ { @a[probemod, probefunc] = count(); }' -c "/root/dt-open-two /etc/hostname"
echo "rc=$?"
rm -f /root/dt-open-two
