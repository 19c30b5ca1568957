"""GMP's packets and link, without a process: the bytes of each command (worked out by hand
from the Standard Go Modem Protocol's layout), the checksum, the sequence bits, packets that
must be refused, and the link's acknowledgements, repeats, resends and crossings."""

from __future__ import annotations

import pytest

from gtp_weiqi.ui.gmp.codec import (
    Command,
    Packet,
    PacketError,
    Query,
    Reader,
    checksum,
    decode,
    describe_command,
    encode,
    move_value,
    parse_move,
)
from gtp_weiqi.ui.gmp.link import Link, LinkTimeout

# (packet, its four bytes): byte 0 = ack << 1 | seq; byte 2 = 1 ccc 0 vvv (value's high 3
# bits); byte 3 = 1 vvvvvvv; byte 1 = (byte 0 + byte 2 + byte 3) & 0x7f | 0x80
KNOWN = [
    (Packet(0, 0, Command.OK), "00 80 80 80"),
    (Packet(1, 0, Command.NEWGAME), "01 a1 a0 80"),           # what GNU Go sends first
    (Packet(1, 1, Command.QUERY, Query.BOARD_SIZE), "03 bc b0 89"),
    (Packet(0, 1, Command.ANSWER, 19), "02 d5 c0 93"),
    (Packet(0, 0, Command.DENY, 0), "00 90 90 80"),
    (Packet(1, 0, Command.UNDO, 2), "01 e3 e0 82"),
    # White E5 on 9x9: point 1 + 4 + 9 * 4 = 41, value 0x200 | 41 = 553 = 0b100_0101001
    (Packet(0, 1, Command.MOVE, 553), "02 ff d4 a9"),
    (Packet(1, 1, Command.MOVE, 0), "03 d3 d0 80"),            # Black passes
    (Packet(1, 0, Command.EXTENDED, 0x3FF), "01 f7 f7 ff"),
]


@pytest.mark.parametrize(("packet", "text"), KNOWN, ids=[p.command.name for p, _ in KNOWN])
def test_each_command_has_the_bytes_the_layout_gives(packet: Packet, text: str) -> None:
    data = bytes.fromhex(text)
    assert encode(packet) == data
    assert decode(data) == packet


def test_checksum_is_the_sum_of_the_other_bytes_with_the_top_bit_set() -> None:
    assert checksum(0x00, 0x80, 0x80) == 0x80
    assert checksum(0x03, 0xFF, 0xFF) == ((3 + 0xFF + 0xFF) & 0x7F) | 0x80 == 0x81
    for packet, _ in KNOWN:
        data = encode(packet)
        assert data[1] == ((data[0] + data[2] + data[3]) & 0x7F) | 0x80


@pytest.mark.parametrize(("data", "why"), [
    ("01 a2 a0 80", "checksum"),                 # NEWGAME with a wrong checksum
    ("05 a5 a0 80", "byte 0"),                   # a bit of byte 0 beyond seq and ack
    ("01 a1 20 80", "top bit"),                  # byte 2 without its top bit
    ("01 a9 a8 80", "not-understood"),           # the x bit of byte 2
    ("01 a1 a0", "4 bytes"),
])
def test_malformed_packets_are_refused(data: str, why: str) -> None:
    with pytest.raises(PacketError, match=why):
        decode(bytes.fromhex(data))


def test_the_reader_finds_packets_among_stray_bytes_and_drops_bad_ones() -> None:
    good = [encode(Packet(1, 0, Command.NEWGAME)), encode(Packet(0, 1, Command.MOVE, 553))]
    stream = (b"hello " + good[0]              # talk text before a packet
              + bytes.fromhex("01 a2 a0 80")  # bad checksum: dropped
              + bytes.fromhex("03 bc b0")     # cut short by the next start byte
              + good[1] + b"\xff")            # a stray byte after
    reader = Reader()
    packets = []
    for i in range(0, len(stream), 3):        # fed in pieces, as a pipe delivers it
        packets += reader.feed(stream[i:i + 3])
    assert packets == [decode(good[0]), decode(good[1])]
    assert [why.split(" ")[0] for why in reader.rejected] == ["checksum", "packet"]
    assert reader.skipped == len(b"hello ") + 1


@pytest.mark.parametrize(("size", "point", "index"), [
    (19, (0, 0), 1),        # A1, the bottom left corner
    (19, (0, 18), 19),      # T1, the bottom right
    (19, (1, 0), 20),       # A2
    (19, (18, 18), 361),    # T19
    (9, (4, 4), 41),        # E5
])
def test_move_points_count_from_the_bottom_left(size: int, point: tuple[int, int],
                                                index: int) -> None:
    assert move_value(False, point, size) == index
    assert move_value(True, point, size) == 0x200 | index
    assert parse_move(0x200 | index, size) == (True, point)
    assert parse_move(index, size) == (False, point)


def test_a_pass_is_point_zero_and_off_board_points_are_refused() -> None:
    assert move_value(True, None, 9) == 0x200
    assert parse_move(0, 9) == (False, None)
    with pytest.raises(ValueError):
        parse_move(82, 9)
    with pytest.raises(ValueError):
        move_value(False, (9, 0), 9)


def test_commands_in_words() -> None:
    assert describe_command(Command.QUERY, Query.HANDICAP) == "QUERY handicap"
    assert describe_command(Command.MOVE, 553, 9) == "MOVE W E5"
    assert describe_command(Command.MOVE, 553) == "MOVE W 41"
    assert describe_command(Command.MOVE, 0) == "MOVE B pass"
    assert describe_command(Command.UNDO, 2) == "UNDO 2"


# -- the link -----------------------------------------------------------------------------------


class Wire:
    """The link's output and clock, for tests."""

    def __init__(self) -> None:
        self.sent: list[Packet] = []
        self.now = 0.0

    def write(self, data: bytes) -> None:
        self.sent.append(decode(data))

    def link(self, **options: object) -> Link:
        return Link(self.write, lambda: self.now, **options)  # type: ignore[arg-type]


def test_commands_flip_the_sequence_bit_and_wait_for_their_acknowledgement() -> None:
    wire = Wire()
    link = wire.link()
    link.send(Command.NEWGAME)
    link.send(Command.QUERY, Query.RULES)  # waits: NEWGAME is not acknowledged yet
    assert wire.sent == [Packet(1, 0, Command.NEWGAME)]
    assert link.receive(Packet(0, 1, Command.OK)) == []
    assert wire.sent[1:] == [Packet(0, 0, Command.QUERY, Query.RULES)]
    # the other side's ANSWER acknowledges the QUERY (its ack bit is our sequence bit)
    assert link.receive(Packet(1, 0, Command.ANSWER, 2)) == [(Command.ANSWER, 2)]
    assert link.idle
    link.send(Command.OK)
    assert wire.sent[2:] == [Packet(0, 1, Command.OK)]


def test_a_repeated_command_is_acknowledged_again_but_not_delivered_twice() -> None:
    wire = Wire()
    link = wire.link()
    move = Packet(1, 0, Command.MOVE, 41)
    assert link.receive(move) == [(Command.MOVE, 41)]
    link.send(Command.OK)
    assert link.receive(move) == []              # our OK was lost: the same packet again
    assert wire.sent == [Packet(0, 1, Command.OK)] * 2
    assert link.receive(Packet(0, 1, Command.OK)) == []  # an OK nobody asked for: ignored
    assert link.receive(Packet(0, 1, Command.MOVE, 42)) == []  # acks a command we never sent
    assert link.receive(Packet(0, 0, Command.MOVE, 42)) == [(Command.MOVE, 42)]


def test_an_unacknowledged_command_is_sent_again_each_second_then_the_link_gives_up() -> None:
    wire = Wire()
    link = wire.link(retries=3)
    link.send(Command.MOVE, 41)
    wire.now = 0.5
    link.tick()
    assert len(wire.sent) == 1
    for second in (1.0, 2.0, 3.0):
        wire.now = second
        link.tick()
    assert wire.sent == [Packet(1, 0, Command.MOVE, 41)] * 4
    wire.now = 4.0
    with pytest.raises(LinkTimeout, match="MOVE"):
        link.tick()


def test_crossing_commands_insist_once_then_yield() -> None:
    """Both sides send NEWGAME at once: the first crossing packet is ignored (a GNU Go drops
    its own then); when the same packet comes again (cgoban insists), ours is withdrawn and
    theirs is taken, and our next command carries the sequence bit the other side expects."""
    wire = Wire()
    link = wire.link(obsolete=lambda ours, theirs: ours == theirs == Command.NEWGAME)
    link.send(Command.NEWGAME)
    theirs = Packet(1, 0, Command.NEWGAME)
    assert link.receive(theirs) == []
    assert link.receive(theirs) == [(Command.NEWGAME, 0)]
    assert link.idle                                   # our NEWGAME is not sent again
    link.send(Command.QUERY, Query.BOARD_SIZE)
    assert wire.sent[-1] == Packet(1, 1, Command.QUERY, Query.BOARD_SIZE)


def test_a_crossed_command_that_still_matters_is_sent_after_theirs() -> None:
    wire = Wire()
    link = wire.link()
    link.send(Command.QUERY, Query.COLOUR)
    theirs = Packet(1, 0, Command.MOVE, 41)
    link.receive(theirs)
    assert link.receive(theirs) == [(Command.MOVE, 41)]
    link.send(Command.OK)
    link.flush()
    assert wire.sent[-2:] == [Packet(0, 1, Command.OK), Packet(1, 1, Command.QUERY,
                                                                 Query.COLOUR)]
