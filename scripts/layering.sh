#!/bin/sh
# The library's floors (docs/design.md, lib/core/dt_core.h): calls and
# #include lines only go down.  Ranks, from the bottom:
#   0 core   1 layout   2 bpf proc types (services)   3 front cg consume prov
#   (stages)   4 driver
# A file may use its own folder and any folder of a lower rank: never a
# sibling of the same rank, never a higher one.  Checked from the #include
# lines of lib/*/*.[ch] and from each object's undefined symbols against the
# folder that defines them (build/obj, so run after make).  Prints each
# violation and exits 1 if any.
top=${LAYERING_TOP:-$(cd "$(dirname "$0")/.." && pwd)} # LAYERING_TOP: another tree (the test's own)
cd "$top" || exit 2
rank() {
	case $1 in
	core) echo 0 ;; layout) echo 1 ;; bpf | proc | types) echo 2 ;;
	front | cg | consume | prov) echo 3 ;; driver) echo 4 ;; *) echo 9 ;;
	esac
}
bad=0
allowed() { # from-folder to-folder
	[ "$1" = "$2" ] && return 0
	[ "$(rank "$2")" -lt "$(rank "$1")" ]
}
for f in lib/*/*.c lib/*/*.h; do
	from=$(basename "$(dirname "$f")")
	for inc in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
		case $inc in
		../*/*) to=$(echo "$inc" | cut -d/ -f2) ;;
		*/*) to=$(echo "$inc" | cut -d/ -f1) ;;
		*) to=$from ;;
		esac
		[ -f "lib/$to/$(basename "$inc")" ] || [ -f "$(dirname "$f")/$inc" ] || continue
		if ! allowed "$from" "$to"; then
			echo "include climbs: $f includes $inc"
			bad=1
		fi
	done
done
defs=$(mktemp)
trap 'rm -f "$defs"' EXIT
objs=""
for o in build/obj/lib/*/*.o; do # the objects of today's sources only
	c=${o#build/obj/}
	[ -f "${c%.o}.c" ] && objs="$objs $o"
done
for o in $objs; do
	nm --defined-only -g "$o" | awk -v d="$(basename "$(dirname "$o")")" '{ print $3, d }'
done | sort -u >"$defs"
for o in $objs; do
	from=$(basename "$(dirname "$o")")
	nm -u "$o" | awk '{ print $2 }' | sort -u | join - "$defs" | while read -r sym to; do
		if ! allowed "$from" "$to"; then
			echo "call climbs: ${o#build/obj/} uses $sym of $to/"
		fi
	done
done >"$defs.calls"
if [ -s "$defs.calls" ]; then
	cat "$defs.calls"
	bad=1
fi
rm -f "$defs.calls"
[ $bad -eq 0 ] && echo "layering: ok"
exit $bad
