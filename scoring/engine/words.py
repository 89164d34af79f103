"""The language the engine words its explanations in, and the catalogues it words them from.

The engine's results are data (kinds and numbers); their sentences are made from that data in
one language at a time. Which one is a context variable, so that concurrent requests (threads)
each have their own: the site sets it per request from the page's language, the API from
`lang=`, the command line from `--lang`.

>>> current()
'en'
>>> with language("ja"):
...     current()
'ja'
>>> current()
'en'

Each module of the engine that words something keeps its own `Catalogue`: the English
sentence templates it uses, keyed by what they say, with `{fields}` for the numbers. The other
languages are gettext catalogues of the engine's own domain (`engine`), one `.po` per language
under `scoring/engine/locale/`, compiled to `.mo` by the build; each entry's context is
`<catalogue>.<key>` and its message id the English. A sentence is made from data at the moment
it is read (`phrase`), never assembled in English first:

>>> from .explain import WORDS
>>> phrase(WORDS, "fu_rounds", fu=32, rounded=40)
'32 fu rounds up to 40 fu'
>>> with language("ja"):
...     phrase(WORDS, "fu_rounds", fu=32, rounded=40)
'32符を切り上げて40符'
>>> mismatches(WORDS)
[]

Adding a language is adding its catalogues (this domain's and the site's) and its code to
`LANGUAGES`, the one list every part of Tenbō reads (docs/translating.md).
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from pathlib import Path

# The languages Tenbō speaks, English (the source) first: the site's settings, its language
# switch, the API, the command line and the tests all read this list.
LANGUAGES: tuple[str, ...] = ("en", "ja", "zh-hans", "ko")
DEFAULT = "en"
DOMAIN = "engine"  # the engine's gettext domain: locale/<ll>/LC_MESSAGES/engine.mo

_current: ContextVar[str] = ContextVar("tenbo_language", default=DEFAULT)


def known(code: str) -> str:
    """The language a code names ("ja", "ja-JP", "JA" → "ja"; "zh-Hans", "zh-CN", "zh" →
    "zh-hans": a listed variant of the code's language); the default for any other.

    >>> known("zh-CN"), known("ko-KR"), known("fr")
    ('zh-hans', 'ko', 'en')
    """
    code = code.strip().lower().replace("_", "-")
    if code in LANGUAGES:
        return code
    base = code.split("-", 1)[0]
    if base in LANGUAGES:
        return base
    return next((c for c in LANGUAGES if c.split("-", 1)[0] == base), DEFAULT)


def current() -> str:
    """The language explanations are worded in now."""
    return _current.get()


def use(code: str) -> Token[str]:
    """Word explanations in `code` from now on (in this context); `reset` undoes it."""
    return _current.set(known(code))


def reset(token: Token[str]) -> None:
    _current.reset(token)


@contextmanager
def language(code: str) -> Iterator[str]:
    """Word explanations in `code` inside the block."""
    token = use(code)
    try:
        yield current()
    finally:
        reset(token)


# ---- where the catalogues are ------------------------------------------------------------


def locale_name(code: str) -> str:
    """A language code as gettext names its folder: "ja" → "ja", "zh-hans" → "zh_Hans",
    "pt-br" → "pt_BR" (as Django's `to_locale` does).

    >>> locale_name("ja"), locale_name("zh-hans"), locale_name("pt-br")
    ('ja', 'zh_Hans', 'pt_BR')
    """
    lang, _, country = code.lower().partition("-")
    if not country:
        return lang
    country, _, rest = country.partition("-")
    country = country.title() if len(country) > 2 else country.upper()
    return f"{lang}_{country}" + (f"-{rest}" if rest else "")


def package_locale() -> str:
    """The folder of the engine's catalogues, inside the package (read when first needed: a
    module compiled by mypyc has no `__file__` while it is being imported)."""
    return str(Path(__file__).resolve().parent / "locale")


# Where catalogues are looked for, first found wins: the package's own, and any folder a test
# adds (the pseudo-language's, made in a temporary folder, never shipped).
LOCALE_DIRS: list[str] = []


_translations: dict[str, gettext.NullTranslations] = {}


def translations(code: str) -> gettext.NullTranslations:
    """The engine's gettext catalogue for language `code` (English: none, it is the source)."""
    found = _translations.get(code)
    if found is None:
        found = _translations[code] = load(code)
    return found


def load(code: str) -> gettext.NullTranslations:
    if code == DEFAULT:
        return gettext.NullTranslations()
    name = locale_name(code)
    for folder in [*LOCALE_DIRS, package_locale()]:
        if gettext.find(DOMAIN, folder, [name]):
            return gettext.translation(DOMAIN, folder, [name])
    raise FileNotFoundError(
        f"no compiled catalogue {name}/LC_MESSAGES/{DOMAIN}.mo in {package_locale()}: "
        "build it (make, or pip install) from its .po"
    )


def forget() -> None:
    """Read the catalogues again on next use (after a test adds a language or a folder)."""
    _translations.clear()
    for catalogue in CATALOGUES.values():
        catalogue.tables = {DEFAULT: catalogue.english}


# ---- catalogues ----------------------------------------------------------------------------

CATALOGUES: dict[str, Catalogue] = {}  # by name: every catalogue of the engine's domain


class Catalogue:
    """One module's sentences: key → English template (`{fields}` for the numbers), and the
    same keys in each language, read once from the domain's catalogue when first needed."""

    __slots__ = ("name", "english", "tables", "fixed")

    def __init__(self, name: str, english: Mapping[str, str]) -> None:
        if name in CATALOGUES:
            raise ValueError(f"two catalogues are named {name!r}")
        self.name = name
        self.english: dict[str, str] = dict(english)
        self.tables: dict[str, dict[str, str]] = {DEFAULT: self.english}
        self.fixed: dict[str, Said] = {}  # its words without fields, shared (see `fixed`)
        CATALOGUES[name] = self

    def context(self, key: str) -> str:
        """The gettext context of entry `key` (its message id is the English)."""
        return f"{self.name}.{key}"

    def table(self, code: str) -> dict[str, str]:
        """Every template in language `code` (English where the catalogue has none)."""
        found = self.tables.get(code)
        if found is None:
            found = self.tables[code] = self.translated(code)
        return found

    def __getitem__(self, code: str) -> dict[str, str]:
        """`catalogue["ja"]`: every template in that language (as `table`)."""
        return self.table(code)

    def translated(self, code: str) -> dict[str, str]:
        catalogue = translations(code)
        return {k: catalogue.pgettext(self.context(k), v) for k, v in self.english.items()}

    def __repr__(self) -> str:
        return f"Catalogue({self.name!r}, {len(self.english)} entries)"


def phrase(catalogue: Catalogue, entry: str, /, **fields: object) -> str:
    """The sentence `entry` of `catalogue` in the current language, its `{fields}` filled (a
    field may be called `key`: compiled, a positional-only name cannot also be a keyword)."""
    return catalogue.table(_current.get())[entry].format(**fields)


def template_of(catalogue: Catalogue, key: str, code: str) -> str:
    """The template `key` of `catalogue` in language `code`."""
    return catalogue.table(code)[key]


def word(catalogue: Catalogue, key: str) -> str:
    """The word `key` of `catalogue` in the current language (a template with no fields)."""
    return catalogue.table(_current.get())[key]


def fields_of(template: str) -> frozenset[str]:
    return frozenset(f for _, f, _, _ in string.Formatter().parse(template) if f)


def mismatches(catalogue: Catalogue) -> list[str]:
    """What a catalogue's languages disagree on: a template whose fields differ from
    English's, or one left in English (untranslated). Empty when every language says
    everything."""
    problems = []
    for code in LANGUAGES:
        if code == DEFAULT:
            continue
        catalogue_of = translations(code)
        for key, english in catalogue.english.items():
            said = catalogue_of.pgettext(catalogue.context(key), english)
            if said is english and english:
                problems.append(f"{code}: {catalogue.context(key)} is not translated")
            elif fields_of(said) != fields_of(english):
                problems.append(f"{code}: {catalogue.context(key)} has other fields than English")
    return problems


class Words:
    """Something said, kept as data and worded in the current language only when read
    (`str()`): results are cached and shared across requests, so they hold no language."""

    __slots__ = ()

    def __str__(self) -> str:
        raise NotImplementedError


class Said(Words):
    """The sentence `key` of `catalogue` with its fields (numbers, or `Words` worded in turn).

    >>> from .explain import WORDS
    >>> said = Said(WORDS, "fu_rounds", fu=32, rounded=40)
    >>> str(said)
    '32 fu rounds up to 40 fu'
    >>> with language("ja"):
    ...     str(said)
    '32符を切り上げて40符'
    >>> said == Said(WORDS, "fu_rounds", fu=32, rounded=40)
    True
    """

    __slots__ = ("catalogue", "key", "fields", "nested", "last")

    def __init__(self, catalogue: Catalogue, entry: str, /, **fields: object) -> None:
        self.catalogue = catalogue
        self.key = entry
        self.fields = fields
        # Whether a field is said in turn (most are numbers): only then are they worded first.
        self.nested = has_words(fields)
        # The last wording, with its language (one tuple, so that a thread never reads one
        # language's code with another's text): many are shared (a fu item's reason, a limit's
        # reason), and a site answers mostly in one language at a time.
        self.last = ("", "")

    def __str__(self) -> str:
        code = _current.get()
        last = self.last
        if last[0] == code:
            return last[1]
        fields = self.fields
        if self.nested:
            fields = {k: str(v) if isinstance(v, Words) else v for k, v in fields.items()}
        table = self.catalogue.tables.get(code)
        if table is None:
            table = self.catalogue.table(code)
        text = table[self.key].format_map(fields)
        self.last = (code, text)
        return text

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Said)
            and self.catalogue is other.catalogue
            and self.key == other.key
            and self.fields == other.fields
        )

    def __hash__(self) -> int:
        return hash((self.key, tuple(self.fields.items())))


def has_words(fields: dict[str, object]) -> bool:
    """Whether any of a sentence's fields is `Words` (said in turn, not a number)."""
    for value in fields.values():  # noqa: SIM110 — a loop: compiled, no generator to make
        if isinstance(value, Words):
            return True
    return False


def said_with(catalogue: Catalogue, entry: str, fields: dict[str, object]) -> Said:
    """`Said(catalogue, entry, **fields)` for fields already in a dict (which becomes the
    sentence's own): compiled, a call with `**fields` unpacks and parses them again.

    >>> from .explain import WORDS
    >>> said_with(WORDS, "fu_rounds", {"fu": 32, "rounded": 40}) == Said(
    ...     WORDS, "fu_rounds", fu=32, rounded=40
    ... )
    True
    """
    said = Said(catalogue, entry)
    said.fields = fields
    said.nested = has_words(fields)
    return said


def fixed(catalogue: Catalogue, key: str) -> Said:
    """The word `key` of `catalogue` (no fields) as one shared `Said`, worded once per
    language however many results say it (a yaku's name, a payer, a wait).

    >>> from .explain import WORDS
    >>> fixed(WORDS, "chosen") is fixed(WORDS, "chosen")
    True
    """
    found = catalogue.fixed.get(key)
    if found is None:
        found = catalogue.fixed[key] = Said(catalogue, key)
    return found


class Joined(Words):
    """Several things said, joined by the catalogue's word `separator` (", ", "、"…).

    >>> from .explain import WORDS
    >>> str(Joined(WORDS, "plus", (Said(WORDS, "fu_rounds", fu=22, rounded=30), "x")))
    '22 fu rounds up to 30 fu + x'
    """

    __slots__ = ("catalogue", "separator", "parts")

    def __init__(self, catalogue: Catalogue, separator: str, parts: tuple[object, ...]) -> None:
        self.catalogue = catalogue
        self.separator = separator
        self.parts = parts

    def __str__(self) -> str:
        return word(self.catalogue, self.separator).join(str(p) for p in self.parts)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Joined)
            and self.catalogue is other.catalogue
            and self.separator == other.separator
            and self.parts == other.parts
        )

    def __hash__(self) -> int:
        return hash((self.separator, self.parts))


Text = str | Words  # what a result holds where a sentence goes: fixed text, or words
