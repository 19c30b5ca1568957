# Handicap stones (让子): fixed_handicap uses the spec's standard points
# (GTP spec 4.1.1, in any order), set_free_handicap takes the controller's
# points, place_free_handicap lets the engine choose.  Handicap stones are not
# moves: they cannot be undone, and are not in the move history.
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

boardsize 9
clear_board
1 fixed_handicap 2
#? [(?i)\s*(C3\s+G7|G7\s+C3)\s*]
2 is_legal b c3
#? [0]
3 is_legal w g7
#? [0]
4 play w e5
#? []
5 undo
#? []
6 move_history
#? []
7 list_stones black
#? [(?i)\s*(C3\s+G7|G7\s+C3)\s*]

clear_board
10 fixed_handicap 3
#? [(?i)(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)\s*(\S+\s+){2}\S+\s*]
clear_board
11 fixed_handicap 4
#? [(?i)(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)\s*(\S+\s+){3}\S+\s*]
clear_board
12 fixed_handicap 5
#? [(?i)(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bE5\b)\s*(\S+\s+){4}\S+\s*]
clear_board
13 fixed_handicap 9
#? [(?i)(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bE5\b)(?=.*\bC5\b)(?=.*\bG5\b)(?=.*\bE3\b)(?=.*\bE7\b)\s*(\S+\s+){8}\S+\s*]
14 is_legal b e5
#? [0]

# 19x19: fourth-line points.
boardsize 19
clear_board
20 fixed_handicap 2
#? [(?i)\s*(D4\s+Q16|Q16\s+D4)\s*]
clear_board
21 fixed_handicap 6
#? [(?i)(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)\s*(\S+\s+){5}\S+\s*]
clear_board
22 fixed_handicap 7
#? [(?i)(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK10\b)\s*(\S+\s+){6}\S+\s*]
clear_board
23 fixed_handicap 8
#? [(?i)(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK4\b)(?=.*\bK16\b)\s*(\S+\s+){7}\S+\s*]
clear_board
24 fixed_handicap 9
#? [(?i)(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK4\b)(?=.*\bK16\b)(?=.*\bK10\b)\s*(\S+\s+){8}\S+\s*]

# 13x13: fourth line as well.
boardsize 13
clear_board
25 fixed_handicap 4
#? [(?i)(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)\s*(\S+\s+){3}\S+\s*]

# Even sizes from 8 and 7x7 allow at most 4 stones (more, and boards under 7x7,
# are errors).
boardsize 8
clear_board
31 fixed_handicap 4
#? [(?i)(?=.*\bC3\b)(?=.*\bF6\b)(?=.*\bC6\b)(?=.*\bF3\b)\s*(\S+\s+){3}\S+\s*]
boardsize 7
clear_board
32 fixed_handicap 2
#? [(?i)\s*(C3\s+E5|E5\s+C3)\s*]

# set_free_handicap: the engine must accept any placement of 2 or more stones.
boardsize 9
clear_board
40 set_free_handicap c3 g7 e5
#? []
41 is_legal w e5
#? [0]
42 move_history
#? []
clear_board
44 set_free_handicap A1 J9
#? []
45 is_legal b a1
#? [0]

# place_free_handicap: the engine chooses distinct points, possibly fewer.
clear_board
50 place_free_handicap 3
#? [(?i)(?!.*\b([A-HJ][1-9])\b.*\b\1\b)\s*[A-HJ][1-9](\s+[A-HJ][1-9]){0,2}\s*]
52 move_history
#? []
