# Types of a loaded module, from its BTF (/sys/kernel/btf/overlay, split on
# vmlinux's): by name (vmlinux first, then every module) and scoped with
# the module's name; scoped to vmlinux, the module's type is not found.
$DTRACE -qn 'BEGIN {
	printf("ovl_fs known: %d\n", sizeof(struct ovl_fs) > 0);
	printf("scoped the same: %d\n", sizeof(overlay`struct ovl_fs) == sizeof(struct ovl_fs));
	printf("member of a vmlinux type inside: %d\n", sizeof(((struct ovl_fs *)0)->creator_cred) == 8);
	exit(0);
}'
$DTRACE -qn 'BEGIN { trace(sizeof(vmlinux`struct ovl_fs)); exit(0); }'
