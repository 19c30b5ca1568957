"""GMP packets: four bytes each, as the Standard Go Modem Protocol (revision 1.0) frames them.

    byte 0   0 0 0 0 0 0 a s    s: the sender's sequence bit, a: the last one it received
    byte 1   1 c c c c c c c    checksum: bytes 0, 2 and 3 added, low 7 bits
    byte 2   1 m m m x v v v    m: the command, x: set on a command not understood, v: value
    byte 3   1 v v v v v v v    the value's low 7 bits (10 bits in all)

Only byte 0 has its top bit clear, so a reader finds the start of a packet from any byte on;
bytes outside a packet (a modem's talk text) are skipped.  A MOVE's value holds the mover
(0x200: White) and the point: 0 is a pass, else 1 + column + size * row, rows counted from
the bottom (1 is A1, `size` the bottom right corner).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Command(IntEnum):
    OK = 0        # acknowledges the other side's last command
    DENY = 1      # refuses the other side's last command
    NEWGAME = 2   # start a new game: the receiver asks the queries it needs
    QUERY = 3     # value: a Query; answered by ANSWER
    ANSWER = 4    # value: the answer to the last QUERY (0: don't know / don't care)
    MOVE = 5      # value: mover and point (see the module's docstring)
    UNDO = 6      # value: how many moves to take back
    EXTENDED = 7  # extensions; this side knows none and DENYs them


class Query(IntEnum):
    GAME = 0        # answer 1: Go
    BUFFER_SIZE = 1
    PROTOCOL = 2
    STONES = 3
    BLACK_TIME = 4
    WHITE_TIME = 5
    CHARACTER_SET = 6
    RULES = 7       # answer 1: Japanese (territory), 2: Chinese (area)
    HANDICAP = 8    # answer 1: none, 2..: that many stones
    BOARD_SIZE = 9
    TIME_LIMIT = 10
    COLOUR = 11     # answer 1: I am White, 2: I am Black
    WHO = 12


EXTENDED_QUERY = 0x200  # a QUERY with this bit asks whether an extension is supported
WHITE_BIT = 0x200       # a MOVE by White
POINT_MASK = 0x1FF
VALUE_MASK = 0x3FF
NOT_UNDERSTOOD = 0x08   # byte 2's x bit

RULES_JAPANESE, RULES_CHINESE = 1, 2
COLOUR_WHITE, COLOUR_BLACK = 1, 2
HANDICAP_NONE = 1


class PacketError(ValueError):
    """Four bytes that are no valid packet (framing, checksum, the not-understood bit)."""


@dataclass(frozen=True)
class Packet:
    """One packet: the sender's sequence bit, the sequence bit it last received, the command
    and its 10-bit value."""

    seq: int
    ack: int
    command: Command
    value: int = 0

    def __post_init__(self) -> None:
        if self.seq not in (0, 1) or self.ack not in (0, 1):
            raise ValueError("sequence bits are 0 or 1")
        if not 0 <= self.value <= VALUE_MASK:
            raise ValueError(f"a GMP value has 10 bits, not {self.value}")

    def describe(self, size: int | None = None) -> str:
        """The packet in words, for the trace: `QUERY board size (seq 1 ack 0)`, `MOVE W D4
        (seq 0 ack 1)` (a move's point as a vertex when the board size is known)."""
        return (f"{describe_command(self.command, self.value, size)} "
                f"(seq {self.seq} ack {self.ack})")


def checksum(first: int, third: int, fourth: int) -> int:
    """Byte 1 of a packet: the sum of the other three, its top bit set."""
    return ((first + third + fourth) & 0x7F) | 0x80


def encode(packet: Packet) -> bytes:
    first = packet.seq | packet.ack << 1
    third = 0x80 | int(packet.command) << 4 | packet.value >> 7
    fourth = 0x80 | packet.value & 0x7F
    return bytes((first, checksum(first, third, fourth), third, fourth))


def decode(data: bytes) -> Packet:
    """The packet four bytes hold; PacketError when they are no valid packet."""
    if len(data) != 4:
        raise PacketError(f"a packet has 4 bytes, not {len(data)}")
    first, check, third, fourth = data
    if first & 0xFC:
        raise PacketError(f"byte 0 is 0x{first:02x}: only its two low bits may be set")
    if not check & third & fourth & 0x80:
        raise PacketError("bytes 1 to 3 must have their top bit set")
    if check != checksum(first, third, fourth):
        raise PacketError(f"checksum 0x{check:02x}, expected "
                          f"0x{checksum(first, third, fourth):02x}")
    if third & NOT_UNDERSTOOD:
        raise PacketError("the not-understood bit is set")
    return Packet(first & 1, first >> 1 & 1, Command(third >> 4 & 7),
                  (third & 7) << 7 | fourth & 0x7F)


class Reader:
    """Cuts a byte stream into packets.  A byte with its top bit clear outside a packet starts
    one only when its six high bits are clear; inside one it ends the packet begun (it may
    start the next).  Four bytes that fail `decode` are dropped and counted in `rejected`;
    stray bytes outside packets are counted in `skipped`."""

    def __init__(self) -> None:
        self._partial = bytearray()
        self.rejected: list[str] = []  # why each dropped packet was refused
        self.skipped = 0

    def feed(self, data: bytes) -> list[Packet]:
        packets = []
        for byte in data:
            if not byte & 0x80:
                if self._partial:
                    self.rejected.append(f"packet cut short after {len(self._partial)} bytes")
                    self._partial.clear()
                if byte & 0xFC:
                    self.skipped += 1
                else:
                    self._partial.append(byte)
            elif self._partial:
                self._partial.append(byte)
                if len(self._partial) == 4:
                    try:
                        packets.append(decode(bytes(self._partial)))
                    except PacketError as exc:
                        self.rejected.append(str(exc))
                    self._partial.clear()
            else:
                self.skipped += 1
        return packets


# -- moves -------------------------------------------------------------------------------------


def move_value(white: bool, point: tuple[int, int] | None, size: int) -> int:
    """A MOVE's value: the mover, and the point as (row from the bottom, column), None for a
    pass."""
    value = WHITE_BIT if white else 0
    if point is None:
        return value
    row, col = point
    if not (0 <= row < size and 0 <= col < size):
        raise ValueError(f"({row}, {col}) is off a {size}x{size} board")
    return value | (1 + col + size * row)


def parse_move(value: int, size: int) -> tuple[bool, tuple[int, int] | None]:
    """(whether White moved, (row, column) or None for a pass) of a MOVE's value; ValueError
    for a point off the board."""
    white = bool(value & WHITE_BIT)
    index = value & POINT_MASK
    if index == 0:
        return white, None
    if not 1 <= index <= size * size:
        raise ValueError(f"point {index} is off a {size}x{size} board")
    row, col = divmod(index - 1, size)
    return white, (row, col)


QUERY_NAMES = {Query.GAME: "game", Query.BUFFER_SIZE: "buffer size",
               Query.PROTOCOL: "protocol", Query.STONES: "stones",
               Query.BLACK_TIME: "black time", Query.WHITE_TIME: "white time",
               Query.CHARACTER_SET: "character set", Query.RULES: "rules",
               Query.HANDICAP: "handicap", Query.BOARD_SIZE: "board size",
               Query.TIME_LIMIT: "time limit", Query.COLOUR: "colour", Query.WHO: "who"}


def describe_command(command: Command, value: int, size: int | None = None) -> str:
    """A command in words: `OK`, `QUERY board size`, `ANSWER 9`, `MOVE W pass`,
    `MOVE B 41` (a move's point is given as a number unless `size` is known)."""
    if command == Command.QUERY:
        if value & EXTENDED_QUERY:
            return f"QUERY extended {value & ~EXTENDED_QUERY}"
        try:
            return f"QUERY {QUERY_NAMES[Query(value)]}"
        except ValueError:
            return f"QUERY {value}"
    if command == Command.MOVE:
        colour = "W" if value & WHITE_BIT else "B"
        index = value & POINT_MASK
        if index == 0:
            return f"MOVE {colour} pass"
        if size is not None:
            try:
                from ...core.coords import format_vertex

                return f"MOVE {colour} {format_vertex(parse_move(value, size)[1])}"
            except ValueError:
                pass
        return f"MOVE {colour} {index}"
    if command in (Command.ANSWER, Command.UNDO, Command.EXTENDED):
        return f"{command.name} {value}"
    return command.name
