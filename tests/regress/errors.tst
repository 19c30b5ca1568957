# Errors and argument parsing: the spec's error texts, case-insensitive
# colours and vertices, long colour names, passes and same-colour moves.
# Run with `gtp-weiqi regress tests/regress/*.tst`.  Expectations such as
# [illegal move] match error answers, as GNU Go's regress.awk does.

0 protocol_version
#? [2]
1 frobnicate
#? [unknown command]
2 known_command frobnicate
#? [false]
3 known_command play
#? [true]
4 boardsize 0
#? [unacceptable size]
5 boardsize 26
#? [unacceptable size]
# A syntax error: any error text will do (a success of boardsize is empty).
6 boardsize nine
#? [.+]
7 komi six
#? [.+]

boardsize 9
clear_board
# Bad colour or vertex in play: an error (success would be empty).
10 play x e5
#? [.+]
11 play b k5
#? [.+]
12 play b i5
#? [.+]
13 play b e10
#? [.+]
14 play b
#? [.+]
15 play b e0
#? [.+]

# Occupied points, by either colour.
20 play b e5
#? []
21 play b e5
#? [illegal move]
22 play w e5
#? [illegal move]

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
