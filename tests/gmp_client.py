"""A small GMP client for the tests: it runs `gtp-weiqi --mode gmp` (or any GMP program) as a
subprocess and plays cgoban's part, byte by byte, with its own sequence bits and resends, so
that the engine's side of the protocol is seen from outside.

Every read has a deadline (the client fails, never hangs) and `close` stops the process."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from pathlib import Path

from gtp_weiqi.ui.gmp.codec import Command, Packet, Query, Reader, encode

RESEND_AFTER = 1.0


class GmpClient:
    """One GMP connection to a program: `call` sends a command and waits for what
    acknowledges it, `next_command` waits for the program's next command."""

    def __init__(self, argv: list[str], *, deadline: float, env: dict[str, str] | None = None,
                 stderr: Path | None = None) -> None:
        self._stderr = open(stderr, "wb") if stderr else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self._stderr, env=env, start_new_session=True)
        self.deadline = deadline
        self.my_seq = 0
        self.his_seq = 0
        self.reader = Reader()
        self.pending: list[Packet] = []
        self.received: list[Packet] = []   # every packet the program sent, in order
        self._last: bytes | None = None

    # -- bytes -------------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read_packet(self, timeout: float) -> Packet | None:
        """The program's next packet, None when `timeout` seconds pass without one."""
        end = min(time.monotonic() + timeout, self.deadline)
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while not self.pending:
            left = end - time.monotonic()
            if left <= 0:
                if time.monotonic() >= self.deadline:
                    raise TimeoutError("the GMP program did not answer in time")
                return None
            readable, _, _ = select.select([fd], [], [], left)
            if readable:
                data = os.read(fd, 4096)
                if not data:
                    raise EOFError("the GMP program closed its output")
                self.pending += self.reader.feed(data)
        packet = self.pending.pop(0)
        self.received.append(packet)
        return packet

    # -- commands ----------------------------------------------------------------------------

    def ok(self) -> None:
        self.write(encode(Packet(self.my_seq, self.his_seq, Command.OK)))

    def send(self, command: Command, value: int = 0) -> None:
        """Send a command (flipping our sequence bit) without waiting."""
        self.my_seq ^= 1
        self._last = encode(Packet(self.my_seq, self.his_seq, command, value))
        self.write(self._last)

    def last_sent(self) -> bytes:
        """The bytes of our last command (to send it again, as after a lost OK)."""
        assert self._last is not None
        return self._last

    def call(self, command: Command, value: int = 0) -> Packet | None:
        """Send a command and wait until it is acknowledged: None for an OK, or the program's
        next command (whose ack bit acknowledges ours), which the caller must answer."""
        self.send(command, value)
        return self.wait_acknowledged()

    def wait_acknowledged(self) -> Packet | None:
        while True:
            packet = self.read_packet(RESEND_AFTER)
            if packet is None:
                assert self._last is not None
                self.write(self._last)  # as cgoban does: send again each second
                continue
            if packet.ack != self.my_seq:
                continue  # the program has not seen our command yet (a crossing)
            if packet.command == Command.OK:
                return None
            if packet.seq == self.his_seq:
                continue  # a repeat of its last command
            self.his_seq = packet.seq
            return packet

    def next_command(self, timeout: float = 60.0) -> Packet:
        """The program's next new command (repeats and OKs skipped)."""
        end = time.monotonic() + timeout
        while True:
            packet = self.read_packet(max(end - time.monotonic(), 0.01))
            if packet is None:
                raise TimeoutError("no command from the GMP program")
            if packet.command == Command.OK or packet.seq == self.his_seq:
                continue
            self.his_seq = packet.seq
            return packet

    def answer(self, query: Packet, answers: dict[int, int]) -> Packet | None:
        """Answer a QUERY (0 for what `answers` does not hold); what acknowledges it."""
        assert query.command == Command.QUERY, query
        return self.call(Command.ANSWER, answers.get(query.value, 0))

    def close(self) -> int | None:
        """Stop the program (its whole process group) and reap it."""
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=10)
        if self._stderr is not subprocess.DEVNULL:
            self._stderr.close()  # type: ignore[union-attr]
        return self.proc.returncode


CGOBAN_QUERIES = (Query.RULES, Query.HANDICAP, Query.BOARD_SIZE, Query.COLOUR)
