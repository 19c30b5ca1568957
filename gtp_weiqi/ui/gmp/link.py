"""GMP's link: commands in order, each acknowledged, over a byte stream.

Every command but OK flips the sender's sequence bit, and each packet also carries the last
sequence bit the sender received.  A command is acknowledged by an OK or by the other side's
next command (its ack bit then equals our sequence bit); until then nothing else is sent
(later commands wait in a queue) and the command is sent again every `resend_after` seconds,
at most `retries` times.  A command whose sequence bit is the one last received is a repeat:
it is answered OK again and not acted on twice.

When both sides send a command at once (a packet whose ack bit is not our sequence bit while
we wait), the two programs that speak GMP most do opposite things: GNU Go drops its own
command and ignores the other's, cgoban ignores the other's and keeps sending its own.  So
this side first ignores the other's command and goes on sending its own (which a GNU Go
then takes); only when the same command comes again (a side that insists, as cgoban does)
does it yield: its command is withdrawn (its sequence bit put back, so that the other side,
which ignored it, takes the next one as new), the other side's command is taken, and ours is
sent again afterwards unless `obsolete` says the other's command made it moot (two NEWGAMEs
crossing).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from .codec import Command, Packet, encode

RESEND_AFTER = 1.0  # seconds without an acknowledgement before a command is sent again
RETRIES = 60        # resends before the link gives up (cgoban and GNU Go wait 60 s too)


class LinkTimeout(Exception):
    """The other side acknowledged nothing for `retries` resends."""


class Link:
    """The sending and receiving half of GMP's sequence-bit protocol, with no I/O of its own:
    `write` sends bytes, `clock` tells the time, `receive` takes a decoded packet and returns
    the commands to act on, `tick` resends."""

    def __init__(self, write: Callable[[bytes], None], clock: Callable[[], float], *,
                 resend_after: float = RESEND_AFTER, retries: int = RETRIES,
                 trace: Callable[[str, Packet], None] | None = None,
                 obsolete: Callable[[Command, Command], bool] | None = None) -> None:
        self._write = write
        self._clock = clock
        self.resend_after = resend_after
        self.retries = retries
        self._trace = trace
        self._obsolete = obsolete or (lambda ours, theirs: False)
        self.my_seq = 0
        self.his_seq = 0
        self.waiting: Packet | None = None  # our command not acknowledged yet
        self._sent_at = 0.0
        self._resends = 0
        self.queue: deque[tuple[Command, int]] = deque()
        self._crossed: Packet | None = None  # the other side's command that crossed ours

    # -- sending -----------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        """Nothing of ours is waiting for an acknowledgement or queued."""
        return self.waiting is None and not self.queue

    def send(self, command: Command, value: int = 0) -> None:
        """Send a command now if nothing waits for an acknowledgement, else after it."""
        if command == Command.OK:
            self._transmit(Packet(self.my_seq, self.his_seq, Command.OK))
            return
        self.queue.append((command, value))
        self._next()

    def _next(self) -> None:
        if self.waiting is None and self.queue:
            command, value = self.queue.popleft()
            self.my_seq ^= 1
            packet = Packet(self.my_seq, self.his_seq, command, value)
            self.waiting = packet
            self._resends = 0
            self._crossed = None
            self._transmit(packet)

    def _transmit(self, packet: Packet) -> None:
        if self._trace is not None:
            self._trace(">", packet)
        self._sent_at = self._clock()
        self._write(encode(packet))

    def tick(self) -> None:
        """Send the waiting command again when its time has come; LinkTimeout after
        `retries` resends."""
        if self.waiting is None or self._clock() - self._sent_at < self.resend_after:
            return
        if self._resends >= self.retries:
            raise LinkTimeout(f"no acknowledgement of {self.waiting.command.name} after "
                              f"{self.retries} resends")
        self._resends += 1
        self._transmit(self.waiting)

    def next_deadline(self) -> float | None:
        """When `tick` next has something to do (None: nothing is waiting)."""
        return None if self.waiting is None else self._sent_at + self.resend_after

    # -- receiving ---------------------------------------------------------------------------

    def receive(self, packet: Packet) -> list[tuple[Command, int]]:
        """Take one packet; the commands (at most one) the session must act on."""
        if self._trace is not None:
            self._trace("<", packet)
        if self.waiting is None:
            if packet.command == Command.OK or packet.ack != self.my_seq:
                return []  # an OK we did not ask for, or a packet from before our last one
            if packet.seq == self.his_seq:
                self.send(Command.OK)  # a repeat: our OK was lost
                return []
            self.his_seq = packet.seq
            return [(packet.command, packet.value)]
        if packet.command == Command.OK:
            if packet.ack == self.my_seq:
                self._acknowledged()
            return []
        if packet.seq == self.his_seq:
            return []  # an old command sent again; our waiting command acknowledges it
        if packet.ack == self.my_seq:
            self.his_seq = packet.seq
            self.waiting = None  # acknowledged by the other side's next command
            delivered: list[tuple[Command, int]] = [(packet.command, packet.value)]
            return delivered
        if packet != self._crossed:  # both sent at once: insist, the first time
            self._crossed = packet
            return []
        ours = self.waiting  # the other side insists too: yield
        self.waiting = None
        self.my_seq ^= 1
        self.his_seq = packet.seq
        if not self._obsolete(ours.command, packet.command):
            self.queue.appendleft((ours.command, ours.value))
        return [(packet.command, packet.value)]

    def _acknowledged(self) -> None:
        self.waiting = None
        self._next()

    def flush(self) -> None:
        """Send the next queued command if nothing waits (after the session has acted)."""
        self._next()
