# Ko (劫): a single-stone capture may not be answered at once by the
# single-stone recapture that would repeat the position.  After moves
# elsewhere (a ko threat and its answer) the recapture is legal again.
# Every rule set forbids the immediate recapture, whatever its ko rule.
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

boardsize 9
clear_board

#   6 | . X O .        6 | . X O .
#   5 | X O . O   ->   5 | X . X O
#   4 | . X O .        4 | . X O .
#       D E F G            D E F G
play b d5
play b e4
play b e6
play w f4
play w f6
play w g5
play w e5
10 play b f5
#? []
11 is_legal w e5
#? [0]
# Threat and answer elsewhere.
play w b8
play b b7
13 play w e5
#? []
14 is_legal b f5
#? [0]
play b h2
play w h3
15 play b f5
#? []

clear_board
# Not a ko: Black A3 takes two stones, so White may take A3 back at once.
#   4 | O . .       4 | O . .       4 | O . .
#   3 | . O .       3 | X O .       3 | . O .
#   2 | O X .  ->   2 | . X .  ->   2 | O X .
#   1 | O X .       1 | . X .       1 | . X .
#       A B C           A B C           A B C
play w a1
play w a2
play b b1
play b b2
play w a4
play w b3
20 play b a3
#? []
21 play w a2
#? []
# A1 is empty again.  (White A1 would recreate the position before Black A3,
# which superko rules forbid, so Black plays there.)
22 play b a1
#? []
