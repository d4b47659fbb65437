"""flamegraph.py SVG [DOM PNG]: what a reader sees of dtrace's flame graph.

The SVG's frames (each <g class="f">: its <title> and its <text>), from the
root up, left to right; then, given the DOM headless Chromium dumped after
running the graph's script and its screenshot, whether the script ran (each
frame got its data-name) and whether the picture has the frames' colours.
"""
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

NS = '{http://www.w3.org/2000/svg}'


def frames(root):
    out = []
    for g in root.iter(NS + 'g'):
        if g.get('class') != 'f':
            continue
        r = g.find(NS + 'rect')
        out.append((-float(r.get('y')), float(r.get('x')), g.find(NS + 'title').text,
                    g.find(NS + 'text').text))
    return sorted(out)


def png_colours(path):
    """The distinct RGB colours of an 8-bit RGB(A) PNG's pixels."""
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, w, h, ctype = 8, b'', 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    bpp = 4 if ctype == 6 else 3
    raw, stride, prev, colours = zlib.decompress(idat), w * bpp, bytearray(w * bpp), set()
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for i in range(0, stride, bpp):
            colours.add(bytes(line[i:i + 3]))
        prev = line
    return w, h, colours


root = ET.parse(sys.argv[1]).getroot()
print('svg', root.get('width'), 'x', root.get('height'))
fills = set()
for _, _, title, text in frames(root):
    print('frame', title, '|', text)
for g in root.iter(NS + 'g'):
    if g.get('class') == 'f':
        fill = g.find(NS + 'rect').get('fill')
        fills.add(bytes(int(v) for v in fill[4:-1].split(',')))
if len(sys.argv) > 3:
    dom = open(sys.argv[2]).read()
    named = [t for _, _, _, t in frames(root) if 'data-name="%s"' % t.replace('&', '&amp;') in dom]
    print('script ran:', len(named) == len(frames(root)))
    w, h, colours = png_colours(sys.argv[3])
    print('screenshot', w, 'x', h, 'has every frame colour:', fills <= colours)
