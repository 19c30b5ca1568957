# Argument parsing: case-insensitive colours and vertices, long colour names,
# passes and same-colour moves, large ids (unknown commands, bad sizes, syntax
# errors: see below).
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

0 protocol_version
#? [2]
2 known_command frobnicate
#? [false]
3 known_command play
#? [true]

boardsize 9
clear_board
# Occupied points, by either colour.
20 play b e5
#? []
21 is_legal b e5
#? [0]
22 is_legal w e5
#? [0]

# Spellings the spec allows.
23 play B D4
#? []
24 play white f6
#? []
25 play Black pass
#? []
26 play w PASS
#? []
27 play W c3
#? []
# Consecutive moves of one colour are legal (GTP spec 6.3, play).
28 play w c7
#? []
29 play w g3
#? []

# genmove answers a vertex, pass or resign, and plays it.
30 genmove b
#? [(?i)\s*([A-HJ][1-9]|pass|resign)\s*]
31 genmove w
#? [(?i)\s*([A-HJ][1-9]|pass|resign)\s*]

# Large ids are echoed.
2147483647 protocol_version
#? [2]
