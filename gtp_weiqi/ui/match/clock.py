"""Time controls of a match (`--time`): main time plus Canadian byo-yomi, and the clock the
referee keeps for each side.

The specification is gogui-twogtp's `-time` form, `main[+byoyomi/stones]`, each time a
number with an optional unit: `m` / `min` (the default, as in gogui-twogtp) or `s` / `sec`:
`10m+30s/5` is ten minutes, then 30 seconds for every 5 stones; `5m` is five minutes for
the whole game (absolute time); `90s+10s/1` is 90 seconds, then 10 seconds a move.  Unlike
gogui-twogtp the main time may be 0 when there is byo-yomi (`0+30s/5`), which GTP allows.

The engines are told with `time_settings main byoyomi stones` (whole seconds, as GTP has
them; absolute time is `time_settings main 0 0`) and, before each genmove, `time_left
colour seconds stones`: the seconds left in main time with stones 0, or in the current
byo-yomi period with the stones still to play in it (GTP version 2, section 6.3.8).  The
seconds are truncated, as gogui-twogtp sends them, so an engine never believes it has
more time than it has.

The clock runs on the wall time the referee measures from sending genmove to reading the
answer.  The move on which main time runs out is the first stone of the first period, and
what it overshot main time by is taken from that period (as GoGui's clock does).  A side
whose time in main time (absolute) or in a period goes below zero by more than `GRACE`
loses on time; GRACE stands for process scheduling and pipe latency on a loaded machine,
not for thinking.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

#: Seconds a side may overrun its clock before it loses on time (see the module text).
GRACE = 1.0

_TIME = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(m|min|s|sec)?\s*$")
_UNITS = {None: 60.0, "m": 60.0, "min": 60.0, "s": 1.0, "sec": 1.0}


class TimeSpecError(ValueError):
    """A `--time` value that cannot be read; the message says why."""


def _seconds(text: str, what: str) -> int:
    match = _TIME.match(text)
    if match is None:
        raise TimeSpecError(f"{what} {text.strip()!r} is not a time (a number with an "
                            "optional unit m, min, s or sec; minutes when none)")
    value = float(match.group(1)) * _UNITS[match.group(2)]
    if not math.isfinite(value) or not float(value).is_integer():
        raise TimeSpecError(f"{what} {text.strip()!r} is not a whole number of seconds "
                            "(time_settings takes whole seconds)")
    return int(value)


@dataclass(frozen=True)
class TimeControl:
    """main -- seconds of main time; byoyomi -- seconds per period; stones -- stones to
    play in each period (0 with byoyomi 0: absolute time, no periods)."""

    main: int
    byoyomi: int = 0
    stones: int = 0

    @classmethod
    def parse(cls, spec: str) -> TimeControl:
        """Read `main[+byoyomi/stones]`; raises TimeSpecError with the reason."""
        main_text, plus, rest = spec.partition("+")
        main = _seconds(main_text, "main time")
        if not plus:
            if main <= 0:
                raise TimeSpecError(f"main time must be positive without byo-yomi, not "
                                    f"{spec.strip()!r}")
            return cls(main)
        byo_text, slash, stones_text = rest.partition("/")
        if not slash:
            raise TimeSpecError(f"byo-yomi {rest.strip()!r} needs its stones: "
                                "main+byoyomi/stones, e.g. 10m+30s/5")
        byoyomi = _seconds(byo_text, "byo-yomi time")
        if byoyomi <= 0:
            raise TimeSpecError(f"byo-yomi time must be positive, not {byo_text.strip()!r}")
        try:
            stones = int(stones_text.strip())
        except ValueError:
            raise TimeSpecError(f"byo-yomi stones {stones_text.strip()!r} is not a whole "
                                "number") from None
        if stones <= 0:
            raise TimeSpecError(f"byo-yomi stones must be at least 1, not {stones}")
        return cls(main, byoyomi, stones)

    @property
    def spec(self) -> str:
        """The canonical form, in seconds (`600s+30s/5`): what a resumed match compares."""
        text = f"{self.main}s"
        if self.stones:
            text += f"+{self.byoyomi}s/{self.stones}"
        return text

    def describe(self) -> str:
        """For people: `10:00 + 5 stones in 0:30 (Canadian byo-yomi)`."""
        text = _clock(self.main)
        if self.stones:
            text += f" + {self.stones} stones in {_clock(self.byoyomi)} (Canadian byo-yomi)"
        else:
            text += " (absolute)"
        return text

    def gtp_settings(self) -> tuple[str, str, str]:
        """The arguments of `time_settings`."""
        return str(self.main), str(self.byoyomi), str(self.stones)

    def kata_settings(self) -> tuple[str, ...]:
        """The arguments of KataGo's `kata-time_settings`: `canadian MAIN BYO STONES`, or
        `absolute MAIN` without byo-yomi."""
        if self.stones:
            return "canadian", str(self.main), str(self.byoyomi), str(self.stones)
        return "absolute", str(self.main)

    def sgf_overtime(self) -> str | None:
        """The SGF OT value (`5/30 Canadian`), None for absolute time."""
        return f"{self.stones}/{self.byoyomi} Canadian" if self.stones else None


def _clock(seconds: float) -> str:
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class Clock:
    """One side's clock under a TimeControl."""

    def __init__(self, control: TimeControl) -> None:
        self.control = control
        self.main = float(control.main)
        self.in_byoyomi = control.main == 0 and control.stones > 0
        self.period = float(control.byoyomi)
        self.stones = control.stones
        self.used = 0.0  # every second the side spent, for the record

    def time_left(self) -> tuple[int, int]:
        """What `time_left` says: whole seconds left and stones (0 in main time)."""
        if self.in_byoyomi:
            return max(0, math.floor(self.period)), self.stones
        return max(0, math.floor(self.main)), 0

    def allowed(self) -> float:
        """Seconds the next move may take before the side loses on time, GRACE included."""
        if self.in_byoyomi:
            return max(0.0, self.period + GRACE)
        left = self.main + (self.control.byoyomi if self.control.stones else 0)
        return max(0.0, left + GRACE)

    def spend(self, seconds: float) -> str | None:
        """Take a move's time off the clock; why the side lost on time, or None."""
        self.used += seconds
        if not self.in_byoyomi:
            self.main -= seconds
            if self.main >= 0:
                return None
            if not self.control.stones:
                if self.main < -GRACE:
                    return (f"main time ran out: {self.used:.1f} s used of "
                            f"{self.control.main} s")
                return None
            self.in_byoyomi = True
            self.period = self.control.byoyomi + self.main  # the overshoot comes off
            self.main = 0.0
            self.stones = self.control.stones
        else:
            self.period -= seconds
        if self.period < -GRACE:
            return (f"byo-yomi ran out: the period of {self.control.byoyomi} s for "
                    f"{self.control.stones} stones was overrun by {-self.period:.1f} s with "
                    f"{self.stones} stones still to play")
        self.stones -= 1
        if self.stones == 0:
            self.period = float(self.control.byoyomi)
            self.stones = self.control.stones
        return None

    def show(self) -> str:
        """`9:58` in main time, `0:27/4` in byo-yomi (seconds / stones left)."""
        if self.in_byoyomi:
            return f"{_clock(self.period)}/{self.stones}"
        return _clock(self.main)

    def sgf_left(self) -> tuple[float, int | None]:
        """The SGF BL/WL value after a move, and OB/OW (stones left) in byo-yomi."""
        if self.in_byoyomi:
            return round(max(0.0, self.period), 1), self.stones
        return round(max(0.0, self.main), 1), None


__all__ = ["GRACE", "Clock", "TimeControl", "TimeSpecError"]
