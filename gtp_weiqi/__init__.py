"""gtp_weiqi: a GTP engine that referees and scores Go under every counting system.

计活子 (count living stones), 计枰点 (count board points) and the standard Chinese,
Japanese/Korean, AGA, Ing, Tromp–Taylor and stone-scoring rules.
"""

__version__ = "0.1.0"
