# Suicide (自杀): a stone that has no liberty and captures nothing is illegal.
# Single-stone suicide is illegal under every rule set the engine knows; a
# failed move leaves the board unchanged.
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

boardsize 9
clear_board

# In the corner.
#   2 | O . .
#   1 | . O .
#       A B C
play w a2
play w b1
10 is_legal b a1
#? [0]
11 play w a1
#? []

clear_board
# In the centre.
#   6 | . O .
#   5 | O . O
#   4 | . O .
#       D E F
play w e6
play w d5
play w f5
play w e4
20 is_legal b e5
#? [0]
21 play w e5
#? []

clear_board
# Self-atari is not suicide: the move keeps one liberty (B2).
#   2 | O . .        2 | O . .
#   1 | . X O   ->   1 | X X O
#       A B C            A B C
play w a2
play w c1
play b b1
30 play b a1
#? []
# White B2 then captures both, and A1 and B1 are empty again.
31 play w b2
#? []
32 play w a1
#? []
33 play w b1
#? []
