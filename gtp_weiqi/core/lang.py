"""The language of what a person reads: 中文 (zh), English (en) or both, one small mechanism.

    word("both", "dead stones")                 -> '死子 dead stones'
    word("zh", "{n} games", n=3)                -> '3 局'
    sentence("both", "forfeits: {n}", n=0)      -> ['弃权: 0', 'forfeits: 0']
    pick("en", "黑胜 1 子", "Black wins by 1")   -> 'Black wins by 1'
    default_lang({"LANG": "zh_CN.UTF-8"})       -> 'zh'

`ZH` holds the pairs: each English text (a str.format template) and its Chinese, in the
terms of docs/glossary.md.  A short text in both languages is the Chinese then the English
on one line (a label, a column head); a sentence in both is two lines, Chinese first.  Texts
that are data a program reads (GTP answers the protocol defines such as `B+3.5`, JSON keys,
CSV columns, method slugs) are never translated.

The default language is GTP_WEIQI_LANG's when it names one (zh, en or both: one setting
for every command, e.g. `both` on a shared terminal), else the locale's, as the C library
reads it: the first of
LC_ALL, LC_MESSAGES and LANG that is set decides; zh... gives zh, anything else (en...,
C, C.UTF-8, POSIX, another language, nothing: what containers, CI and most servers have)
gives en.  Both languages, one line each, only when asked (--lang both).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

LANGS = ("zh", "en", "both")
LANG_VARIABLE = "GTP_WEIQI_LANG"  # zh, en or both for every command, before the locale
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
LANG_HELP = ("the language of the text a person reads: zh (中文), en (English) or both "
             "(default: GTP_WEIQI_LANG, else from LC_ALL / LC_MESSAGES / LANG: zh... -> zh, "
             "else en)")

# English template -> Chinese template (the same {fields}).
ZH: dict[str, str] = {
    # gtp-weiqi score: the table and the lines around it
    "method": "计法",
    "Black": "黑",
    "White": "白",
    "result": "结果",
    "none": "无",
    "dead stones": "死子",
    "unclear (counted alive)": "未定 (按活子计)",
    "{file}: {width}x{height}, rules {rules}, komi {komi}, {moves} moves (Black {black}, "
    "White {white}), stones captured: black {captured_black}, white {captured_white}":
        "{file}: {width}x{height}, 规则 {rules}, 贴 {komi}, {moves} 手 (黑 {black}, "
        "白 {white}), 提子: 黑 {captured_black}, 白 {captured_white}",
    "drew {method} to {files}": "{method} 已画到 {files}",
    " and ": " 和 ",
    "gtp-weiqi score: interrupted; {done} of {total} games written; run the same command "
    "with --resume to count the rest": "gtp-weiqi score: 已中断; {total} 局中已写入 {done} "
    "局; 加 --resume 再运行同一命令可数完其余",
    # gtp-weiqi score over many games
    "second opinion ({engine}): {games} games, strings to decide in {disputed}":
        "第二意见 ({engine}): {games} 局, 其中 {disputed} 局有需裁定的棋串",
    "second opinion unavailable for {n} games: {why}": "{n} 局没有第二意见: {why}",
    "counted {games} games, {errors} errors": "共数 {games} 局, 出错 {errors} 局",
    "{n} unfinished games left out (--finished-only)": "{n} 局未终局, 不计入 (--finished-only)",
    "{n} of them unfinished (counted as the position stands; --finished-only leaves them "
    "out)": "其中 {n} 局未终局 (按现状计算; --finished-only 可不计入)",
    "warning: not a finished game: {reason}": "警告: 对局未终局: {reason}",
    ", not finished": ", 未终局",
    "not counted ({n}):": "未能计算 ({n}):",
    "all {n} methods give the same winner in every game": "{n} 种计法在每局的胜方都相同",
    "methods that give the same winner in every game: {classes}":
        "每局胜方都相同的计法: {classes}",
    "games whose winner differs between two of them:": "两类计法胜方不同的局数:",
    "against the record's RE ({with_re} games name a winner): winner differs in {winner}; "
    "of the {with_margin} with a margin, the margin differs in {margin}":
        "对照棋谱的 RE ({with_re} 局记有胜方): 胜方不同 {winner} 局; 记有胜负差的 "
        "{with_margin} 局中, 胜负差不同 {margin} 局",
    "{file}: {result} ({method}, {rules}, komi {komi}), RE {recorded}, dead stones from "
    "{source}": "{file}: {result} ({method}, {rules}, 贴 {komi}), RE {recorded}, 死子来自 "
    "{source}",
    ", unclear {points}": ", 未定 {points}",
    "{file}: error: {error}": "{file}: 出错: {error}",
    "judgement": "死活与归属",
    "all alive": "全部算活",
    "{files} files in {seconds} s": "{files} 个文件, 用时 {seconds} s",
    "({rate} per second)": "(每秒 {rate} 个)",
    "; {skipped} already in the output, skipped": "; {skipped} 个已在输出中, 跳过",
    # the pictures
    "legend": "图例",
    "dead": "死子",
    "unclear": "未定",
    # gtp-weiqi match: the terminal report and report.txt
    "{games} games in {out}:": "{games} 局, 记录在 {out}:",
    "{engine} ({name}): {wins} wins, {losses} losses, {draws} draws, {forfeits} forfeits":
        "{engine} ({name}): 胜 {wins}, 负 {losses}, 和 {draws}, 弃权 {forfeits}",
    "{name} win rate {rate} (95% CI {low} .. {high})":
        "{name} 胜率 {rate} (95% 置信区间 {low} .. {high})",
    "by colour: B {black}, W {white}, draws {draws}":
        "按颜色: 黑胜 {black}, 白胜 {white}, 和 {draws}",
    "{games} games, {size}x{size}, rules {rules}, komi {komi}":
        "{games} 局, {size}x{size}, 规则 {rules}, 贴 {komi}",
    "wins": "胜",
    "as Black": "执黑胜",
    "as White": "执白胜",
    "{name} win rate {rate} (95% interval {low} .. {high}; draws count half)":
        "{name} 胜率 {rate} (95% 区间 {low} .. {high}; 和棋算半局)",
    "draws {draws}, Black won {black}, White won {white}":
        "和 {draws}, 黑胜 {black}, 白胜 {white}",
    "forfeits: {n}": "弃权: {n}",
    "duplicates: {n} games repeat an earlier game move for move ({distinct} distinct)":
        "重复: {n} 局与前面某局着着相同 (不同的 {distinct} 局)",
    "{name} win rate without them {rate} (95% interval {low} .. {high})":
        "{name} 去掉重复局的胜率 {rate} (95% 区间 {low} .. {high})",
    "game {game}: {name} ({colour}) {kind}: {message}":
        "第 {game} 局: {name} ({colour}) {kind}: {message}",
    "{engine} ({name}): {wins} wins, {losses} losses, {draws} draws, {forfeits} forfeits, "
    "{time_losses} lost on time":
        "{engine} ({name}): 胜 {wins}, 负 {losses}, 和 {draws}, 弃权 {forfeits}, "
        "超时负 {time_losses}",
    "losses on time: {n} (time {time})": "超时负: {n} (时限 {time})",
    "game {game}: {name} ({colour}): {message}": "第 {game} 局: {name} ({colour}): {message}",
    "openings: {n} files": "开局: {n} 个文件",
    "average time per move:": "每手平均用时:",
    "gtp-weiqi match: interrupted; {done} of {games} games recorded in {out}; run the same "
    "command again to play the rest": "gtp-weiqi match: 已中断; {games} 局中已有 {done} 局记录在 "
    "{out}; 再运行同一命令可下完其余",
    "gtp-weiqi match: cannot write the records: {why}; {done} of {games} games recorded whole "
    "in {out}; make room (free space, or raise the file size limit) and run the same command "
    "again to play the rest": "gtp-weiqi match: 无法写入记录: {why}; {games} 局中已有 {done} 局"
    "完整记录在 {out}; 腾出空间 (释放磁盘, 或放宽文件大小限制) 后再运行同一命令可下完其余",
    # gtp-weiqi match: the progress on stderr (a line per game, the bar) and -v's move lines
    "game {game}: {players}{result}{why}, {moves} moves{opening}, {seconds} s [{done}/{total}]":
        "第 {game} 局: {players}{result}{why}, {moves} 手{opening}, {seconds} s "
        "[{done}/{total}]",
    "{black} (B) vs {white} (W): ": "{black} (B) 对 {white} (W): ",
    " ({name} loses on time)": " ({name} 超时负)",
    " ({name} forfeits: {kind})": " ({name} 弃权: {kind})",
    ", opening {name}": ", 开局 {name}",
    "{done}/{total} games": "{done}/{total} 局",
    "wins: {wins}": "胜: {wins}",
    "~{clock} left": "剩余 ~{clock}",
    "game {game} move {move}: {name} ({colour}) {vertex} {seconds} s{clocks}":
        "第 {game} 局 第 {move} 手: {name} ({colour}) {vertex} {seconds} s{clocks}",
    "  clocks {clocks}": "  时钟 {clocks}",
    # gtp-weiqi regress: the verdicts and the summary (GoGui's words for them)
    "{where}: {label} unexpected FAIL": "{where}: {label} 意外失败",
    "{where}: {label} unexpected PASS!": "{where}: {label} 意外通过!",
    "{where}: {label} failed (expected)": "{where}: {label} 失败 (预期之中)",
    "{where}: {label} passed": "{where}: {label} 通过",
    "{where}: {label} note: {note}": "{where}: {label} 注: {note}",
    "{where}: other error: {line} -> {answer}": "{where}: 其他错误: {line} -> {answer}",
    "{where}: FILE ERROR: {error}": "{where}: 文件错误: {error}",
    "{where}: ENGINE ERROR: {error}": "{where}: 引擎错误: {error}",
    "command": "命令",
    "expected": "预期",
    "got": "得到",
    "note": "注",
    "(no error)": "(无错误)",
    "(no response)": "(无应答)",
    "Summary: {files} files, {tests} tests: {passed} passed, {failures} unexpected failures, "
    "{passes} unexpected passes, {expected} expected failures, {others} other errors, "
    "{stopped} files stopped":
        "汇总: {files} 个文件, {tests} 个测试: 通过 {passed}, 意外失败 {failures}, 意外通过 "
        "{passes}, 预期失败 {expected}, 其他错误 {others}, 中止的文件 {stopped}",
    "{mean} over {moves} moves (longest {longest} s)": "{mean}, 共 {moves} 手 (最长 {longest} s)",
}


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: zh for a Chinese locale, else en (both is never a
    default: a person reading every line twice did not ask for it)."""
    env = os.environ if environ is None else environ
    chosen = env.get(LANG_VARIABLE, "").strip().lower()
    if chosen in LANGS:
        return chosen
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def resolve(lang: str | None) -> str:
    """`lang` itself, or the locale's when none was given."""
    return default_lang() if lang is None else lang


def lang_argument(text: str) -> str:
    """argparse type of --lang: zh, en or both (case-insensitive)."""
    value = text.strip().lower()
    if value not in LANGS:
        from .names import did_you_mean

        raise argparse.ArgumentTypeError(
            f"unknown language {text!r}{did_you_mean(value, LANGS)}; known: "
            f"{', '.join(LANGS)}")
    return value


def add_lang_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """The --lang option (default None: the locale's, see resolve)."""
    parser.add_argument("--lang", type=lang_argument, default=None, metavar="zh|en|both",
                        help=LANG_HELP)


def pick(lang: str, zh: str, en: str) -> str:
    """A short text given in both languages: one of them, or both on one line."""
    if lang == "zh":
        return zh
    if lang == "en":
        return en
    return f"{zh} {en}"


def lines(lang: str, zh: str, en: str) -> list[str]:
    """A sentence given in both languages: its line(s), Chinese first."""
    if lang == "zh":
        return [zh]
    if lang == "en":
        return [en]
    return [zh, en]


def display_width(text: str) -> int:
    """Columns in a terminal: wide (CJK) characters take two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def ljust(text: str, width: int) -> str:
    """`text` padded on the right to `width` columns (CJK characters are two)."""
    return text + " " * max(width - display_width(text), 0)


def rjust(text: str, width: int) -> str:
    """`text` padded on the left to `width` columns."""
    return " " * max(width - display_width(text), 0) + text


def _pair(text: str, values: Mapping[str, object]) -> tuple[str, str]:
    return ZH[text].format(**values), text.format(**values)


def in_one(one: str, text: str, **values: object) -> str:
    """A text of ZH (by its English) filled in, in the one language `one` (zh or en): to
    build a line of several pieces in each language before `lines` or `pick` joins them."""
    return (ZH[text] if one == "zh" else text).format(**values)


def word(lang: str, text: str, **values: object) -> str:
    """A short text of ZH (by its English), filled in: as `pick` gives it."""
    return pick(lang, *_pair(text, values))


def sentence(lang: str, text: str, **values: object) -> list[str]:
    """A sentence of ZH (by its English), filled in: as `lines` gives it."""
    return lines(lang, *_pair(text, values))


__all__ = ["LANGS", "LANG_HELP", "LANG_VARIABLE", "ZH", "add_lang_argument", "default_lang",
           "display_width", "in_one", "lang_argument", "lines", "ljust", "pick", "resolve",
           "rjust", "sentence", "word"]
