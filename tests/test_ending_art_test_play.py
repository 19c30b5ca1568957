"""The art version's test play (实战解决) read as 《计枰点围棋大规则艺术版》第十三条 reads, as GTP
transcripts: what the test proves about a ko point, a stone captured during the test, a plain
单官 filled in it; the natural version A's point under the art balancing; the state line after
two virtual moves; a DD mark on an empty point.  Every case comes with its mirror: the other
side first (in the test, or in the stop), and the whole game with the colours swapped."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import gtp, make_engine

ROOT = Path(__file__).resolve().parent.parent

# Black's wall on column D and White's on column E, open at row 5 (9x9, komi 0): Black has
# 27 points of area on columns A-C, White 36 on F-J.
WALLS = ["boardsize 9", "clear_board", "kata-set-rules jipingdian-art", "komi 0"] + [
    f"play {c} {col}{row}" for row in (1, 2, 3, 4, 6, 7, 8, 9) for c, col in (("b", "D"),
                                                                              ("w", "E"))]
# Black closes row 5 at C5, White at F5; Black takes the ko at E5 after White's D5 and the
# game pauses with D5 empty, enclosed by Black (C5 D4 D6 E5): Black holds the ko unconnected.
KO_HELD = ["play b C5", "play w F5", "play b A1", "play w D5", "play b E5", "play w pass",
           "play b pass"]
# Black closes row 5 at C5, White at E5: D5 is a plain 单官 between the walls.
DAME = ["play b C5", "play w E5", "play b pass", "play w pass"]


def swap(line: str) -> str:
    """The same command with the colours swapped (`play b D1` -> `play w D1`)."""
    words = line.split()
    if words[0] in ("play", "weiqi-test_play", "weiqi-stop") and len(words) > 1:
        words[1] = {"b": "w", "w": "b"}.get(words[1], words[1])
    return " ".join(words)


def swap_result(text: str) -> str:
    """A transcript's answers with the colours swapped (W+10 -> B+10, `w: D5` -> `b: D5`)."""
    table = {"W+": "B+", "B+": "W+", "w: ": "b: ", "b: ": "w: "}
    out = []
    i = 0
    while i < len(text):
        pair = text[i:i + 3] if text[i:i + 3] in table else text[i:i + 2]
        if pair in table:
            out.append(table[pair])
            i += len(pair)
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def session(lines: list[str]) -> str:
    """Run the lines on a fresh engine and return the whole GTP transcript: each command,
    then its framed answer."""
    engine = make_engine()
    return "".join(f"{line}\n{gtp(engine, line)}" for line in lines)


def check(lines: list[str], tail: str, swapped: bool) -> None:
    """The transcript of `lines` ends with `tail`; with `swapped`, the whole game is played
    with the colours swapped and the answers swap too."""
    if swapped:
        lines = [swap(line) for line in lines]
        tail = "\n".join(swap(line) if line.startswith(("play ", "weiqi-")) else
                         swap_result(line) for line in tail.split("\n"))
    assert session(lines).endswith(tail)


# -- 第十三条(2): a ko point the other side retook in the test is not the holder's 目 --------


@pytest.mark.parametrize("swapped", [False, True])
@pytest.mark.parametrize("first", ["w", "b"])
def test_a_ko_point_retaken_in_the_test_is_public_with_the_dead_capturing_stone(
        first: str, swapped: bool) -> None:
    """White retakes D5 and connects at E5: Black's E5 is dead and D5 "不是这一方的目"; D5
    and E5 together touch both colours, 公空.  27 + 0.5 against 37 + 0.5: W+10."""
    test = ["play w D5", "play b A9", "play w E5"]
    if first == "b":
        test = ["play b B9"] + test
    tail = ("weiqi-test_end\n= E5\npublic: D5\n\n"
            "final_score\n= W+10\n\n"
            "final_score_zikong\n= W+9\n\n")
    check(WALLS + KO_HELD + [f"weiqi-test_play {first}"] + test
          + ["weiqi-test_end", "final_score", "final_score_zikong"], tail, swapped)


@pytest.mark.parametrize("swapped", [False, True])
@pytest.mark.parametrize("first", ["w", "b"])
def test_a_ko_point_the_holder_connects_in_the_test_stays_its_point(
        first: str, swapped: bool) -> None:
    """Black connects at D5 at once: nothing to mark, D5 stays Black's: W+8."""
    test = ["play w pass", "play b D5"] if first == "w" else ["play b D5"]
    tail = "weiqi-test_end\n= \n\nfinal_status E5\n= alive\n\nfinal_score\n= W+8\n\n"
    check(WALLS + KO_HELD + [f"weiqi-test_play {first}"] + test
          + ["weiqi-test_end", "final_status E5", "final_score"], tail, swapped)


# -- 第十三条(1): a stone captured during the test whose side won the ko back is alive ------


@pytest.mark.parametrize("swapped", [False, True])
@pytest.mark.parametrize("first", ["w", "b"])
def test_a_stone_captured_in_the_test_and_won_back_stands_alive(
        first: str, swapped: bool) -> None:
    """White retakes D5 (E5 captured), Black retakes at E5 and connects D5: "按实战的结果",
    E5 stands, as when Black connects at once: W+8."""
    test = ["play w D5", "play b A9", "play w G5", "play b E5", "play w pass", "play b D5"]
    if first == "b":
        test = ["play b B9"] + test
    tail = "weiqi-test_end\n= \n\nfinal_status E5\n= alive\n\nfinal_score\n= W+8\n\n"
    check(WALLS + KO_HELD + [f"weiqi-test_play {first}"] + test
          + ["weiqi-test_end", "final_status E5", "final_score"], tail, swapped)


# -- 第十三条(4), 第九条, 第十二条(4): a plain 单官 filled in a test is no one's 目 ---------------


@pytest.mark.parametrize("swapped", [False, True])
@pytest.mark.parametrize("first", ["w", "b"])
def test_a_plain_dame_filled_in_a_test_is_no_one_s_point(first: str, swapped: bool) -> None:
    """Either side fills D5 (both can: it is no seki point): the claim is negated, nothing
    is marked, D5 stays 公空 and the count is the paused one, W+10."""
    tail = ("final_score\n= W+10\n\n"
            f"weiqi-test_play {first}\n= \n\n"
            f"play {first} D5\n= \n\n"
            "weiqi-test_end\n= \n\n"
            "final_status_list dame\n= D5\n\n"
            "final_score\n= W+10\n\n")
    check(WALLS + DAME + ["final_score", f"weiqi-test_play {first}", f"play {first} D5",
                          "weiqi-test_end", "final_status_list dame", "final_score"],
          tail, swapped)


# -- the natural version A's point under `balance art` (charged once) ------------------------

# 7x7: Black's wall on column D, White's on E; Black 21 目 on A-C, White 14 on F-G, komi 6.5.
NATURAL_A = ["boardsize 7", "clear_board", "kata-set-rules jipingdian-natural-a", "komi 6.5"] + [
    f"play {c} {col}{row}" for row in range(1, 8) for c, col in (("b", "D"), ("w", "E"))] + [
    "kata-set-rule counting dengzi"]
BALANCES = ("art", "negative_a", "even_stop", "free", "negative_b", "virtual_refill")


@pytest.mark.parametrize("balance", BALANCES)
def test_the_a_point_is_charged_once_by_every_balancing(balance: str) -> None:
    """White proposes after Black's virtual move (黑收后): Black pays the A point once,
    whatever the balancing: 21 - 1 against 14, komi 6.5: W+0.5."""
    tail = ("weiqi-stop b\n= agreed proposer=white a_point=true all_alive=false "
            "virtual=b:1,w:0 by=stop\n\nfinal_score\n= W+0.5\n\n")
    check(NATURAL_A + [f"kata-set-rule balance {balance}", "play b pass", "weiqi-stop w",
                       "weiqi-stop b", "final_score"], tail, swapped=False)


@pytest.mark.parametrize("balance", BALANCES)
def test_no_a_point_when_black_proposes_under_any_balancing(balance: str) -> None:
    """The mirror: Black, to move, proposes and White accepts; no virtual move, no A
    point: 21 against 14, komi 6.5: B+0.5."""
    tail = ("weiqi-stop w\n= agreed proposer=black a_point=false all_alive=false "
            "virtual=b:0,w:0 by=stop\n\nfinal_score\n= B+0.5\n\n")
    check(NATURAL_A + [f"kata-set-rule balance {balance}", "weiqi-stop b", "weiqi-stop w",
                       "final_score"], tail, swapped=False)


# -- 第五条1: two virtual moves in a row, and play goes on ----------------------------------


@pytest.mark.parametrize("first", ["w", "b"])
def test_two_virtual_moves_in_a_row_leave_the_natural_game_playing(first: str) -> None:
    """"连续两虚着，甚至连续三虚着后，棋局仍处在继续进行的过程中": the state line says
    `playing` after two as after three; `by=passes` and the proposer say how final_score
    reads the two if the controller stops there."""
    second = "b" if first == "w" else "w"
    name = {"b": "black", "w": "white"}
    a_point = "true" if first == "w" else "false"
    lines = ["boardsize 7", "clear_board", "kata-set-rules jipingdian-natural-a",
             "play b D4", "play w E4"] + (["play b D5"] if first == "w" else []) + [
             f"play {first} pass", f"play {second} pass", "weiqi-end_state",
             f"play {first} pass", "weiqi-end_state"]
    virtual = {first: 1, second: 1}
    after_three = {first: 2, second: 1}
    # the board is still open, each answer's second line says so (how many points are
    # open is the judgement's: tests/test_finished.py)
    tail = (f"weiqi-end_state\n= playing proposer={name[first]} a_point={a_point} "
            f"all_alive=false virtual=b:{virtual['b']},w:{virtual['w']} by=passes\n"
            "finished=false open=N\n\n"
            f"play {first} pass\n= \n\n"
            f"weiqi-end_state\n= playing proposer=none a_point=false all_alive=false "
            f"virtual=b:{after_three['b']},w:{after_three['w']}\nfinished=false open=N\n\n")
    assert re.sub(r"open=\d+", "open=N", session(lines)).endswith(tail)


# -- a DD mark on an empty point is ignored with a word ----------------------------------------


@pytest.mark.parametrize("dd", ["[dd]", "[cc][dd]"])
def test_dd_on_an_empty_point_warns(tmp_path: Path, dd: str) -> None:
    """loadsgf and `gtp-weiqi score` say on stderr that a DD mark on an empty point is
    ignored; a DD mark on a stone is taken without a word."""
    path = tmp_path / "dd.sgf"
    path.write_text(f"(;GM[1]FF[4]SZ[9]KM[0]RU[chinese];B[cc];W[gg];B[];W[]DD{dd})")
    served = subprocess.run([sys.executable, "-m", "gtp_weiqi"],
                            input=f"loadsgf {path}\nfinal_status_list dead\nquit\n",
                            capture_output=True, text=True, timeout=60, cwd=ROOT)
    dead = "C7" if "cc" in dd else ""
    assert served.stdout.startswith(f"= \n\n= {dead}\n\n")
    assert "gtp-weiqi: DD marks empty point D6: ignored" in served.stderr
    counted = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", str(path)],
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert counted.returncode == 0
    assert f"{path}: DD marks empty point D6: ignored" in counted.stderr
    clean = tmp_path / "clean.sgf"
    clean.write_text("(;GM[1]FF[4]SZ[9]KM[0]RU[chinese];B[cc];W[gg];B[];W[]DD[cc])")
    quiet = subprocess.run([sys.executable, "-m", "gtp_weiqi", "score", str(clean)],
                           capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert "DD" not in quiet.stderr
