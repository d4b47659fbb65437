# fbt lists an entry and a return probe per traceable function, vmlinux's
# and modules' (the guest loads overlay), and leaves out the functions
# kprobes may not probe.
$DTRACE -l -P fbt >listed
head -1 listed | awk '{ print $2, $3, $4, $5 }'
awk '$4 == "vfs_read" || $4 == "ovl_lookup" { print $2, $3, $4, $5 }' listed
awk 'NR > 1 { n[$5]++ } END { print (n["entry"] > 20000), (n["entry"] == n["return"]) }' listed
$DTRACE -l -n fbt::vfs_read:entry | awk '{ print $2, $3, $4, $5 }'
# blacklisted functions that ftrace could patch are not listed
cut -f2 /sys/kernel/debug/kprobes/blacklist | sort -u >bl
sed 's/ .*//' /sys/kernel/tracing/available_filter_functions | sort -u >aff
awk 'NR > 1 { print $4 }' listed | sort -u >names
[ -n "$(comm -12 bl aff | head -1)" ] && echo "a blacklisted function is traceable"
comm -12 bl names | wc -l
# nor the placeholders of functions ftrace dropped (6.1: __ftrace_invalid_address___N)
grep -c "__ftrace_invalid_address" listed
