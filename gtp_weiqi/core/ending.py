"""How a game ends (终局): the ending rules of docs/ending.md as logic over a Game.

Three families, chosen by ``rules.ending``:

* NATURAL (计活子 and 计枰点自然版: 燕来《计枰点围棋规则自然版》第五条).  A pass is a
  virtual move (虚着), which never means "stop" ("一方下出虚着 … 不应被视为请求休止或同意
  休止").  The player to move proposes a stop; the other side accepts (协商休止) or refuses,
  and a refusal costs the proposer a virtual move ("另方拒绝时，应由轮走方下出一手虚着").
  A dispute after the pause resumes play: two virtual moves, the proposer's then the other
  side's, record the pause, then the proposer moves ("应先由双方下出连续两虚着 … 再由轮走方
  （即提议休止方）先下").  Four virtual moves in total under one board pattern end the game
  by force with every stone alive (四虚终局; counted by Game.forced_end).  The A version's
  extra point: Black, the first mover, pays one point when White proposed the stop
  ("白方先提议休止时 … 黑方贴1点", 第六条4); none after a forced end.  For GTP controllers
  that simply stop after two passes and ask for the score, two trailing virtual moves read
  as an agreed stop proposed by the first passer.  Under 计活子 the game also ends naturally
  when neither side has a route left to fill (自然终局, 《不计活子非好汉》: "一直下到双方无路可走
  而自然终局"), every stone on the board alive; the counting layer knows routes, so the check
  is registered from above (set_natural_end).
* ART (燕来《计枰点围棋大规则艺术版》第十一条 and 第十三条).  Passes are free; one pass proposes a
  pause and two passes in a row pause the game (两弃休止).  No move is played on a paused
  game: a dispute is settled by a test play (实战解决) from the paused position, a separate
  game with an empty repetition history that either side may start; when it ends the paused
  position is restored with what the test proved, as it ended: the stones it captured and
  that do not stand again dead, a point one side enclosed that the other occupied public,
  a seki point only the occupier could fill the occupier's 目 (第十三条(1)-(4), see
  end_test_play).  A long cycle (长生, 循环劫) is a draw (第八条: "判为和棋").
* PASSES (the standard rule sets): two passes end the game (read as an agreed stop); a long
  cycle under simple ko is no result when ``rules.cycles`` says so (Japanese presets), but
  moves are not refused, as GTP controllers of those rules expect.

A long cycle is a whole-board pattern (全局棋形, virtual stones included) repeated with the
same player to move and no pass or virtual move in between.  It can only happen when the
ko rule lets it (SIMPLE); under 禁全同 (POSITIONAL) the repeating move is illegal instead.

The ending steps (proposal, acceptance, refusal, dispute, test play, its judgement) are kept
with the game as events tied to the move record, so undo takes them back in order: undo
removes the last step, be it a move or an event, and an event together with the virtual
moves it recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .board import BLACK, COLOUR_LETTER, COLOUR_NAME, EMPTY, WHITE, Board, IllegalMove, opponent
from .game import Game, IllegalPlay, Mark, Move

PLAYING, PROPOSED, AGREED, FORCED = "playing", "proposed", "agreed", "forced"
PAUSED, TRIAL, DRAW, NO_RESULT = "paused", "trial", "draw", "no_result"
NATURAL_END = "natural_end"
STATES = (PLAYING, PROPOSED, AGREED, FORCED, PAUSED, TRIAL, DRAW, NO_RESULT, NATURAL_END)
OVER = (FORCED, DRAW, NO_RESULT, NATURAL_END)

_ATTR = "_ending_record"  # where a Game keeps its ending record (owned by this module)

PassFn = Callable[[Game, int], None]
UndoFn = Callable[[Game], None]
NaturalEndFn = Callable[[Game], bool]

# 计活子's natural end (自然终局) is a fact of the counting layer (no route left to fill), which
# this layer may not import: the layer that knows it registers the check (set_natural_end).
_natural_end: list[NaturalEndFn] = []


def set_natural_end(check: NaturalEndFn | None) -> None:
    """Register the check of 计活子's natural end: `check(game)` is true when the game's
    rules end it naturally and neither side has a route left to fill (None: no check).
    The judgement layer registers `judgement.marks.natural_end` when it is imported."""
    _natural_end[:] = [check] if check is not None else []


def natural_end(game: Game) -> bool:
    """Whether `game` has reached the natural end of 计活子 (NATURAL ending, the registered
    check says no route is left)."""
    return bool(_natural_end) and game.rules.ending == "NATURAL" and _natural_end[0](game)


class EndingError(ValueError):
    """An ending step the rules refuse now.  `reason` is a short English phrase."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class EndInfo:
    """How the game stands with respect to its end, for the scoring layer.

    state -- playing | proposed | agreed | forced | paused | trial | draw | no_result |
             natural_end
    all_alive -- count every stone alive (forced end, 四虚终局; natural end, 自然终局)
    a_point -- the first mover (Black) pays one more point: natural A, the other side
               (White) proposed the stop
    proposer -- BLACK / WHITE, who proposed the stop or pause (first of two passers), or None
    """

    state: str
    all_alive: bool
    a_point: bool
    proposer: int | None


@dataclass(frozen=True, eq=False)
class _Event:
    """One ending step, made when the record had `at` moves; it appended `added` virtual
    moves; `key` fingerprints the record up to its end, so a step whose moves were taken
    back or replaced no longer applies."""

    kind: str  # propose | accept | refuse | dispute | trial | judge
    colour: int
    at: int
    added: int
    key: int
    proposer: int | None = None
    trial: Game | None = None
    marks: tuple[Mark, ...] = ()

    @property
    def end(self) -> int:
        return self.at + self.added


@dataclass
class _Positions:
    """Cached (pattern hash, player to move) after each prefix of the record, and how far the
    search for a repetition has got (`seen` since the last pass, `cycle` once found)."""

    base: tuple[object, ...]
    source: list[Move]  # the game's move list these keys were taken from
    moves: list[Move]
    keys: list[tuple[int, int]]
    seen: dict[tuple[int, int], int] = field(default_factory=dict)
    scanned: int = 0
    cycle: int | None = None


@dataclass
class _Record:
    events: list[_Event] = field(default_factory=list)
    parent: Game | None = None  # on a test-play game: the paused game it tests
    first: int = BLACK  # on a test-play game: who moved first
    positions: _Positions | None = None

    def __copy__(self) -> _Record:
        """For Game.snapshot: a record later steps do not change (the same parent game; the
        cache of positions is rebuilt when next needed)."""
        return _Record(list(self.events), self.parent, self.first)


@dataclass(frozen=True)
class _State:
    info: EndInfo
    blocked: str | None  # why no move may be played now
    by: str = ""  # what set the state: stop (explicit steps) or passes


_PLAYING = _State(EndInfo(PLAYING, False, False, None), None)


# -- the record ---------------------------------------------------------------------------------


def _record(game: Game, create: bool = False) -> _Record | None:
    rec = game.__dict__.get(_ATTR)
    if rec is None and create:
        rec = _Record()
        setattr(game, _ATTR, rec)
    return rec


def forget(game: Game) -> None:
    """Drop every ending step of `game` (a new game on the same object).  A test-play game
    that is cleared becomes a game of its own."""
    game.__dict__.pop(_ATTR, None)


def _fingerprint(game: Game, n: int) -> int:
    return hash((game.width, game.height, tuple(game.setup), tuple(game.moves[:n])))


def _valid_events(game: Game) -> list[_Event]:
    """The events that still apply (pruning those whose part of the record changed)."""
    rec = _record(game)
    if rec is None or not rec.events:
        return []
    n = len(game.moves)
    keep = 0
    for event in rec.events:
        if event.end > n or _fingerprint(game, event.end) != event.key:
            break
        keep += 1
    del rec.events[keep:]
    return rec.events


def _push(game: Game, kind: str, colour: int, at: int, proposer: int | None = None,
          trial: Game | None = None, marks: tuple[Mark, ...] = ()) -> None:
    rec = _record(game, create=True)
    assert rec is not None
    _valid_events(game)
    n = len(game.moves)
    rec.events.append(_Event(kind, colour, at, n - at, _fingerprint(game, n), proposer,
                             trial, marks))


def trial_parent(game: Game) -> Game | None:
    """The paused game that `game` is a test play of, or None."""
    rec = _record(game)
    return rec.parent if rec is not None else None


# -- long cycles (长生, 循环劫) ------------------------------------------------------------------


def _positions(game: Game) -> _Positions:
    """The position keys of the record, brought up to date: a move appended since the last
    call costs O(1); anything else a comparison of the records, or a replay."""
    rec = _record(game, create=True)
    assert rec is not None
    base = (game.width, game.height, tuple(game.setup), game.handicap, game.rules)
    moves = game.moves
    pos = rec.positions
    if pos is not None and pos.base == base and len(pos.keys) == len(pos.moves) + 1:
        if pos.source is moves and len(pos.moves) <= len(moves):
            k = len(pos.moves)  # the list only grew (Game appends, and replaces it on undo)
        else:
            k, limit = 0, min(len(pos.moves), len(moves))
            while k < limit and (pos.moves[k] is moves[k] or pos.moves[k] == moves[k]):
                k += 1
        if k >= len(moves) - 1:
            if k < len(pos.moves):
                del pos.moves[k:]
                del pos.keys[k + 1:]
                pos.seen, pos.scanned, pos.cycle = {}, 0, None
            if k < len(moves):
                pos.moves.append(moves[k])
                pos.keys.append((game.pattern_hash(), game.to_move))
            pos.source = moves
            return pos
    scratch = Game(game.width, game.height, game.rules, game.komi)
    if game.setup:
        scratch.add_setup(list(game.setup))
    keys = [(scratch.pattern_hash(), WHITE if game.handicap else BLACK)]
    done: list[Move] = []
    for move in moves:
        try:
            scratch.play(move.colour, move.point)
        except IllegalPlay:
            break
        done.append(move)
        keys.append((scratch.pattern_hash(), opponent(move.colour)))
    rec.positions = _Positions(base, moves, done, keys)
    return rec.positions


def cycle_at(game: Game) -> int | None:
    """The number of moves after which a whole-board pattern first repeated with the same
    player to move and no pass / virtual move in between (a long cycle), or None."""
    pos = _positions(game)
    keys, moves = pos.keys, pos.moves
    while pos.cycle is None and pos.scanned < len(keys):
        i = pos.scanned
        if i and moves[i - 1].point is None:
            pos.seen.clear()
        if keys[i] in pos.seen:
            pos.cycle = i
        else:
            pos.seen[keys[i]] = i
        pos.scanned += 1
    return pos.cycle


# -- the state ----------------------------------------------------------------------------------


def _first_mover(game: Game) -> int:
    first = game.first_mover
    if first is not None:
        return first
    return WHITE if game.handicap else BLACK


def _stopped(game: Game, state: str, proposer: int, blocked: str | None, by: str) -> _State:
    a_point = game.rules.aPoint and proposer == opponent(_first_mover(game))
    return _State(EndInfo(state, False, a_point, proposer), blocked, by)


def _state(game: Game) -> _State:
    rec = _record(game)
    moves = game.moves
    natural = natural_end(game)
    if (rec is None and not game.forced_end and not natural and game.rules.cycles == "FORBID"
            and (not moves or moves[-1].point is not None)):
        return _PLAYING  # plain play: no ending step, no pass to pause on, no cycle to end on
    if rec is not None and rec.parent is not None:
        return _State(EndInfo(TRIAL, False, False, None), None)
    if natural:  # before the forced end: virtual moves may follow a natural end
        return _State(EndInfo(NATURAL_END, True, False, None),
                      "game is over: neither side has a route left (自然终局)", "no_route_left")
    if game.forced_end:
        return _State(EndInfo(FORCED, True, False, None),
                      "game is over: four virtual moves under one board pattern (四虚终局)")
    rules = game.rules
    if rules.cycles in ("DRAW", "NO_RESULT") and cycle_at(game) is not None:
        draw = rules.cycles == "DRAW"
        blocked = None if rules.ending == "PASSES" else \
            f"game is over: a long cycle (循环), {'a draw' if draw else 'no result'}"
        return _State(EndInfo(DRAW if draw else NO_RESULT, False, False, None), blocked)
    events = _valid_events(game)
    n = len(moves)
    last = events[-1] if events and events[-1].end == n else None
    if rules.ending == "ART":
        if last is not None and last.kind == "trial":
            return _State(EndInfo(TRIAL, False, False, None),
                          "a test play is in progress (实战解决)")
        passes = game.consecutive_passes()
        if passes >= 2:
            return _stopped(game, PAUSED, moves[-2].colour,
                            "game is paused after two passes (两弃休止); "
                            "weiqi-test_play settles a dispute", "passes")
        if passes == 1:
            return _State(EndInfo(PROPOSED, False, False, moves[-1].colour), None, "passes")
        return _PLAYING
    if rules.ending == "NATURAL":
        if last is not None and last.kind == "propose":
            return _State(EndInfo(PROPOSED, False, False, last.colour), None, "stop")
        if last is not None and last.kind == "accept" and last.proposer is not None:
            return _stopped(game, AGREED, last.proposer,
                            "game is paused by agreement (协商休止); weiqi-dispute resumes play",
                            "stop")
        if last is not None and last.kind in ("refuse", "dispute"):
            return _PLAYING
        if game.consecutive_passes() == 2:  # the GTP reading; a third virtual move goes on
            return _stopped(game, AGREED, moves[-2].colour, None, "passes")
        return _PLAYING
    if game.consecutive_passes() >= 2:
        return _stopped(game, AGREED, moves[-2].colour, None, "passes")
    return _PLAYING


def end_info(game: Game) -> EndInfo:
    """How the game stands with respect to its end (see EndInfo).  Includes the GTP reading:
    under NATURAL, two trailing virtual moves count as a stop proposed by the first passer."""
    return _state(game).info


def stopped_by(game: Game) -> str:
    """What set the game's state: 'stop' (explicit ending steps), 'passes' (the GTP reading
    of two passes), 'no_route_left' (the natural end), or '' (plain play and the rest)."""
    return _state(game).by


def move_refusal(game: Game) -> str | None:
    """Why no move (board or virtual) may be played on `game` now, or None."""
    return _state(game).blocked


def describe(game: Game) -> str:
    """One line: state, proposer, A point, all alive, virtual moves (of the paused game
    during a test play), e.g. `agreed proposer=white a_point=true all_alive=false
    virtual=b:1,w:1 by=stop`.  Under the natural version two virtual moves in a row leave
    the game going (第五条1): the line says `playing`, and its `proposer`, `a_point` and
    `by=passes` say how final_score reads them if the controller stops there."""
    parent = trial_parent(game)
    main = parent if parent is not None else game
    st = _state(main)
    info = st.info
    proposer = COLOUR_NAME[info.proposer] if info.proposer is not None else "none"
    shown = info.state
    if shown == AGREED and st.by == "passes" and main.rules.ending == "NATURAL":
        # Virtual moves never stop the game ("连续两虚着…后，棋局仍处在继续进行的过程中",
        # 第五条1): play goes on; the rest of the line is how final_score reads them.
        shown = PLAYING
    parts = [shown, f"proposer={proposer}", f"a_point={str(info.a_point).lower()}",
             f"all_alive={str(info.all_alive).lower()}",
             f"virtual=b:{main.virtual[BLACK]},w:{main.virtual[WHITE]}"]
    if st.by:
        parts.append(f"by={st.by}")
    if info.state == TRIAL:
        trial = game if parent is not None else _current_trial(main)
        if trial is not None:
            rec = _record(trial)
            first = rec.first if rec is not None else BLACK
            parts.append(f"test_first={COLOUR_NAME[first]} test_moves={len(trial.moves)}")
    return " ".join(parts)


def tested(game: Game) -> bool:
    """Whether a test play has just been judged on `game`'s paused position (its end is the
    last ending step): what the test did not capture stood, so nothing is left unclear
    ("按实战所确认的结果来做棋与计算胜负", 第十三条)."""
    events = _valid_events(game)
    return bool(events) and events[-1].kind == "judge" and events[-1].end == len(game.moves)


def _current_trial(game: Game) -> Game | None:
    events = _valid_events(game)
    if events and events[-1].kind == "trial" and events[-1].end == len(game.moves):
        return events[-1].trial
    return None


# -- ending steps -------------------------------------------------------------------------------


def _default_pass(game: Game, colour: int) -> None:
    game.play(colour, None)


def stop(game: Game, colour: int | None = None, play_pass: PassFn = _default_pass) -> EndInfo:
    """Propose a stop, or accept the other side's pending proposal.

    NATURAL: with no proposal pending, the player to move proposes; with one pending, the
    other side accepts and the game is paused by agreement (协商休止).  ART / PASSES: the
    proposal and the acceptance are passes (两弃休止), so this plays a pass for `colour` (by
    default the player to move).  `play_pass` plays a virtual move / pass on the game.
    """
    st = _state(game)
    state = st.info.state
    if state == TRIAL:
        raise EndingError("a test play is in progress; weiqi-test_end ends it")
    if game.rules.ending != "NATURAL":
        if st.blocked is not None:
            raise EndingError(st.blocked)
        play_pass(game, colour if colour is not None else game.to_move)
        return end_info(game)
    if state in OVER:
        raise EndingError(st.blocked or "game is over")
    if state == AGREED and st.by == "stop":
        raise EndingError("game is already paused by agreement (协商休止)")
    at = len(game.moves)
    if state == PROPOSED:
        proposer = st.info.proposer
        assert proposer is not None
        if colour == proposer:
            raise EndingError(f"{COLOUR_NAME[proposer]} already proposed a stop; the other side "
                              "accepts (weiqi-stop) or refuses (weiqi-refuse)")
        _push(game, "accept", opponent(proposer), at, proposer=proposer)
        return end_info(game)
    mover = game.to_move
    if colour is not None and colour != mover:
        raise EndingError("only the player to move proposes a stop (轮走方提议休止)")
    _push(game, "propose", mover, at, proposer=mover)
    return end_info(game)


def refuse(game: Game, colour: int | None = None, play_pass: PassFn = _default_pass) -> EndInfo:
    """Refuse the pending stop proposal (NATURAL): the proposer makes a virtual move and play
    goes on ("另方拒绝时，应由轮走方下出一手虚着，此后棋局继续")."""
    if game.rules.ending != "NATURAL":
        raise EndingError("under these rules a stop is refused by playing on (第十一条)")
    st = _state(game)
    if st.info.state != PROPOSED or st.by != "stop":
        blocked = st.blocked if st.info.state in OVER else None
        raise EndingError(blocked or "no stop proposal to refuse")
    proposer = st.info.proposer
    assert proposer is not None
    if colour == proposer:
        raise EndingError("the proposer cannot refuse its own proposal")
    at = len(game.moves)
    play_pass(game, proposer)
    _push(game, "refuse", opponent(proposer), at, proposer=proposer)
    return end_info(game)


def dispute(game: Game, colour: int | None = None, play_pass: PassFn = _default_pass) -> EndInfo:
    """Resume an agreed pause (NATURAL, 实战解决): the proposer and then the other side make a
    virtual move, recording the pause; the proposer moves next.  These virtual moves count
    towards the four of a forced end like any other (when the first is the fourth under this
    board, the game ends there and the second is not played)."""
    if game.rules.ending == "ART":
        raise EndingError("under the art version a dispute is settled by test play "
                          "(weiqi-test_play)")
    if game.rules.ending != "NATURAL":
        raise EndingError("no dispute procedure under these rules")
    st = _state(game)
    if st.info.state != AGREED or st.info.proposer is None:
        blocked = st.blocked if st.info.state in OVER else None
        raise EndingError(blocked or "no agreed stop to dispute")
    proposer = st.info.proposer
    at = len(game.moves)
    play_pass(game, proposer)
    if not game.forced_end:  # the fourth virtual move under this board ends the game there
        play_pass(game, opponent(proposer))
    _push(game, "dispute", colour if colour is not None else proposer, at, proposer=proposer)
    return end_info(game)


def start_test_play(game: Game, colour: int | None = None) -> Game:
    """Start a test play (试下, 实战解决) from the paused position (ART): a separate game on the
    same rules whose history is only that position ("棋局休止前曾产生过的所有的全局棋形皆不带入");
    `colour` moves first (default the player to move; "可以由轮走方先下，也可由另一方先下")."""
    if game.rules.ending != "ART":
        extra = "; weiqi-dispute resumes play" if game.rules.ending == "NATURAL" else ""
        raise EndingError("test play belongs to the art version (ending ART)" + extra)
    st = _state(game)
    if st.info.state == TRIAL:
        raise EndingError("a test play is already in progress")
    if st.info.state != PAUSED:
        blocked = st.blocked if st.info.state in OVER else None
        raise EndingError(blocked or
                          "test play starts from a paused game: two passes first (两弃休止)")
    first = colour if colour is not None else game.to_move
    trial = Game(game.width, game.height, game.rules, game.komi)
    board = game.board
    trial.add_setup([(p, board.colour[p]) for p in board.points
                     if board.colour[p] in (BLACK, WHITE)])
    trec = _record(trial, create=True)
    assert trec is not None
    trec.parent = game
    trec.first = first
    _push(game, "trial", first, len(game.moves), trial=trial)
    return trial


def captured_after(game: Game, stop: int = 0) -> set[int]:
    """Points of the stones on the board after the first `stop` moves of `game` that its
    later moves captured (each removed at least once; a point refilled later still counts).
    This is how a test play or a cleanup after a stop shows the dead stones of the position
    it started from.  The replay ends at a move the board refuses."""
    board = Board(game.width, game.height)
    for p, colour in game.setup:
        board.place_stone(p, colour)
    original: set[int] = set()
    captured: set[int] = set()
    for i, move in enumerate(game.moves):
        if i == stop:
            original = {p for p in board.points if board.colour[p] in (BLACK, WHITE)}
        if move.point is None:
            continue
        try:
            removed, _suicide = board.play(move.point, move.colour, game.rules.suicide)
        except IllegalMove:
            break
        if i >= stop:
            captured.update(p for p in removed if p in original)
    return captured


def captured_in_test(trial: Game) -> list[int]:
    """Points of the paused position's stones that the test play captured, in order."""
    return sorted(captured_after(trial))


def dead_in_test(trial: Game) -> list[int]:
    """Points of the paused position's stones that the test proved dead, in order: the
    strings of which a stone was captured and does not stand again at the end of the test
    ("按实战的结果来对棋子的死活加以确认", 第十三条(1): as the test ended, not as it went).
    A stone captured in a ko that its side won back and connected stands alive."""
    paused = Board(trial.width, trial.height)
    for p, colour in trial.setup:
        paused.place_stone(p, colour)
    final = trial.board.colour
    dead: set[int] = set()
    for p in captured_after(trial):
        if p not in dead and final[p] != paused.colour[p]:
            dead.update(paused.string_at(p))
    return sorted(dead)


OneSidedFn = Callable[[Board, set[int]], dict[int, int]]
"""`fn(paused_board, dead)`: the points of a seki that only one side can fill safely (单方
权利官子), point -> colour, with the stones in `dead` taken off; the judgement layer knows
seki (judgement.seki.find_seki), which this layer may not import, so the caller passes it."""


def owners_settled_in_test(trial: Game, dead: list[int],
                           one_sided: OneSidedFn | None = None) -> dict[int, str]:
    """Owners of empty points of the paused position that the test play settled (art
    version 第十三条 (2)-(4)), for each such point on which the test ended with a stone of
    colour c (the other side o):

    - The point was enclosed by o alone, in the paused position (an eye, true or false, or
      a ko point its holder left unconnected, 单劫不粘, whose capturing stone the test may
      have killed) or once the dead stones are off: c's stone standing there disproves o's
      claim, "反之，则表明它不是这一方的目" ((2), (3)), so the point is public (公空).
    - The point touched both colours: it is c's 目 only when it is a point of a seki that
      c can fill safely and o cannot (`one_sided`), "这一方若能实际占到这些空点而另一方不能
      占到这些空点，便证实了其单方权利的主张" ((4)).  Any other such point (a plain 单官)
      gets no mark: the claim is simply negated and the count makes it public (第九条,
      第十二条(4)).
    - A point that is c's once the dead stones are off needs no mark.
    Stones the test proved dead (`dead`) no longer enclose anything.  Points empty at the
    end of the test are left to the judgement."""
    paused = Board(trial.width, trial.height)
    for p, colour in trial.setup:
        paused.place_stone(p, colour)
    gone = set(dead)
    final = trial.board.colour
    letter = COLOUR_LETTER
    seki_points: dict[int, int] | None = None
    owners: dict[int, str] = {}
    for p in paused.points:
        c = final[p]
        if paused.colour[p] != EMPTY or c not in letter:
            continue
        after = _empty_region(paused, p, gone)[1]
        if after == {c}:
            continue  # c's own point once the dead stones are off
        o = {opponent(c)}
        if after == o or _empty_region(paused, p, set())[1] == o:
            owners[p] = "public"  # the other side's claim disproved
            continue
        if seki_points is None:
            seki_points = one_sided(paused, gone) if one_sided is not None else {}
        if seki_points.get(p) == c:
            owners[p] = letter[c]  # a one-sided point of a seki, proved
    return owners


def _empty_region(board: Board, start: int, gone: set[int]) -> tuple[set[int], set[int]]:
    """The empty points connected to `start` (points in `gone` count as empty) and the
    colours of the stones around them."""
    region, borders, todo = {start}, set(), [start]
    while todo:
        p = todo.pop()
        for q in board.neighbours[p]:
            colour = board.colour[q]
            if colour == EMPTY or q in gone:
                if q not in region:
                    region.add(q)
                    todo.append(q)
            elif colour in (BLACK, WHITE):
                borders.add(colour)
    return region, borders


def end_test_play(trial: Game, one_sided: OneSidedFn | None = None
                  ) -> tuple[Game, list[int], dict[int, str]]:
    """End the test play: the paused game again, with what the test settled carried into
    its count ("按实战所确认的结果来做棋与计算胜负"): the stones the test proved dead marked
    dead (第十三条 (1), dead_in_test) and the owners of the empty points it settled
    (第十三条 (2)-(4), owners_settled_in_test, with `one_sided` the seki points only one
    side can fill; None: no seki known, no one-sided claim is proved).  Returns the paused
    game, the points marked dead and the owners marked."""
    main = trial_parent(trial)
    if main is None:
        raise EndingError("no test play in progress")
    if _current_trial(main) is not trial:
        raise EndingError("the paused game changed since the test play started")
    dead = dead_in_test(trial)
    before = len(main.marks)
    board = main.board
    chosen: list[int] = []
    covered: set[int] = set()
    for p in dead:
        if p not in covered:
            covered.update(board.string_at(p))
            chosen.append(p)
    if chosen:
        main.mark_status(chosen, "dead")
    owners = owners_settled_in_test(trial, dead, one_sided)
    for owner in ("b", "w", "public"):
        points = sorted(p for p, o in owners.items() if o == owner)
        if points:
            main.mark_owner(points, owner)
    rec = _record(trial)
    first = rec.first if rec is not None else BLACK
    _push(main, "judge", first, len(main.moves), trial=trial, marks=tuple(main.marks[before:]))
    return main, dead, owners


def _default_undo(game: Game) -> None:
    game.undo()


def undo(game: Game, undo_move: UndoFn = _default_undo) -> Game:
    """Take back the last step: an ending event (with the virtual moves it recorded) when it
    came after the last move, else the last move.  In a test play, its last move, or the test
    play itself when it has none.  Returns the game that is current afterwards (the paused
    game after cancelling a test play; the test play again after undoing its end).  Raises
    EndingError when there is nothing to undo.  `undo_move` takes back one move."""
    parent = trial_parent(game)
    if parent is not None:
        if game.moves:
            undo_move(game)
            return game
        rec = _record(parent)
        if rec is not None and _current_trial(parent) is game:
            rec.events.pop()
        return parent
    events = _valid_events(game)
    if events and events[-1].end == len(game.moves):
        event = events.pop()
        if event.kind == "judge":
            gone = {id(m) for m in event.marks}
            game.marks[:] = [m for m in game.marks if id(m) not in gone]
            assert event.trial is not None
            return event.trial
        for _ in range(event.added):
            undo_move(game)
        return game
    if not game.moves:
        raise EndingError("cannot undo")
    undo_move(game)
    return game


__all__ = [
    "EndInfo", "EndingError", "STATES", "OVER", "PLAYING", "PROPOSED", "AGREED", "FORCED",
    "PAUSED", "TRIAL", "DRAW", "NO_RESULT", "NATURAL_END", "natural_end", "set_natural_end",
    "stopped_by", "end_info", "move_refusal", "describe", "stop",
    "refuse", "dispute", "start_test_play", "end_test_play", "captured_after",
    "captured_in_test", "dead_in_test", "owners_settled_in_test", "OneSidedFn", "undo",
    "tested",
    "forget", "trial_parent", "cycle_at",
]
