# undo (悔棋): takes back the last move, captures included.  With no move to
# take back it fails with `cannot undo` (GTP spec 6.3): those answers are in
# tests/test_regress.py.
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

boardsize 9
clear_board
play b e5
2 undo
#? []
# E5 is empty again.
3 play w e5
#? []
4 undo
#? []

# Several moves, taken back in order.
play b c3
play w g7
play b c7
10 undo
#? []
11 undo
#? []
12 is_legal w c3
#? [0]
13 undo
#? []
15 play w c3
#? []

clear_board
# Undoing a capture puts the captured stone back.
#   2 | O . .        2 | . . .
#   1 | X O .   <-   1 | X O .
#       A B C            A B C
play b a1
play w b1
play w a2
20 undo
#? []
21 is_legal w a1
#? [0]
22 play w a2
#? []
23 play w a1
#? []

clear_board
# A pass is a move in the history and can be undone.
play b e5
play w pass
30 undo
#? []
31 undo
#? []

clear_board
# Undo brings back the ko ban of the position it returns to.
#   6 | . X O .
#   5 | X . X O
#   4 | . X O .
#       D E F G
play b d5
play b e4
play b e6
play w f4
play w f6
play w g5
play w e5
play b f5
play w b8
play b b7
40 undo
#? []
41 undo
#? []
42 is_legal w e5
#? [0]

# clear_board empties the history.
clear_board
play b e5
clear_board
50 move_history
#? []
