"""The back end's streaming commands, relayed.

Streaming commands the back end lists (`lz-analyze`, `kata-analyze`, `analyze`,
`*genmove_analyze`, `kata-search_analyze*`) pass through: each line is relayed as the back
end writes it, and the next command from the controller stops the stream (the back end
gets an empty line, which ends an analysis and is no command), as with the back end alone.
The `play` line of a genmove_analyze is checked like a genmove answer.  From KataGo, the
kata- analyses carry our count's lead (lead.py), and `lz-analyze` / `lz-genmove_analyze`
are served from them in Leela Zero's format (leela.py).  A back end with no
analysis command leaves ours (`analyze`, `lz-analyze`, `kata-analyze`) in place; our
genmove_analyze commands never are, since their moves would not be the back end's.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from ....core.board import COLOUR_LETTER, COLOUR_OF_WORD
from ..controller import ChannelError, Response, SubprocessChannel
from ..ending_cmds import check_open
from ..engine import parse_colour
from ..protocol import GtpError, Handler, frame
from .lead import ours_applies, rewrite_line
from .leela import FROM_KATA, to_leela
from .link import Unavailable, describe_failure
from .moves import BAD, RESIGN, MoveChecks

SNAPSHOT_SECONDS = 1.0  # an analysis asked in-process (not served) stops after this

_STREAMING = re.compile(r"(lz-|kata-)?(genmove_)?analyze|kata-search_analyze(_cancellable)?")


def is_streaming(name: str) -> bool:
    """The analysis commands, which answer in a stream of lines: analyze, genmove_analyze,
    their lz- and kata- forms, kata-search_analyze[_cancellable] (not GNU Go's
    analyze_semeai and the like, which answer once)."""
    return _STREAMING.fullmatch(name) is not None


def plays_move(name: str) -> bool:
    """The streaming commands that end by playing a move."""
    return "genmove_analyze" in name


@dataclass
class _StreamedMove:
    """What the `play` line of a genmove_analyze decided."""

    colour: int
    move: int | None | str = None  # a legal point (None = pass) or RESIGN
    decided: bool = False
    tries: int = 0


class StreamRelay(MoveChecks):
    """The link with checked moves, relaying the back end's streaming commands."""

    lead = "ours"  # kata- analyses' scoreLead: in our count ("ours") or the back end's

    def _stream_served(self, name: str) -> Callable[[list[str], str], str]:
        """The back end's streaming command while serving: relayed line by line, stopped
        by the controller's next input."""
        def stream(args: list[str], ident: str) -> str:
            return self._relay(name, args, ident, self.engine.write, self.engine.input_pending)
        return stream

    def _stream_snapshot(self, name: str) -> Handler:
        """The same asked in-process (no stream to write to): an analysis stops after its
        first report (or SNAPSHOT_SECONDS); a genmove_analyze runs to its `play` line."""
        def handler(args: list[str]) -> str:
            lines: list[str] = []
            started = time.monotonic()

            def stop() -> bool:
                return len(lines) > 1 or time.monotonic() - started > SNAPSHOT_SECONDS

            end = self._relay(name, args, "", lines.append, stop)
            if end.startswith("?"):
                raise GtpError(end[2:].strip())
            text = "".join(lines)
            return text[1:].strip() if text.startswith("=") else text.strip()
        return handler

    def _relay(self, name: str, args: list[str], ident: str, write: Callable[[str], None],
               stop: Callable[[], bool]) -> str:
        """Run a streaming command on the back end, writing our response's lines through
        `write` as they come; returns the end of the response (a blank line, or a whole
        `?` answer when it failed before it started)."""
        engine = self.engine
        args = list(args)
        turn: _StreamedMove | None = None
        leela = self.serves_leela(name)
        sent = FROM_KATA[name] if leela else name
        try:
            colour = engine.game.to_move
            named = bool(args) and args[0].lower() in COLOUR_OF_WORD
            if named:
                colour = parse_colour(args.pop(0))
            if plays_move(name):
                check_open(engine.game)
                turn = _StreamedMove(colour)
            keep = self._our_lead(sent, args)
            if named or turn is not None or keep is not None:
                # the back end's idea of who moves may differ from ours
                args.insert(0, COLOUR_LETTER[colour])
            self.sync()
        except GtpError as exc:
            return frame(False, ident, str(exc))
        except Unavailable as exc:
            return frame(False, ident, f"{name} unavailable: {exc}")
        started = False

        def on_start(response: Response) -> None:
            nonlocal started
            started = True
            write(f"={ident} {response.text}\n")

        def on_line(text: str) -> None:
            words = text.split()
            if turn is not None and not turn.decided and words[:1] == ["play"]:
                self._streamed_play(name, turn, words[1] if len(words) > 1 else "", write)
            elif words[:1] == ["info"] and (keep is not None or leela):
                if keep is not None:
                    text = rewrite_line(text, engine.game, colour, keep=keep)
                write((to_leela(text) if leela else text) + "\n")
            else:
                write(text + "\n")

        channel = self.backend.channel
        assert isinstance(channel, SubprocessChannel)
        try:
            response = channel.stream(" ".join([sent, *args]), self.backend.timeout, on_start,
                                      on_line, stop, timed=turn is not None)
        except ChannelError as exc:
            self._mark_dead(exc)
            if not started:
                return frame(False, ident, f"{name} unavailable: {describe_failure(exc)}")
            return "\n"
        if not response.ok:
            return frame(False, ident, response.text or "failed")
        if turn is not None and not turn.decided:
            self._finish_streamed_move(name, turn, write)
        self.after_local()
        return "\n"

    def serves_leela(self, name: str) -> bool:
        """Whether `name` (lz-analyze, lz-genmove_analyze) is served from the back end's
        kata- analysis in Leela Zero's format (leela.py)."""
        return name in FROM_KATA and FROM_KATA[name] in self.backend.list_commands()

    def _our_lead(self, name: str, args: list[str]) -> set[str] | None:
        """For a kata- analysis under a method KataGo cannot score (lead.py): the ownership
        sections the client asked for (`ownership true` is added to `args` when it did not
        ask, since our lead is counted from it).  None: KataGo's lines are relayed as they
        come."""
        if self.lead != "ours" or not name.startswith("kata-") or "analyze" not in name \
                or not ours_applies(self.engine.game):
            return None
        asked = {key for key, value in zip(args, args[1:], strict=False)
                 if key in ("ownership", "movesOwnership") and value.lower() == "true"}
        if "ownership" not in asked:
            args += ["ownership", "true"]
        return asked

    def _streamed_play(self, name: str, turn: _StreamedMove, word: str,
                       write: Callable[[str], None]) -> None:
        """The `play` line of a genmove_analyze: relayed and played when legal here."""
        turn.tries += 1
        move = self._judge_answer(name, turn.colour, word, plays=True,
                                  tries=f"try {turn.tries} of {self.retries + 1}")
        if move is not BAD:
            self._play_streamed(turn, move, write)  # type: ignore[arg-type]  # not BAD: a move

    def _finish_streamed_move(self, name: str, turn: _StreamedMove,
                              write: Callable[[str], None]) -> None:
        """No legal `play` line came: ask plain genmove (the tries left), then pass."""
        if self.dead is not None:
            return
        try:
            move = self._ask_move("genmove", turn.colour, plays=True,
                                  attempts=max(1, self.retries + 1 - turn.tries))
        except GtpError as exc:
            self.report(f"{name}: {exc}")
            return
        self._play_streamed(turn, move, write)

    def _play_streamed(self, turn: _StreamedMove, move: int | None | str,
                       write: Callable[[str], None]) -> None:
        """Play the decided move here (RESIGN plays nothing) and write its `play` line."""
        turn.decided, turn.move = True, move
        if isinstance(move, str):
            write(f"play {RESIGN}\n")
            return
        self.engine.game.play(turn.colour, move)
        self.engine.after_move()
        write(f"play {self._vertex(move)}\n")
