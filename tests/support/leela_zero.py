"""Leela Zero (Debian `leela-zero`) as a real back end for the tests.

No network ships with the package and the tests download nothing, so `write_network`
writes a small random one in Leela Zero's text weight format (as its loader,
`Network::load_v1_network` in Leela Zero 0.17, reads it): a first line holding the format
version `1`, then one line of numbers per tensor, in this order:

  input convolution     3x3, 18 input planes -> F filters: weights (F*18*9), biases (F),
                        batch-norm means (F), batch-norm variances (F)
  each residual block   two 3x3 convolutions F -> F, four lines each as above
  policy head           1x1 convolution F -> 2 (4 lines), then a fully connected layer
                        2*361 -> 362 (weights, 362 biases)
  value head            1x1 convolution F -> 1 (4 lines), a layer 361 -> 256 (weights,
                        256 biases), a layer 256 -> 1 (weights, 1 bias)

The loader counts the residual blocks from the number of lines (1 + 4 + 8 * blocks + 14)
and the filters from the biases line of the input convolution.  The networks are for 19x19
only (the policy layer's size is checked), which is why Leela Zero refuses other sizes.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

LEELAZ = "/usr/lib/leelaz/bin/leelaz"  # where Debian's leela-zero puts the engine
INPUT_PLANES = 18
POINTS = 19 * 19
MOVES = POINTS + 1  # every point and pass
VALUE_HIDDEN = 256
# Small weights from a short list keep the file small and quick to write; zero biases and
# means, unit variances make every batch-norm layer the identity.
_WEIGHTS = [f"{k / 100:g}" for k in range(-5, 6)]


def _convolution(rng: random.Random, inputs: int, outputs: int, size: int) -> list[str]:
    return [" ".join(rng.choices(_WEIGHTS, k=outputs * inputs * size * size)),
            " ".join(["0"] * outputs), " ".join(["0"] * outputs), " ".join(["1"] * outputs)]


def network_lines(filters: int = 8, blocks: int = 1, seed: int = 0) -> list[str]:
    """The lines of a random network with `blocks` residual blocks of `filters` filters."""
    rng = random.Random(seed)
    lines = ["1"]
    lines += _convolution(rng, INPUT_PLANES, filters, 3)
    for _ in range(blocks):
        lines += _convolution(rng, filters, filters, 3)
        lines += _convolution(rng, filters, filters, 3)
    lines += _convolution(rng, filters, 2, 1)
    lines.append(" ".join(rng.choices(_WEIGHTS, k=2 * POINTS * MOVES)))
    lines.append(" ".join(rng.choices(_WEIGHTS, k=MOVES)))
    lines += _convolution(rng, filters, 1, 1)
    lines.append(" ".join(rng.choices(_WEIGHTS, k=POINTS * VALUE_HIDDEN)))
    lines.append(" ".join(rng.choices(_WEIGHTS, k=VALUE_HIDDEN)))
    lines.append(" ".join(rng.choices(_WEIGHTS, k=VALUE_HIDDEN)))
    lines.append("0")
    return lines


def write_network(path: Path, filters: int = 8, blocks: int = 1, seed: int = 0) -> Path:
    """Write a random network to `path` (about 1 MB for the default size)."""
    path.write_text("\n".join(network_lines(filters, blocks, seed)) + "\n", encoding="ascii")
    return path


def leelaz_path() -> str | None:
    """The Leela Zero binary: PATH, then Debian's place for it."""
    found = shutil.which("leelaz")
    if found is None and Path(LEELAZ).is_file():
        found = LEELAZ
    return found


def leelaz_command(binary: str, network: Path, visits: int = 30) -> str:
    """Leela Zero in GTP mode, quick and reproducible: `visits` per move, one thread, no
    pondering, no OpenCL, never resigning, a fixed seed, no diagnostics."""
    return (f"{binary} --gtp --weights {network} --noponder --visits {visits} "
            "--resignpct 0 --seed 1 --threads 1 --cpu-only --quiet")
