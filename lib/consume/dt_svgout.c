/*
 * dt_svgout.c -- -x oformat=svg: the stack aggregations as a flame graph,
 * an SVG file a browser opens (docs/stacks.md).
 *
 * The profile's paths (dt_profout.c) are merged into a tree from one root,
 * "all": a node's width is its share of the total value, its children
 * (the frames it called) sorted by name and laid out left to right above
 * it, one row of FG_FRAME pixels a level, the root at the bottom, as
 * Brendan Gregg's flame graphs are drawn.  Each frame is a group: a
 * <title> (the browser's tooltip: the name, the value and its share), a
 * rectangle coloured by a hash of the name (the same function has the
 * same colour in every graph; the "frames may be missing" lines grey) and
 * a <text> of the full name, which the script shortens to what fits.
 * Frames narrower than FG_MINWIDTH pixels are left out (their value
 * stays in their parent's width).
 *
 * The script (in the file: no network) gives a click's zoom (the frame
 * and its callees to the full width, its callers kept below), "Reset
 * Zoom", and "Search" (also Ctrl-F): a regular expression whose matching
 * frames turn magenta, with the share of the total they cover.
 */
#include "dt_consume.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FG_WIDTH 1200	  /* pixels */
#define FG_PAD 10	  /* left and right */
#define FG_FRAME 16	  /* a level's height */
#define FG_TOP 60	  /* title and buttons */
#define FG_BOTTOM 34	  /* the details line */
#define FG_FONT 12
#define FG_MINWIDTH 0.1

typedef struct fg_node {
	const char *fn_name;
	int64_t fn_value;
	struct fg_node **fn_kids;
	int fn_nkids, fn_cap;
} fg_node_t;

static fg_node_t *kid(fg_node_t *n, const char *name)
{
	fg_node_t *k;

	for (int i = n->fn_nkids - 1; i >= 0; i--) /* paths are sorted: most often the last */
		if (strcmp(n->fn_kids[i]->fn_name, name) == 0)
			return n->fn_kids[i];
	if (n->fn_nkids == n->fn_cap) {
		n->fn_cap = n->fn_cap ? n->fn_cap * 2 : 4;
		n->fn_kids = dt_realloc(n->fn_kids, sizeof(fg_node_t *) * (size_t)n->fn_cap);
	}
	k = dt_zalloc(sizeof(*k));
	k->fn_name = name;
	n->fn_kids[n->fn_nkids++] = k;
	return k;
}

static void free_tree(fg_node_t *n)
{
	for (int i = 0; i < n->fn_nkids; i++) {
		free_tree(n->fn_kids[i]);
		free(n->fn_kids[i]);
	}
	free(n->fn_kids);
}

static int kid_cmp(const void *a, const void *b)
{
	return strcmp((*(fg_node_t *const *)a)->fn_name, (*(fg_node_t *const *)b)->fn_name);
}

static int depth(fg_node_t *n)
{
	int d = 0;

	if (n->fn_nkids > 1)
		qsort(n->fn_kids, (size_t)n->fn_nkids, sizeof(fg_node_t *), kid_cmp);
	for (int i = 0; i < n->fn_nkids; i++) {
		int k = depth(n->fn_kids[i]);

		if (k > d)
			d = k;
	}
	return d + 1;
}

static void escape(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		default:
			if ((unsigned char)*s >= 0x20 || *s == '\t')
				fputc(*s, fp);
		}
	}
}

/* The "hot" palette of flame graphs, from a hash of the name (so stable). */
static void colour(const char *name, char *buf, size_t n)
{
	uint64_t h = dt_hash_bytes(name, strlen(name));

	if (name[0] == '[')
		snprintf(buf, n, "rgb(190,190,190)");
	else
		snprintf(buf, n, "rgb(%d,%d,%d)", 205 + (int)(h % 50), (int)((h >> 8) % 230),
			 (int)((h >> 16) % 55));
}

typedef struct fg_draw {
	FILE *fd_fp;
	double fd_scale; /* pixels per unit of value */
	int64_t fd_total;
	int fd_height;
} fg_draw_t;

static void draw(fg_draw_t *fd, const fg_node_t *n, double x, int level)
{
	double w = (double)n->fn_value * fd->fd_scale;
	int y = fd->fd_height - FG_BOTTOM - (level + 1) * FG_FRAME;
	char fill[32];

	if (w < FG_MINWIDTH)
		return;
	colour(n->fn_name, fill, sizeof(fill));
	fputs("<g class=\"f\"><title>", fd->fd_fp);
	escape(fd->fd_fp, n->fn_name);
	fprintf(fd->fd_fp, " (%lld, %.2f%%)</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
		"height=\"%d\" fill=\"%s\" rx=\"2\" ry=\"2\"/><text x=\"%.1f\" y=\"%d\">",
		(long long)n->fn_value, fd->fd_total ? 100.0 * (double)n->fn_value / (double)fd->fd_total : 0.0,
		x, y, w, FG_FRAME - 1, fill, x + 3, y + FG_FRAME - 5);
	escape(fd->fd_fp, n->fn_name);
	fputs("</text></g>\n", fd->fd_fp);
	for (int i = 0; i < n->fn_nkids; i++) {
		draw(fd, n->fn_kids[i], x, level + 1);
		x += (double)n->fn_kids[i]->fn_value * fd->fd_scale;
	}
}

/* The script: fitting names, zoom, search, details (runs in the browser). */
static const char fg_script[] =
	"var frames, details, matched, searching = null, fw = 7.1; /* a character's width */\n"
	"function init() {\n"
	"  frames = document.getElementById('frames').getElementsByTagName('g');\n"
	"  details = document.getElementById('details').firstChild;\n"
	"  matched = document.getElementById('matched').firstChild;\n"
	"  for (var i = 0; i < frames.length; i++) {\n"
	"    var g = frames[i], r = g.getElementsByTagName('rect')[0];\n"
	"    g.setAttribute('data-name', g.getElementsByTagName('text')[0].textContent);\n"
	"    g.setAttribute('data-x', r.getAttribute('x'));\n"
	"    g.setAttribute('data-w', r.getAttribute('width'));\n"
	"    g.onclick = function () { zoom(this); };\n"
	"    g.onmouseover = function () { details.nodeValue = 'Function: ' +\n"
	"      this.getElementsByTagName('title')[0].textContent; };\n"
	"    g.onmouseout = function () { details.nodeValue = ' '; };\n"
	"    fit(g);\n"
	"  }\n"
	"  window.addEventListener('keydown', function (e) {\n"
	"    if (e.ctrlKey && e.keyCode === 70) { e.preventDefault(); search(); } });\n"
	"}\n"
	"function place(g, x, w) {\n"
	"  var r = g.getElementsByTagName('rect')[0];\n"
	"  r.setAttribute('x', x); r.setAttribute('width', w);\n"
	"  g.getElementsByTagName('text')[0].setAttribute('x', x + 3);\n"
	"  g.style.display = ''; fit(g);\n"
	"}\n"
	"function fit(g) {\n"
	"  var t = g.getElementsByTagName('text')[0], name = g.getAttribute('data-name');\n"
	"  var w = parseFloat(g.getElementsByTagName('rect')[0].getAttribute('width')) - 6;\n"
	"  var n = Math.floor(w / fw);\n"
	"  t.textContent = name.length <= n ? name : (n > 3 ? name.substring(0, n - 2) + '..' : '');\n"
	"}\n"
	"function zoom(z) {\n"
	"  var zx = parseFloat(z.getAttribute('data-x')), zw = parseFloat(z.getAttribute('data-w'));\n"
	"  var zy = parseFloat(z.getElementsByTagName('rect')[0].getAttribute('y'));\n"
	"  var full = WIDTH - 2 * PAD, s = full / zw;\n"
	"  for (var i = 0; i < frames.length; i++) {\n"
	"    var g = frames[i], x = parseFloat(g.getAttribute('data-x')),\n"
	"        w = parseFloat(g.getAttribute('data-w')),\n"
	"        y = parseFloat(g.getElementsByTagName('rect')[0].getAttribute('y'));\n"
	"    var inside = x >= zx - 0.0001 && x + w <= zx + zw + 0.0001;\n"
	"    var under = x <= zx + 0.0001 && x + w >= zx + zw - 0.0001;\n"
	"    if (y > zy && under) place(g, PAD, full);\n"
	"    else if (y <= zy && inside) place(g, PAD + (x - zx) * s, w * s);\n"
	"    else g.style.display = 'none';\n"
	"  }\n"
	"  document.getElementById('unzoom').style.opacity = 1;\n"
	"}\n"
	"function unzoom() {\n"
	"  for (var i = 0; i < frames.length; i++)\n"
	"    place(frames[i], parseFloat(frames[i].getAttribute('data-x')),\n"
	"          parseFloat(frames[i].getAttribute('data-w')));\n"
	"  document.getElementById('unzoom').style.opacity = 0.1;\n"
	"}\n"
	"function search(term) {\n"
	"  if (term === undefined) {\n"
	"    if (searching !== null) term = '';\n"
	"    else term = prompt('Enter a search term (regexp allowed)', '');\n"
	"    if (term === null) return;\n"
	"  }\n"
	"  var re = term === '' ? null : new RegExp(term), spans = {}, total = 0;\n"
	"  searching = re === null ? null : term;\n"
	"  for (var i = 0; i < frames.length; i++) {\n"
	"    var g = frames[i], r = g.getElementsByTagName('rect')[0];\n"
	"    if (!g.hasAttribute('data-fill')) g.setAttribute('data-fill', r.getAttribute('fill'));\n"
	"    if (re !== null && re.test(g.getAttribute('data-name'))) {\n"
	"      r.setAttribute('fill', 'rgb(230,0,230)');\n"
	"      var x = parseFloat(g.getAttribute('data-x')), w = parseFloat(g.getAttribute('data-w'));\n"
	"      if (!(x in spans) || spans[x] < w) spans[x] = w;\n"
	"    } else r.setAttribute('fill', g.getAttribute('data-fill'));\n"
	"  }\n"
	"  var xs = Object.keys(spans).map(Number).sort(function (a, b) { return a - b; }), end = 0;\n"
	"  for (var j = 0; j < xs.length; j++)\n"
	"    if (xs[j] >= end) { total += spans[xs[j]]; end = xs[j] + spans[xs[j]]; }\n"
	"  matched.nodeValue = re === null ? ' ' :\n"
	"    'Matched: ' + (100 * total / (WIDTH - 2 * PAD)).toFixed(1) + '%';\n"
	"  document.getElementById('search').firstChild.nodeValue = re === null ? 'Search' : 'Reset Search';\n"
	"}\n";

int dt_svg_aggs(dtrace_hdl_t *dtp, FILE *fp)
{
	dt_profile_t pr;
	int rv = dt_profile_collect(dtp, &pr);
	fg_node_t root = { "all", 0, NULL, 0, 0 };
	fg_draw_t fd = { fp, 0, 0, 0 };
	int levels;

	for (size_t i = 0; i < pr.pf_nrows; i++) {
		const dt_prow_t *row = &pr.pf_rows[i];
		fg_node_t *n = &root;

		if (row->pr_value <= 0)
			continue;
		root.fn_value += row->pr_value;
		if (pr.pf_naggs > 1) { /* each aggregation's tree under its name */
			n = kid(n, pr.pf_aggs[row->pr_agg]->dtagd_name[0] ?
					   pr.pf_aggs[row->pr_agg]->dtagd_name : "@");
			n->fn_value += row->pr_value;
		}
		for (int f = 0; f < row->pr_nframes; f++) {
			n = kid(n, row->pr_frames[f].pf_text);
			n->fn_value += row->pr_value;
		}
	}
	levels = depth(&root);
	fd.fd_total = root.fn_value;
	fd.fd_scale = root.fn_value > 0 ? (double)(FG_WIDTH - 2 * FG_PAD) / (double)root.fn_value : 0;
	fd.fd_height = FG_TOP + levels * FG_FRAME + FG_BOTTOM;
	fprintf(fp, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"xmlns=\"http://www.w3.org/2000/svg\" onload=\"init()\">\n"
		"<style type=\"text/css\">text { font-family: Verdana, sans-serif; font-size: %dpx; "
		"fill: rgb(0,0,0); } .f:hover rect { stroke: black; stroke-width: 0.5; cursor: pointer; } "
		"#title { font-size: 17px; } .button { cursor: pointer; }</style>\n"
		"<script type=\"text/ecmascript\"><![CDATA[\nvar WIDTH = %d, PAD = %d;\n%s]]></script>\n"
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"rgb(248,248,248)\"/>\n"
		"<text id=\"title\" x=\"%d\" y=\"24\" text-anchor=\"middle\">Flame Graph</text>\n"
		"<text id=\"unzoom\" class=\"button\" x=\"%d\" y=\"24\" style=\"opacity: 0.1\" "
		"onclick=\"unzoom()\">Reset Zoom</text>\n"
		"<text id=\"search\" class=\"button\" x=\"%d\" y=\"24\" text-anchor=\"end\" "
		"onclick=\"search()\">Search</text>\n"
		"<text id=\"matched\" x=\"%d\" y=\"%d\" text-anchor=\"end\"> </text>\n"
		"<text id=\"details\" x=\"%d\" y=\"%d\"> </text>\n"
		"<g id=\"frames\">\n",
		FG_WIDTH, fd.fd_height, FG_WIDTH, fd.fd_height, FG_FONT, FG_WIDTH, FG_PAD, fg_script,
		FG_WIDTH, fd.fd_height, FG_WIDTH / 2, FG_PAD, FG_WIDTH - FG_PAD, FG_WIDTH - FG_PAD,
		fd.fd_height - 12, FG_PAD, fd.fd_height - 12);
	if (root.fn_value > 0)
		draw(&fd, &root, FG_PAD, 0);
	fputs("</g>\n</svg>\n", fp);
	free_tree(&root);
	dt_profile_free(&pr);
	return rv;
}
