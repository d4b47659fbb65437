#!/bin/sh
# Kernel tests under qemu: boot each of Debian's kernels once (software
# emulation) with this machine's root shared read-only under a RAM overlay,
# run tests/kernel/guest-run.sh inside (every tests/kernel/<area>/*.sh with
# its .out, as tests/run.sh runs e2e tests), and print its results here.
# Ends with "N passed, N failed" over all kernels.
#
#   sh tests/kernel/run-guests.sh [test.sh|dir ...]
#
# Environment:
#   DT_KERNELS       Debian packages to boot (default: the 6.1 and the 6.12
#                    meta-packages, linux-image-amd64 linux-image-6.12-amd64)
#   DT_KERNEL_CACHE  kernels and initramfs images (default ~/.cache/dtrace-kernels)
#   DT_GUEST_TIMEOUT wall-clock bound per guest in seconds (default 420; 1200
#                    for a sanitizer build, whose tests run a few times slower)
#   DT_GUEST_SMP     virtual CPUs per guest (default 1: with two, QEMU's
#                    multi-threaded TCG lets a CPU run a stale int3 of the
#                    kernel's text_poke_bp() after the patch is done, an
#                    "Oops: int3" panic seen while ftrace patches tens of
#                    thousands of call sites, with dtrace and bpftrace alike)
#   DT_GUEST_CMD     script to run in the guests instead of guest-run.sh,
#                    with the results directory as its argument; it ends
#                    with "N passed, N failed" too (bench/kernel-fbt.sh)
#
# A machine without qemu-system-x86_64 skips the whole run with one line.
# Kernels are fetched with apt-get download, unpacked once, and only the
# uncompressed vmlinux (booted directly, PVH) and a small initramfs
# (busybox, the modules of $mods below, tests/kernel/guest-init.sh) are
# kept.
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/kernel
cache=${DT_KERNEL_CACHE:-${HOME:-/root}/.cache/dtrace-kernels}
kernels=${DT_KERNELS:-linux-image-amd64 linux-image-6.12-amd64}
tmo=${DT_GUEST_TIMEOUT:-420}
if [ -z "$DT_GUEST_TIMEOUT" ] && ldd "$top/build/dtrace" 2>/dev/null | grep -q libasan; then
	tmo=1200
fi
smp=${DT_GUEST_SMP:-1}

say() { echo "kernel tests: $*"; }
if ! command -v qemu-system-x86_64 >/dev/null 2>&1; then
	say "skipped: qemu-system-x86_64 is not installed (scripts/deps.sh installs it)"
	echo "0 passed, 0 failed"
	exit 0
fi
for t in busybox cpio depmod modprobe xz zstd; do
	if ! command -v $t >/dev/null 2>&1 && [ ! -x /bin/$t ] && [ ! -x /sbin/$t ]; then
		say "skipped: $t is not installed (scripts/deps.sh installs it)"
		echo "0 passed, 0 failed"
		exit 0
	fi
done
PATH=$PATH:/sbin:/usr/sbin
mkdir -p "$cache" || exit 1

# The release a meta-package depends on now (empty without apt lists).
resolve() {
	apt-cache depends "$1" 2>/dev/null | sed -n 's/.*Depends: linux-image-\([0-9][^ ]*\)$/\1/p' | head -1
}

# The uncompressed ELF kernel inside a bzImage: the payload starts at an xz
# or zstd magic number.
unpack_vmlinux() { # bzImage out
	for magic in '\xfd\x37\x7a\x58\x5a\x00:xz' '\x28\xb5\x2f\xfd:zstd'; do
		dec=${magic##*:}
		for off in $(LC_ALL=C grep -obUaP "${magic%:*}" "$1" | cut -d: -f1); do
			tail -c +$((off + 1)) "$1" | $dec -qdc 2>/dev/null >"$2.tmp"
			if [ "$(head -c 4 "$2.tmp" | od -An -c | tr -d ' ')" = '177ELF' ]; then
				mv "$2.tmp" "$2"
				return 0
			fi
		done
	done
	rm -f "$2.tmp"
	return 1
}

# Fetch kernel release $1 into $cache/$1: vmlinux (or bzImage) and the
# modules the initramfs needs (mod/), then base.cpio.gz.
# The modules the guests load, in this order (tests/kernel/guest-init.sh):
# 9p and overlay for the root, brd for a RAM disk (/dev/ram0, the io
# provider's tests).  A cache made for another list is made again.
mods="virtio_pci 9pnet_virtio 9p overlay brd"
prepare() {
	kv=$1 kd=$cache/$1
	if { [ ! -s "$kd/vmlinux" ] && [ ! -s "$kd/bzImage" ]; } || [ ! -s "$kd/mod/order" ] ||
		[ "$(cat "$kd/mod/list" 2>/dev/null)" != "$mods" ]; then
		# made aside and swapped in: another run may be booting the old one
		nd=$kd.new.$$
		rm -rf "$nd" && mkdir -p "$nd/x" "$nd/mod" || return 1
		(cd "$nd" && apt-get download -q "linux-image-$kv" >/dev/null 2>&1) || {
			say "cannot download linux-image-$kv (apt-get download)"
			rm -rf "$nd"
			return 1
		}
		dpkg-deb -x "$nd"/*.deb "$nd/x" && rm -f "$nd"/*.deb && depmod -b "$nd/x" "$kv" || return 1
		for m in $mods; do
			modprobe -d "$nd/x" -S "$kv" --show-depends $m | awk '$1 == "insmod" { print $2 }'
		done | awk '!seen[$0]++' | while read -r ko; do
			b=$(basename "$ko")
			case $ko in
			*.xz) xz -dc "$ko" >"$nd/mod/${b%.xz}"; b=${b%.xz} ;;
			*.zst) zstd -qdc "$ko" >"$nd/mod/${b%.zst}"; b=${b%.zst} ;;
			*) cp "$ko" "$nd/mod/$b" ;;
			esac
			echo "$b" >>"$nd/mod/order"
		done
		touch "$nd/mod/order"
		echo "$mods" >"$nd/mod/list"
		unpack_vmlinux "$nd/x/boot/vmlinuz-$kv" "$nd/vmlinux" || cp "$nd/x/boot/vmlinuz-$kv" "$nd/bzImage"
		rm -rf "$nd/x" "$kd" && mv "$nd" "$kd" || return 1
	fi
	[ -s "$kd/base.cpio.gz" ] && [ "$kd/base.cpio.gz" -nt "$here/guest-init.sh" ] &&
		[ "$kd/base.cpio.gz" -nt "$kd/mod/list" ] && return 0
	r=$kd/root
	rm -rf "$r" && mkdir -p "$r/bin" "$r/proc" "$r/sys" "$r/dev" "$r/tmp" "$r/lower" "$r/ovl" "$r/root"
	cp "$(command -v busybox)" "$r/bin/busybox" && cp -r "$kd/mod" "$r/mod" &&
		cp "$here/guest-init.sh" "$r/init" && chmod 755 "$r/init" || return 1
	(cd "$r" && find . | cpio -o -H newc --quiet | gzip -1) >"$kd/base.cpio.gz.tmp" &&
		mv "$kd/base.cpio.gz.tmp" "$kd/base.cpio.gz"
	rm -rf "$r"
	[ -s "$kd/base.cpio.gz" ]
}

# Which tests (paths relative to tests/kernel), default all.
tests=""
for a in "$@"; do
	a=$(cd "$(dirname "$a")" && pwd)/$(basename "$a")
	tests="$tests ${a#"$here"/}"
done

pass=0 fail=0 failed=""
work=$top/build/kernel${DT_GUEST_CMD:+-cmd} # per kernel: console, log, outputs of failed tests
# boot every kernel at once (the tests are mostly one process: a guest
# keeps about one host CPU busy), then report in order
booted=""
for meta in $kernels; do
	kv=$(resolve "$meta")
	if [ -z "$kv" ]; then # no apt lists: the newest cached kernel of that series
		case $meta in
		linux-image-amd64) pat='6.1.*' ;;
		*) pat=$(echo "$meta" | sed -n 's/^linux-image-\([0-9.]*\)-amd64$/\1.*/p') ;;
		esac
		kv=$(cd "$cache" && ls -d $pat 2>/dev/null | sort -V | tail -1)
	fi
	if [ -z "$kv" ] || ! prepare "$kv"; then
		say "$meta: no kernel (apt-get update?)"
		fail=$((fail + 1)) failed="$failed $meta"
		continue
	fi
	kd=$cache/$kv res=$work/$kv
	rm -rf "$res" && mkdir -p "$res/in"
	printf 'TOP=%s\nRES=%s\nTESTS="%s"\nCMD=%s\nASAN_OPTIONS=%s\n' "$top" "$res" "$tests" "$DT_GUEST_CMD" "$ASAN_OPTIONS" >"$res/in/run-env"
	(cd "$res/in" && echo run-env | cpio -o -H newc --quiet | gzip -1) >"$res/extra.cpio.gz"
	cat "$kd/base.cpio.gz" "$res/extra.cpio.gz" >"$res/initrd.cpio.gz"
	if [ -s "$kd/vmlinux" ]; then kernel=$kd/vmlinux; else kernel=$kd/bzImage; fi
	(
		start=$(date +%s)
		timeout -k 10 "$tmo" qemu-system-x86_64 -nodefaults -no-user-config -display none \
			-serial file:"$res/console" -monitor none -no-reboot -m 2048 -smp "$smp" \
			-accel tcg,thread=multi -cpu max -kernel "$kernel" -initrd "$res/initrd.cpio.gz" \
			-append "console=ttyS0 panic=-1 oops=panic rdinit=/init quiet loglevel=1" \
			-virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
			-virtfs "local,path=$res,mount_tag=results,security_model=none,multidevs=remap" \
			</dev/null >/dev/null 2>&1
		echo "$? $(($(date +%s) - start))" >"$res/qemu-status"
	) &
	booted="$booted $kv"
done
wait
for kv in $booted; do
	res=$work/$kv
	read -r qrc secs <"$res/qemu-status"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$res/log" 2>/dev/null | tail -1)
	if [ -z "$line" ]; then
		[ "$qrc" -eq 124 ] && why="timed out after ${tmo}s" || why="guest died (qemu status $qrc)"
		say "$kv: $why; console:"
		tail -20 "$res/console" | tr -d '\r'
		[ -f "$res/log" ] && tail -20 "$res/log"
		fail=$((fail + 1)) failed="$failed $kv"
		continue
	fi
	grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$res/log"
	p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}
	say "$kv: $p passed, $f failed (${secs}s)"
	pass=$((pass + p)) fail=$((fail + f))
	[ "$f" -eq 0 ] || failed="$failed $kv"
done
[ -z "$failed" ] || say "failed in:$failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
