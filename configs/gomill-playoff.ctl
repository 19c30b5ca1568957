# gomill ringmaster control file: `ringmaster gomill-playoff.ctl` (gomill 0.8 runs on
# Python 2.7).  gtp-weiqi plays GNU Go on 9x9 and scores every game (is_reliable_scorer:
# gomill asks `known_command final_score`, then `final_score`).  The rules are the
# engine's command line; gomill itself only refuses occupied points and simple-ko retakes.

competition_type = 'playoff'

players = {
    'gtp-weiqi': Player('gtp-weiqi --rules chinese', is_reliable_scorer=True),
    'gnugo-l1': Player('gnugo --mode gtp --level 1 --chinese-rules',
                       is_reliable_scorer=False),
}

board_size = 9
komi = 7.5

matchups = [
    Matchup('gtp-weiqi', 'gnugo-l1', alternating=True, scorer='players',
            number_of_games=10),
]
