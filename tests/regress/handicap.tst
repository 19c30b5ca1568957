# Handicap stones (让子): fixed_handicap uses the spec's standard points
# (GTP spec 4.1.1, in any order), set_free_handicap takes the controller's
# points, place_free_handicap lets the engine choose.  Handicap stones are not
# moves: they cannot be undone.  Error texts are the spec's.
# Run with `gtp-weiqi regress tests/regress/*.tst`.  Expectations such as
# [illegal move] match error answers, as GNU Go's regress.awk does.

boardsize 9
clear_board
1 fixed_handicap 2
#? [(?i)\s*(C3\s+G7|G7\s+C3)\s*]
2 play b c3
#? [illegal move]
3 play w g7
#? [illegal move]
4 play w e5
#? []
5 undo
#? []
6 undo
#? [cannot undo]
7 fixed_handicap 2
#? [board not empty]

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
14 play b e5
#? [illegal move]
clear_board
15 fixed_handicap 1
#? [invalid number of stones]
16 fixed_handicap 10
#? [invalid number of stones]
# The failed requests placed nothing.
17 play b e5
#? []

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

# Even sizes from 8 and 7x7 allow at most 4 stones; smaller boards none.
boardsize 8
clear_board
30 fixed_handicap 5
#? [invalid number of stones]
31 fixed_handicap 4
#? [(?i)(?=.*\bC3\b)(?=.*\bF6\b)(?=.*\bC6\b)(?=.*\bF3\b)\s*(\S+\s+){3}\S+\s*]
boardsize 7
clear_board
32 fixed_handicap 2
#? [(?i)\s*(C3\s+E5|E5\s+C3)\s*]
boardsize 6
clear_board
33 fixed_handicap 2
#? [invalid number of stones]

# set_free_handicap: the engine must accept any placement of 2 or more stones.
boardsize 9
clear_board
40 set_free_handicap c3 g7 e5
#? []
41 play w e5
#? [illegal move]
42 undo
#? [cannot undo]
43 set_free_handicap d4 f6
#? [board not empty]
clear_board
44 set_free_handicap A1 J9
#? []
45 play b a1
#? [illegal move]
clear_board
46 set_free_handicap c3
#? [bad vertex list]
47 set_free_handicap c3 c3
#? [bad vertex list]
48 set_free_handicap c3 pass
#? [bad vertex list]

# place_free_handicap: the engine chooses distinct points, possibly fewer.
clear_board
50 place_free_handicap 3
#? [(?i)(?!.*\b([A-HJ][1-9])\b.*\b\1\b)\s*[A-HJ][1-9](\s+[A-HJ][1-9]){0,2}\s*]
51 place_free_handicap 2
#? [board not empty]
52 undo
#? [cannot undo]
clear_board
53 place_free_handicap 1
#? [invalid number of stones]
