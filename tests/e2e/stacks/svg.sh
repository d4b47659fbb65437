# -x oformat=svg: a flame graph of a stack aggregation, written by dtrace;
# its frames (titles: the tooltips; texts: the names), then the file
# opened in headless Chromium: the DOM after its script ran, and a
# screenshot with the frames drawn.
command -v chromium-headless-shell >/dev/null ||
	{ echo "SKIP: chromium-headless-shell is not installed (scripts/deps.sh)"; exit 0; }
$DTRACE -x oformat=svg -o fg.svg -qn 'uchain$target:::leaf { @[ustack(13)] = count(); }' \
	-c "$T/uchain-fp 3"
chrome() { timeout 40 chromium-headless-shell --no-sandbox --disable-gpu --hide-scrollbars "$@" 2>/dev/null; }
chrome --dump-dom "file://$PWD/fg.svg" >fg.dom
chrome --screenshot="$PWD/fg.png" --window-size=1200,400 "file://$PWD/fg.svg" >/dev/null
python3 "$D/flamegraph.py" fg.svg fg.dom fg.png
