"""English left on a page that should be Japanese: the words a visitor would read.

Read: text, and the attributes a visitor sees or hears (title, alt, placeholder, aria-label,
an input button's value, the page's description). Not read: scripts and styles, `code`/`kbd`/`samp`
(tile codes, API examples), and anything marked `lang="en"` or `translate="no"` (the language
switch's "English", a player's name).

>>> english_words('<p>翻は<b>han</b>です <code>1m</code></p><button aria-label="Close">×</button>')
['han', 'Close']
>>> english_words('<p lang="en">English</p><p>Tenbō 12,000点 5mr 1z</p>')
[]
>>> english_words('<p>tenhou.net/6 の牌譜、riichi.wiki 参照、a net</p>')
['net']
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Proper names, abbreviations a Japanese page writes in Latin letters, and the sample data the
# tests type in (players' and rule sets' names).
NAMES = """
    Tenbō Tenbo Tenhou tenhou Mahjong Soul mahjongsoul sanma Jantama WRC wrc EMA ema M-League
    mleague MLeague JPML JSON API CSV CSRF URL QR PIN PDF ID OK UTF HTML CSS htmx MPSZ
    XML mjlog gzip zip PNG JPEG GIF WebP
    Aiko Bruno Chen Dana Emi sensei Sakura Kenji Yuki Taro Hanako
"""
ALLOWED = frozenset(NAMES.split())

SILENT = frozenset({"script", "style", "code", "kbd", "samp", "template", "noscript"})
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr"}
)  # fmt: skip
SPOKEN = ("title", "alt", "placeholder", "aria-label", "aria-description")
# A word of two or more Latin letters, not part of a tile code or number ("5mr", "2p").
WORD = re.compile(r"(?<![0-9A-Za-zÀ-ɏ])[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ'’-]*[A-Za-zÀ-ɏ](?![0-9])")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, silent)
        self.read: list[str] = []

    @property
    def silent(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        silent = (
            self.silent
            or tag in SILENT
            or a.get("lang", "").startswith("en")
            or a.get("translate") == "no"
            or "hidden" in a
            or a.get("aria-hidden") == "true"
        )
        if not silent:
            self.read.extend(a[name] for name in SPOKEN if name in a)
            if tag == "meta" and a.get("name") == "description":
                self.read.append(a.get("content", ""))
            if tag == "input" and a.get("type") in ("submit", "button", "reset"):
                self.read.append(a.get("value", ""))
        if tag not in VOID:
            self.stack.append((tag, silent))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if not self.silent:
            self.read.append(data)


# A web address is no words to translate, written in full or as a domain ("tenhou.net/6").
ADDRESS = re.compile(r"https?://\S+|\b[\w-]+\.(?:net|com|org|wiki|jp)\b(?:/\S*)?")


def english_words(html: str) -> list[str]:
    """The English words a visitor of the page would read, in page order."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    texts = (ADDRESS.sub("", text) for text in reader.read)
    words = (w for text in texts for w in WORD.findall(text))
    # Capitals only: a code (a drill's "PPXARG") or an abbreviation, not a word to translate.
    return [w for w in words if w not in ALLOWED and not w.isupper()]


def assert_japanese(html: str | bytes, where: str = "") -> None:
    """Fail, naming the words and the page, when a page meant to be Japanese reads English."""
    text = html.decode() if isinstance(html, bytes) else html
    assert '<html lang="ja"' in text or "<html" not in text, f"{where}: not a Japanese page"
    left = english_words(text)
    assert not left, f"{where}: English left on the Japanese page: {sorted(set(left))}"
