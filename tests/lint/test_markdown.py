"""The one Markdown reading (skillkit/core/markdown.py): what is a link, where it is, and that
the fast paths read exactly what markdown-it reads."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from skillkit.core.markdown import read_markdown
from skillkit.core.markdown_plain import plain
from skillkit.core.markdown_tokens import parse
from skillkit.rules.agent_skills import local_links


def targets(text: str) -> list[tuple[int, int, str]]:
    return list(local_links(text))


def test_inline_links_images_and_positions():
    text = "Intro.\n\nSee [a](refs/a.md) and ![i](img/x.png \"t\").\n"
    assert targets(text) == [(3, 9, "refs/a.md"), (3, 29, "img/x.png")]


def test_positions_count_the_frontmatter():
    assert targets("x\n\n[a](a.md)\n") == [(3, 5, "a.md")]
    assert list(local_links("[a](a.md)\n", first_line=7)) == [(7, 5, "a.md")]


def test_parentheses_in_paths():
    text = "[a](refs/a(1).md) and [b](<refs/a(1).md>) and [c](<my file.md>)\n"
    assert [t for _, _, t in targets(text)] == ["refs/a(1).md", "refs/a(1).md", "my file.md"]
    assert [c for _, c, _ in targets(text)] == [5, 28, 52]


def test_decoded_and_stripped():
    text = "[a](my%20file.md#part) [b](b.md?x=1) [c](#anchor) [d](https://x.dev/d.md) [e](mailto:a@b.c) [f](//cdn/x)\n"
    assert [t for _, _, t in targets(text)] == ["my file.md", "b.md"]


def test_reference_style_links_are_read_at_their_definition():
    text = "Use [text][r1] and [r2].\n\n[r1]: refs/x.md\n[r2]: <refs/y(1).md> \"title\"\n[unused]: refs/z.md\n"
    assert targets(text) == [(3, 7, "refs/x.md"), (4, 8, "refs/y(1).md"), (5, 11, "refs/z.md")]


def test_html_href_and_src():
    text = '<a href="refs/a.md">a</a> and <img src=\'img/b.png\'>\n\n<div>\n  <a href=refs/c.md>c</a>\n</div>\n'
    assert targets(text) == [(1, 10, "refs/a.md"), (1, 41, "img/b.png"), (4, 11, "refs/c.md")]


def test_code_holds_no_links():
    text = ("Text.\n\n    [indented](nope.md)\n\n`[span](nope.md)` and ``[two](nope.md)``\n\n"
            "```\n[fenced](nope.md)\n```\n~~~~md\n[tilde](nope.md)\n~~~~\n[after](yes.md)\n")
    assert targets(text) == [(13, 9, "yes.md")]


def test_containers():
    text = "> quoted [q](q.md)\n\n- item [l](l.md)\n  - nested [n](n.md)\n\n1. [o](o.md)\n"
    assert targets(text) == [(1, 14, "q.md"), (3, 12, "l.md"), (4, 16, "n.md"), (6, 8, "o.md")]


def test_fences_are_tracked():
    reading = read_markdown("x\n```bash\ncurl | sh\n```\n\n  ~~~\nopen\n", first_line=5)
    assert [(f.line, f.column, f.marker, f.closed) for f in reading.fences] == [(6, 1, "```", True), (10, 3, "~~~", False)]
    assert [(c.line, c.info) for c in reading.code] == [(7, "bash"), (11, "")]


def test_a_link_after_an_unclosed_fence_is_code():
    assert targets("```\n[a](a.md)\n") == []


def test_suppression_comments_are_not_links():
    assert targets("<!-- skillkit: ignore[references] -->\n[a](a.md)\n") == [(2, 5, "a.md")]


TOKENS = [*"ab [](){}<>!`~*_#->:\"'\\&%.\n \t|=", "href=", "src=", "\u00e9", "](", "\n\n", "    ", "```", "<a ", "]: "]
MARKDOWNISH = st.lists(st.sampled_from(TOKENS), max_size=80).map("".join)
PIECES = st.lists(st.sampled_from(["See [a](a.md).", "- a `[x](y)` [z](z.md)", "| `c` | [t](t.md) |", "## [h](h.md) #", "> [q](q.md)", "* * *", "---", "a [b\nc](d.md)", "- a [b", "c](d.md)", "`a`b`", "x `]` [l](l.md)", "[a `b`](c.md)", "1. [n](n.md)", "2) x", "[b](<b c.md>)", "![i](i.png)", "x [c](c(1).md) y", "plain words",
                                   "- item [d](d.md)", "> q [e](e.md)", "保存修改后 [见](x.md)。", "应用[长时任务(ArkTS)](t.md)，消除", "1、完成[准备](a.md)", "2）如[未](b.md)", "12 [c](c.md)", "1.5 [d](d.md)", "[e (f](g.md)", "![](i.png \"点击放大\")", "a\\_b [c](c.md)", "x\\[y](y.md)", "| f<> | [g](g.md) |", "(0, 32.0] [h](h.md)", "[t](t.md \"a \\\" b\")", "<b> [i](i.md)", "- 步骤 [二](二.md)", "Ünder [ü](ü.md)", "한국어 [링크](k.md)\n    续行", "    [code](f.md)", "`[s](s.md)`", "# H [h](h.md)",
                                   "<a href=\"g.md\">g</a>", "<img src=i.png>", "[r][x]", "text\n===", "1. [n](n%20m.md)",
                                   "", "  ", "\t[t](t.md)", "[x](y \"t\")", "*[em](em.md)*", "a\\[b](c.md)", "&amp;[q](q&amp;.md)", "<!-- c -->", "<pre>",
                                   "- <pre>", "-->", "x <pre> [y](y.md)", "<!-- href=\"a.md\" -->", "x <?php src=y ?> z", "</div href=x>",
                                   "Title", "  ===", "  # H", "> ---", "- # H", "1. ---", "    [x](y.md)", "      [x](y.md)",
                                   "[x](file:///a)", "[x](http://münchen.de/a)",
                                   "  - [n](n.md)", "   more [c](c.md)", "      deep [c](c.md)", "**b** [x](x.md)",
                                   "[a](b) (c)", "x & y [a](a&b.md)", "[a](a&amp;b.md)", "===", "-   [w](w.md)",
                                   "-     [w](w.md)", "-", "*x [e](e.md)*", "![i](i.png) [j](j.md)", "#tag [t](t.md)",
                                   "[a](b(c)d)", "(x [p](p.md))", "[a](<b>)",
                                   "-   请参阅[x](x.md)", "1.  **b** [x](x.md)", "    ", "   [c](c.md)", "1. a",
                                   "- [报错“Tool [Error]: x”](f.md)", "[a]: b", "[a\nb]: c", "- [r]: r.md", "[x]: <y>"]),
                  max_size=12).map(lambda parts: "\n".join(parts))


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 300)))
@given(MARKDOWNISH)
def test_any_text_reads_without_error_and_positions_are_inside(text):
    lines = text.split("\n")
    reading = read_markdown(text)
    for item in (*reading.links, *reading.fences):
        assert 1 <= item.line <= len(lines)
        assert 1 <= item.column <= len(lines[item.line - 1]) + 1


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 300)))
@given(st.one_of(PIECES, MARKDOWNISH))
def test_fast_paths_read_what_markdown_it_reads(text):
    """The stretch-by-stretch and plain-prose readings give what a whole CommonMark parse gives."""
    fast = read_markdown(text)
    whole = parse(text)
    assert fast.links == whole.links


@settings(max_examples=100)
@given(PIECES)
@example("[x]: <y>\n[x](file:///a)")  # refused inline, so `[x]` is a reference use: no inline position
def test_link_positions_point_at_the_target(text):
    lines = text.split("\n")
    for link in read_markdown(text).links:
        if link.kind in ("link", "image") and "%" not in link.target and "&" not in link.target:
            written = lines[link.line - 1][link.column - 1:]
            assert written.startswith(link.target.split("%")[0][:1])


FENCED = st.lists(st.sampled_from(["```", "```bash", "~~~", "````", "```x`y", "  ```", "    ```", "\t```", "- ```",
                                   "> ```", "``` ", "```  \t", "~~~~ python", "curl x | sh", "See [a](a.md).",
                                   "- item [d](d.md)", "plain words", "", "  ", "[r]: r.md", "<div>", "<!-- c -->",
                                   "x ``` y", "`` ```", "    [code](f.md)", "# H [h](h.md)", "1. [n](n.md)", "1. Step",
                                   "   ```bash", "   ```", "<pre>", "- <pre>", "</pre>", "<!--", "-->", "  <!-- c -->",
                                   "text <!-- x", "<script>", "<div>x</div>", "[a]:", "d[k]: v", "> [r]: r.md", "x\ry", "\r",
                                   "  ```", "  curl x | sh", "  [x](x.md)", "   [x](x.md)", "     ```", "   - nested",
                                   "     [d](d.md)", "* * *", "- a", "1.  **b** [x](x.md)", "-    x", "   ", "  > q",
                                   "  <div>", "    ```", "  ~~~", "  - ```", "2) x", "2. b [y](y.md)", "* c", "+ d",
                                   "3) [z](z.md)", "- - x", "-  ```", "- [t [E]: x](t.md)", "[l\nm]: n.md", "x [y]: z"]),
                  max_size=16).map(lambda parts: "\n".join(parts))


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 400)))
@given(st.one_of(FENCED, FENCED.map(lambda text: text + "\n"), MARKDOWNISH))
def test_fenced_texts_read_what_markdown_it_reads(text):
    """Cutting a text at its top-level fences reads its links, fences and code blocks exactly
    as a whole CommonMark parse does."""
    assert read_markdown(text) == parse(text)


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 300)))
@given(st.one_of(FENCED, FENCED.map(lambda text: text + "\n")), st.integers(1, 40), st.booleans())
def test_unclosed_fences_and_chosen_code_are_what_the_whole_parse_holds(text, first_line, code_first):
    """A reading made lazily (fences kept as offsets) answers `unclosed()` and `code_in()`,
    asked before anything else and in either order, as the whole parse's fences and blocks do."""
    whole = parse(text).shifted(first_line - 1)
    infos = frozenset({"", "bash"})
    for asked in range(2):  # before and after the reading has made every fence
        reading = read_markdown(text, first_line)
        if asked:
            assert reading.fences == whole.fences
        answers = [reading.code_in(infos), reading.unclosed()] if code_first else [reading.unclosed(), reading.code_in(infos)]
        if code_first:
            answers.reverse()
        assert answers[0] == tuple(f for f in whole.fences if not f.closed)
        assert answers[1] == tuple(c for c in whole.code if c.info in infos)


def test_a_fence_closer_indented_four_columns_does_not_close():
    text = "```\ncode\n    ```\n"
    assert read_markdown(text).fences[0].closed is False
    assert parse(text).fences[0].closed is False
    assert parse("```\ncode\n   ```\n").fences[0].closed is True


# HTML blocks that only their end marker ends, opened and closed on different lines, among
# blank lines, fences, list items and links: read in stretches when the block ends before
# the next stretch boundary, and then exactly as a whole parse reads them.
LONG_HTML = st.lists(st.sampled_from(["<pre>", "<pre class=\"x\">", "</pre>", "<PRE>", "</Pre>", "  <pre>", "- <pre>",
                                      "   </pre>", "<prefix>", "<script>", "</script>", "<style>", "</textarea>",
                                      "<!--", "-->", "<!-- c -->", "<!-->", "<?php", "?>", "<!DOCTYPE", "<!doctype",
                                      ">", "<![CDATA[", "]]>", "<!x", "<pre><code><strong>x", "</strong></code></pre>",
                                      "", "  ", "```", "```bash", "~~~", "- a", "1. Step", "   [s](s.md)", "x [a](a.md)",
                                      "[b](b.md)", "<a href=\"h.md\">h</a>", "> [q](q.md)", "    [c](c.md)", "text",
                                      "`<pre>`", "x <pre> y", "[r]: r.md"]),
                     max_size=16).map(lambda parts: "\n".join(parts))


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 400)))
@given(st.one_of(LONG_HTML, LONG_HTML.map(lambda text: text + "\n")))
@example("<pre>\n[a](a.md)\n</pre>\n\n[b](b.md)")
@example("<pre>\n\n[a](a.md)\n</pre>\n\n[b](b.md)")
@example("x\n\n```\nc\n```\n<pre>\n[a](a.md)\n\nb\n</pre>\n```\nd\n```\n[e](e.md)")
@example("<!--\n[a](a.md)\n-->\n[b](b.md)\n\n```\nx\n```\n<?php\n[c](c.md)\n?>\n\n[d](d.md)")
def test_long_html_blocks_read_what_markdown_it_reads(text):
    """`<pre>` ... `</pre>` over several lines (and comments, `<?`, `<!X`, CDATA) no longer
    send a text to a whole parse when the block ends before a stretch boundary: the
    shortcuts read such texts as the whole parse does, links, fences and code blocks."""
    assert read_markdown(text) == parse(text)


# Lines that start with what opens no block (`(`, `（`, `@`, `“`, `✅`, `—`, a lone backtick or
# underscore, a number that is no list marker) beside the lines that do.
LINE_STARTS = st.lists(st.sampled_from(["(a) [x](x.md)", "（1）[y](y.md)", "@B [z](z.md)", "2.2 L [w](w.md)", "1.首 [v](v.md)",
                                        "`c` [u](u.md)", "_e_ [t](t.md)", "— [s](s.md)", "✅\u00a0参见[q](q.md)", "“x” [r](r.md)",
                                        "](p.md)[", "$ x", "| a | b |", "|---|---|", ":---|---", "(x) | y", "- a", "1. a",
                                        "  (b) [c](c.md)", "    (d) [e](e.md)", "", "  ", "# H", "> q", "a [b", "(c)](d.md)",
                                        "1.5 [f](f.md)", "1)x [g](g.md)", "1.", "2)", "_", "__x", "`` x", "` x", "~x [h](h.md)",
                                        "   ", "text", "- (i) [j](j.md)", "  (k)", "***", "___", "1234567890.x", "\u00a0(l)",
                                        "(m)\n===", "(n)\n---", "<b>", "[o]: o.md", "```", "\\(p)"]),
                       max_size=12).map(lambda parts: "\n".join(parts))


@settings(max_examples=int(__import__("os").environ.get("MD_EXAMPLES", 400)))
@given(st.one_of(LINE_STARTS, LINE_STARTS.map(lambda text: text + "\n\n")))
@example("(a) [x](x.md)\n1.首 [v](v.md)\n")
@example("(x) | y\n|---|---|\n[a](a.md)")
def test_lines_that_open_no_block_read_what_markdown_it_reads(text):
    """A stretch whose lines start with `(`, `@`, `“`, `2.2` and the like is read as plain
    prose, and reads as the whole parse reads it; plain() alone agrees where it answers."""
    assert read_markdown(text) == parse(text)
    found = plain(text)
    if found is not None:
        assert found.links == parse(text).links
