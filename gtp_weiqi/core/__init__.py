"""Layer 1, the game itself: coordinates, the board and its move rules, the rules as data,
the game record (ko, superko, virtual moves), how a game ends, and SGF.  Imports nothing
else of the package."""
