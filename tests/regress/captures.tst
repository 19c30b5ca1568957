# Captures (提子): a string whose last liberty is filled leaves the board,
# and its points can be played again.  Only `play` is used: it answers with
# an empty success; an occupied point is not a legal move (is_legal answers 0).
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

boardsize 9
clear_board
komi 6.5

# Corner stone, captured by a second stone.
#   2 | O . .        2 | O . .
#   1 | X O .   ->   1 | . O .
#       A B C            A B C
play b a1
play w b1
10 is_legal w a1
#? [0]
11 play w a2
#? []
12 play w a1
#? []

clear_board
# Two stones in the centre, captured together.
#   7 | . . . . .      7 | . . . . .
#   6 | . . O . .      6 | . . O . .
#   5 | . O X O .      5 | . O . O .
#   4 | . O X O .  ->  4 | . O . O .
#   3 | . . . . .      3 | . . O . .
#       C D E F G          C D E F G
play b e5
play b e4
play w d5
play w d4
play w f5
play w f4
play w e6
20 play b e3
#? []
21 is_legal w e5
#? [0]
clear_board
play b e5
play b e4
play w d5
play w d4
play w f5
play w f4
play w e6
22 play w e3
#? []
23 play w e5
#? []
24 play w e4
#? []

clear_board
# A move with no empty neighbour is legal when it captures:
# Black A1 removes both White stones, which have A1 as their last liberty.
#   3 | X . .       3 | X . .
#   2 | O X .       2 | . X .
#   1 | . O X  ->   1 | X . X
#       A B C           A B C
play b a3
play b b2
play b c1
play w a2
play w b1
30 play b a1
#? []
31 play b a2
#? []
32 play b b1
#? []

clear_board
# Capture on the edge: three White stones on the first line.  White may play
# on B1 and D1 again; Black C1 then captures those two.
#   2 | . X X X .        2 | . X X X .
#   1 | X O O O X   ->   1 | X . . . X
#       A B C D E            A B C D E
play w b1
play w c1
play w d1
play b b2
play b c2
play b d2
play b a1
40 is_legal w c1
#? [0]
41 play b e1
#? []
42 play w b1
#? []
43 play w d1
#? []
44 play b c1
#? []
