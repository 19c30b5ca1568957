"""Board diagrams for tests and docs: text <-> ScoringInput / Judgement.

A diagram lists rows top first.  ``X`` black, ``O`` white, ``.`` (or ``+``) empty; ``x`` and
``o`` are black and white stones marked dead.  A leading row number and a column-letter line
(``a b c ...``) are ignored, so the articles' diagrams can be written as they are:

    7 . X . X X O .
    6 . X X X O . O
      a b c d e f g

Vertices are GTP style (``c2``, letters skip I), case-insensitive.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gtp_weiqi.counting.types import BLACK, DEAD, SEKI, WHITE, Judgement, Point, ScoringInput

LETTERS = "abcdefghjklmnopqrstuvwxyz"


def vertex(name: str, height: int) -> Point:
    """(row, col) of a GTP vertex such as 'c2' on a board `height` rows high."""
    s = name.strip().lower()
    if len(s) < 2 or s[0] not in LETTERS or not s[1:].isdigit():
        raise ValueError(f"bad vertex {name!r}")
    row = int(s[1:]) - 1
    if not 0 <= row < height:
        raise ValueError(f"vertex {name!r} is off a board {height} rows high")
    return row, LETTERS.index(s[0])


def vertices(text: str | Iterable[str], height: int) -> list[Point]:
    """Points of a space-separated vertex list (or an iterable of vertices)."""
    items = text.split() if isinstance(text, str) else list(text)
    return [vertex(v, height) for v in items]


def name(point: Point) -> str:
    """GTP-style lower-case vertex of a point."""
    return f"{LETTERS[point[1]]}{point[0] + 1}"


def _is_header(line: str) -> bool:
    toks = line.split()
    return bool(toks) and all(len(t) == 1 for t in toks) and \
        "".join(toks).lower() == LETTERS[:len(toks)]


def parse_diagram(text: str) -> tuple[int, int, dict[Point, str], set[Point]]:
    """(width, height, stones, dead points) of a diagram."""
    rows: list[str] = []
    for raw in text.strip("\n").splitlines():
        line = raw.strip()
        if not line or _is_header(line):
            continue
        i = 0
        while i < len(line) and line[i].isdigit():
            i += 1
        cells = line[i:].replace(" ", "")
        rows.append(cells)
    if not rows:
        raise ValueError("empty diagram")
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise ValueError("diagram rows differ in length")
    height = len(rows)
    stones: dict[Point, str] = {}
    dead: set[Point] = set()
    for k, cells in enumerate(rows):
        r = height - 1 - k
        for c, ch in enumerate(cells):
            if ch in ".+":
                continue
            if ch in "Xx":
                stones[(r, c)] = BLACK
            elif ch in "Oo":
                stones[(r, c)] = WHITE
            else:
                raise ValueError(f"unknown diagram character {ch!r}")
            if ch in "xo":
                dead.add((r, c))
    return width, height, stones, dead


def _string(stones: Mapping[Point, str], start: Point) -> list[Point]:
    colour = stones[start]
    out = [start]
    seen = {start}
    i = 0
    while i < len(out):
        r, c = out[i]
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if q not in seen and stones.get(q) == colour:
                seen.add(q)
                out.append(q)
        i += 1
    return out


def from_diagram(text: str, *, captured: Mapping[str, int] | None = None,
                 passes: Mapping[str, int] | None = None,
                 moves: Mapping[str, int] | None = None,
                 first_mover: str | None = None, last_mover: str | None = "auto",
                 handicap: int = 0, komi: float = 0.0, dead: str | Iterable[str] = (),
                 seki: str | Iterable[str] = (),
                 owners: Mapping[str, str | Iterable[str]] | None = None,
                 eyes: Mapping[str, str | Iterable[str]] | None = None
                 ) -> tuple[ScoringInput, Judgement]:
    """Build a ScoringInput and a Judgement from a diagram.

    dead / seki -- vertices; each marks its whole string.  owners -- {'b' | 'w' | 'public':
    vertices} explicit owners; eyes -- {'b' | 'w': vertices} explicit basic eyes.
    moves default to what the board implies: stones on the board (dead ones included) plus
    captured plus passes, minus Black's handicap stones.  The first mover defaults to White
    with handicap, otherwise to the side with more moves (Black on a tie); the last mover
    to the first mover when it made more moves, else to the other side.
    """
    width, height, stones, dead_pts = parse_diagram(text)
    captured = dict(captured or {})
    passes = dict(passes or {})
    status: dict[Point, str] = {}
    for pts, st in ((list(dead_pts) + vertices(dead, height), DEAD),
                    (vertices(seki, height), SEKI)):
        for p in pts:
            if p not in stones:
                raise ValueError(f"no stone at {name(p)} to mark {st}")
            for q in _string(stones, p):
                status[q] = st
    owner: dict[Point, str] = {}
    for who, pts in (owners or {}).items():
        for p in vertices(pts, height):
            owner[p] = who
    eye_map: dict[Point, str] = {}
    for who, pts in (eyes or {}).items():
        for p in vertices(pts, height):
            eye_map[p] = who
    if moves is None:
        on_board = {c: sum(1 for v in stones.values() if v == c) for c in (BLACK, WHITE)}
        moves = {c: on_board[c] + captured.get(c, 0) + passes.get(c, 0)
                 - (handicap if c == BLACK else 0) for c in (BLACK, WHITE)}
    moves = dict(moves)
    if first_mover is None:
        first_mover = WHITE if handicap or moves[WHITE] > moves[BLACK] else BLACK
    second = WHITE if first_mover == BLACK else BLACK
    if last_mover == "auto":
        if moves[first_mover] + moves[second] == 0:
            last_mover = None
        else:
            last_mover = first_mover if moves[first_mover] > moves[second] else second
    inp = ScoringInput(width, height, stones, captured, moves, passes, first_mover,
                       last_mover, handicap, komi)
    return inp, Judgement(status, owner, eye_map)


def render(width: int, height: int, board: Mapping[str, Iterable[Iterable[int]]],
           marks: Mapping[tuple[int, int], str] | None = None, labels: bool = True) -> str:
    """A diagram of an artefact board {'b': [[r, c], ...], 'w': [...]}, rows top first;
    `marks` puts a character on chosen points (e.g. 'e' for a basic eye)."""
    grid = [["." for _ in range(width)] for _ in range(height)]
    for colour, ch in ((BLACK, "X"), (WHITE, "O")):
        for r, c in board.get(colour, ()):
            grid[r][c] = ch
    for (r, c), ch in (marks or {}).items():
        grid[r][c] = ch
    lines = []
    for k in range(height):
        r = height - 1 - k
        row = " ".join(grid[r])
        lines.append(f"{r + 1:>2} {row}" if labels else row)
    if labels:
        lines.append("   " + " ".join(LETTERS[:width]))
    return "\n".join(lines)
