# -l -v: fbt's stability (the seed's table: Evolving provider and name,
# Private module and function and arguments, ISA class) and each probe's
# argument types from BTF; at return args[0] is the offset, args[1] the
# return value.
$DTRACE -lv -n fbt:vmlinux:vfs_read:entry -n fbt:vmlinux:vfs_read:return | sed -E 's/^ *[0-9]+ /    N /'
