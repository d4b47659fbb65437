# The manual pages against dtrace's own option tables: every option letter
# of cmd/dtrace.c's getopt string and every -x option of lib/core/dt_core.h
# (DT_OPTIONS) has an entry in man/dtrace.1 (a .TP tag ".B \-q", ".B \-32",
# ".BI \-b " bufsz"; ".B quiet", ".BI bufsize= size"), and the page lists
# nothing else; bash completion offers the same -x names; each page renders
# without a warning from man(1) and groff.  A new option without a manual
# entry fails here.
top=$(cd "$(dirname "$DTRACE")/.." && pwd)
page=$top/man/dtrace.1
# the tables
sed -n 's/.*optstr\[\] = "\([^"]*\)".*/\1/p' "$top/cmd/dtrace.c" | tr -d '+:' | fold -w1 | sort >letters
sed -n '/^#define DT_OPTIONS/,/^$/p' "$top/lib/core/dt_core.h" |
	sed -n 's/.*X([A-Z_]*, "\([a-z]*\)".*/\1/p' | sort >xopts
echo "$(wc -l <letters) option letters, $(wc -l <xopts) -x options"
# the manual's entries: the tag after each .TP, by section
awk '/^\.SH/ { sec = $0; next }
	tp && sec == ".SH OPTIONS" && /^\.BI? \\-[A-Za-z0-9]/ { print substr($2, 3, 1) > "man-letters" }
	tp && sec ~ /COMPILER AND TRACING OPTIONS/ && /^\.BI? [a-z]/ { sub(/=.*/, "", $2); print $2 > "man-xopts" }
	{ tp = /^\.TP/ }' "$page"
sort -o man-letters man-letters
sort -o man-xopts man-xopts
diff letters man-letters | sed -n 's/^< /no entry in dtrace(1) for -/p; s/^> /dtrace(1) documents an option dtrace does not have: -/p'
diff xopts man-xopts | sed -n 's/^< /no entry in dtrace(1) for -x /p; s/^> /dtrace(1) documents a -x option dtrace does not have: /p'
# bash completion: the same -x names
sed -n '/^_dtrace_xopts="/,/"$/p' "$top/scripts/dtrace.bash-completion" | tr -d '"' |
	sed 's/_dtrace_xopts=//' | tr ' ' '\n' | sed '/^$/d' | sort >comp-xopts
diff xopts comp-xopts | sed -n 's/^< /bash completion lacks -x /p; s/^> /bash completion offers an unknown -x /p'
# rendering: no warning from man --warnings (groff's), each page has a NAME
for m in "$top"/man/*.[1-9]; do
	w=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$m" 2>&1 >/dev/null)
	[ -z "$w" ] || printf '%s: %s\n' "$(basename "$m")" "$w"
	LC_ALL=C.UTF-8 MANWIDTH=80 man -E UTF-8 -l "$m" 2>/dev/null | grep -q '^NAME' ||
		echo "$(basename "$m"): no NAME section"
done
ls "$top"/man
