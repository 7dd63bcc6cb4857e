// Generates js_golden.json: what Node.js (20) says about regex triggers, the reference that
// skillkit.triggers.jsregex must agree with, and js_case_classes.json: the characters V8's
// `i` flag makes equal (tests/triggers/test_jsregex.py reads both; the tests never run node).
//
//   node tests/triggers/data/make_js_golden.mjs   (from the repository root)
//
// Each case is [pattern, flag sets, texts]; every (pattern, flags, text) becomes a row
// {pattern, flags, text, compiles, matches}. A pattern that does not compile gives one row
// per flag set with text "" and matches null.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const JOINED = '\x01newest\n\x01older';
const WORLD = [
  '', 'a', 'A', 'abc', 'hello world', 'Straße', 'STRASSE', 'STRAẞE', 'strasse', 'ß', 'ẞ',
  'кот', 'Кот', 'КОТ', 'котик', 'İstanbul', 'ISTANBUL', 'istanbul', 'ı', 'ς', 'σ', 'Σ',
  'ΟΔΟΣ', 'οδος', '中文字', '日本語です', 'カタカナ', '😀', 'a😀b', 'ſ', 'K', 'k', JOINED,
];
const LETTERS = ['a', 'A', 's', 'S', 'ſ', 'k', 'K', 'K', 'ß', 'ẞ', 'i', 'I', 'İ', 'ı', 'ς', 'σ', 'Σ', 'µ', 'μ', 'Μ', 'ǅ', 'ǆ', 'Ǆ', 'ÿ', 'Ÿ', 'ΐ', 'ΐ', 'ﬅ', 'ﬆ', 'ё', 'Ё', 'ꭰ', 'Ꭰ', '𐐀', '𐐨', '_', '1'];
const SPACES = ['\t', '\n', '\x0b', '\x0c', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\x1c', '\x1f', '\x85', 'x'];
const LINES = ['a', 'a\n', '\na', 'b\na', 'a\nb', 'a\r\nb', 'a\u2028b', 'b\u2029a', 'a\x85b', 'b\ra', JOINED];
const SCRIPTS = ['a', 'A', 'я', 'Я', '中', 'ひ', 'カ', 'ー', '😀', ' ', '1', '١', '_', 'ǅ', '\u0301'];
const EMOJI = ['😀', 'a', 'é', '😀😀', '😀\ude00', '\ud83d', '\ude00', '👍🏽', '🇯🇵', 'a😀', '😃'];

const N = [''];
const NU = ['', 'u'];
const I = ['i', 'ui'];
const ALLI = ['', 'i', 'u', 'ui'];
const EACH = ['', 'g', 'i', 'm', 's', 'u', 'y', 'gimsuy'];

const CASES = [
  // --- \d \w \b \B are ASCII; with i+u \w also holds ſ and K ------------------------------
  ['\\d', ALLI, ['5', '٣', '５', 'x', '']],
  ['^\\d+$', NU, ['2024', '２０２４', '12a']],
  ['\\D', NU, ['5', '٣', 'x']],
  ['\\w', ALLI, ['é', '_', 'я', 'ſ', 'K', 'k', 'S', '9', '-']],
  ['^\\w+$', NU, ['café', 'cafe', 'naïve', 'snake_case']],
  ['\\W', ALLI, ['ſ', 's', 'S', 'K', 'k', 'é', ' ']],
  ['[\\W]', ALLI, ['ſ', 'S', 'K']],
  ['[^\\W]', ALLI, ['ſ', 's', 'K', 'é']],
  ['[^\\w]', ALLI, ['ſ', 'K', 'é']],
  ['\\bкот\\b', ALLI, ['кот', 'котик', 'a кот b', 'the кот']],
  ['\\bfoo\\b', EACH, ['foo', 'a foo.', 'foobar', 'éfooé', '_foo', JOINED]],
  ['foo\\B', NU, ['foobar', 'foo', 'foo bar', 'fooé']],
  ['\\Bé', NU, ['é', 'aé', ' é']],
  ['a\\b', ALLI, ['aſ', 'aK', 'as', 'a', 'a.']],
  ['\\bſ', ALLI, ['ſ', ' ſ']],
  ['\\B', ALLI, ['', 'a', 'ab', 'ſſ', '  ']],
  ['\\b', ALLI, ['', ' ', 'é', 'a']],

  // --- \s \S: JavaScript's exact set -------------------------------------------------------
  ['\\s', NU, SPACES],
  ['^\\S$', NU, SPACES],
  ['[^\\s]', N, SPACES],
  ['[\\s\\d]', N, ['\ufeff', '\x85', '5']],

  // --- i: JavaScript's canonicalization, not Python's folding ------------------------------
  ...LETTERS.map((c) => [c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), ['', 'i', 'ui'], LETTERS]),
  ['[a-z]', ['i', 'ui'], ['A', 'ſ', 'K', 'K', 'é']],
  ['[^a-z]', ['i', 'ui'], ['A', 'ſ', 'K', 'é', '1']],
  ['[A-Z]', ['i', 'ui'], ['a', 'ſ', 'k', 'K']],
  ['[à-ÿ]', ['', 'i', 'ui'], ['À', 'Þ', 'Ÿ', 'ß', 'ẞ']],
  ['^[а-я]+$', ['', 'i', 'ui'], ['КОТ', 'кот', 'Ёж', 'ёж']],
  ['[^а-я]', ['i', 'ui'], ['К', 'к', 'k']],
  ['[ſ]', ['i', 'ui'], ['s', 'S', 'ſ']],
  ['[\\u212a]', ['i', 'ui'], ['k', 'K', 'K']],
  ['[^k]', ['i', 'ui'], ['K', 'K', 'x']],
  ['[k-l]', ['i', 'ui'], ['K', 'L', 'K']],
  ['[\\u0130]', ['i', 'ui'], ['i', 'I', 'İ']],
  ['[\\u0131-\\u0131]', ['i', 'ui'], ['i', 'I', 'ı']],
  ['straße', ['i', 'ui'], ['STRASSE', 'STRAẞE', 'Straße', 'strasse']],
  ['istanbul', ['i', 'ui'], ['İSTANBUL', 'ISTANBUL', 'İstanbul']],
  ['ΟΔΟΣ', ['i', 'ui'], ['οδος', 'οδοσ', 'ΟΔΟΣ', 'οδοϲ']],
  ['КОТ', ['', 'i'], ['кот', 'Кот', 'кoт']],
  ['ё', ['i'], ['Ё', 'е']],
  ['\\u{10400}', ['ui', 'i'], ['𐐨', '𐐀', 'u'.repeat(10400)]],
  ['𐐀', ['', 'i', 'ui'], ['𐐨', '𐐀']],
  ['\\p{Lu}', ['u', 'ui'], ['A', 'a', 'ǅ', '1', 'ß']],
  ['\\P{Lu}', ['u', 'ui'], ['A', 'a', '1']],
  ['[^\\p{Lu}]', ['u', 'ui'], ['A', 'a', '1']],
  ['\\p{Ll}', ['u', 'ui'], ['A', 'a', 'ǅ']],
  ['\\P{Ll}', ['u', 'ui'], ['A', 'a', 'ǅ']],
  ['[^\\P{Ll}]', ['u', 'ui'], ['A', 'a']],
  ['[\\p{Lu}\\d]', ['ui'], ['a', '5', '-']],
  ['(a)\\1', ['i', 'ui'], ['aA', 'Aa', 'ab']],
  ['(straße)\\s\\1', ['i'], ['straße STRAßE', 'straße strasse']],

  // --- anchors, dot and line terminators ---------------------------------------------------
  ['^a', ['', 'm'], LINES],
  ['a$', ['', 'm'], LINES],
  ['^a$', ['', 'm'], LINES],
  ['^b', ['', 'm'], LINES],
  ['^$', ['', 'm'], ['', '\n', 'a\n\nb', 'a', '\r\n']],
  ['$', ['', 'm'], ['', 'a']],
  ['a.b', ['', 's', 'm', 'ms'], ['a\nb', 'a\rb', 'a\u2028b', 'a\u2029b', 'a\x01b', 'a\x85b', 'a\x0bb', 'ab', 'a😀b']],
  ['^.*$', ['', 'm', 's'], LINES],
  ['^[\\s\\S]*$', N, LINES],
  ['newest[\\s\\S]*older', N, [JOINED]],
  ['newest.*older', ['', 's', 'm'], [JOINED]],
  ['newest', EACH, [JOINED, 'newest']],
  ['^newest', ['', 'm'], [JOINED, 'newest']],
  ['^\\x01newest', ['', 'm', 'y'], [JOINED]],
  ['newest$', ['', 'm'], [JOINED]],
  ['older$', ['', 'm'], [JOINED, 'older\n']],
  ['^older', ['', 'm'], [JOINED]],
  ['^\\x01older', ['', 'm'], [JOINED]],
  ['newest\\n\\x01older', N, [JOINED]],
  ['newest\\s+\\u0001older', N, [JOINED]],
  ['\\x01', N, [JOINED, 'plain']],
  ['[\\x01]', N, [JOINED]],
  ['\\cA', N, [JOINED]],
  ['\\bolder\\b', N, [JOINED]],
  ['^\\x01\\w+\\n', N, [JOINED]],
  ['[^a-z]older', N, [JOINED]],

  // --- \p{...}: only with u, and only names JavaScript knows -------------------------------
  ['\\p{L}', NU, ['p{L}', 'a', 'p{l}']],
  ['\\P{L}', NU, ['P{L}', 'a', '1']],
  ['\\p', NU, ['p']],
  ['\\p{', NU, ['p{']],
  ['\\p{L', NU, ['p{L']],
  ['\\p{}', NU, ['p{}']],
  ...['L', 'Letter', 'Lu', 'Uppercase_Letter', 'LC', 'Cased_Letter', 'Nd', 'digit', 'punct', 'cntrl', 'Combining_Mark',
    'Mn', 'Zs', 'Cn', 'gc=L', 'gc=Lu', 'General_Category=Letter', 'General_Category=Decimal_Number',
    'Script=Latin', 'sc=Latn', 'sc=Cyrl', 'Script=Cyrillic', 'sc=Han', 'Script=Hiragana', 'sc=Kana', 'scx=Hira',
    'Script_Extensions=Katakana', 'scx=Zyyy', 'sc=Zinh', 'sc=Qaai', 'Script=Common', 'sc=Zzzz',
    'Alphabetic', 'Alpha', 'Emoji', 'Emoji_Presentation', 'Extended_Pictographic', 'ExtPict', 'White_Space', 'space',
    'Any', 'ASCII', 'Assigned', 'Lowercase', 'Uppercase', 'Upper', 'ID_Start', 'IDC', 'Ideographic', 'Ideo',
    'Regional_Indicator', 'RI', 'Emoji_Modifier', 'Dash', 'Math', 'Hex_Digit', 'AHex',
    // JavaScript rejects all of these (the regex module accepts many):
    'letter', 'L&', 'IsLatin', 'Latin', 'Han', 'Script=latin', 'sc=latn', 'Lu=Y', 'Alphabetic=Yes',
    ' L', 'L ', 'sc = Latn', 'Script=Hrkt', 'scx=Hrkt', 'RGI_Emoji', 'Basic_Emoji', 'InBasicLatin', 'Block=ASCII',
    'gc=Alphabetic', 'General_Category=Latin', 'Script_Extensions=Lu', 'isAlpha', 'alpha', 'ascii', 'Word', 'alnum',
    'Age=3.0', 'ID_Compat_Math_Start', 'XPosixAlpha', 'Graph', 'Print',
  ].map((name) => [`\\p{${name}}`, ['u'], SCRIPTS]),
  ['\\P{Any}', ['u'], SCRIPTS],
  ['\\P{sc=Latn}', ['u'], SCRIPTS],
  ['[\\p{L}\\p{N}]', ['u'], SCRIPTS],
  ['[^\\p{L}\\p{N}]', ['u'], SCRIPTS],
  ['^\\p{L}+$', ['u'], ['Straße', 'кот', '中文字', 'abc1', 'ǅemal']],
  ['[\\p{L}-z]', ['u', ''], ['a', '-', 'p']],

  // --- Annex B: legacy forms without u, syntax errors with it ------------------------------
  ...['a', 'e', 'z', 'Z', 'A', 'G', 'h', 'H', 'K', 'X', 'N', 'L', 'm', 'M', 'R', 'Q', 'E', 'l', 'i', 'j',
    'o', 'q', 'y', 'g', 'C', 'U', 'V', 'T', 'F', 'I', 'J', 'O', 'Y', '-', ' ', 'é', '_', '"', "'", '<', '=', '!',
    '#', '%', ',', ':', '@', '~', '`', '&', '>']
    .map((c) => [`\\${c}`, NU, [c, `\\${c}`, '\x07', '\x1b', 'x']]),
  ...['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']
    .map((c) => [`\\${c}`, NU, [c, 'x']]),
  ['a{,5}', NU, ['a{,5}', 'aaaaa', 'a']],
  ['^a{,5}$', N, ['a{,5}', 'aaaaa']],
  ['a{2,}', NU, ['a', 'aa']],
  ['^a{1,3}$', NU, ['aaa', 'aaaa']],
  ['^a{2}$', NU, ['aa', 'aaa']],
  ['a{0}b', NU, ['b', 'ab']],
  ['x{1,2}?y', NU, ['xxy', 'y']],
  ['{', NU, ['{', 'x']],
  ['}', NU, ['}']],
  [']', NU, [']']],
  ['x{', NU, ['x{']],
  ['x{1', NU, ['x{1']],
  ['x{a}', NU, ['x{a}']],
  ['x{1,a}', NU, ['x{1,a}']],
  ['x{ 1}', NU, ['x{ 1}']],
  ['{1}', NU, ['{1}']],
  ['{1,}', NU, ['{1,}']],
  ['a|{1}', NU, ['a']],
  ['({1})', NU, ['{1}']],
  ['a{1}{2}', NU, ['a']],
  ['a{2,1}', NU, ['aa']],
  ['a{2147483648}', NU, ['', 'a']],
  ['a{0,2147483648}', NU, ['', 'a']],
  ['^a{0,4294967296}$', NU, ['aaaa']],
  ['\\cA', NU, ['\x01', 'cA']],
  ['\\ca', NU, ['\x01', 'ca']],
  ['\\cz', NU, ['\x1a']],
  ['\\c1', NU, ['\\c1', '\x11']],
  ['\\c', NU, ['\\c', 'c']],
  ['\\c*', NU, ['\\', '\\cc', 'x']],
  ['\\c_', NU, ['\\c_', '\x1f']],
  ['[\\c1]', NU, ['\x11', '\\', 'c', '1']],
  ['[\\c_]', NU, ['\x1f', '_']],
  ['[\\c*]', NU, ['\\', 'c', '*', '\x0a']],
  ['[\\cA]', NU, ['\x01', 'A']],
  ['\\x4', NU, ['x4', '\x04']],
  ['\\x4g', NU, ['x4g']],
  ['\\x41', NU, ['A', 'x41']],
  ['\\xg', NU, ['xg']],
  ['\\u004', NU, ['u004']],
  ['\\u0041', NU, ['A']],
  ['\\u{41}', NU, ['A', 'u'.repeat(41), 'u{41}']],
  ['^\\u{3}$', NU, ['uuu', 'A']],
  ['\\u{1F600}', NU, ['😀', 'u']],
  ['\\u{110000}', NU, ['u']],
  ['\\u{}', NU, ['u{}']],
  ['\\ud83d\\ude00', NU, ['😀', 'x']],
  ['^\\ud83d\\ude00$', NU, ['😀']],
  ['^[\\ud83d\\ude00]$', NU, ['😀', '\ud83d']],
  ['\\ud83d', NU, ['😀', '\ud83d']],
  ['\\8', NU, ['8', '\x08']],
  ['\\9', NU, ['9']],
  ['\\1', NU, ['\x01', '1']],
  ['\\12', NU, ['\n', '12']],
  ['\\101', NU, ['A']],
  ['\\377', NU, ['ÿ']],
  ['\\400', NU, [' 0', '\u0100']],
  ['\\777', NU, ['?7', '\x3f7']],
  ['\\0', NU, ['\x00', '0']],
  ['\\00', NU, ['\x00', '00']],
  ['\\08', NU, ['\x008', '\x00']],
  ['\\07', NU, ['\x07']],
  ['(a)\\1', NU, ['aa', 'a\x01', 'a']],
  ['(a)\\2', NU, ['a\x02', 'aa']],
  ['(a)\\10', NU, ['a\x08', 'aa0']],
  ['(a)\\18', NU, ['a\x018', 'aa8']],
  ['(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10', NU, ['abcdefghijj', 'abcdefghij\x08']],
  ['\\1(a)', NU, ['a', 'aa']],
  ['(a\\1)', NU, ['a']],
  ['^(a\\1)+$', NU, ['aa', 'a']],
  ['[\\1]', NU, ['\x01', '1']],
  ['[\\8]', NU, ['8']],
  ['[\\0]', NU, ['\x00']],
  ['[\\01]', NU, ['\x01']],
  ['[\\b]', NU, ['\x08', 'b']],
  ['[\\B]', NU, ['B']],
  ['[\\-]', NU, ['-']],
  ['[a\\-z]', NU, ['-', 'b']],
  ['[\\d-z]', NU, ['-', '5', 'z', 'y']],
  ['[a-\\d]', NU, ['-', '5', 'b']],
  ['[\\s-\\d]', NU, ['-', ' ', '5']],
  ['[\\w-]', NU, ['-', 'a']],
  ['[-a]', NU, ['-']],
  ['[a-]', NU, ['-']],
  ['[--a]', NU, ['-', '0', 'a', 'b']],
  ['[a-b-c]', NU, ['-', 'c', 'b']],
  ['[\\k]', NU, ['k']],
  ['[\\p{L}]', NU, ['p', 'a', '{']],
  ['\\k', NU, ['k']],
  ['\\k<a>', NU, ['k<a>']],
  ['(?<a>x)\\k<a>', NU, ['xx', 'x']],
  ['(?<a>x)\\k', NU, ['xk']],
  ['(?<a>x)\\k<b>', NU, ['xx']],
  ['(?<a>x)[\\k]', NU, ['xk']],
  ['\\k<a>(?<a>x)', NU, ['x']],
  ['(?=a)*b', NU, ['b', 'ab']],
  ['(?=a)+a', NU, ['a', 'b']],
  ['(?!a){2}b', NU, ['b', 'ab']],
  ['(?=(a))?\\1', NU, ['a', 'b']],
  ['(?=(a))+\\1', NU, ['a', 'b']],
  ['(?<=a)*b', NU, ['b']],
  ['(?<!a)?b', NU, ['b']],
  ['^*', NU, ['']],
  ['$+', NU, ['']],
  ['\\b*', NU, ['']],
  ['\\B{2}', NU, ['']],
  ['x**', NU, ['x']],

  // --- Python syntax JavaScript rejects, and other syntax errors ---------------------------
  ['(?i)a', NU, ['a', 'A']],
  ['(?i:a)', NU, ['A']],
  ['(?m)^a', N, ['a']],
  ['(?P<n>a)', NU, ['a']],
  ['(?P<n>a)(?P=n)', N, ['aa']],
  ['(?>a)', NU, ['a']],
  ['a*+', NU, ['a']],
  ['a++', NU, ['a']],
  ['a?+', NU, ['a']],
  ['a{2}+', NU, ['aa']],
  ['(?#comment)', NU, ['']],
  ['(?(1)a|b)', NU, ['a']],
  ['(a)(?(1)a|b)', NU, ['aa']],
  ['[[:alpha:]]', NU, ['a]', 'a', ':]', '[]', 'x]']],
  ['[[:digit:]]+', N, ['1', 'd]', 'd]]']],
  ['(?<a>x)(?<a>y)', NU, ['xy']],
  ['(?<a>x)|(?<a>y)', NU, ['y']],
  ['*a', NU, ['a']],
  ['+a', NU, ['a']],
  ['?a', NU, ['a']],
  ['a|*', NU, ['a']],
  ['(*)', NU, ['']],
  ['(a', NU, ['a']],
  ['a)', NU, ['a)']],
  ['((a)', NU, ['a']],
  ['(?:a', NU, ['a']],
  ['(?', NU, ['']],
  ['(?x)', NU, ['']],
  ['(?<', NU, ['']],
  ['(?<a', NU, ['']],
  ['[a', NU, ['a']],
  ['[', NU, ['[']],
  ['[z-a]', NU, ['a']],
  ['[a-a]', NU, ['a']],
  ['\\', NU, ['\\']],
  ['a\\', NU, ['a\\']],
  ['(?<1a>x)', NU, ['x']],
  ['(?<>x)', NU, ['x']],
  ['(?<a b>x)', NU, ['x']],
  ['(?<a-b>x)', NU, ['x']],
  ['(?<é>x)\\k<é>', NU, ['xx']],
  ['(?<$>x)\\k<$>', NU, ['xx']],
  ['(?<$x>a)\\k<$x>', NU, ['aa']],
  ['(?<x$>a)\\k<x$>', NU, ['aa', 'a']],
  ['(?<_a1>x)', NU, ['x']],
  ['(?<\\u0061>x)\\k<a>', NU, ['xx']],
  ['(?<\\u{61}>x)\\k<a>', NU, ['xx']],
  ['(?<a\\u200c>x)', NU, ['x']],
  ['(?<𝒜>x)\\k<𝒜>', NU, ['xx']],
  ['(?<имя>x)\\k<имя>', NU, ['xx']],
  ['(?<名前>x)', NU, ['x']],
  ['(?<a>x)\\k<a', NU, ['x']],
  ['(?:a)', NU, ['a']],
  ['(?<!a)b', NU, ['ab', 'cb']],
  ['(?<=a+)b', NU, ['aaab', 'b']],
  ['(?<=a|bc)d', NU, ['bcd', 'ad', 'cd']],
  ['(?<=^|\\s)cat(?=\\s|$)', NU, ['cat', 'a cat', 'bobcat', 'cats']],
  ['(?<=\\1(a))b', NU, ['aab', 'cab']],
  ['(?<=(\\d+)(\\d+))$', N, ['1053']],
  ['', NU, ['', 'a']],
  ['|', NU, ['']],
  ['a||b', NU, ['x']],
  ['()', NU, ['']],
  ['(|a)+b', NU, ['b', 'ab']],

  // --- backreferences and named groups ------------------------------------------------------
  ['(a)?b\\1', NU, ['b', 'aba', 'ab']],
  ['(?:(a)|b)\\1c', NU, ['bc', 'aac', 'ac']],
  ['(a)|\\1b', NU, ['b']],
  ['(?<w>\\w+) \\k<w>', NU, ['hello hello', 'hello world']],
  ['(?<year>\\d{4})-(?<month>\\d{2})', NU, ['2024-05', '24-05']],
  ['\\2(a)(b)', NU, ['ab']],
  ['(a)(?:\\1|b)', NU, ['aa', 'ab', 'ac']],

  // --- [] and [^] ---------------------------------------------------------------------------
  ['[]', NU, ['', 'a', '[]']],
  ['[^]', NU, ['', 'a', '\n', '😀']],
  ['[]a', NU, ['a']],
  ['a[]', NU, ['a']],
  ['^[^]*$', NU, [JOINED, '']],
  ['[]]', NU, [']', '[]]']],
  ['a|[]', NU, ['a', 'b']],
  ['[]*', NU, ['']],

  // --- UTF-16 code units without u -----------------------------------------------------------
  ['^.$', ['', 'u', 's', 'su'], EMOJI],
  ['^..$', NU, EMOJI],
  ['^[^a]$', NU, EMOJI],
  ['^[^a]{2}$', NU, EMOJI],
  ['^\\S$', NU, EMOJI],
  ['^\\S\\S$', NU, EMOJI],
  ['^\\W\\W$', NU, EMOJI],
  ['^\\D$', NU, EMOJI],
  ['^\\D{2}$', NU, EMOJI],
  ['^😀+$', NU, EMOJI],
  ['^[😀]$', NU, EMOJI],
  ['^[😀]+$', NU, EMOJI],
  ['[😀-😂]', NU, EMOJI],
  ['[\\u{1F600}-\\u{1F64F}]', NU, EMOJI],
  ['[\\ud83d\\ude00-\\ud83d\\ude4f]', NU, EMOJI],
  ['^[\\ud800-\\udbff][\\udc00-\\udfff]$', NU, EMOJI],
  ['\\ude00', NU, EMOJI],
  ['^[^]$', NU, EMOJI],
  ['(?<=\\ud83d)\\ude00', NU, EMOJI],
  ['😀{2}', NU, EMOJI],
  ['^.{2}$', NU, ['👍🏽', '🇯🇵', 'ab']],
  ['^.{4}$', NU, ['👍🏽', '🇯🇵', 'ab']],
  ['[^\\x00-\\x7f]', NU, EMOJI],

  // --- flags g i m s u y ---------------------------------------------------------------------
  ['a', ['', 'g', 'y', 'gy', 'yg', 'gi', 'gimsuy', 'gg', 'yy', 'x', 'q', 'ii', 'I', 'G', ' ', 'v', 'd'], ['a', 'ba', 'B', '']],
  ['^a', ['y', 'my'], ['a', 'ba', 'b\na']],
  ['b', ['y'], ['ab', 'b']],
  ['(?<=a)b', ['y', ''], ['ab']],
  ['(?=b)', ['y'], ['ab', 'b']],
  ['\\x01newest', ['y', 'gy'], [JOINED]],
  ['NEWEST', ['i', 'iy', 'gi'], [JOINED]],
  ['.', ['y', 'sy'], ['\n', 'a']],

  // --- real-world triggers in several scripts --------------------------------------------------
  ['\\b(cat|dog)s?\\b', ['', 'i', 'gi'], ['Cats rule', 'concatenate', 'DOG', 'hotdog']],
  ['(?:^|\\W)кот(?:$|\\W)', ['', 'i'], ['кот', 'Кот!', 'котик', 'мой КОТ.']],
  ['[一-龥]+', N, ['中文字', '日本語', 'abc']],
  ['\\p{sc=Han}', ['u'], ['中文字', '日本語', 'カタカナ', 'abc']],
  ['[ぁ-ん]', N, ['日本語です', 'カタカナ', 'ひらがな']],
  ['\\p{Script=Hiragana}+', ['u'], ['日本語です', 'カタカナ']],
  ['[ァ-ヶー]+', N, ['カタカナ', 'ひらがな']],
  ['^\\p{L}+$', ['u', 'ui'], ['Straße', 'İstanbul', 'ΟΔΟΣ', 'a b']],
  ['\\bstrasse\\b', ['i', 'ui'], ['STRASSE', 'Straße']],
  ['ı', ['i', 'ui'], ['I', 'i', 'ı']],
  ['i', ['i', 'ui'], ['İ', 'ı', 'I']],
  ['\\u0130', ['i', 'ui'], ['İ', 'i', 'I', 'i̇']],
  ['σ', ['i', 'ui'], ['ς', 'Σ', 'ϲ']],
  ['^(?:ς|σ)+$', ['', 'i'], ['ΣΣ', 'σς']],
  ['🙂|😀', NU, WORLD],
  ['\\w+', NU, WORLD],
  ['.+', NU, WORLD],
  ['^[\\s\\S]+$', NU, WORLD],
  ['\\s', NU, WORLD],
  ['[^\\x00-\\x7f]', NU, WORLD],
  ['strasse|straße', ['', 'i', 'ui'], WORLD],
  ['\\x01[^\\n]*\\n\\x01older$', N, WORLD],
];

function rows() {
  const out = [];
  const seen = new Set();
  for (const [pattern, flagSets, texts] of CASES) {
    for (const flags of flagSets) {
      let re;
      try {
        re = new RegExp(pattern, flags);
      } catch {
        const key = JSON.stringify([pattern, flags]);
        if (!seen.has(key)) out.push({ pattern, flags, text: '', compiles: false, matches: null });
        seen.add(key);
        continue;
      }
      for (const text of texts) {
        const key = JSON.stringify([pattern, flags, text]);
        if (seen.has(key)) continue;
        seen.add(key);
        re.lastIndex = 0;
        out.push({ pattern, flags, text, compiles: true, matches: re.test(text) });
      }
    }
  }
  return out;
}

// The classes of characters that `i` makes equal, measured on V8's matcher itself (not on
// toUpperCase): every cased character is searched for in a string of all characters.
function caseClasses(unicode) {
  const limit = unicode ? 0x110000 : 0x10000;
  const chars = [];
  for (let c = 0; c < limit; c++) if (c < 0xd800 || c > 0xdfff) chars.push(c);
  const haystack = chars.map((c) => String.fromCodePoint(c)).join('');
  const classes = [];
  const seen = new Set();
  for (const c of chars) {
    const s = String.fromCodePoint(c);
    if (seen.has(c) || (s.toLowerCase() === s && s.toUpperCase() === s)) continue;
    // Without u the pattern is one code unit (\uXXXX); with u, one code point (\u{...}).
    const source = unicode ? `\\u{${c.toString(16)}}` : `\\u${c.toString(16).padStart(4, '0')}`;
    const members = [...haystack.matchAll(new RegExp(source, unicode ? 'giu' : 'gi'))].map((m) => m[0].codePointAt(0));
    members.forEach((m) => seen.add(m));
    if (members.length > 1) classes.push(members.sort((a, b) => a - b));
  }
  return classes.sort((a, b) => a[0] - b[0]);
}

const data = rows();
const here = dirname(fileURLToPath(import.meta.url));
// One row a line, so a diff of the file shows which verdicts changed.
const body = data.map((row) => JSON.stringify(row)).join(',\n');
writeFileSync(join(here, 'js_golden.json'), `[\n${body}\n]\n`);
const classes = { non_unicode: caseClasses(false), unicode: caseClasses(true) };
writeFileSync(join(here, 'js_case_classes.json'), JSON.stringify(classes) + '\n');
console.log(`wrote ${data.length} rows (node ${process.version}, Unicode ${process.versions.unicode})`);
