"""Plain triggers (ARCHITECTURE.md, Contracts: triggers): JavaScript trim and whitespace,
lower-casing, whole words, scripts."""

from __future__ import annotations

import pytest

from skillkit.triggers.plain import (JS_WHITESPACE, PlainTrigger, has_js_whitespace, is_word_char, js_trim,
                                     plain_matches, uses_no_space_script)


def matches(trigger: str, text: str, case_sensitive: bool = False, whole: bool = False) -> bool:
    return plain_matches(PlainTrigger.build(trigger, case_sensitive, whole), text)


def test_js_trim_is_javascripts_not_pythons():
    assert js_trim("\ufeff sword \u3000") == "sword"          # U+FEFF is JavaScript whitespace
    assert js_trim("\x1csword\x85") == "\x1csword\x85"         # Python strips these; JavaScript does not
    assert "\ufeff" in JS_WHITESPACE and "\x85" not in JS_WHITESPACE


def test_whitespace_is_javascripts():
    assert has_js_whitespace("old\u00a0kingdom")
    assert not has_js_whitespace("old\x1ckingdom")


@pytest.mark.parametrize("trigger, text, expected", [
    ("Straße", "Die STRASSE ist lang.", False),   # lower-casing, not case folding
    ("Straße", "Die STRAßE ist lang.", True),
    ("STRASSE", "die straße", False),
    ("istanbul", "İSTANBUL", False),                # İ lower-cases to i + U+0307
    ("istanbul", "ISTANBUL", True),
    ("İstanbul", "İSTANBUL", True),
    ("ΟΔΟΣ", "η οδος", True),                       # final sigma: both sides lower-case alike
])
def test_case_insensitive_is_lower_casing(trigger, text, expected):
    assert matches(trigger, text) is expected


def test_case_sensitive_compares_exactly():
    assert matches("Rose", "Rose smiled.", case_sensitive=True)
    assert not matches("Rose", "rose and ROSE", case_sensitive=True)


@pytest.mark.parametrize("trigger, text, expected", [
    ("кот", "Мой кот спит.", True),
    ("кот", "Мой котик спит.", False),              # Cyrillic letters are word characters
    ("кот", "кот", True),                           # the text's edges count
    ("sword", "a swordsman", False),
    ("sword", "sword-fight", True),
    ("sword", "a_sword", False),                    # `_` is a word character
    ("sword", "sword2", False),                     # so are decimal digits
    ("naïve", "a naïve plan", True),
    ("e", "é", False),                              # a combining mark is a word character: é as e + U+0301
    ("c++", "I like c++!", True),
    ("old kingdom", "the old kingdoms", True),      # whitespace inside: a substring match
    ("猫", "我的猫很可爱", True),                    # Han: no word edges to find
    ("ねこ", "うちのねこはかわいい", True),          # Hiragana
    ("แมว", "ฉันมีแมวสองตัว", True),                 # Thai
])
def test_whole_words(trigger, text, expected):
    text = text.replace("é", "e\u0301") if trigger == "e" else text
    assert matches(trigger, text, whole=True) is expected


def test_whole_word_looks_at_every_occurrence():
    assert matches("cat", "concatenate the cat", whole=True)


def test_word_characters_are_letters_marks_digits_and_underscore():
    assert all(is_word_char(c) for c in "aЖ猫\u0301٣_")
    assert not any(is_word_char(c) for c in " -.!\u00a0²")  # ² is a digit, but not a decimal one


def test_no_space_scripts():
    assert uses_no_space_script("東京") and uses_no_space_script("カタカナ") and uses_no_space_script("ㄅ")
    assert not uses_no_space_script("Tokyo") and not uses_no_space_script("кот")


def test_build_trims_and_decides_whole_word():
    trigger = PlainTrigger.build("  Sword\u3000", False, True)
    assert (trigger.source, trigger.needle, trigger.whole_word) == ("Sword", "sword", True)
    assert not PlainTrigger.build("two words", False, True).whole_word
    assert not PlainTrigger.build("猫a", False, True).whole_word
