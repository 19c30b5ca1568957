# final_score on finished positions where every counting method agrees
# (equal stones, equal blocks, no prisoners, no dead stones, no dame):
# one line, B+x / W+x / 0 (the SGF RE form).
#
#   9 | . . . . X O . . .
#   8 | . . . . X O . . .
#   ...                      Black owns A..E (45 points), White F..J (36).
#   1 | . . . . X O . . .
#       A B C D E F G H J
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

boardsize 9
clear_board
komi 6.5
play b e1
play w f1
play b e2
play w f2
play b e3
play w f3
play b e4
play w f4
play b e5
play w f5
play b e6
play w f6
play b e7
play w f7
play b e8
play w f8
play b e9
play w f9
1 final_score
#? [B\+2\.50*]
2 final_status_list dead
#? []
3 final_status_list alive
#? [(?i)(?!.*\b([EF][1-9])\b.*\b\1\b)\s*([EF][1-9]\s*){18}]

clear_board
komi 9
play b e1
play w f1
play b e2
play w f2
play b e3
play w f3
play b e4
play w f4
play b e5
play w f5
play b e6
play w f6
play b e7
play w f7
play b e8
play w f8
play b e9
play w f9
10 final_score
#? [0]

clear_board
komi 12.5
play b e1
play w f1
play b e2
play w f2
play b e3
play w f3
play b e4
play w f4
play b e5
play w f5
play b e6
play w f6
play b e7
play w f7
play b e8
play w f8
play b e9
play w f9
20 final_score
#? [W\+3\.50*]
