# The protocol commands every controller sends first, and komi's lifetime:
# komi must survive boardsize and clear_board (Sabaki sends komi first).
# Run with `gtp-weiqi regress tests/regress/*.tst` or gogui-regress.  Both count
# every error answer (`?`) as a failure, so illegal moves are checked with
# is_legal; the error answers themselves are transcripts in tests/test_regress.py.

1 protocol_version
#? [2]
2 name
#? [[^\n]+]
3 version
#? [[^\n]*]
# Every required command (GTP spec 6.1) is listed, one name per line.
4 list_commands
#? [(?=.*^protocol_version$)(?=.*^name$)(?=.*^version$)(?=.*^known_command$)(?=.*^list_commands$)(?=.*^quit$)(?=.*^boardsize$)(?=.*^clear_board$)(?=.*^komi$)(?=.*^play$)(?=.*^genmove$).*]
5 known_command list_commands
#? [true]
6 known_command genmove
#? [true]
7 known_command undo
#? [true]
8 known_command fixed_handicap
#? [true]
9 known_command gtp-weiqi-no-such-command
#? [false]

10 komi 7.5
#? []
boardsize 9
clear_board
11 get_komi
#? [7\.50*]
12 komi -3.5
#? []
boardsize 13
13 get_komi
#? [-3\.50*]
# komi must accept any value, however odd.
14 komi 1000
#? []
15 komi 0
#? []
16 get_komi
#? [0(\.0*)?]

# showboard is free-format: only that it answers (a test without a pattern
# passes unless the answer is an error), and not with an empty text.
boardsize 9
clear_board
play b e5
20 showboard
21 showboard
#? [!]
