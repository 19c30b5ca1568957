"""One game over GMP, played by the engine the GTP front end serves.

The session settles the game with the other side (cgoban, a GMP client) and then plays it
through the engine's own GTP commands (`boardsize`, `fixed_handicap`, `play`, `genmove`,
`undo`, `final_score`), so the moves, the rules, komi, the player's options and proxy mode
are exactly those of `gtp-weiqi` on the same command line.

Setting up.  This side does not know its colour, so it starts as GNU Go does: it sends
NEWGAME, and takes the other side's NEWGAME instead when the two cross.  Whoever received a
NEWGAME asks the QUERYs it needs; here: board size, handicap, colour and rules.  A 0 answer
is "don't care": the board size is then `--size`, the handicap none, and this side plays
White.  The other side is answered from what it told us (0 while we know nothing) and, for
the rules, from the engine's rules (territory scoring: 1, Japanese; anything else: 2,
Chinese).  GMP has no komi: the engine keeps its own.

Handicap.  Under Chinese rules (answer 2) GMP lets Black place its handicap stones where it
likes, as its first moves, as cgoban does: the engine takes them with `set_free_handicap`
once all are down, or as Black chooses them with `place_free_handicap` and sends each as a
MOVE.  Under Japanese rules they stand on the fixed points (`fixed_handicap`).

Playing.  Black moves first (White after a handicap).  A MOVE of the other side is played
with `play`; one the engine refuses (illegal under its rules, or in this side's colour) is
DENYed and stays unplayed.  On its turn the engine answers `genmove`; a resignation is sent
as a pass, since GMP cannot resign.  UNDO n takes back n moves.  After two passes in a row
the game is over: the engine stops moving and writes `final_score` on stderr, and the
session goes on answering until the other side closes the stream.
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable
from typing import BinaryIO, TextIO

from ...core.board import BLACK, COLOUR_NAME, WHITE
from ...core.coords import format_vertex, parse_vertex
from ..gtp.engine import WeiqiEngine
from ..gtp.protocol import GtpError
from .codec import (
    COLOUR_BLACK,
    COLOUR_WHITE,
    EXTENDED_QUERY,
    HANDICAP_NONE,
    RULES_CHINESE,
    RULES_JAPANESE,
    Command,
    Packet,
    Query,
    Reader,
    describe_command,
    move_value,
    parse_move,
)
from .link import RESEND_AFTER, Link, LinkTimeout

MAX_GMP_SIZE = 22  # a MOVE's point has 9 bits: 22 * 22 = 484 points fit, 23 * 23 do not
ASKED = (Query.BOARD_SIZE, Query.HANDICAP, Query.COLOUR, Query.RULES)


class GmpError(Exception):
    """The game cannot go on (the two sides disagree, or the link timed out)."""


class GmpSession:
    """The game side of GMP: what to ask and answer, and the engine's moves."""

    def __init__(self, engine: WeiqiEngine, link: Link,
                 report: Callable[[str], None] | None = None,
                 trace: Callable[[str], None] | None = None) -> None:
        self.engine = engine
        self.link = link
        self._report = report or (lambda text: print(f"gtp-weiqi: {text}", file=sys.stderr,
                                                     flush=True))
        self._trace = trace or (lambda text: None)
        self.told: dict[Query, int] = {}   # the other side's answers (0: it did not care)
        self.asking: Query | None = None   # our QUERY waiting for its ANSWER
        self.negotiating = False
        self.started = False               # the game is set up on the engine
        self.colour: int | None = None     # the engine's colour
        self.size = 0
        self.early_moves: list[int] = []   # MOVE values that came before the set-up ended
        self.free_left = 0                 # handicap stones Black still places as moves
        self.free_stones: list[str] = []   # those it placed so far (vertices)
        self.over = False

    # -- the link's view ---------------------------------------------------------------------

    def start(self) -> None:
        """Open the game: send NEWGAME (GNU Go's way when its colour is not given)."""
        self._reset()
        self.negotiating = True
        self.link.send(Command.NEWGAME)

    def _reset(self) -> None:
        self.told.clear()
        self.asking = None
        self.started = False
        self.colour = None
        self.early_moves.clear()
        self.free_left = 0
        self.free_stones = []
        self.over = False

    @staticmethod
    def crossing(ours: Command, theirs: Command) -> bool:
        """Whether our command, crossed by theirs, is not to be sent again (for the link)."""
        return ours == Command.NEWGAME and theirs == Command.NEWGAME

    def handle(self, command: Command, value: int) -> None:
        """Act on one command of the other side (the link has checked its order)."""
        if command == Command.NEWGAME:
            self._reset()
            self.negotiating = True
            self._ask_next()
        elif command == Command.QUERY:
            self.link.send(Command.ANSWER, self.answer(value))
        elif command == Command.ANSWER:
            self._answered(value)
        elif command == Command.MOVE:
            self._move_received(value)
        elif command == Command.UNDO:
            self.link.send(Command.OK)
            self._undo(value)
        elif command == Command.DENY:
            self.link.send(Command.OK)
            self._report("the other side refused our last command (GMP DENY)")
        else:  # EXTENDED, or OK (never delivered)
            self.link.send(Command.DENY)

    def idle(self) -> None:
        """Called when the link has nothing in flight: ask what is still unknown."""
        if self.negotiating and self.asking is None and self.link.idle:
            self._ask_next()

    # -- settling the game -------------------------------------------------------------------

    def answer(self, query: int) -> int:
        """The ANSWER to a QUERY."""
        if query & EXTENDED_QUERY:
            return 0  # no extension is supported
        if query == Query.GAME:
            return 1  # Go
        if query == Query.RULES:
            return RULES_JAPANESE if self.engine.game.rules.scoring == "TERRITORY" \
                else RULES_CHINESE
        if query == Query.BOARD_SIZE:
            return self.size if self.started else self.told.get(Query.BOARD_SIZE, 0)
        if query == Query.HANDICAP:
            if self.started:
                return self.engine.game.handicap or HANDICAP_NONE
            return self.told.get(Query.HANDICAP, 0)
        if query == Query.COLOUR:
            colour = self.colour
            if colour is None and self.told.get(Query.COLOUR):
                colour = BLACK if self.told[Query.COLOUR] == COLOUR_WHITE else WHITE
            if colour is None:
                return 0
            return COLOUR_WHITE if colour == WHITE else COLOUR_BLACK
        return 0

    def _ask_next(self) -> None:
        for query in ASKED:
            if query not in self.told:
                self.asking = query
                self.link.send(Command.QUERY, query)
                return
        self.link.send(Command.OK)  # acknowledges the last ANSWER
        self._set_up()

    def _answered(self, value: int) -> None:
        query = self.asking
        if query is None:
            self.link.send(Command.OK)  # an ANSWER we did not ask for
            return
        self.asking = None
        self.told[query] = value
        self._ask_next()

    def _set_up(self) -> None:
        """Every answer is in: set the game up on the engine, and move if it is our turn."""
        self.negotiating = False
        told = self.told
        size = told.get(Query.BOARD_SIZE) or self.engine.game.width
        if not 2 <= size <= MAX_GMP_SIZE:
            raise GmpError(f"the other side asks for a {size}x{size} board; GMP carries "
                           f"boards of 2x2 to {MAX_GMP_SIZE}x{MAX_GMP_SIZE}")
        handicap = told.get(Query.HANDICAP, 0)
        handicap = 0 if handicap <= HANDICAP_NONE else handicap
        self.colour = BLACK if told.get(Query.COLOUR) == COLOUR_WHITE else WHITE
        ours = RULES_JAPANESE if self.engine.game.rules.scoring == "TERRITORY" \
            else RULES_CHINESE
        if told.get(Query.RULES, 0) not in (0, ours):
            self._report("the other side counts by "
                         f"{'Japanese' if told[Query.RULES] == RULES_JAPANESE else 'Chinese'}"
                         " rules; this engine plays and counts by its own rules "
                         f"({self.engine.game.rules.preset_name or 'as given'})")
        self.size = size
        try:
            self._gtp("boardsize", str(size))
        except GtpError as exc:  # a back end that plays one size only (proxy mode)
            raise GmpError(f"cannot play on a {size}x{size} board: {exc}") from None
        rules = told.get(Query.RULES) or ours
        if handicap and rules == RULES_CHINESE:
            self.free_left = handicap  # Black places them, as moves (GMP's Chinese rules)
        elif handicap:
            try:
                self._gtp("fixed_handicap", str(handicap))
            except GtpError as exc:
                raise GmpError(f"cannot place {handicap} handicap stones on a {size}x{size} "
                               f"board: {exc}") from None
        self.started = True
        self._trace(f"game: {size}x{size}, handicap {handicap}"
                    f"{' (placed by Black)' if self.free_left else ''}, komi "
                    f"{self.engine.game.komi}, gtp-weiqi plays {COLOUR_NAME[self.colour]}")
        early, self.early_moves = self.early_moves, []
        for value in early:
            if not self._play_theirs(value):
                return
        self._maybe_move()

    # -- playing -----------------------------------------------------------------------------

    def _gtp(self, name: str, *args: str) -> str:
        """Run one of the engine's GTP commands, traced; GtpError when it fails."""
        line = " ".join((name, *args))
        try:
            answer = self.engine.run_command(name, list(args))
        except GtpError as exc:
            self._trace(f"gtp: {line} -> ? {exc}")
            raise
        self._trace(f"gtp: {line} -> = {answer}".rstrip())
        return answer

    def _move_received(self, value: int) -> None:
        if not self.started:
            self.link.send(Command.OK)
            self.early_moves.append(value)  # played once the set-up is complete
            return
        if self._play_theirs(value, acknowledge=True):
            self._maybe_move()

    def _play_theirs(self, value: int, acknowledge: bool = False) -> bool:
        """Play the other side's MOVE; DENY it (and False) when the engine refuses it."""
        white, point = (False, None)
        try:
            white, point = parse_move(value, self.size)
        except ValueError as exc:
            return self._refuse(f"a move off the board ({exc})", acknowledge)
        colour = WHITE if white else BLACK
        if colour == self.colour:
            return self._refuse(f"a move in this engine's colour ({COLOUR_NAME[colour]})",
                                acknowledge)
        vertex = format_vertex(point)
        if self.free_left:
            return self._handicap_stone(colour, vertex, acknowledge)
        try:
            self._gtp("play", COLOUR_NAME[colour], vertex)
        except GtpError as exc:
            return self._refuse(f"{COLOUR_NAME[colour]} {vertex}: {exc}", acknowledge)
        if acknowledge:
            self.link.send(Command.OK)
        return True

    def _handicap_stone(self, colour: int, vertex: str, acknowledge: bool) -> bool:
        """One of the handicap stones Black places as moves; the last one sets them all on
        the engine's board with `set_free_handicap` (so they count as handicap)."""
        if colour != BLACK or vertex == "pass" or vertex in self.free_stones:
            return self._refuse(f"{COLOUR_NAME[colour]} {vertex} is no handicap stone "
                                f"({self.free_left} left to place)", acknowledge)
        self.free_stones.append(vertex)
        self.free_left -= 1
        if acknowledge:
            self.link.send(Command.OK)
        if not self.free_left:
            try:
                self._gtp("set_free_handicap", *self.free_stones)
            except GtpError as exc:
                raise GmpError(f"cannot place the handicap stones {self.free_stones}: "
                               f"{exc}") from None
        return True

    def _place_handicap(self) -> None:
        """The engine is Black and places the handicap stones: `place_free_handicap` chooses
        them, and each is sent as a MOVE."""
        count = self.free_left
        self.free_left = 0
        try:
            vertices = self._gtp("place_free_handicap", str(count)).split()
        except GtpError as exc:
            raise GmpError(f"cannot place {count} handicap stones: {exc}") from None
        if len(vertices) != count:
            self._report(f"placed {len(vertices)} handicap stones, not {count}")
        for vertex in vertices:
            point = parse_vertex(vertex, self.size, self.size)
            self.link.send(Command.MOVE, move_value(False, point, self.size))

    def _refuse(self, why: str, acknowledge: bool) -> bool:
        self._report(f"refused the other side's move: {why}")
        if acknowledge:
            self.link.send(Command.DENY)
        return False

    def _undo(self, count: int) -> None:
        for _ in range(count):
            try:
                self._gtp("undo")
            except GtpError:
                self._report(f"cannot take back {count} moves: the game has fewer")
                break
        self.over = False
        self._maybe_move()

    def _maybe_move(self) -> None:
        """Generate and send the engine's move when it is its turn and the game goes on."""
        game = self.engine.game
        if self.over or self.colour is None:
            return
        if self.free_left:
            if self.colour == BLACK:
                self._place_handicap()
            return
        if game.consecutive_passes() >= 2:
            self._game_over()
            return
        if game.to_move != self.colour:
            return
        name = COLOUR_NAME[self.colour]
        try:
            answer = self._gtp("genmove", name)
        except GtpError as exc:
            self._report(f"genmove failed ({exc}); passing")
            answer = "resign"
        if answer.lower() == "resign":
            if not self._pass_instead(name):
                return
            answer = "pass"
        point = parse_vertex(answer, self.size, self.size)
        self.link.send(Command.MOVE, move_value(self.colour == WHITE, point, self.size))
        if game.consecutive_passes() >= 2:
            self._game_over()

    def _pass_instead(self, name: str) -> bool:
        """Play a pass for the engine where it resigned (GMP cannot resign) or could not
        move; False, with the reason reported, when even that is refused."""
        self._report("no move to send (GMP cannot resign): the engine passes")
        try:
            self._gtp("play", name, "pass")
        except GtpError as exc:
            self._report(f"cannot pass either ({exc}); waiting for the other side")
            return False
        return True

    def _game_over(self) -> None:
        self.over = True
        try:
            score = self._gtp("final_score")
        except GtpError as exc:
            score = f"not counted ({exc})"
        self._report(f"game over after two passes: {score}")


# -- serving stdin / stdout ----------------------------------------------------------------------


class _Trace:
    """The `--log` file in GMP mode: one line per packet sent (`>`) or received (`<`), per
    refused packet (`!`) and per GTP command the session ran on the engine (`gtp:`)."""

    def __init__(self, stream: BinaryIO | None) -> None:
        self.stream = stream
        self.size: Callable[[], int | None] = lambda: None  # the board's, once known

    def line(self, text: str) -> None:
        if self.stream is not None:
            self.stream.write(text.encode("utf-8") + b"\n")
            self.stream.flush()

    def packet(self, direction: str, packet: Packet) -> None:
        self.line(f"{direction} {packet.describe(self.size())}")


def serve_gmp(engine: WeiqiEngine, stdin: BinaryIO, stdout: BinaryIO, *,
              transcript: BinaryIO | None = None, stderr: TextIO | None = None,
              resend_after: float | None = None) -> int:
    """Play GMP on the two streams until the other side closes its end (0), or the link
    fails (1: no acknowledgement for a minute, or a game that cannot be set up)."""
    err = stderr or sys.stderr
    in_fd, out_fd = stdin.fileno(), stdout.fileno()
    trace = _Trace(transcript)

    def write(data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(out_fd, view):]

    def report(text: str) -> None:
        print(f"gtp-weiqi: {text}", file=err, flush=True)
        trace.line(f"# {text}")

    link = Link(write, time.monotonic, trace=trace.packet, obsolete=GmpSession.crossing,
                resend_after=RESEND_AFTER if resend_after is None else resend_after)
    session = GmpSession(engine, link, report=report, trace=lambda text: trace.line(text))
    trace.size = lambda: session.size if session.started else None
    reader = Reader()
    rejected = 0
    try:
        session.start()
        while True:
            deadline = link.next_deadline()
            wait = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            readable, _, _ = select.select([in_fd], [], [], wait)
            if readable:
                data = os.read(in_fd, 4096)
                if not data:
                    return 0
                for packet in reader.feed(data):
                    for command, value in link.receive(packet):
                        session.handle(command, value)
                    link.flush()
                    session.idle()
                for why in reader.rejected[rejected:]:
                    trace.line(f"! refused packet: {why}")
                rejected = len(reader.rejected)
            link.tick()
    except LinkTimeout as exc:
        report(f"GMP link lost: {exc}")
        return 1
    except GmpError as exc:
        report(str(exc))
        return 1


__all__ = ["GmpError", "GmpSession", "MAX_GMP_SIZE", "describe_command", "serve_gmp"]
