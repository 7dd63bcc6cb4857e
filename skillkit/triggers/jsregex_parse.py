"""Parse a JavaScript (Node.js 20) regular expression pattern into a small syntax tree.

This is a recursive-descent parser over the ECMAScript pattern grammar. With the `u` flag it
is the strict grammar; without it, it is the web-compatibility grammar of Annex B that Node.js
accepts (`\\a` is a literal `a`, a lone `{` is a literal, `\\1` may be an octal escape, ...).

The caller hands over the pattern as the sequence JavaScript sees: for a pattern without `u`
that is UTF-16 code units (an astral character is two surrogate "characters"), with `u` it is
code points. Offsets in errors and spans are offsets in that sequence.

Deliberate limits (Node.js accepts these, we raise JSRegexError): groups nested deeper than
MAX_DEPTH, and `\\p{Changes_When_NFKC_Casefolded}` (the `regex` module has no such property).
"""

from __future__ import annotations

import re
from typing import Literal, Union

import msgspec
import regex

MAX_DEPTH = 100  # groups inside groups; keeps the parser and `regex` well inside Python's stack


class JSRegexError(ValueError):
    """The pattern is not a JavaScript (Node.js 20) regex; str() is a one-line reason with no position prefix."""

    def __init__(self, reason: str, offset: int | None = None) -> None:
        super().__init__(reason)
        self.offset: int | None = offset


# --- syntax tree -------------------------------------------------------------------------


class Char(msgspec.Struct, frozen=True):
    """One literal code unit (without `u`) or code point (with `u`)."""

    cp: int


class ClassRange(msgspec.Struct, frozen=True):
    lo: int
    hi: int


class ClassEscape(msgspec.Struct, frozen=True):
    """\\d \\D \\s \\S \\w \\W: their sets depend on the flags, so the emitter builds them."""

    kind: Literal["d", "D", "s", "S", "w", "W"]


class Property(msgspec.Struct, frozen=True):
    """\\p{...} or \\P{...} (only with `u`); `name` is already in `regex` syntax, e.g. "gc=Lu"."""

    name: str
    negated: bool


ClassItem = Union[ClassRange, ClassEscape, Property]


class CharClass(msgspec.Struct, frozen=True):
    """[...] and the stand-alone class escapes (\\d, \\p{L}, ...): matches one character."""

    items: tuple[ClassItem, ...]
    negated: bool


class AnyChar(msgspec.Struct, frozen=True):
    """The dot."""


class Anchor(msgspec.Struct, frozen=True):
    kind: Literal["^", "$", "b", "B"]


class Group(msgspec.Struct, frozen=True):
    body: Node
    index: int | None  # capture number, None for (?:...)
    name: str | None


class Look(msgspec.Struct, frozen=True):
    body: Node
    behind: bool
    negative: bool


class Backref(msgspec.Struct, frozen=True):
    index: int | None  # \1 ...
    name: str | None  # \k<name>, resolved through ParsedPattern.names
    offset: int


class Repeat(msgspec.Struct, frozen=True):
    body: Node
    min: int
    max: int | None  # None: unbounded
    lazy: bool
    span: tuple[int, int]  # the quantified term in the source, for messages


class Sequence(msgspec.Struct, frozen=True):
    items: tuple[Node, ...]


class Alternation(msgspec.Struct, frozen=True):
    alternatives: tuple[Node, ...]


Node = Union[Char, CharClass, AnyChar, Anchor, Group, Look, Backref, Repeat, Sequence, Alternation]


class ParsedPattern(msgspec.Struct, frozen=True):
    root: Node
    group_count: int
    names: dict[str, int]


# --- Unicode property names JavaScript accepts (ECMA-262 tables, Unicode 17 as in Node 20) ---

# General_Category values and aliases -> the short name `regex` understands.
_GC_GROUPS = {
    "C": ("Other",), "Cc": ("Control", "cntrl"), "Cf": ("Format",), "Cn": ("Unassigned",),
    "Co": ("Private_Use",), "Cs": ("Surrogate",), "L": ("Letter",), "LC": ("Cased_Letter",),
    "Ll": ("Lowercase_Letter",), "Lm": ("Modifier_Letter",), "Lo": ("Other_Letter",),
    "Lt": ("Titlecase_Letter",), "Lu": ("Uppercase_Letter",), "M": ("Mark", "Combining_Mark"),
    "Mc": ("Spacing_Mark",), "Me": ("Enclosing_Mark",), "Mn": ("Nonspacing_Mark",),
    "N": ("Number",), "Nd": ("Decimal_Number", "digit"), "Nl": ("Letter_Number",),
    "No": ("Other_Number",), "P": ("Punctuation", "punct"), "Pc": ("Connector_Punctuation",),
    "Pd": ("Dash_Punctuation",), "Pe": ("Close_Punctuation",), "Pf": ("Final_Punctuation",),
    "Pi": ("Initial_Punctuation",), "Po": ("Other_Punctuation",), "Ps": ("Open_Punctuation",),
    "S": ("Symbol",), "Sc": ("Currency_Symbol",), "Sk": ("Modifier_Symbol",),
    "Sm": ("Math_Symbol",), "So": ("Other_Symbol",), "Z": ("Separator",),
    "Zl": ("Line_Separator",), "Zp": ("Paragraph_Separator",), "Zs": ("Space_Separator",),
}
GENERAL_CATEGORIES: dict[str, str] = {
    alias: short for short, aliases in _GC_GROUPS.items() for alias in (short, *aliases)
}

# Binary properties: long name and short alias. None marks the one `regex` lacks.
_BINARY_PAIRS = (
    ("ASCII", ""), ("ASCII_Hex_Digit", "AHex"), ("Alphabetic", "Alpha"), ("Any", ""),
    ("Assigned", ""), ("Bidi_Control", "Bidi_C"), ("Bidi_Mirrored", "Bidi_M"),
    ("Case_Ignorable", "CI"), ("Cased", ""), ("Changes_When_Casefolded", "CWCF"),
    ("Changes_When_Casemapped", "CWCM"), ("Changes_When_Lowercased", "CWL"),
    ("Changes_When_NFKC_Casefolded", "CWKCF"), ("Changes_When_Titlecased", "CWT"),
    ("Changes_When_Uppercased", "CWU"), ("Dash", ""), ("Default_Ignorable_Code_Point", "DI"),
    ("Deprecated", "Dep"), ("Diacritic", "Dia"), ("Emoji", ""), ("Emoji_Component", "EComp"),
    ("Emoji_Modifier", "EMod"), ("Emoji_Modifier_Base", "EBase"),
    ("Emoji_Presentation", "EPres"), ("Extended_Pictographic", "ExtPict"), ("Extender", "Ext"),
    ("Grapheme_Base", "Gr_Base"), ("Grapheme_Extend", "Gr_Ext"), ("Hex_Digit", "Hex"),
    ("IDS_Binary_Operator", "IDSB"), ("IDS_Trinary_Operator", "IDST"), ("ID_Continue", "IDC"),
    ("ID_Start", "IDS"), ("Ideographic", "Ideo"), ("Join_Control", "Join_C"),
    ("Logical_Order_Exception", "LOE"), ("Lowercase", "Lower"), ("Math", ""),
    ("Noncharacter_Code_Point", "NChar"), ("Pattern_Syntax", "Pat_Syn"),
    ("Pattern_White_Space", "Pat_WS"), ("Quotation_Mark", "QMark"), ("Radical", ""),
    ("Regional_Indicator", "RI"), ("Sentence_Terminal", "STerm"), ("Soft_Dotted", "SD"),
    ("Terminal_Punctuation", "Term"), ("Unified_Ideograph", "UIdeo"), ("Uppercase", "Upper"),
    ("Variation_Selector", "VS"), ("White_Space", "space"), ("XID_Continue", "XIDC"),
    ("XID_Start", "XIDS"),
)
_UNSUPPORTED_BINARY = {"Changes_When_NFKC_Casefolded"}
BINARY_PROPERTIES: dict[str, str] = {
    alias: long for long, short in _BINARY_PAIRS for alias in (long, short) if alias
}

# Script values: long name and ISO 15924 code (plus Qaac/Qaai, old aliases JS keeps).
# Katakana_Or_Hiragana (Hrkt) is absent on purpose: Node.js rejects it.
_SCRIPT_PAIRS = (
    ("Adlam", "Adlm"), ("Ahom", "Ahom"), ("Anatolian_Hieroglyphs", "Hluw"), ("Arabic", "Arab"),
    ("Armenian", "Armn"), ("Avestan", "Avst"), ("Balinese", "Bali"), ("Bamum", "Bamu"),
    ("Bassa_Vah", "Bass"), ("Batak", "Batk"), ("Bengali", "Beng"), ("Beria_Erfe", "Berf"),
    ("Bhaiksuki", "Bhks"), ("Bopomofo", "Bopo"), ("Brahmi", "Brah"), ("Braille", "Brai"),
    ("Buginese", "Bugi"), ("Buhid", "Buhd"), ("Canadian_Aboriginal", "Cans"),
    ("Carian", "Cari"), ("Caucasian_Albanian", "Aghb"), ("Chakma", "Cakm"), ("Cham", "Cham"),
    ("Cherokee", "Cher"), ("Chorasmian", "Chrs"), ("Common", "Zyyy"), ("Coptic", "Copt"),
    ("Coptic", "Qaac"), ("Cuneiform", "Xsux"), ("Cypriot", "Cprt"), ("Cypro_Minoan", "Cpmn"),
    ("Cyrillic", "Cyrl"), ("Deseret", "Dsrt"), ("Devanagari", "Deva"), ("Dives_Akuru", "Diak"),
    ("Dogra", "Dogr"), ("Duployan", "Dupl"), ("Egyptian_Hieroglyphs", "Egyp"),
    ("Elbasan", "Elba"), ("Elymaic", "Elym"), ("Ethiopic", "Ethi"), ("Garay", "Gara"),
    ("Georgian", "Geor"), ("Glagolitic", "Glag"), ("Gothic", "Goth"), ("Grantha", "Gran"),
    ("Greek", "Grek"), ("Gujarati", "Gujr"), ("Gunjala_Gondi", "Gong"), ("Gurmukhi", "Guru"),
    ("Gurung_Khema", "Gukh"), ("Han", "Hani"), ("Hangul", "Hang"),
    ("Hanifi_Rohingya", "Rohg"), ("Hanunoo", "Hano"), ("Hatran", "Hatr"), ("Hebrew", "Hebr"),
    ("Hiragana", "Hira"), ("Imperial_Aramaic", "Armi"), ("Inherited", "Zinh"),
    ("Inherited", "Qaai"), ("Inscriptional_Pahlavi", "Phli"),
    ("Inscriptional_Parthian", "Prti"), ("Javanese", "Java"), ("Kaithi", "Kthi"),
    ("Kannada", "Knda"), ("Katakana", "Kana"), ("Kawi", "Kawi"), ("Kayah_Li", "Kali"),
    ("Kharoshthi", "Khar"), ("Khitan_Small_Script", "Kits"), ("Khmer", "Khmr"),
    ("Khojki", "Khoj"), ("Khudawadi", "Sind"), ("Kirat_Rai", "Krai"), ("Lao", "Laoo"),
    ("Latin", "Latn"), ("Lepcha", "Lepc"), ("Limbu", "Limb"), ("Linear_A", "Lina"),
    ("Linear_B", "Linb"), ("Lisu", "Lisu"), ("Lycian", "Lyci"), ("Lydian", "Lydi"),
    ("Mahajani", "Mahj"), ("Makasar", "Maka"), ("Malayalam", "Mlym"), ("Mandaic", "Mand"),
    ("Manichaean", "Mani"), ("Marchen", "Marc"), ("Masaram_Gondi", "Gonm"),
    ("Medefaidrin", "Medf"), ("Meetei_Mayek", "Mtei"), ("Mende_Kikakui", "Mend"),
    ("Meroitic_Cursive", "Merc"), ("Meroitic_Hieroglyphs", "Mero"), ("Miao", "Plrd"),
    ("Modi", "Modi"), ("Mongolian", "Mong"), ("Mro", "Mroo"), ("Multani", "Mult"),
    ("Myanmar", "Mymr"), ("Nabataean", "Nbat"), ("Nag_Mundari", "Nagm"),
    ("Nandinagari", "Nand"), ("New_Tai_Lue", "Talu"), ("Newa", "Newa"), ("Nko", "Nkoo"),
    ("Nushu", "Nshu"), ("Nyiakeng_Puachue_Hmong", "Hmnp"), ("Ogham", "Ogam"),
    ("Ol_Chiki", "Olck"), ("Ol_Onal", "Onao"), ("Old_Hungarian", "Hung"),
    ("Old_Italic", "Ital"), ("Old_North_Arabian", "Narb"), ("Old_Permic", "Perm"),
    ("Old_Persian", "Xpeo"), ("Old_Sogdian", "Sogo"), ("Old_South_Arabian", "Sarb"),
    ("Old_Turkic", "Orkh"), ("Old_Uyghur", "Ougr"), ("Oriya", "Orya"), ("Osage", "Osge"),
    ("Osmanya", "Osma"), ("Pahawh_Hmong", "Hmng"), ("Palmyrene", "Palm"),
    ("Pau_Cin_Hau", "Pauc"), ("Phags_Pa", "Phag"), ("Phoenician", "Phnx"),
    ("Psalter_Pahlavi", "Phlp"), ("Rejang", "Rjng"), ("Runic", "Runr"), ("Samaritan", "Samr"),
    ("Saurashtra", "Saur"), ("Sharada", "Shrd"), ("Shavian", "Shaw"), ("Siddham", "Sidd"),
    ("Sidetic", "Sidt"), ("SignWriting", "Sgnw"), ("Sinhala", "Sinh"), ("Sogdian", "Sogd"),
    ("Sora_Sompeng", "Sora"), ("Soyombo", "Soyo"), ("Sundanese", "Sund"), ("Sunuwar", "Sunu"),
    ("Syloti_Nagri", "Sylo"), ("Syriac", "Syrc"), ("Tagalog", "Tglg"), ("Tagbanwa", "Tagb"),
    ("Tai_Le", "Tale"), ("Tai_Tham", "Lana"), ("Tai_Viet", "Tavt"), ("Tai_Yo", "Tayo"),
    ("Takri", "Takr"), ("Tamil", "Taml"), ("Tangsa", "Tnsa"), ("Tangut", "Tang"),
    ("Telugu", "Telu"), ("Thaana", "Thaa"), ("Thai", "Thai"), ("Tibetan", "Tibt"),
    ("Tifinagh", "Tfng"), ("Tirhuta", "Tirh"), ("Todhri", "Todr"), ("Tolong_Siki", "Tols"),
    ("Toto", "Toto"), ("Tulu_Tigalari", "Tutg"), ("Ugaritic", "Ugar"), ("Unknown", "Zzzz"),
    ("Vai", "Vaii"), ("Vithkuqi", "Vith"), ("Wancho", "Wcho"), ("Warang_Citi", "Wara"),
    ("Yezidi", "Yezi"), ("Yi", "Yiii"), ("Zanabazar_Square", "Zanb"),
)
SCRIPTS: dict[str, str] = {alias: long for long, short in _SCRIPT_PAIRS for alias in (long, short)}

_SCRIPT_KEYS = {"Script": "Script", "sc": "Script", "Script_Extensions": "Script_Extensions",
                "scx": "Script_Extensions"}


def resolve_property(body: str) -> str | None:
    """The text inside \\p{...} -> the `regex` spelling, or None when JavaScript rejects it.

    JavaScript matches property names exactly (no loose matching, no spaces, no `Is`
    prefix), unlike `regex`, so names are looked up in fixed tables and re-spelled.
    """
    name, eq, value = body.partition("=")
    if eq:
        if name in ("General_Category", "gc"):
            short = GENERAL_CATEGORIES.get(value)
            return f"gc={short}" if short else None
        if name in _SCRIPT_KEYS and value in SCRIPTS:
            return f"{_SCRIPT_KEYS[name]}={SCRIPTS[value]}"
        return None
    if body in GENERAL_CATEGORIES:
        return f"gc={GENERAL_CATEGORIES[body]}"
    return BINARY_PROPERTIES.get(body)


# --- lexical helpers ---------------------------------------------------------------------

_BRACED = re.compile(r"\{([0-9]+)(?:(,)([0-9]*))?\}")
_HEX4 = re.compile(r"[0-9A-Fa-f]{4}")
_HEX2 = re.compile(r"[0-9A-Fa-f]{2}")
_HEX_BRACED = re.compile(r"\{([0-9A-Fa-f]+)\}")
_ID_START = regex.compile(r"[\p{ID_Start}$_]")
_ID_CONTINUE = regex.compile(r"[\p{ID_Continue}$\u200c\u200d]")
_SYNTAX_CHARS = frozenset("^$\\.*+?()[]{}|/")
_CONTROL_ESCAPES = {"f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09, "v": 0x0B}
_OCTAL = frozenset("01234567")
_DIGITS = frozenset("0123456789")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_LEAD = range(0xD800, 0xDC00)
_TRAIL = range(0xDC00, 0xE000)


def _prescan(src: str) -> tuple[int, bool]:
    """Count capturing groups and see whether any is named, before parsing.

    Annex B needs both up front: `\\3` is a backreference only when the whole pattern has
    three groups (later ones included), and `\\k` is a plain `k` only without named groups.
    """
    count, named, i, in_class = 0, False, 0, False
    while i < len(src):
        c = src[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            if not src.startswith("?", i + 1):
                count += 1
            elif src.startswith("?<", i + 1) and src[i + 3 : i + 4] not in ("=", "!"):
                count += 1
                named = True
        i += 1
    return count, named


# --- the parser --------------------------------------------------------------------------


class _Parser:
    def __init__(self, src: str, unicode: bool) -> None:
        self.src = src
        self.u = unicode
        self.pos = 0
        self.depth = 0
        self.group_total, self.has_named_groups = _prescan(src)
        self.groups_seen = 0
        self.names: dict[str, int] = {}
        self.named_refs: list[Backref] = []

    # small cursor helpers
    def error(self, reason: str, offset: int | None = None) -> JSRegexError:
        return JSRegexError(reason, self.pos if offset is None else offset)

    def peek(self, ahead: int = 0) -> str:
        i = self.pos + ahead
        return self.src[i] if i < len(self.src) else ""

    def at_end(self) -> bool:
        return self.pos >= len(self.src)

    # Pattern :: Disjunction
    def parse(self) -> ParsedPattern:
        root = self.disjunction()
        if not self.at_end():  # only a stray ")" stops the top level early
            raise self.error("Unmatched ')'")
        for ref in self.named_refs:
            if ref.name not in self.names:
                raise self.error("Invalid named capture referenced", ref.offset)
        return ParsedPattern(root, self.groups_seen, dict(self.names))

    def disjunction(self) -> Node:
        alternatives = [self.alternative()]
        while self.peek() == "|":
            self.pos += 1
            alternatives.append(self.alternative())
        return alternatives[0] if len(alternatives) == 1 else Alternation(tuple(alternatives))

    def alternative(self) -> Node:
        items: list[Node] = []
        while not self.at_end() and self.peek() not in "|)":
            items.append(self.term())
        return items[0] if len(items) == 1 else Sequence(tuple(items))

    def term(self) -> Node:
        start = self.pos
        c = self.peek()
        if c in "^$":
            self.pos += 1
            return self.unquantifiable(Anchor("^" if c == "^" else "$"))
        if c == "\\" and self.peek(1) in ("b", "B"):
            self.pos += 2
            return self.unquantifiable(Anchor("b" if self.src[start + 1] == "b" else "B"))
        if self.src.startswith(("(?<=", "(?<!"), start):
            return self.unquantifiable(self.group())
        if self.src.startswith(("(?=", "(?!"), start):
            look = self.group()
            # Annex B lets a lookahead take a quantifier; the strict grammar does not.
            return self.unquantifiable(look) if self.u else self.quantified(look, start)
        return self.quantified(self.atom(), start)

    def unquantifiable(self, node: Node) -> Node:
        if self.quantifier_ahead():
            raise self.error("Nothing to repeat")
        return node

    def quantifier_ahead(self) -> bool:
        c = self.peek()
        return c in ("*", "+", "?") or (c == "{" and self.braced(self.pos) is not None)

    def braced(self, at: int) -> tuple[int, int | None, int] | None:
        """A {n}, {n,} or {n,m} quantifier at `at` -> (min, max, end), else None."""
        m = _BRACED.match(self.src, at)
        if m is None:
            return None
        low = int(m.group(1))
        high = low if not m.group(2) else (int(m.group(3)) if m.group(3) else None)
        return low, high, m.end()

    def quantified(self, atom: Node, start: int) -> Node:
        c = self.peek()
        if c == "*":
            low, high, end = 0, None, self.pos + 1
        elif c == "+":
            low, high, end = 1, None, self.pos + 1
        elif c == "?":
            low, high, end = 0, 1, self.pos + 1
        elif c == "{" and (braced := self.braced(self.pos)) is not None:
            low, high, end = braced
            if high is not None and low > high:
                raise self.error("numbers out of order in {} quantifier")
        else:
            return atom
        self.pos = end
        lazy = self.peek() == "?"
        if lazy:
            self.pos += 1
        return Repeat(atom, low, high, lazy, (start, self.pos))

    def atom(self) -> Node:
        c = self.peek()
        if c == ".":
            self.pos += 1
            return AnyChar()
        if c == "(":
            return self.group()
        if c == "[":
            return self.char_class()
        if c == "\\":
            return self.atom_escape()
        if c in ("*", "+", "?"):
            raise self.error("Nothing to repeat")
        if c == "{":
            if self.u:
                raise self.error("Lone quantifier brackets")
            if self.braced(self.pos) is not None:
                raise self.error("Nothing to repeat")
        elif c in ("}", "]") and self.u:
            raise self.error("Lone quantifier brackets")
        self.pos += 1
        return Char(ord(c))

    # groups
    def group(self) -> Node:
        start = self.pos
        self.pos += 1
        index: int | None = None
        name: str | None = None
        look: tuple[bool, bool] | None = None  # (behind, negative)
        if self.peek() != "?":
            index = self.new_group()
        elif self.src.startswith("?:", self.pos):
            self.pos += 2
        elif self.src.startswith(("?=", "?!"), self.pos):
            look = (False, self.peek(1) == "!")
            self.pos += 2
        elif self.src.startswith(("?<=", "?<!"), self.pos):
            look = (True, self.peek(2) == "!")
            self.pos += 3
        elif self.src.startswith("?<", self.pos):
            self.pos += 2
            name_at = self.pos
            name = self.group_name()
            if name in self.names:
                raise self.error("Duplicate capture group name", name_at)
            index = self.new_group()
            self.names[name] = index
        else:
            raise self.error("Invalid group")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"groups nested deeper than {MAX_DEPTH}")
        body = self.disjunction()
        self.depth -= 1
        if self.peek() != ")":
            raise self.error("Unterminated group", start)
        self.pos += 1
        if look is not None:
            return Look(body, behind=look[0], negative=look[1])
        return Group(body, index, name)

    def new_group(self) -> int:
        self.groups_seen += 1
        return self.groups_seen

    def group_name(self) -> str:
        """RegExpIdentifierName up to and including '>' (always read as code points)."""
        chars: list[str] = []
        while True:
            c = self.peek()
            if c == "":
                raise self.error("Invalid capture group name")
            if c == ">":
                break
            if c == "\\":
                self.pos += 1
                cp = self.unicode_escape(unicode=True) if self.peek() == "u" else None
                if cp is None:
                    raise self.error("Invalid capture group name")
            else:
                cp = ord(c)
                self.pos += 1
                if cp in _LEAD and self.peek() and ord(self.peek()) in _TRAIL:
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (ord(self.peek()) - 0xDC00)
                    self.pos += 1
            pattern = _ID_CONTINUE if chars else _ID_START
            if not pattern.fullmatch(chr(cp)):
                raise self.error("Invalid capture group name")
            chars.append(chr(cp))
        if not chars:
            raise self.error("Invalid capture group name")
        self.pos += 1
        return "".join(chars)

    # escapes
    def atom_escape(self) -> Node:
        start = self.pos
        self.pos += 1
        c = self.peek()
        if c == "":
            raise self.error("\\ at end of pattern", start)
        if c in _DIGITS and c != "0":
            return self.decimal_escape(start)
        if c == "0":
            if self.peek(1) in _DIGITS:
                if self.u:
                    raise self.error("Invalid decimal escape", start)
                return Char(self.legacy_octal())
            self.pos += 1
            return Char(0)
        if c == "k":
            self.pos += 1
            if self.u or self.has_named_groups:
                return self.named_reference(start)
            return Char(ord("k"))
        if c in "dDsSwW":
            self.pos += 1
            return CharClass((ClassEscape(c),), negated=False)  # type: ignore[arg-type]
        if c in ("p", "P") and self.u:
            return CharClass((self.property(),), negated=False)
        return Char(self.character_escape(in_class=False))

    def decimal_escape(self, start: int) -> Node:
        end = self.pos
        while end < len(self.src) and self.src[end] in _DIGITS:
            end += 1
        number = int(self.src[self.pos : end])
        if number <= self.group_total:
            self.pos = end
            return Backref(number, None, start)
        if self.u:
            raise self.error("Invalid escape", start)
        if self.peek() in ("8", "9"):  # Annex B identity escape
            self.pos += 1
            return Char(ord(self.src[self.pos - 1]))
        return Char(self.legacy_octal())

    def legacy_octal(self) -> int:
        """Annex B octal escape at the cursor: at most three digits, at most 0o377."""
        first = int(self.src[self.pos])
        value = first
        self.pos += 1
        if self.peek() in _OCTAL:
            value = value * 8 + int(self.src[self.pos])
            self.pos += 1
            if first <= 3 and self.peek() in _OCTAL:
                value = value * 8 + int(self.src[self.pos])
                self.pos += 1
        return value

    def named_reference(self, start: int) -> Node:
        if self.peek() != "<":
            raise self.error("Invalid named reference", start)
        self.pos += 1
        name = self.group_name()
        ref = Backref(None, name, start)
        self.named_refs.append(ref)
        return ref

    def character_escape(self, in_class: bool) -> int:
        """CharacterEscape after the backslash; returns the code point it stands for."""
        c = self.peek()
        if c in _CONTROL_ESCAPES:
            self.pos += 1
            return _CONTROL_ESCAPES[c]
        if c == "c":
            letter = self.peek(1)
            if letter and (letter in _ASCII_LETTERS or (in_class and not self.u and (letter in _DIGITS or letter == "_"))):
                self.pos += 2
                return ord(letter) % 32
            if self.u:
                raise self.error("Invalid unicode escape")
            # Annex B: the backslash alone is a literal; the `c` is read again as itself.
            return ord("\\")
        if c == "x":
            if _HEX2.match(self.src, self.pos + 1):
                self.pos += 3
                return int(self.src[self.pos - 2 : self.pos], 16)
            if self.u:
                raise self.error("Invalid escape")
            self.pos += 1
            return ord("x")
        if c == "u":
            cp = self.unicode_escape(unicode=self.u)
            if cp is not None:
                return cp
            if self.u:
                raise self.error("Invalid Unicode escape")
            self.pos += 1
            return ord("u")
        if self.u and not (c in _SYNTAX_CHARS or (in_class and c == "-")):
            raise self.error("Invalid escape")
        self.pos += 1  # identity escape: any other character stands for itself (Annex B)
        return ord(c)

    def unicode_escape(self, unicode: bool) -> int | None:
        """At the `u` of \\uXXXX (or \\u{...} in Unicode mode); None when none is there."""
        at = self.pos + 1
        if _HEX4.match(self.src, at):
            cp = int(self.src[at : at + 4], 16)
            self.pos = at + 4
            # With `u`, an escaped surrogate pair is one code point.
            if unicode and cp in _LEAD and self.src.startswith("\\u", self.pos):
                if _HEX4.match(self.src, self.pos + 2):
                    trail = int(self.src[self.pos + 2 : self.pos + 6], 16)
                    if trail in _TRAIL:
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (trail - 0xDC00)
                        self.pos += 6
            return cp
        if unicode and (m := _HEX_BRACED.match(self.src, at)):
            cp = int(m.group(1), 16)
            if cp > 0x10FFFF:
                raise self.error("Invalid Unicode escape")
            self.pos = m.end()
            return cp
        return None

    def property(self) -> Property:
        start = self.pos - 1
        negated = self.peek() == "P"
        self.pos += 1
        close = self.src.find("}", self.pos)
        if self.peek() != "{" or close < 0:
            raise self.error("Invalid property name", start)
        body = self.src[self.pos + 1 : close]
        name = resolve_property(body)
        if name is None:
            raise self.error("Invalid property name", start)
        if name in _UNSUPPORTED_BINARY:
            raise self.error(f"\\p{{{body}}} is not supported by the regex module", start)
        self.pos = close + 1
        return Property(name, negated)

    # character classes
    def char_class(self) -> CharClass:
        start = self.pos
        self.pos += 1
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        items: list[ClassItem] = []
        while True:
            if self.at_end():
                raise self.error("Unterminated character class", start)
            if self.peek() == "]":
                self.pos += 1
                return CharClass(tuple(items), negated)
            atom_start = self.pos
            first = self.class_atom(start)
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.pos += 1
                second = self.class_atom(start)
                items.extend(self.class_range(first, second, atom_start))
            else:
                items.append(_as_item(first))

    def class_range(self, first: int | ClassItem, second: int | ClassItem, start: int) -> list[ClassItem]:
        if isinstance(first, int) and isinstance(second, int):
            if first > second:
                raise self.error("Range out of order in character class", start)
            return [ClassRange(first, second)]
        if self.u:
            raise self.error("Invalid character class", start)
        # Annex B: a class escape at either end makes the `-` a literal.
        return [_as_item(first), ClassRange(0x2D, 0x2D), _as_item(second)]

    def class_atom(self, class_start: int) -> int | ClassItem:
        c = self.peek()
        if c == "":
            raise self.error("Unterminated character class", class_start)
        if c != "\\":
            self.pos += 1
            return ord(c)
        self.pos += 1
        c = self.peek()
        if c == "":
            raise self.error("\\ at end of pattern")
        if c == "b":
            self.pos += 1
            return 0x08
        if c in "dDsSwW":
            self.pos += 1
            return ClassEscape(c)  # type: ignore[arg-type]
        if c in ("p", "P") and self.u:
            return self.property()
        if c in _DIGITS:
            if self.u:
                if c == "0" and self.peek(1) not in _DIGITS:
                    self.pos += 1
                    return 0
                raise self.error("Invalid class escape")
            if c in ("8", "9"):
                self.pos += 1
                return ord(c)
            return self.legacy_octal()
        if c == "k" and not self.u:
            if self.has_named_groups:
                raise self.error("Invalid escape")
            self.pos += 1
            return ord("k")
        return self.character_escape(in_class=True)


def _as_item(atom: int | ClassItem) -> ClassItem:
    return ClassRange(atom, atom) if isinstance(atom, int) else atom


def parse_pattern(src: str, unicode: bool) -> ParsedPattern:
    """Parse `src` (code units without `u`, code points with it); raises JSRegexError."""
    return _Parser(src, unicode).parse()
